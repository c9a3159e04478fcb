"""One record per model request, whatever its outcome; collected per unit of work.

The client appends a `CallRecord` to the `CallLog` active in the current context
(a ContextVar, so concurrent replies on one event loop never mix). The caller
that owns the unit of work (a patient reply, an annotation) opens the log,
marks what it decided about each call (accepted, rejected by the guard, ...)
and persists the records. A call made with no log open goes to the process's
default sink, so nothing is ever dropped silently.

Token counts come from the server's usage when it sends one; otherwise they
are estimated from the text with the same word-piece split the fake server
uses, and the record says so (`estimated=True`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal

from llm.fake import split_into_tokens
from llm.types import Message

__all__ = [
    "CallLog",
    "CallRecord",
    "Outcome",
    "collecting",
    "current_log",
    "estimate_tokens",
    "estimate_prompt_tokens",
    "record_call",
    "set_default_sink",
]

logger = logging.getLogger(__name__)

# ok: the client got a complete answer; the caller may later mark it
#   accepted/rejected. error: HTTP or transport failure. timeout: a read
#   timeout or the total deadline. cut: the stream broke off midway.
#   closed: the caller stopped reading early (capped, or the guard tripped).
#   circuit_open: not sent, the endpoint's breaker was open.
Outcome = Literal[
    "ok", "accepted", "rejected", "error", "timeout", "cut", "closed", "circuit_open"
]


@dataclass(slots=True)
class CallRecord:
    """One request to a model endpoint (mutable: the caller adds its verdict)."""

    model: str
    host: str
    outcome: Outcome
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated: bool = False
    latency_ms: int = 0
    # Milliseconds from the request to the first streamed text, when streamed.
    first_token_ms: int | None = None
    error: str = ""
    guard: tuple[str, ...] = ()
    attempt: int = 0
    request_text: str = ""
    response_text: str = ""
    status: int | None = None


@dataclass
class CallLog:
    """The calls of one unit of work, in order."""

    role: str = ""
    records: list[CallRecord] = field(default_factory=list)

    def last(self) -> CallRecord | None:
        return self.records[-1] if self.records else None

    def mark_last(
        self, outcome: Outcome, *, guard: Sequence[str] = (), attempt: int | None = None
    ) -> None:
        """The caller's verdict on the latest call (a guard rejection, say)."""
        record = self.last()
        if record is None:
            return
        # A transport failure stays what it was; the verdict only refines a
        # call that produced text.
        if record.outcome in ("ok", "closed", "accepted", "rejected"):
            record.outcome = outcome
        record.guard = tuple(guard)
        if attempt is not None:
            record.attempt = attempt

    @property
    def prompt_tokens(self) -> int:
        return sum(r.prompt_tokens for r in self.records)

    @property
    def completion_tokens(self) -> int:
        return sum(r.completion_tokens for r in self.records)


_current: ContextVar[CallLog | None] = ContextVar("llm_call_log", default=None)
_default_sink: Callable[[CallRecord], None] | None = None


def set_default_sink(sink: Callable[[CallRecord], None] | None) -> None:
    """Where calls made outside `collecting()` go (the Django side sets one)."""
    global _default_sink
    _default_sink = sink


def current_log() -> CallLog | None:
    return _current.get()


@contextlib.contextmanager
def collecting(log: CallLog | None = None, *, role: str = "") -> Iterator[CallLog]:
    """Collect every model call made inside the block (this context only)."""
    log = log if log is not None else CallLog(role=role)
    token = _current.set(log)
    try:
        yield log
    finally:
        _current.reset(token)


def record_call(record: CallRecord) -> None:
    log = _current.get()
    if log is not None:
        log.records.append(record)
        return
    sink = _default_sink
    if sink is None:
        logger.info(
            "unmetered model call (no log open, no sink): %s %s %s+%s tokens",
            record.model,
            record.outcome,
            record.prompt_tokens,
            record.completion_tokens,
        )
        return
    try:
        sink(record)
    except Exception:  # metering must never break the call it measures
        logger.exception("could not store a model call record")


def estimate_tokens(text: str) -> int:
    """Tokens of `text` when the server reported none: word-like pieces.

    Real tokenizers give about 1.3 tokens per English word; a word-piece count
    is the same unit the loopback fake server bills in, so tests can compare
    exactly, and within ~25 % of a real tokenizer otherwise.
    """

    return len(split_into_tokens(text))


def estimate_prompt_tokens(messages: Sequence[Message]) -> int:
    return sum(estimate_tokens(m.content) for m in messages)
