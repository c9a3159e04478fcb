"""A total deadline for a unit of work (one reply, one annotation attempt).

Set with `within(seconds)`; every model call inside the block caps its HTTP
timeouts and its retries by the time left, and raises LLMDeadlineExceeded once
it is gone. A ContextVar, so it holds per asyncio task and per worker thread
alike: it does not depend on Celery's time limits, which the threads pool
ignores.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextvars import ContextVar

from llm.errors import LLMDeadlineExceeded

__all__ = ["check", "model_budget", "remaining", "within"]

_deadline: ContextVar[float | None] = ContextVar("llm_deadline", default=None)


@contextlib.contextmanager
def within(seconds: float | None) -> Iterator[None]:
    """Model calls in the block must finish within `seconds` (None: no limit).

    A deadline already set outside is kept when it is earlier.
    """
    if seconds is None:
        yield
        return
    at = time.monotonic() + seconds
    outer = _deadline.get()
    token = _deadline.set(at if outer is None else min(at, outer))
    try:
        yield
    finally:
        _deadline.reset(token)


def remaining() -> float | None:
    """Seconds left, or None when no deadline is set."""
    at = _deadline.get()
    return None if at is None else at - time.monotonic()


def check() -> None:
    left = remaining()
    if left is not None and left <= 0:
        raise LLMDeadlineExceeded("the total deadline for this model work ran out")


def model_budget(total: float, spent: float) -> float:
    """The seconds a reply's model calls may take so that the whole turn, as the
    trainee sees it, completes or fails within `total` of their message.

    `spent` is what the turn used before the first model call (saving the
    trainee's message, the engine, the first frames); a reserve is kept for
    what follows the last one (saving the turn, sending it through the channel
    layer): 5 % of the deadline, at least 0.25 s, at most 2 s.
    """
    reserve = min(2.0, max(0.25, 0.05 * total))
    return max(0.1, total - spent - reserve)
