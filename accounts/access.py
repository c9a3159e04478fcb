"""Role checks for views. A wrong role gets 403; anonymous users go to login."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar, cast

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase

from .models import Role

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from .models import User

F = TypeVar("F", bound=Callable[..., HttpResponseBase])


def role_required(*roles: Role) -> Callable[[F], F]:
    def decorator(view: F) -> F:
        @wraps(view)
        def wrapped(
            request: HttpRequest, *args: Any, **kwargs: Any
        ) -> HttpResponseBase:
            if getattr(request.user, "role", None) not in roles:
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return cast(F, login_required(wrapped))

    return decorator


def may_act_on(actor: User | AnonymousUser, target: User) -> bool:
    """Whether `actor` may change `target`'s account (role, activity, link, cohorts).

    Program admins manage trainees, supervisors and other program admins, never
    a superuser: only a superuser acts on a superuser.
    """
    if target.is_superuser:
        return bool(actor.is_superuser)
    return (
        bool(actor.is_superuser) or getattr(actor, "role", None) == Role.PROGRAM_ADMIN
    )


def require_may_act_on(actor: User | AnonymousUser, target: User) -> None:
    if not may_act_on(actor, target):
        raise PermissionDenied
