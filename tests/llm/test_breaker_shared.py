"""Circuit breakers shared through Redis: every process sees one breaker per
endpoint (uvicorn workers and Celery alike)."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator

import pytest

from llm import breaker as breaker_module
from llm.breaker import Breaker, set_shared_store
from llm.breaker_redis import RedisBreakerStore

REDIS_URL = os.environ.get("REDIS_URL", "")


@pytest.fixture
def store() -> Iterator[RedisBreakerStore]:
    if not REDIS_URL:
        if os.environ.get("CI"):
            pytest.fail("REDIS_URL is not set in CI")
        pytest.skip("needs Redis (REDIS_URL)")
    shared = RedisBreakerStore(REDIS_URL, prefix=f"test:breaker:{uuid.uuid4().hex}:")
    previous = _current()
    set_shared_store(shared)
    yield shared
    set_shared_store(previous)  # type: ignore[arg-type]


def _until_allowed(breaker: Breaker) -> None:
    deadline = time.monotonic() + 30
    while not breaker.allow():
        assert time.monotonic() < deadline, "the breaker never let a probe through"
        time.sleep(0.02)


def _current() -> object:
    return breaker_module._shared  # noqa: SLF001 - restored after the test


def test_failures_in_one_process_open_the_breaker_for_all(
    store: RedisBreakerStore,
) -> None:
    # Two Breaker objects for one endpoint stand for two processes. The cool-down
    # is long enough that the checks right after a failure fall inside it on a
    # loaded machine; its end is waited for, not slept through.
    web = Breaker("http://model.test/v1", threshold=3, cooldown=1.5)
    worker = Breaker("http://model.test/v1", threshold=3, cooldown=1.5)
    web.failure()
    worker.failure()
    assert web.allow() and worker.allow()
    web.failure()  # the third failure, counted across both
    assert not worker.allow() and not web.allow()
    assert worker.state().is_open and worker.state().failures == 3
    _until_allowed(worker)  # cool-down over: the next call is the probe
    worker.failure()  # a failed probe reopens at once, for both
    assert not web.allow()
    _until_allowed(web)
    web.success()  # a successful probe closes it for both
    assert worker.allow() and worker.state().failures == 0


def test_an_unreachable_store_falls_back_to_the_process_state() -> None:
    down = RedisBreakerStore("redis://127.0.0.1:1/0", timeout=0.05)
    previous = _current()
    set_shared_store(down)
    try:
        breaker = Breaker("http://model.test/v1", threshold=2, cooldown=30)
        breaker.failure()
        assert breaker.allow()
        breaker.failure()
        assert not breaker.allow()  # the process's own count still opens it
    finally:
        set_shared_store(previous)  # type: ignore[arg-type]
