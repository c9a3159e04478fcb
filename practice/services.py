"""Write use cases of a practice session: start, submit a turn, stream, end.

The consumer calls these (through database_sync_to_async); they own every
transaction and lock. Order is always: persist, then stream or broadcast.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from uuid import UUID

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from patients.services import spec_for_version

from .budget import check_token_budget
from .exceptions import (
    AttemptUsed,
    CannotRewind,
    InvalidMessage,
    NothingToRetry,
    RateLimited,
    ReplyFailed,
    ReplyPending,
    SessionClosed,
)
from .models import Assignment, Mode, PracticeSession, Turn
from .signals import session_ended, turn_submitted

if TYPE_CHECKING:
    from accounts.models import User
    from llm.types import Usage
    from patients.models import Case
    from patients.simulation import ReplyContext, Utterance


# A session needs this many trainee messages to be scored. It must equal
# feedback.rubrics.scoring.MIN_TRAINEE_TURNS (practice cannot import feedback; a
# test holds the two together). A practice assignment completes only then.
MIN_SCORED_TRAINEE_TURNS = 4


@dataclass(frozen=True)
class Submitted:
    """Outcome of a trainee message: the turns, and what the patient must say."""

    trainee_turn: Turn
    patient_turn: Turn | None
    created: bool
    reply: ReplyContext | None


def start_session(
    *, trainee: User, case: Case, assignment: Assignment | None = None
) -> PracticeSession:
    """Open a session on the case's current version, with the patient's first line."""
    from patients.simulation import initial_state

    version = case.current_version
    if version is None:
        msg = f"Case {case.slug} has no published version."
        raise ValueError(msg)
    mode = assignment.mode if assignment is not None else Mode.PRACTICE
    seed = random.SystemRandom().randrange(1, 2**31)
    spec = spec_for_version(version)
    state = initial_state(spec, seed=seed)
    with transaction.atomic():
        if assignment is not None and assignment.mode == Mode.ASSESSMENT:
            # Lock the assignment: two clicks on "Start" must not open two
            # attempts. One attempt: a submitted assessment stays closed until a
            # reset, and an open one resumes its session instead of a second.
            assignment = Assignment.objects.select_for_update().get(pk=assignment.pk)
            if not assignment.can_start:
                raise AttemptUsed
            running = assignment.sessions.filter(
                status=PracticeSession.Status.ACTIVE
            ).first()
            if running is not None:
                return running
        session = PracticeSession.objects.create(
            trainee=trainee,
            case_version=version,
            assignment=assignment,
            mode=mode,
            seed=seed,
            state=state.model_dump(mode="json"),
        )
        now = timezone.now()
        Turn.objects.create(
            session=session,
            index=0,
            speaker=Turn.Speaker.PATIENT,
            text=spec.opening_line,
            status=Turn.Status.COMPLETE,
            state_after=session.state,
            responder="case",
            created_at=now,
            completed_at=now,
        )
        if assignment is not None and assignment.status == Assignment.Status.PENDING:
            assignment.status = Assignment.Status.IN_PROGRESS
            assignment.save(update_fields=["status"])
    return session


# Control characters other than tab and line breaks, DEL, and lone surrogates.
_UNSAVEABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def strip_unsaveable(text: str) -> str:
    """`text` without the characters clean_message refuses (to hand it back)."""
    return _UNSAVEABLE.sub("", text)


def clean_message(text: object) -> str:
    """Validate a trainee message; raise InvalidMessage with a readable reason."""
    if not isinstance(text, str):
        raise InvalidMessage("Your message could not be read. Please type it again.")
    if _UNSAVEABLE.search(text):
        # NUL cannot be stored by PostgreSQL, a lone surrogate cannot be encoded
        # to UTF-8, and other control characters belong in no message.
        raise InvalidMessage(
            "Your message contains invisible control characters that cannot be "
            "saved. Remove them (retype the message) and send again."
        )
    cleaned = text.strip()
    if not cleaned:
        raise InvalidMessage("Type a message before sending.")
    limit = settings.PRACTICE_MAX_MESSAGE_CHARS
    if len(cleaned) > limit:
        raise InvalidMessage(
            f"That message is {len(cleaned):,} characters; the limit is {limit:,}. "
            "Shorten it and send again."
        )
    return cleaned


def check_rate_limit(*, user_id: int) -> None:
    """Fixed-window limit per user across all their sessions (Channels has none)."""
    window = settings.PRACTICE_RATE_LIMIT_WINDOW
    key = f"practice:rate:{user_id}:{int(timezone.now().timestamp()) // window}"
    cache.add(key, 0, timeout=window + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # the key expired between add and incr
        cache.set(key, 1, timeout=window + 1)
        count = 1
    if count > settings.PRACTICE_RATE_LIMIT_MESSAGES:
        elapsed = int(timezone.now().timestamp()) % window
        raise RateLimited(max(1, window - elapsed))


def _history(
    session: PracticeSession, *, before_index: int | None = None
) -> list[Utterance]:
    from patients.simulation import Utterance

    turns = session.turns.filter(status=Turn.Status.COMPLETE)
    if before_index is not None:
        turns = turns.filter(index__lt=before_index)
    return [Utterance(speaker=t.utterance_speaker, text=t.text) for t in turns.order_by("index")]


def _context_for_retry(session: PracticeSession, trainee_turn: Turn) -> ReplyContext:
    """Recompute what the patient must say after `trainee_turn`.

    `advance` is pure and deterministic, so recomputing it from the state before
    the turn gives the same stage direction as the first time.
    """
    from patients.simulation import PatientState, ReplyContext, Utterance, advance

    spec = spec_for_version(session.case_version)
    before = (
        session.turns.filter(index__lt=trainee_turn.index, state_after__isnull=False)
        .order_by("-index")
        .values_list("state_after", flat=True)
        .first()
    )
    history = _history(session, before_index=trainee_turn.index)
    step = advance(spec, PatientState.model_validate(before), trainee_turn.text, history)
    return ReplyContext(
        case=spec,
        state=step.state,
        direction=step.direction,
        history=[*history, Utterance(speaker="trainee", text=trainee_turn.text)],
        seed=session.seed + trainee_turn.index,
    )


def submit_trainee_turn(
    *, session_id: int, user_id: int, text: str, client_id: UUID
) -> Submitted:
    """Save the trainee's message (idempotent on client_id) before anything else.

    Returns the saved turn and, for a new message, a streaming placeholder for
    the patient's reply plus the context the responder needs.
    """
    from patients.simulation import PatientState, ReplyContext, Utterance, advance

    with transaction.atomic():
        # Lock the session row: one message at a time per session, in order.
        session = (
            PracticeSession.objects.select_for_update()
            .select_related("case_version")
            .get(pk=session_id, trainee_id=user_id)
        )
        existing = session.turns.filter(client_id=client_id).first()
        if existing is not None:
            return Submitted(existing, None, created=False, reply=None)
        if not session.is_active:
            raise SessionClosed
        last = session.turns.order_by("-index").first()
        if last is not None and last.speaker == Turn.Speaker.PATIENT:
            if last.status == Turn.Status.STREAMING:
                raise ReplyPending
            if last.status == Turn.Status.FAILED:
                raise ReplyFailed
        check_rate_limit(user_id=user_id)
        check_token_budget(user_id=user_id)

        spec = spec_for_version(session.case_version)
        state = PatientState.model_validate(session.state)
        history = _history(session)
        step = advance(spec, state, text, history)
        new_state = step.state.model_dump(mode="json")
        index = (last.index + 1) if last is not None else 0
        now = timezone.now()
        try:
            # A savepoint, so a concurrent duplicate leaves the outer block usable.
            with transaction.atomic():
                trainee_turn = Turn.objects.create(
                    session=session,
                    index=index,
                    speaker=Turn.Speaker.TRAINEE,
                    text=text,
                    client_id=client_id,
                    status=Turn.Status.COMPLETE,
                    moves=list(step.moves),
                    state_after=new_state,
                    created_at=now,
                    completed_at=now,
                )
        except IntegrityError:
            existing = Turn.objects.get(session=session, client_id=client_id)
            return Submitted(existing, None, created=False, reply=None)
        patient_turn = Turn.objects.create(
            session=session,
            index=index + 1,
            speaker=Turn.Speaker.PATIENT,
            status=Turn.Status.STREAMING,
            created_at=now,
        )
        session.state = new_state
        session.save(update_fields=["state"])
        # Sent inside the transaction; receivers act after commit (the worker
        # must find the row it is given).
        turn_submitted.send(sender=Turn, turn_id=trainee_turn.pk)
    reply = ReplyContext(
        case=spec,
        state=step.state,
        direction=step.direction,
        history=[*history, Utterance(speaker="trainee", text=text)],
        seed=session.seed + index,
    )
    return Submitted(trainee_turn, patient_turn, created=True, reply=reply)


def retry_reply(*, session_id: int, user_id: int) -> Submitted:
    """Reopen the failed patient reply so it can be generated again."""
    with transaction.atomic():
        session = (
            PracticeSession.objects.select_for_update()
            .select_related("case_version")
            .get(pk=session_id, trainee_id=user_id)
        )
        if not session.is_active:
            raise SessionClosed
        last = session.turns.order_by("-index").first()
        if last is None or last.speaker != Turn.Speaker.PATIENT:
            raise NothingToRetry
        if last.status != Turn.Status.FAILED:
            raise NothingToRetry
        trainee_turn = session.turns.get(index=last.index - 1)
        last.status = Turn.Status.STREAMING
        last.text = ""
        last.error = ""
        last.created_at = timezone.now()
        last.save(update_fields=["status", "text", "error", "created_at"])
    reply = _context_for_retry(session, trainee_turn)
    return Submitted(trainee_turn, last, created=True, reply=reply)


def complete_patient_turn(
    *,
    turn_id: int,
    text: str,
    responder: str,
    usage: Usage | None,
    first_token_at: datetime | None = None,
) -> Turn:
    """Save the finished reply; the turn is complete only now.

    A reply the session no longer waits for (ended meanwhile, so marked failed)
    stays as it is.
    """
    with transaction.atomic():
        turn = (
            Turn.objects.select_for_update().select_related("session").get(pk=turn_id)
        )
        if turn.status != Turn.Status.STREAMING:
            return turn
        turn.text = text
        turn.status = Turn.Status.COMPLETE
        turn.responder = responder
        turn.state_after = turn.session.state
        turn.completed_at = timezone.now()
        # Measured by the streamer and written here, so the first word never
        # waits for a write of its own.
        turn.first_token_at = first_token_at
        if usage is not None:
            turn.prompt_tokens = usage.prompt_tokens
            turn.completion_tokens = usage.completion_tokens
            if usage.prompt_tokens or usage.completion_tokens:
                # Only the LLM patient reports tokens; remember whose prices apply.
                turn.model = settings.PATIENT_MODEL
        turn.save(
            update_fields=[
                "text", "status", "responder", "state_after", "completed_at",
                "first_token_at", "prompt_tokens", "completion_tokens", "model",
            ]
        )
    return turn


def fail_patient_turn(
    *, turn_id: int, reason: str, first_token_at: datetime | None = None
) -> Turn:
    """Mark a reply that broke off: nothing half-written is kept as complete."""
    turn = Turn.objects.select_related("session").get(pk=turn_id)
    turn.status = Turn.Status.FAILED
    turn.text = ""
    turn.error = reason[:200]
    turn.first_token_at = first_token_at
    turn.save(update_fields=["status", "text", "error", "first_token_at"])
    return turn


def recover_interrupted_replies(*, session_id: int, older_than_seconds: int = 45) -> int:
    """A reply left streaming by a process that died is marked failed (retryable)."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return Turn.objects.filter(
        session_id=session_id, status=Turn.Status.STREAMING, created_at__lt=cutoff
    ).update(status=Turn.Status.FAILED, error="The reply was interrupted.")


