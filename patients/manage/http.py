"""Request typing and small helpers shared by the admin-area views."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from accounts.models import Role, User

ADMIN = (Role.PROGRAM_ADMIN,)
# Supervisors read the case library and manage their cohorts' assignments.
ADMIN_OR_SUPERVISOR = (Role.PROGRAM_ADMIN, Role.SUPERVISOR)


class ManageRequest(HttpRequest):
    """What the views may rely on: a signed-in user (role_required) and htmx."""

    user: User  # type: ignore[assignment]
    htmx: HtmxDetails


def partial(request: ManageRequest, template: str, name: str) -> str:
    """The page template, or only its named partial for an htmx request."""
    return f"{template}#{name}" if request.htmx else template
