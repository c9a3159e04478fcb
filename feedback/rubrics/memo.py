"""Per-turn memory for the pure text functions the rules share.

One trainee turn goes through `code_turn`, the collusion and leading rules, the flags,
the two linear models and the strategy mappers, and each of them normalises, strips
and splits the same few strings again (`normalize` ran about six times a turn on
three distinct strings). Inside `one_turn()` such a function computes each distinct
string once; outside it, it computes as before.

Why per turn and not a process-wide `lru_cache`: a trainee's messages do not repeat,
so a cache by text across turns would only help a benchmark whose lines do (and
would hold memory for nothing). The scope is a `ContextVar`, so two sessions served
by one process (threads or tasks) never share or clear each other's memory.

Only pure functions of one string whose result is immutable (str, tuple, frozenset)
may be wrapped: the memory hands the same object to every caller.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_SCOPE: ContextVar[dict[tuple[Any, str], Any] | None] = ContextVar(
    "rubrics_turn_memo", default=None
)


def per_turn(fn: Callable[[str], T]) -> Callable[[str], T]:
    """`fn(text)` computed once per distinct `text` inside `one_turn()`."""

    @functools.wraps(fn)
    def wrapper(text: str) -> T:
        memo = _SCOPE.get()
        if memo is None:
            return fn(text)
        key = (fn, text)
        try:
            value: T = memo[key]
        except KeyError:
            value = memo[key] = fn(text)
        return value

    return wrapper


@contextmanager
def one_turn() -> Iterator[None]:
    """The memory of one turn; nested scopes share the outermost one."""
    if _SCOPE.get() is not None:
        yield
        return
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)