def end_session(*, session: PracticeSession) -> PracticeSession:
    """Close the session; a reply still streaming is abandoned as failed."""
    with transaction.atomic():
        session = PracticeSession.objects.select_for_update().get(pk=session.pk)
        if not session.is_active:
            return session
        session.close()
        # An assessment is submitted whatever its length (one attempt); a practice
        # assignment completes only with a session long enough to be scored, and
        # otherwise stays open for another go.
        if session.assignment_id is not None and (
            session.mode == Mode.ASSESSMENT
            or session.trainee_turn_count >= MIN_SCORED_TRAINEE_TURNS
        ):
            Assignment.objects.filter(
                pk=session.assignment_id,
                status__in=[Assignment.Status.PENDING, Assignment.Status.IN_PROGRESS],
            ).update(status=Assignment.Status.COMPLETED, completed_at=timezone.now())
        # Receivers act after commit: scoring reads the closed session.
        session_ended.send(sender=PracticeSession, session_id=session.pk)
    return session


def rewind_session(*, session: PracticeSession, turn_uuid: UUID) -> PracticeSession:
    """Branch `session` just before one of its trainee turns (rewind and retry).

    The branch holds copies of the turns before that one, and the patient's
    state as it was then, so the trainee can write a different response. Raises
    CannotRewind in assessment mode, or for a turn that is not the trainee's.
    """
    if session.mode != Mode.PRACTICE:
        raise CannotRewind("An assessment has one attempt; it cannot be rewound.")
    turn = session.turns.filter(uuid=turn_uuid, speaker=Turn.Speaker.TRAINEE).first()
    if turn is None:
        raise CannotRewind("Choose one of your own messages to try again.")
    earlier = list(
        session.turns.filter(index__lt=turn.index, status=Turn.Status.COMPLETE).order_by(
            "index"
        )
    )
    # The state the trainee turn started from: the last one stored before it.
    state = next(
        (t.state_after for t in reversed(earlier) if t.state_after is not None),
        session.state,
    )
    now = timezone.now()
    with transaction.atomic():
        branch = PracticeSession.objects.create(
            trainee=session.trainee,
            case_version=session.case_version,
            mode=Mode.PRACTICE,
            seed=session.seed,
            state=state,
            branch_of=session,
            branch_index=turn.index,
            started_at=now,
        )
        # Same indices as the original, so "turn N" means the same in both and
        # the retry takes the index of the turn it replaces.
        Turn.objects.bulk_create(
            Turn(
                session=branch,
                index=t.index,
                speaker=t.speaker,
                text=t.text,
                status=Turn.Status.COMPLETE,
                moves=t.moves,
                direction=t.direction,
                state_after=t.state_after,
                responder=t.responder,
                created_at=t.created_at,
                completed_at=t.completed_at,
            )
            for t in earlier
        )
    return branch
