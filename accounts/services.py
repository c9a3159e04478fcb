"""Write use cases for people: accounts with a role and a one-time password link."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from .audit import record_event
from .models import AuditEvent, Role, User

if TYPE_CHECKING:
    from django.http import HttpRequest


@dataclass(frozen=True)
class NewAccount:
    user: User
    password_link: str


def password_set_path(user: User) -> str:
    """A one-time link path to set a password.

    Django's token hashes the password and last login, so the link stops working
    as soon as it has been used (or the password changes another way).
    """
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("accounts:password-set", args=[uid, token])


def absolute_link(request: HttpRequest | None, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


@transaction.atomic
def create_account(
    *,
    username: str,
    role: Role | str,
    created_by: User | None,
    email: str = "",
    display_name: str = "",
    daily_token_budget: int | None = None,
    request: HttpRequest | None = None,
) -> NewAccount:
    """Create a user without a password and return their one-time password-set link.

    The link is returned to be shown to the admin (there may be no mail server);
    when the user has an email address it is also sent through EMAIL_BACKEND.
    """
    user = User(
        username=username,
        email=email,
        display_name=display_name,
        role=role,
        daily_token_budget=daily_token_budget,
        # Program admins also get the raw Django admin at /admin/.
        is_staff=role == Role.PROGRAM_ADMIN,
    )
    user.set_unusable_password()
    user.save()
    link = absolute_link(request, password_set_path(user))
    record_event(
        actor=created_by,
        verb=AuditEvent.Verb.CREATED,
        target_type="user",
        target_id=user.username,
        target_label=str(user),
        summary=f"Account with role {Role(role).label}",
    )
    if email:
        # Sent after commit: a rolled-back account must not receive a link.
        transaction.on_commit(lambda: _send_link(user, link))
    return NewAccount(user=user, password_link=link)


@transaction.atomic
def issue_password_link(
    *, user: User, issued_by: User | None, request: HttpRequest | None = None
) -> str:
    """A fresh one-time link for an existing user (lost link, forgotten password)."""
    link = absolute_link(request, password_set_path(user))
    record_event(
        actor=issued_by,
        verb=AuditEvent.Verb.LINK_ISSUED,
        target_type="user",
        target_id=user.username,
        target_label=str(user),
    )
    if user.email:
        transaction.on_commit(lambda: _send_link(user, link))
    return link


def _send_link(user: User, link: str) -> None:
    send_mail(
        subject="Set your password for the Therapy Skills Simulator",
        message=(
            f"Hello {user},\n\nAn account has been created for you (username: "
            f"{user.username}). Set your password here; the link works once:\n\n"
            f"{link}\n"
        ),
        from_email=settings.DEFAULT_FROM_EMAIL,
        recipient_list=[user.email],
        # The admin already has the link on screen; a mail failure must not
        # undo the account.
        fail_silently=True,
    )
