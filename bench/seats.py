"""The bench's Django side: seats (trainee, session, login cookie) and session reads.

Import this module only after `harness.setup_django()`: it imports models, which
load once Django's app registry is ready, and the bench database is chosen at run
time (a throw-away database per run), so Django cannot be set up at import.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command

from accounts.models import Role, User
from bench.clients import Seat
from patients.models import Case
from patients.services import sync_bundled_cases
from practice.models import PracticeSession
from practice.services import start_session


def prepare_seats(count: int) -> list[Seat]:
    """Migrate, sync the bundled cases, create `count` trainees with a session each."""
    call_command("migrate", verbosity=0, interactive=False)
    sync_bundled_cases()
    cases = list(Case.objects.filter(current_version__isnull=False).order_by("slug"))
    if not cases:
        raise SystemExit("no bundled cases were published")
    users = [
        User(username=f"bench-trainee-{i}", role=Role.TRAINEE) for i in range(count)
    ]
    for user in users:
        user.set_unusable_password()  # no hashing: 200 PBKDF2 runs would take minutes
    User.objects.bulk_create(users)
    seats: list[Seat] = []
    backend = "django.contrib.auth.backends.ModelBackend"
    for i, user in enumerate(
        User.objects.filter(username__startswith="bench-trainee-").order_by("pk")
    ):
        session = start_session(trainee=user, case=cases[i % len(cases)])
        # What `login()` stores, without a request: the auth middleware on the
        # socket reads exactly these three keys.
        store = SessionStore()
        store["_auth_user_id"] = str(user.pk)
        store["_auth_user_backend"] = backend
        store["_auth_user_hash"] = user.get_session_auth_hash()
        store.create()
        seats.append(
            Seat(session_uuid=str(session.uuid), cookie=store.session_key or "")
        )
    assert settings.SESSION_COOKIE_NAME == "sessionid"
    return seats


def case_slug(seat: Seat) -> str:
    """The slug of the case the seat's session was started on."""
    row = PracticeSession.objects.select_related("case_version__case").get(
        uuid=seat.session_uuid
    )
    return row.case_version.case.slug


def session_state(session_uuid: str) -> Any:
    """The patient state the server persisted for the session (its JSON)."""
    return PracticeSession.objects.get(uuid=session_uuid).state
