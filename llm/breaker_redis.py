"""The circuit breakers' shared state in Redis, so all processes see one breaker
per endpoint (`llm.breaker.set_shared_store`).

Two keys per endpoint: the count of consecutive failures (kept for ten
cool-downs, so a failed probe after a cool-down reopens at once, as in one
process) and an "open" flag that expires after the cool-down. Every call has a
short socket timeout; any Redis error answers "don't know" and the caller's
process-local state decides.
"""

from __future__ import annotations

import logging

import redis

__all__ = ["RedisBreakerStore"]

logger = logging.getLogger(__name__)


class RedisBreakerStore:
    def __init__(self, url: str, *, prefix: str = "llm:breaker:", timeout: float = 0.1):
        self._redis = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self._prefix = prefix
        self._warned = False

    def _keys(self, endpoint: str) -> tuple[str, str]:
        base = self._prefix + endpoint
        return base + ":failures", base + ":open"

    def _unavailable(self, error: redis.RedisError) -> None:
        if not self._warned:
            self._warned = True
            logger.warning(
                "breaker state in Redis unavailable (%s); per process", error
            )

    def is_open(self, endpoint: str) -> bool | None:
        try:
            return bool(self._redis.exists(self._keys(endpoint)[1]))
        except redis.RedisError as error:
            self._unavailable(error)
            return None

    def failure(self, endpoint: str, threshold: int, cooldown: float) -> None:
        failures, opened = self._keys(endpoint)
        try:
            pipe = self._redis.pipeline()
            pipe.incr(failures)
            pipe.pexpire(failures, max(60_000, int(cooldown * 10_000)))
            count = int(pipe.execute()[0])
            if count >= threshold:
                self._redis.set(opened, b"1", px=max(1, int(cooldown * 1000)))
        except redis.RedisError as error:
            self._unavailable(error)

    def success(self, endpoint: str) -> None:
        self.clear(endpoint)

    def clear(self, endpoint: str) -> None:
        try:
            self._redis.delete(*self._keys(endpoint))
        except redis.RedisError as error:
            self._unavailable(error)

    def state(self, endpoint: str) -> tuple[int, float] | None:
        failures, opened = self._keys(endpoint)
        try:
            pipe = self._redis.pipeline()
            pipe.get(failures)
            pipe.pttl(opened)
            count, ttl = pipe.execute()
        except redis.RedisError as error:
            self._unavailable(error)
            return None
        return int(count or 0), max(0, int(ttl)) / 1000
