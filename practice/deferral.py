"""After-commit work of a chat message that may wait for the patient's first word.

Receivers of `practice.signals` act after commit (`transaction.on_commit`). On the
chat socket that puts their work (the annotation task's broker publish) between
the commit and the first patient word. The socket saves the message inside
`deferring()`; receivers register through `after_commit` and, there, their
callbacks are collected at commit instead of run, and the socket runs them with
`run_deferred` once the first word is out. Everywhere else (views, tasks, tests
without a socket) `after_commit` is plain `transaction.on_commit(robust=True)`.

The work still runs only after commit, on a pool thread like the commit itself,
and at most a few milliseconds later; what a crash loses in between, the
periodic sweep re-enqueues, as for a publish that failed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction

logger = logging.getLogger(__name__)

Deferred = list[Callable[[], None]]

_collecting: ContextVar[Deferred | None] = ContextVar(
    "practice_deferred_after_commit", default=None
)


@contextmanager
def deferring() -> Iterator[Deferred]:
    """Collect `after_commit` callbacks of transactions committed in this block."""
    collected: Deferred = []
    token = _collecting.set(collected)
    try:
        yield collected
    finally:
        _collecting.reset(token)


def after_commit(func: Callable[[], None]) -> None:
    """`func` after the current transaction commits (never if it rolls back);
    inside `deferring()`, handed to whoever runs `run_deferred` instead."""
    collected = _collecting.get()
    if collected is None:
        transaction.on_commit(func, robust=True)
        return

    def collect() -> None:
        collected.append(func)

    transaction.on_commit(collect, robust=True)


def run_deferred(callbacks: Deferred) -> None:
    """Run collected callbacks, each on its own: one failing does not stop the
    rest (the same guarantee as a robust on_commit)."""
    for func in callbacks:
        try:
            func()
        except Exception:
            logger.exception("deferred after-commit callback %s failed", func)
