"""Write use cases of a practice session: start, submit a turn, stream, end.

The consumer calls these (through database_sync_to_async); they own every
transaction and lock. Order is always: persist, then stream or broadcast.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from uuid import UUID

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from patients.services import spec_for_version, spec_for_version_id
from patients.simulation import (
    PatientState,
    ReplyContext,
    Utterance,
    advance,
    initial_state,
)

from . import message_rows
from .budget import enforce_token_budget
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
from .metering import store_calls
from .models import Assignment, Mode, PracticeSession, Turn, as_speaker
from .rate_window import count_in_window as _count_in_window  # noqa: F401 - tests
from .rate_window import send_count
from .signals import session_ended, turn_submitted

INTERRUPTED = "The reply was interrupted."

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from accounts.models import User
    from llm.metering import CallRecord
    from llm.types import Usage
    from patients.models import Case


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
        if assignment is not None:
            assignment.start()
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
    start_rate_limit(user_id=user_id)()


def start_rate_limit(*, user_id: int) -> Callable[[], None]:
    """`check_rate_limit` in two halves: the message is counted now, and the
    returned function (call it exactly once) raises RateLimited if it was one too
    many; work done in between hides the counter's round trip (rate_window)."""
    window = settings.PRACTICE_RATE_LIMIT_WINDOW
    now = int(timezone.now().timestamp())
    key = f"practice:rate:{user_id}:{now // window}"
    read_count = send_count(key, timeout=window + 1)

    def check() -> None:
        if read_count() > settings.PRACTICE_RATE_LIMIT_MESSAGES:
            elapsed = int(timezone.now().timestamp()) % window
            raise RateLimited(max(1, window - elapsed))

    return check


def _history(
    session: PracticeSession, *, before_index: int | None = None
) -> list[Utterance]:
    turns = session.turns.filter(status=Turn.Status.COMPLETE)
    if before_index is not None:
        turns = turns.filter(index__lt=before_index)
    return [
        Utterance(speaker=t.utterance_speaker, text=t.text)
        for t in turns.order_by("index")
    ]


def _context_for_retry(session: PracticeSession, trainee_turn: Turn) -> ReplyContext:
    """Recompute what the patient must say after `trainee_turn`.

    `advance` is pure and deterministic, so recomputing it from the state before
    the turn gives the same stage direction as the first time.
    """
    spec = spec_for_version(session.case_version)
    before = (
        session.turns.filter(index__lt=trainee_turn.index, state_after__isnull=False)
        .order_by("-index")
        .values_list("state_after", flat=True)
        .first()
    )
    history = _history(session, before_index=trainee_turn.index)
    step = advance(
        spec, PatientState.model_validate(before), trainee_turn.text, history
    )
    return ReplyContext(
        case=spec,
        state=step.state,
        direction=step.direction,
        history=[*history, Utterance(speaker="trainee", text=trainee_turn.text)],
        seed=session.seed + trainee_turn.index,
    )


