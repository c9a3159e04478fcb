"""Write use cases for assignments: N x M assign, reset, cancel.

The state machine: pending -> in_progress (the trainee starts a session,
`services.start_session`) -> completed (the session ends, `services.end_session`).
A reset puts an in-progress or completed assignment back to pending.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction

from accounts.audit import record_event
from accounts.models import AuditEvent, Role

from .exceptions import AssignmentError
from .models import Assignment, Cohort, Mode, PracticeSession

if TYPE_CHECKING:
    from accounts.models import User
    from patients.models import Case


@dataclass(frozen=True)
class Skipped:
    case: Case
    trainee: User
    reason: str


@dataclass
class AssignReport:
    created: list[Assignment] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


def resolve_trainees(
    *, cohorts: Iterable[Cohort], trainees: Iterable[User]
) -> list[tuple[User, Cohort | None]]:
    """Every trainee once, with the cohort they were reached through (if any)."""
    out: dict[int, tuple[User, Cohort | None]] = {}
    for cohort in cohorts:
        for trainee in cohort.trainees.filter(
            role=Role.TRAINEE, is_active=True
        ).order_by("username"):
            out.setdefault(trainee.pk, (trainee, cohort))
    for trainee in trainees:
        out.setdefault(trainee.pk, (trainee, None))
    return list(out.values())


@transaction.atomic
def assign_cases(
    *,
    cases: Iterable[Case],
    cohorts: Iterable[Cohort] = (),
    trainees: Iterable[User] = (),
    mode: Mode | str = Mode.PRACTICE,
    due_at: datetime | None = None,
    show_state: bool | None = None,
    hold_feedback: bool = False,
    created_by: User | None,
) -> AssignReport:
    """Assign every case to every trainee reached; one active assignment per pair.

    A pair that already has an active assignment is skipped, not an error, so
    re-running the same bulk action is harmless.
    """
    report = AssignReport()
    targets = resolve_trainees(cohorts=cohorts, trainees=trainees)
    for case in cases:
        created_names: list[str] = []
        skipped_names: list[str] = []
        for trainee, cohort in targets:
            active = (
                Assignment.objects.filter(trainee=trainee, case=case)
                .exclude(status=Assignment.Status.COMPLETED)
                .first()
            )
            if active is not None:
                report.skipped.append(Skipped(case, trainee, _active_reason(active)))
                skipped_names.append(trainee.username)
                continue
            try:
                # A savepoint: a concurrent duplicate fails alone, on the
                # database constraint, and the rest of the batch goes on.
                with transaction.atomic():
                    assignment = Assignment.objects.create(
                        case=case,
                        trainee=trainee,
                        cohort=cohort,
                        mode=mode,
                        due_at=due_at,
                        show_state=show_state,
                        # Holding only means something for an assessment.
                        hold_feedback=hold_feedback and mode == Mode.ASSESSMENT,
                        created_by=created_by,
                    )
            except IntegrityError:
                report.skipped.append(
                    Skipped(
                        case, trainee, "Already has an active assignment of this case."
                    )
                )
                skipped_names.append(trainee.username)
                continue
            report.created.append(assignment)
            created_names.append(trainee.username)
        if created_names:
            record_event(
                actor=created_by,
                verb=AuditEvent.Verb.ASSIGNED,
                target_type="case",
                target_id=case.slug,
                target_label=str(case),
                summary=(
                    f"{Mode(mode).label} to {len(created_names)} trainee(s)"
                    + (f", due {due_at:%Y-%m-%d %H:%M}" if due_at else "")
                ),
                detail={"trainees": created_names, "skipped": skipped_names},
            )
    return report


def _active_reason(active: Assignment) -> str:
    due = f", due {active.due_at:%Y-%m-%d}" if active.due_at else ""
    return f"Already assigned ({active.get_status_display().lower()}{due})."


@transaction.atomic
def reset_assignment(*, assignment: Assignment, reset_by: User | None) -> Assignment:
    """Put an assignment back to pending, so the trainee can take it again.

    A session still open on it is closed first: the next attempt starts fresh.
    Raises AssignmentError when there is nothing to reset or when reopening
    would make a second active assignment of the case.
    """
    # Lock the row: two supervisors resetting at once must not both succeed.
    assignment = (
        Assignment.objects.select_for_update()
        .select_related("case", "trainee")
        .get(pk=assignment.pk)
    )
    if assignment.status == Assignment.Status.PENDING:
        msg = "This assignment has not been started; there is nothing to reset."
        raise AssignmentError(msg)
    if assignment.status == Assignment.Status.COMPLETED:
        other = (
            Assignment.objects.filter(trainee=assignment.trainee, case=assignment.case)
            .exclude(status=Assignment.Status.COMPLETED)
            .exists()
        )
        if other:
            msg = (
                f"{assignment.trainee.username} already has an active assignment of "
                "this case; reset or finish that one instead."
            )
            raise AssignmentError(msg)
    previous = assignment.get_status_display()
    for session in PracticeSession.objects.select_for_update().filter(
        assignment=assignment, status=PracticeSession.Status.ACTIVE
    ):
        session.close(reason="The assignment was reset.")
    assignment.reset()
    record_event(
        actor=reset_by,
        verb=AuditEvent.Verb.RESET,
        target_type="assignment",
        target_id=assignment.uuid,
        target_label=str(assignment),
        summary=f"{previous} → Pending",
    )
    return assignment


@transaction.atomic
def cancel_assignment(*, assignment: Assignment, cancelled_by: User | None) -> None:
    """Withdraw an assignment the trainee has not started (it is deleted)."""
    assignment = Assignment.objects.select_for_update().get(pk=assignment.pk)
    if assignment.status != Assignment.Status.PENDING or assignment.sessions.exists():
        msg = "Only an assignment that has not been started can be cancelled; reset it instead."
        raise AssignmentError(msg)
    record_event(
        actor=cancelled_by,
        verb=AuditEvent.Verb.CANCELLED,
        target_type="assignment",
        target_id=assignment.uuid,
        target_label=str(assignment),
    )
    assignment.delete()
