"""Socket revocation: a practice socket never outlives the right that opened it.

Channels checks the login only at the handshake, so when the right goes away the
open sockets are closed through the user's group (`realtime.user_group`):
logout of that login, and deactivation, a role change or a password change of
the account, whichever code path saved it (the people pages, Django's admin, a
shell). Receivers rather than service calls for that reason.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import User

from .realtime import close_user_sockets

# Fields whose change takes away what a socket was opened with.
_REVOKING_FIELDS = ("role", "is_active", "password")


def close_sockets_on_logout(
    sender: Any, request: Any, user: Any, **kwargs: Any
) -> None:
    if user is None:
        return
    session = getattr(request, "session", None)
    key = session.session_key if session is not None else None
    close_user_sockets(user.pk, session_key=key)


def remember_access_fields(sender: Any, instance: User, **kwargs: Any) -> None:
    """pre_save: note the stored values, to compare after the save."""
    update_fields = kwargs.get("update_fields")
    other_fields_only = update_fields is not None and not (
        set(update_fields) & set(_REVOKING_FIELDS)
    )
    if not instance.pk or other_fields_only:
        # A new account, or a save of other fields only (last_login at sign-in).
        instance._access_before = None  # type: ignore[attr-defined]
        return
    instance._access_before = (  # type: ignore[attr-defined]
        User.objects.filter(pk=instance.pk).values_list(*_REVOKING_FIELDS).first()
    )


def close_sockets_on_access_change(sender: Any, instance: User, **kwargs: Any) -> None:
    before = getattr(instance, "_access_before", None)
    if before is None:
        return
    after = tuple(getattr(instance, name) for name in _REVOKING_FIELDS)
    if tuple(before) == after:
        return
    user_id = instance.pk

    def close() -> None:
        close_user_sockets(user_id)

    # After commit: a rolled-back change revokes nothing.
    transaction.on_commit(close, robust=True)
