"""Reads with access rules. Every view and socket goes through these.

Selectors only select: they return querysets (or None); a view turns "not found
or not yours" into a 404 with `get_object_or_404`, never revealing which."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When

from accounts.models import Role

from .models import Assignment, PracticeSession, Turn
from .signals import transcript_loaded

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


def viewable_sessions(user: User) -> QuerySet[PracticeSession]:
    """Sessions `user` may read: own; their cohorts' (supervisor); all (admin)."""
    sessions = PracticeSession.objects.select_related(
        "trainee", "case_version", "case_version__case"
    )
    if user.role == Role.PROGRAM_ADMIN:
        return sessions
    if user.role == Role.SUPERVISOR:
        return sessions.filter(
            Q(trainee=user) | Q(trainee__trainee_cohorts__supervisors=user)
        ).distinct()
    return sessions.filter(trainee=user)


def owned_sessions(user: User) -> QuerySet[PracticeSession]:
    """Sessions `user` practises in (ending, rewinding, the socket)."""
    return PracticeSession.objects.select_related(
        "case_version", "case_version__case"
    ).filter(trainee=user)


def transcript(session: PracticeSession) -> list[Turn]:
    """Turns in order, each with `.annotation` (None unless a listener attaches
    one: the feedback app attaches each turn's current annotation)."""
    turns = list(session.turns.order_by("index"))
    for turn in turns:
        turn.annotation = None  # type: ignore[attr-defined]
    transcript_loaded.send(sender=PracticeSession, session=session, turns=turns)
    return turns


class SocketSession(NamedTuple):
    id: int
    uuid: str
    case_version_id: int


def socket_session(
    user: User | AnonymousUser, session_uuid: str
) -> SocketSession | None:
    """The session if `user` practises in it, else None."""
    if not user.is_authenticated:
        return None
    row = (
        PracticeSession.objects.filter(uuid=session_uuid, trainee=user)
        .values_list("pk", "uuid", "case_version_id")
        .first()
    )
    return None if row is None else SocketSession(row[0], str(row[1]), row[2])


def transcript_by_id(session_id: int) -> tuple[PracticeSession, list[Turn]]:
    """The session and its transcript, for re-rendering a page from the database."""
    session = PracticeSession.objects.get(pk=session_id)
    return session, transcript(session)


def assignments_for(user: User) -> QuerySet[Assignment]:
    """A trainee's assignments: open ones first, soonest due first (no date last)."""
    open_first = Case(
        When(status=Assignment.Status.COMPLETED, then=Value(1)),
        default=Value(0),
        output_field=IntegerField(),
    )
    return (
        Assignment.objects.filter(trainee=user)
        .select_related("case", "case__current_version")
        .order_by(open_first, F("due_at").asc(nulls_last=True), "-completed_at")
    )
