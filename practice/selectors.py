"""Reads with access rules. Every view and socket goes through these."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When
from django.http import Http404

from accounts.models import Role

from .models import Assignment, PracticeSession, Turn

if TYPE_CHECKING:
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


def session_for_viewer(user: User, session_uuid: UUID) -> PracticeSession:
    """The session if `user` may read it, else 404 (never reveal that it exists)."""
    session = viewable_sessions(user).filter(uuid=session_uuid).first()
    if session is None:
        raise Http404("No such session.")
    return session


def session_for_owner(user: User, session_uuid: UUID) -> PracticeSession:
    """The session if `user` is the one practising in it, else 404."""
    session = (
        PracticeSession.objects.select_related("case_version", "case_version__case")
        .filter(uuid=session_uuid, trainee=user)
        .first()
    )
    if session is None:
        raise Http404("No such session.")
    return session


def transcript(session: PracticeSession) -> list[Turn]:
    """Turns in order, each with its newest annotation attached as `.annotation`."""
    from feedback.models import Annotation

    turns = list(session.turns.order_by("index"))
    latest: dict[int, Annotation] = {}
    for annotation in Annotation.objects.filter(turn__session=session).order_by(
        "created_at"
    ):
        latest[annotation.turn_id] = annotation
    for turn in turns:
        turn.annotation = latest.get(turn.pk)  # type: ignore[attr-defined]
    return turns


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
