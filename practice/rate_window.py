"""The per-user message counter of the rate limit, on the cache (Redis in production).

A chat message's save counts it under the session lock, after the checks that
refuse a resend or a closed session, and before the patient engine's step. On an
idle machine the Redis round trip costs 0.4-0.8 ms (the Redis process and this
thread both wake from idle; 0.07 ms hot), while the engine's step is 1-2 ms of
pure CPU that does not need the count. So `send_count` writes the increment and
returns a function that reads the reply: the caller runs the engine in between
and the round trip is hidden behind it. The same two commands are sent at the
same point of the transaction, so what is counted and refused does not change;
only when the reply is read does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ResponseError


def count_in_window(key: str, *, timeout: int) -> int:
    """Add one to a counter that expires `timeout` s after it was created."""
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        # One round trip, pipelined, where Django's incr takes two (EXISTS, then
        # INCR) and the first message of a window four: this runs under the
        # session lock on every message. `_cache` is the backend's client
        # wrapper (Django exposes no pipeline); the value stays a plain integer,
        # which the cache API reads back as an int.
        full = backend.make_and_validate_key(key)
        client = backend._cache.get_client(full, write=True)  # type: ignore[attr-defined]
        pipe = client.pipeline(transaction=False)
        pipe.set(full, 0, ex=timeout, nx=True)
        pipe.incr(full)
        return int(pipe.execute()[1])
    try:
        # The window's key usually exists: incr alone is the common case.
        return backend.incr(key)
    except ValueError:  # the first message of the window (or a racing second)
        return 1 if backend.add(key, 1, timeout=timeout) else backend.incr(key)


def send_count(key: str, *, timeout: int) -> Callable[[], int]:
    """`count_in_window`, split: the increment is sent now, and the returned
    function (call it exactly once) reads the count. Other cache backends count
    at once. If the connection fails on either side, the count is taken again
    by `count_in_window`, whose pipeline retries as redis-py does."""
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        count = count_in_window(key, timeout=timeout)
        return lambda: count
    full = backend.make_and_validate_key(key)
    # The pool `get_client` would wrap in a new redis.Redis (0.2 ms on an idle
    # machine, for an object used once): the same connections, without it.
    pool = backend._cache._get_connection_pool(write=True)  # type: ignore[attr-defined]
    conn: Any = pool.get_connection()
    try:
        # The pipeline's two commands, as `count_in_window` sends them.
        conn.send_packed_command(
            conn.pack_commands([("SET", full, 0, "EX", timeout, "NX"), ("INCR", full)])
        )
    except Exception:  # noqa: BLE001 - the pipeline's own retries decide
        conn.disconnect()
        pool.release(conn)
        count = count_in_window(key, timeout=timeout)
        return lambda: count

    def read() -> int:
        replies: list[Any] = []
        try:
            for _ in range(2):  # both replies, so the pooled socket stays in step
                try:
                    replies.append(conn.read_response())
                except ResponseError as error:
                    replies.append(error)
        except Exception:  # noqa: BLE001 - the connection broke mid-read
            conn.disconnect()
            pool.release(conn)
            return count_in_window(key, timeout=timeout)
        pool.release(conn)
        for reply in replies:
            if isinstance(reply, ResponseError):
                raise reply
        return int(replies[1])

    return read
