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
from feedback.rubrics.schema import (
    BEHAVIOUR_CODES,
    FLAGS,
    PADESKY_STAGES,
    SOCRATIC_TYPES,
)
from patients.services import spec_for_version
from patients.simulation.vocab import emotion_key
from practice.models import Assignment, Mode, Turn
from practice.models import PracticeSession as Session

from .corrections import LEVEL_FIELDS, label_keys, turn_labels, utterance_labels
from .dispatch import request_session_scoring
from .models import (
    Annotation,
    CodeOverride,
    FormulationAttempt,
    ReviewComment,
    SessionReview,
    TurnCorrection,
)
from .reports import effective_annotations
from .rollups import refresh_session_summaries

if TYPE_CHECKING:
    from accounts.models import User
    from feedback.rubrics.formulation import FormulationAnswer, FormulationKey
    from patients.simulation import CaseSpec
    from practice.models import PracticeSession, Turn


class ReviewError(ValueError):
    """A review action that does not fit the session (shown to the supervisor)."""


# Codes chosen with their own control on the correction form (question kind and
# reflection depth), not with the behaviour-code boxes.
_ATTRIBUTE_CODES = {"question", "simple_reflection", "complex_reflection"}


def _choice(value: str | None, allowed: tuple[str, ...], family: str) -> str:
    cleaned = (value or "").strip()
    if cleaned and cleaned not in allowed:
        raise ReviewError(
            f"“{cleaned}” is not a {family}; choose one of: {', '.join(allowed)} (or none)."
        )
    return cleaned


def override_codes(
    *,
    annotation: Annotation,
    utterance_index: int,
    codes: list[str],
    coder: User,
    question: str | None = None,
    reflection: str | None = None,
    socratic_type: str | None = None,
    padesky_stage: str | None = None,
) -> CodeOverride:
    """Store the supervisor's reading of one utterance, in every utterance family.

    A family left as None keeps the annotator's value (consistent with the codes); ""
    means "none". Question kind and reflection depth may also come as codes
    (`question`, `simple_reflection`, `complex_reflection`). Anything that does not
    fit the rubric is refused with a `ReviewError` saying what to change; nothing is
    stored then.
    """
    utterances = annotation.data.get("utterances", [])
    if not 0 <= utterance_index < len(utterances):
        raise ReviewError("That sentence is not part of the annotation.")
    machine = utterances[utterance_index]
    unknown = [c for c in codes if c not in BEHAVIOUR_CODES]
    if unknown:
        raise ReviewError(f"Unknown behaviour code(s): {', '.join(unknown)}.")
    chosen = set(codes)
    if question is None:
        question = (machine.get("question") or "") if "question" in chosen else ""
    question = _choice(question, ("open", "closed"), "question kind (open or closed)")
    if "question" in chosen and not question:
        raise ReviewError("Say whether the question is open or closed.")
    if reflection is None:
        both = {"simple_reflection", "complex_reflection"} <= chosen
        if both:
            raise ReviewError(
                "A sentence is a simple or a complex reflection, not both."
            )
        reflection = (
            "complex"
            if "complex_reflection" in chosen
            else "simple"
            if "simple_reflection" in chosen
            else ""
        )
    reflection = _choice(
        reflection, ("simple", "complex"), "reflection depth (simple or complex)"
    )
    implied = chosen & _ATTRIBUTE_CODES
    wanted = {"question"} if question else set()
    if reflection:
        wanted.add(f"{reflection}_reflection")
    if implied - wanted:
        raise ReviewError(
            "The codes and the question/reflection choices disagree: choose open or "
            "closed for a question, simple or complex for a reflection."
        )
    if socratic_type is None:
        socratic_type = (machine.get("socratic_type") or "") if question else ""
    socratic_type = _choice(socratic_type, SOCRATIC_TYPES, "Socratic question type")
    if socratic_type and not question:
        raise ReviewError("A Socratic question type applies only to a question.")
    if padesky_stage is None:
        padesky_stage = machine.get("padesky_stage") or ""
    padesky_stage = _choice(padesky_stage, PADESKY_STAGES, "Padesky stage")
    final = (chosen - _ATTRIBUTE_CODES) | wanted
    cleaned = [c for c in BEHAVIOUR_CODES if c in final]  # codebook order, no repeats
    if len(cleaned) > 1 and "other" in cleaned:
        cleaned.remove("other")  # "other" means no MITI behaviour
    with transaction.atomic():
        override, _ = CodeOverride.objects.update_or_create(
            annotation=annotation,
            utterance_index=utterance_index,
            defaults={
                "turn_id": annotation.turn_id,
                "original_codes": list(machine.get("codes", [])),
                "original": {
                    k: machine.get(k) or ""
                    for k in (
                        "question",
                        "reflection",
                        "socratic_type",
                        "padesky_stage",
                    )
                },
                "codes": cleaned,
                "question": question,
                "reflection": reflection,
                "socratic_type": socratic_type,
                "padesky_stage": padesky_stage,
                "coder": coder,
            },
        )
        _after_correction(annotation)
    return override


