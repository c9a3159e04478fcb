"""Request typing and small helpers shared by the admin-area views."""

from __future__ import annotations

from django.utils.http import url_has_allowed_host_and_scheme

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


def safe_next(request: ManageRequest, fallback: str) -> str:
    """The form's `next` if it points into this site, else `fallback`.

    `next` comes from the client: without the check a crafted form sends the
    admin to any site after the action (an open redirect).
    """
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback
