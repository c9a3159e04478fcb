"""The request type views may rely on once role_required / login_required ran."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from .models import User


class AuthenticatedHttpRequest(HttpRequest):
    """A signed-in user (never AnonymousUser) and django-htmx's details."""

    user: User
    htmx: HtmxDetails
