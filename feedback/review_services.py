"""Supervisor review and the trainee's formulation exercise: write use cases.

Views check access (the selectors) before calling these; the services own the
transactions and keep the stored agreement tables in step with the overrides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.audit import record_event
from accounts.models import AuditEvent
from feedback.rubrics.agreement import code_tables
from feedback.rubrics.formulation import FormulationKey, KeySituation, score_formulation
from feedback.rubrics.schema import BEHAVIOUR_CODES
from patients.services import spec_for_version
from patients.simulation.vocab import emotion_key
from practice.models import Assignment, Mode, Turn
from practice.models import PracticeSession as Session

from .models import (
    Annotation,
    CodeOverride,
    FormulationAttempt,
    ReviewComment,
    SessionReview,
)
from .rollups import refresh_session_summaries

if TYPE_CHECKING:
    from accounts.models import User
    from feedback.rubrics.formulation import FormulationAnswer, FormulationKey
    from patients.simulation import CaseSpec
    from practice.models import PracticeSession, Turn


class ReviewError(ValueError):
    """A review action that does not fit the session (shown to the supervisor)."""


def override_codes(
    *, annotation: Annotation, utterance_index: int, codes: list[str], coder: User
) -> CodeOverride:
    """Replace the codes of one utterance with the supervisor's reading."""

    utterances = annotation.data.get("utterances", [])
    if not 0 <= utterance_index < len(utterances):
        raise ReviewError("That utterance is not part of the annotation.")
    unknown = [c for c in codes if c not in BEHAVIOUR_CODES]
    if unknown:
        raise ReviewError(f"Unknown code(s): {', '.join(unknown)}.")
    cleaned = [c for c in BEHAVIOUR_CODES if c in codes]  # codebook order, no repeats
    with transaction.atomic():
        override, _ = CodeOverride.objects.update_or_create(
            annotation=annotation,
            utterance_index=utterance_index,
            defaults={
                "turn_id": annotation.turn_id,
                "original_codes": list(utterances[utterance_index].get("codes", [])),
                "codes": cleaned,
                "coder": coder,
            },
        )
        review = (
            SessionReview.objects.select_for_update()
            .filter(session_id=annotation.turn.session_id)
            .first()
        )
        if review is not None:
            # Already reviewed: keep the stored agreement in step with the codes,
            # and the dashboard's rollup with it (same transaction).
            review.agreement = agreement_tables(session_id=review.session_id)
            review.save(update_fields=["agreement"])
            refresh_session_summaries(session_id=review.session_id)
    return override


def add_comment(
    *, session: PracticeSession, author: User, text: str, turn: Turn | None = None
) -> ReviewComment:
    """A supervisor's comment, pinned to a turn when one is given."""
    cleaned = text.strip()
    if not cleaned:
        raise ReviewError("Write a comment before saving.")
    if len(cleaned) > 2000:
        raise ReviewError("Comments are limited to 2,000 characters.")
    if turn is not None and turn.session_id != session.pk:
        raise ReviewError("That turn is not part of this session.")
    return ReviewComment.objects.create(
        session=session, turn=turn, author=author, text=cleaned
    )


def mark_reviewed(*, session: PracticeSession, reviewer: User) -> SessionReview:
    """Mark the session reviewed and store its annotator-vs-supervisor tables."""
    if session.is_active:
        raise ReviewError("A session can be marked reviewed once it has ended.")
    with transaction.atomic():
        review, _ = SessionReview.objects.update_or_create(
            session=session,
            defaults={
                "reviewed_by": reviewer,
                "reviewed_at": timezone.now(),
                "agreement": agreement_tables(session_id=session.pk),
            },
        )
        # The review counts in its trainee's rollups (queue size, agreement sums):
        # refreshed in this transaction so both commit together.
        refresh_session_summaries(session_id=session.pk)
    return review


