"""Request typing and small helpers shared by the admin-area views."""

from __future__ import annotations

from accounts.http import AuthenticatedHttpRequest
from accounts.models import Role

ADMIN = (Role.PROGRAM_ADMIN,)
# Supervisors read the case library and manage their cohorts' assignments.
ADMIN_OR_SUPERVISOR = (Role.PROGRAM_ADMIN, Role.SUPERVISOR)


# What the views may rely on: a signed-in user (role_required) and htmx.
ManageRequest = AuthenticatedHttpRequest


def partial(request: ManageRequest, template: str, name: str) -> str:
    """The page template, or only its named partial for an htmx request."""
    return f"{template}#{name}" if request.htmx else template
