"""A circuit breaker per endpoint, and backoff with jitter. Pure, thread-safe.

After `threshold` consecutive failures an endpoint is skipped for `cooldown`
seconds (callers go offline at once instead of waiting on a dead server); the
first call after the cool-down is the probe that closes or reopens it.

The state is per process unless a shared store is set (`set_shared_store`,
`llm.breaker_redis.RedisBreakerStore` in production): then the failures of
every process (uvicorn workers, Celery) count together, and an endpoint opened
by one is skipped by all. The process's own state stays as the fallback when
the store cannot answer, so a store outage never blocks a model call.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Protocol

__all__ = [
    "Breaker",
    "BreakerState",
    "BreakerStore",
    "backoff_delay",
    "breaker_for",
    "breaker_states",
    "set_shared_store",
]


class BreakerStore(Protocol):
    """Breaker state shared between processes. Every method answers None (or
    does nothing) when the store cannot be reached."""

    def is_open(self, endpoint: str) -> bool | None: ...

    def failure(self, endpoint: str, threshold: int, cooldown: float) -> None: ...

    def success(self, endpoint: str) -> None: ...

    def state(self, endpoint: str) -> tuple[int, float] | None:
        """(consecutive failures, seconds the breaker stays open)."""
        ...

    def clear(self, endpoint: str) -> None: ...


_shared: BreakerStore | None = None


def set_shared_store(store: BreakerStore | None) -> None:
    global _shared
    _shared = store


@dataclass(frozen=True, slots=True)
class BreakerState:
    endpoint: str
    failures: int
    open_until: float  # time.monotonic() value; 0 when closed

    @property
    def is_open(self) -> bool:
        return self.open_until > time.monotonic()

    @property
    def seconds_left(self) -> float:
        return max(0.0, self.open_until - time.monotonic())


class Breaker:
    def __init__(self, endpoint: str, *, threshold: int = 5, cooldown: float = 30.0):
        self.endpoint = endpoint
        self.threshold = threshold
        self.cooldown = cooldown
        self._failures = 0
        self._open_until = 0.0
        self._lock = threading.Lock()

    def allow(self) -> bool:
        shared = _shared.is_open(self.endpoint) if _shared is not None else None
        if shared is not None:
            return not shared
        with self._lock:
            return self._open_until <= time.monotonic()

    def success(self) -> None:
        with self._lock:
            self._failures = 0
            self._open_until = 0.0
        if _shared is not None:
            _shared.success(self.endpoint)

    def failure(self) -> None:
        with self._lock:
            self._failures += 1
            if self._failures >= self.threshold:
                self._open_until = time.monotonic() + self.cooldown
        if _shared is not None:
            _shared.failure(self.endpoint, self.threshold, self.cooldown)

    def state(self) -> BreakerState:
        shared = _shared.state(self.endpoint) if _shared is not None else None
        if shared is not None:
            failures, left = shared
            return BreakerState(
                self.endpoint, failures, time.monotonic() + left if left > 0 else 0.0
            )
        with self._lock:
            return BreakerState(self.endpoint, self._failures, self._open_until)

    def reset(self) -> None:
        with self._lock:
            self._failures = 0
            self._open_until = 0.0
        if _shared is not None:
            _shared.clear(self.endpoint)


_breakers: dict[str, Breaker] = {}
_registry_lock = threading.Lock()


def breaker_for(
    endpoint: str, *, threshold: int = 5, cooldown: float = 30.0
) -> Breaker:
    """The process-wide breaker of `endpoint` (created on first use)."""
    with _registry_lock:
        breaker = _breakers.get(endpoint)
        if breaker is None:
            breaker = _breakers[endpoint] = Breaker(
                endpoint, threshold=threshold, cooldown=cooldown
            )
        return breaker


def breaker_states() -> list[BreakerState]:
    with _registry_lock:
        breakers = list(_breakers.values())
    return [b.state() for b in breakers]


def reset_breakers() -> None:
    with _registry_lock:
        breakers = list(_breakers.values())
        _breakers.clear()
    for breaker in breakers:
        breaker.reset()


def backoff_delay(attempt: int, *, base: float = 0.5, cap: float = 8.0) -> float:
    """Full jitter (AWS): uniform in [0, min(cap, base * 2**attempt)]."""
    return random.uniform(0, min(cap, base * 2**attempt))  # noqa: S311 - not crypto