def correct_turn(
    *,
    annotation: Annotation,
    coder: User,
    levels: dict[str, str | int | None],
    flags: list[str] | None,
) -> TurnCorrection:
    """Store the supervisor's EPITOME levels (0-2 each) and flags for a whole turn.

    `levels` maps emotional_reactions / interpretations / explorations to a level; a
    missing or None level keeps the current one. `flags` None keeps the current flags,
    a list (possibly empty) replaces them.
    """
    current = TurnCorrection.objects.filter(annotation=annotation).first()
    base = annotation.data
    values: dict[str, int] = {}
    for name in LEVEL_FIELDS:
        raw = levels.get(name)
        if raw is None or raw == "":
            values[name] = int(getattr(current, name) if current else base.get(name, 0))
            continue
        try:
            level = int(raw)
        except (TypeError, ValueError):
            level = -1
        if level not in (0, 1, 2):
            raise ReviewError(
                "Empathy levels are 0 (not shown), 1 (some) or 2 (strong)."
            )
        values[name] = level
    if flags is None:
        chosen = list(current.flags) if current else list(base.get("flags", []))
    else:
        unknown = [f for f in flags if f not in FLAGS]
        if unknown:
            raise ReviewError(f"Unknown flag(s): {', '.join(unknown)}.")
        chosen = [f for f in FLAGS if f in flags]
    with transaction.atomic():
        correction, _ = TurnCorrection.objects.update_or_create(
            annotation=annotation,
            defaults={
                "turn_id": annotation.turn_id,
                **values,
                "flags": chosen,
                "original": {
                    **{name: int(base.get(name, 0)) for name in LEVEL_FIELDS},
                    "flags": list(base.get("flags", [])),
                },
                "coder": coder,
            },
        )
        _after_correction(annotation)
    return correction


def _after_correction(annotation: Annotation) -> None:
    """Inside the correction's transaction: keep the stored agreement in step and,
    after commit, rescore the session with the corrected codes (a new score row)."""
    session_id = annotation.turn.session_id
    review = (
        SessionReview.objects.select_for_update().filter(session_id=session_id).first()
    )
    if review is not None:
        # Already reviewed: keep the stored agreement in step with the codes,
        # and the dashboard's rollup with it (same transaction).
        review.agreement = agreement_tables(session_id=session_id)
        review.save(update_fields=["agreement"])
        refresh_session_summaries(session_id=session_id)
    ended = Session.objects.filter(pk=session_id).exclude(status=Session.Status.ACTIVE)
    if ended.exists():
        request_session_scoring(session_id)


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
    """Per-label 2×2 tables over the session (uncorrected = agreed), every family.

    Utterance families (behaviour codes, `question.*`, `reflection.*`, `socratic.*`,
    `padesky.*`, each with a `.none` label) count utterances; turn families
    (`empathy.ER.0`…`empathy.EX.2`, `flag.*`) count turns.
    """
    current = effective_annotations(Annotation.objects.current_for_session(session_id))
    utterance_pairs: list[tuple[list[str], list[str]]] = []
    turn_pairs: list[tuple[list[str], list[str]]] = []
    for effective in current.values():
        machine = effective.annotation.data
        human = effective.data
        human_utterances = human.get("utterances", [])
        for i, u in enumerate(machine.get("utterances", [])):
            h = human_utterances[i] if i < len(human_utterances) else u
            utterance_pairs.append(
                (sorted(utterance_labels(u)), sorted(utterance_labels(h)))
            )
        turn_pairs.append((sorted(turn_labels(machine)), sorted(turn_labels(human))))
    utterance_keys, turn_keys = label_keys()
    tables = code_tables(utterance_pairs, utterance_keys)
    tables.update(code_tables(turn_pairs, turn_keys))
    return tables


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
            b
            for b in (spec.intermediate_belief, spec.intermediate_belief_depression)
            if b
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
    result = score_formulation(
        answer, formulation_key(spec_for_version(session.case_version))
    )
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