def submit_trainee_turn(
    *,
    session_id: int,
    user_id: int,
    text: str,
    client_id: UUID,
    stages: dict[str, float] | None = None,
) -> Submitted:
    """Save the trainee's message (idempotent on client_id) before anything else.

    Returns the saved turn and, for a new message, a streaming placeholder for
    the patient's reply plus the context the responder needs. This is the chat's
    hot path: one read of the transcript, one insert of both turns, one update,
    one commit. `stages`, when given, receives per-stage timings in ms.
    """
    started = time.perf_counter()
    with transaction.atomic():
        # Lock the session row: one message at a time per session, in order.
        # Under this lock nobody else adds turns, so the checks below hold.
        # Neither the case version (its JSON is ~10 kB to send and decode; the
        # parsed case is cached per version id, versions being immutable) nor the
        # whole user row: only the budget is needed from the trainee. The
        # statements are message_rows' (the ORM's are ~1 ms more per message).
        # The whole transcript in one read, after the lock (in the same round
        # trip on PostgreSQL): duplicate check, last turn, history.
        locked, turns = message_rows.lock_and_read(
            session_id=session_id, user_id=user_id
        )
        session = locked.session
        sought = message_rows.db_client_id(client_id)
        duplicate = next((t[0] for t in turns if t[5] == sought), None)
        if duplicate is not None:
            return Submitted(
                Turn.objects.get(pk=duplicate), None, created=False, reply=None
            )
        if not session.is_active:
            raise SessionClosed
        last = turns[-1] if turns else None
        if last is not None and last[2] == Turn.Speaker.PATIENT:
            if last[3] == Turn.Status.STREAMING:
                raise ReplyPending
            if last[3] == Turn.Status.FAILED:
                raise ReplyFailed
        checked = time.perf_counter()
        # The message is counted now; the count is read after the engine's step,
        # which its round trip overlaps (rate_window). Both limits are still
        # checked before anything is written, and before any error of the step
        # is raised: the same outcome, in the same order, as checking first.
        rate_limit_hit = start_rate_limit(user_id=user_id)
        limited = time.perf_counter()
        try:
            spec = spec_for_version_id(session.case_version_id)
            state = PatientState.model_validate(session.state)
            history = [
                Utterance(speaker=as_speaker(speaker), text=said)
                for _pk, _index, speaker, status, said, _client in turns
                if status == Turn.Status.COMPLETE
            ]
            step = advance(spec, state, text, history)
            new_state = step.state.model_dump(mode="json")
        finally:
            advanced = time.perf_counter()
            rate_limit_hit()
            read = time.perf_counter()
            enforce_token_budget(user_id=user_id, budget=locked.budget)
        budgeted = time.perf_counter()
        index = (last[1] + 1) if last is not None else 0
        now = timezone.now()
        trainee_turn = Turn(
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
        patient_turn = Turn(
            session=session,
            index=index + 1,
            speaker=Turn.Speaker.PATIENT,
            status=Turn.Status.STREAMING,
            created_at=now,
        )
        # One INSERT for both rows (the ids come back). No savepoint: the session
        # lock rules out a concurrent duplicate of this client_id or index.
        session.state = new_state
        message_rows.insert_turns_and_save_state([trainee_turn, patient_turn], session)
        # Sent inside the transaction; receivers act after commit (the worker
        # must find the row it is given).
        turn_submitted.send(sender=Turn, turn_id=trainee_turn.pk)
        written = time.perf_counter()
    if stages is not None:
        # The durable commit alone (part of insert_commit): the stage that
        # follows the disk and the machine's load rather than this code.
        stages["commit"] = (time.perf_counter() - written) * 1000
        stages["lock_and_read"] = (checked - started) * 1000
        # The counter's send plus the wait for its reply after the step.
        stages["rate_limit"] = ((limited - checked) + (read - advanced)) * 1000
        stages["budget"] = (budgeted - read) * 1000
        stages["advance"] = (advanced - limited) * 1000
        stages["insert_commit"] = (time.perf_counter() - budgeted) * 1000
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
        last.reopen()
    reply = _context_for_retry(session, trainee_turn)
    return Submitted(trainee_turn, last, created=True, reply=reply)


def complete_patient_turn(
    *,
    turn_id: int,
    text: str,
    responder: str,
    usage: Usage | None,
    first_token_at: datetime | None = None,
    calls: Sequence[CallRecord] = (),
) -> Turn:
    """Save the finished reply; the turn is complete only now.

    A reply the session no longer waits for (ended meanwhile, so marked failed)
    stays as it is.
    """
    with transaction.atomic():
        # The assignment too: rendering the finished turn reads it (the state
        # panel, held feedback), which would otherwise be one more query.
        turn = (
            Turn.objects.select_for_update(of=("self",))
            .select_related("session", "session__assignment")
            .get(pk=turn_id)
        )
        if not _still_awaited(turn):
            store_calls(
                calls, role="patient", turn_id=turn.pk, user_id=turn.session.trainee_id
            )
            return turn
        prompt_tokens = completion_tokens = 0
        model = ""
        if calls:
            # Every attempt of this reply, the rejected and cut ones included.
            prompt_tokens = sum(c.prompt_tokens for c in calls)
            completion_tokens = sum(c.completion_tokens for c in calls)
            model = calls[-1].model[:100]
        elif usage is not None:
            prompt_tokens, completion_tokens = (
                usage.prompt_tokens,
                usage.completion_tokens,
            )
            if prompt_tokens or completion_tokens:
                # Only the LLM patient reports tokens; remember whose prices apply.
                model = settings.PATIENT_MODEL
        if turn.error:
            # A reply a reconnect had marked interrupted, finished after all.
            turn.error = ""
            turn.save(update_fields=["error"])
        # `first_token_at` was measured by the streamer and is written here, so the
        # first word never waits for a write of its own.
        turn.complete(
            text=text,
            responder=responder,
            state_after=turn.session.state,
            first_token_at=first_token_at,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            model=model,
        )
        store_calls(
            calls, role="patient", turn_id=turn.pk, user_id=turn.session.trainee_id
        )
    return turn


def _still_awaited(turn: Turn) -> bool:
    """Whether a finished reply may still be saved on `turn`.

    A reply still streaming, or one a reconnect marked interrupted while it was
    in fact still coming (the trainee may have read it): keep it, as long as
    the session is open and nothing came after it.
    """
    if turn.status == Turn.Status.STREAMING:
        return True
    return (
        turn.status == Turn.Status.FAILED
        and turn.error == INTERRUPTED
        and turn.session.is_active
        and not turn.session.turns.filter(index__gt=turn.index).exists()
    )


def fail_patient_turn(
    *,
    turn_id: int,
    reason: str,
    first_token_at: datetime | None = None,
    calls: Sequence[CallRecord] = (),
) -> Turn:
    """Mark a reply that broke off: nothing half-written is kept as complete."""
    # One transaction: the calls and the verdict are stored together, so a
    # retry after a database error cannot store the calls twice.
    with transaction.atomic():
        turn = Turn.objects.select_related("session", "session__assignment").get(
            pk=turn_id
        )
        store_calls(
            calls, role="patient", turn_id=turn.pk, user_id=turn.session.trainee_id
        )
        turn.fail(reason, first_token_at=first_token_at)
    return turn


def recover_interrupted_replies(
    *, session_id: int, older_than_seconds: float | None = None
) -> int:
    """A reply left streaming by a process that died is marked failed (retryable).

    Only past the reply deadline (with a margin): before it, the reply may be
    alive in another process and is left alone; and should it finish after all,
    `complete_patient_turn` still keeps it.
    """
    if older_than_seconds is None:
        older_than_seconds = max(45.0, settings.LLM_REPLY_DEADLINE * 1.5)
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return Turn.objects.filter(
        session_id=session_id, status=Turn.Status.STREAMING, created_at__lt=cutoff
    ).update(status=Turn.Status.FAILED, error=INTERRUPTED)


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
            assignment = Assignment.objects.select_for_update().get(
                pk=session.assignment_id
            )
            assignment.complete()
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
        session.turns.filter(
            index__lt=turn.index, status=Turn.Status.COMPLETE
        ).order_by("index")
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
                state_after=t.state_after,
                responder=t.responder,
                created_at=t.created_at,
                completed_at=t.completed_at,
            )
            for t in earlier
        )
    return branch