def release_feedback(*, session: PracticeSession, released_by: User) -> PracticeSession:
    """Let the trainee read the report of a held assessment (idempotent)."""

    if session.is_active:
        raise ReviewError("The assessment is still open; release it after it ends.")
    with transaction.atomic():
        updated = Session.objects.filter(
            pk=session.pk, feedback_released_at__isnull=True
        ).update(feedback_released_at=timezone.now())
        if updated:
            record_event(
                actor=released_by,
                verb=AuditEvent.Verb.UPDATED,
                target_type="session",
                target_id=session.uuid,
                target_label=str(session),
                summary="assessment feedback released to the trainee",
            )
    session.refresh_from_db(fields=["feedback_released_at"])
    return session


def agreement_tables(*, session_id: int) -> dict[str, list[int]]:
    """Per-code 2×2 tables over the session's utterances (uncorrected = agreed)."""

    annotations = Annotation.objects.current_for_session(session_id)
    overrides = {
        (o.annotation_id, o.utterance_index): o.codes
        for o in CodeOverride.objects.filter(annotation__in=list(annotations.values()))
    }
    pairs = []
    for annotation in annotations.values():
        for i, utterance in enumerate(annotation.data.get("utterances", [])):
            machine = utterance.get("codes", [])
            pairs.append((machine, overrides.get((annotation.pk, i), machine)))
    return code_tables(pairs, BEHAVIOUR_CODES)


def formulation_key(spec: CaseSpec) -> FormulationKey:
    """The hidden answer of the formulation exercise, from the case's CCD."""

    return FormulationKey(
        situations=[
            KeySituation(
                situation=s.situation,
                auto_thought=s.auto_thought,
                emotions=[emotion_key(e) for e in s.emotions],
                behavior=s.behavior,
            )
            for s in spec.situations
        ],
        core_beliefs={
            "helpless": list(spec.helpless_belief),
            "unlovable": list(spec.unlovable_belief),
            "worthless": list(spec.worthless_belief),
        },
        intermediate_belief=" ".join(
            b for b in (spec.intermediate_belief, spec.intermediate_belief_depression) if b
        ),
        coping_strategies=spec.coping_strategies,
    )


# A formulation unlocks the case's answer key only after a real attempt: this many
# trainee messages in the session (plus a complete form, which the form requires).
FORMULATION_MIN_TRAINEE_TURNS = 3


def answer_key_blocker(session: PracticeSession) -> str | None:
    """Why the case's hidden formulation may not be shown for `session`, or None.

    The formulation is an assessment's answer key: it needs a real attempt, and
    is never shown while the trainee has an unfinished assessment on the case
    (pending, in progress, or an open assessment session).
    """

    if session.is_active:
        return "End the session before writing the formulation."
    unfinished = (
        Assignment.objects.filter(
            trainee_id=session.trainee_id,
            case_id=session.case_version.case_id,
            mode=Mode.ASSESSMENT,
        )
        .exclude(status=Assignment.Status.COMPLETED)
        .exists()
    )
    if unfinished:
        return (
            "You have an assessment on this case that is not finished yet; the "
            "case formulation stays hidden until it is."
        )
    trainee_turns = session.turns.filter(
        speaker=Turn.Speaker.TRAINEE, status=Turn.Status.COMPLETE
    ).count()
    if trainee_turns < FORMULATION_MIN_TRAINEE_TURNS:
        return (
            f"The formulation exercise needs a real session: at least "
            f"{FORMULATION_MIN_TRAINEE_TURNS} messages to the patient "
            f"(this one has {trainee_turns})."
        )
    return None


def submit_formulation(
    *, session: PracticeSession, trainee: User, answer: FormulationAnswer
) -> FormulationAttempt:
    """Score and store the trainee's formulation; one attempt per session.

    Raises ReviewError when the answer key may not be revealed (see
    answer_key_blocker): nothing is stored then.
    """

    blocker = answer_key_blocker(session)
    if blocker is not None:
        raise ReviewError(blocker)
    existing = FormulationAttempt.objects.filter(session=session).first()
    if existing is not None:
        return existing  # a double submit keeps the first attempt
    result = score_formulation(answer, formulation_key(spec_for_version(session.case_version)))
    try:
        with transaction.atomic():
            return FormulationAttempt.objects.create(
                session=session,
                trainee=trainee,
                answer=answer.model_dump(mode="json"),
                result=result.model_dump(mode="json"),
                total=result.total,
            )
    except IntegrityError:
        return FormulationAttempt.objects.get(session=session)
