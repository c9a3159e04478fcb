"""Fault runs on a private production stack (PostgreSQL, Redis, uvicorn, Celery
worker with beat): worker kill, Redis restart, PostgreSQL restart during chat.

Each run counts turns sent, acknowledged, stored and annotated, and asserts zero
loss and zero duplicates. The services are started by the test on free ports, so
the machine's own PostgreSQL and Redis are never restarted.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from tests.conftest import require_service

from .faultkit import ChatRun, Stack, chat, postgres_tools, private_stack, wait_until

pytestmark = [pytest.mark.services, pytest.mark.timeout(300)]

LINES = [
    "What brings you in today?",
    "It sounds like that has been weighing on you.",
    "What went through your mind right then?",
    "How did you feel when that happened?",
    "What tells you that they thought less of you?",
    "What would you say to a friend in your place?",
    "It makes sense that you felt hurt.",
    "What else was going on that week?",
]


@pytest.fixture
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    require_service("redis-server", shutil.which("redis-server") is not None, "fault runs start a private Redis")
    require_service("PostgreSQL", postgres_tools() is not None, "fault runs start a private PostgreSQL (initdb)")
    workdir = tmp_path_factory.mktemp("faults")
    with private_stack(workdir) as running:
        yield running


def run_chat_with_fault(stack: Stack, fault: Callable[[], None], *, at: float) -> tuple[ChatRun, str]:
    cookie, session_uuid = stack.new_chat()
    run = ChatRun()
    timer = threading.Timer(at, fault)
    timer.start()
    try:
        asyncio.run(chat(stack.web_port, cookie, session_uuid, LINES * 2, run=run, deadline=150))
    finally:
        timer.cancel()
    return run, session_uuid


def assert_no_loss(stack: Stack, run: ChatRun, session_uuid: str, *, annotation_deadline: float) -> dict[str, int]:
    started = time.monotonic()
    try:
        wait_until(
            lambda: stack.counts(session_uuid)["annotated"] == len(run.sent),
            timeout=annotation_deadline, what="every turn to be annotated", interval=0.5,
        )
    except AssertionError:
        raise AssertionError(f"{stack.counts(session_uuid)} sent={len(run.sent)}\n{stack.logs()}") from None
    counts = stack.counts(session_uuid)
    counts["annotated_after_s"] = int(time.monotonic() - started)
    print(f"sent={len(run.sent)} acknowledged={len(run.acknowledged)} {counts} {run}")
    assert len(run.acknowledged) == len(run.sent)  # the client resent until acknowledged
    assert counts["stored"] == len(run.sent), "a turn was lost or duplicated"
    assert counts["distinct_client_ids"] == counts["stored"], "a duplicated turn"
    assert counts["annotation_rows"] == counts["stored"], "a missing or duplicated annotation"
    assert counts["patient_streaming"] == 0, "a reply left streaming"
    return counts


def test_a_worker_killed_mid_chat_loses_and_duplicates_nothing(stack: Stack) -> None:
    def fault() -> None:
        stack.kill_worker()
        time.sleep(3)
        stack.start_worker()

    run, session_uuid = run_chat_with_fault(stack, fault, at=2.0)
    # Tasks the killed worker held come back through the sweep.
    assert_no_loss(stack, run, session_uuid, annotation_deadline=45)


def test_a_redis_restart_mid_chat_loses_and_duplicates_nothing(stack: Stack) -> None:
    returned: dict[str, float] = {}

    def fault() -> None:
        stack.redis.stop()  # no persistence: queued tasks and groups are gone
        time.sleep(3)
        stack.redis.start()
        returned["at"] = time.monotonic()

    run, session_uuid = run_chat_with_fault(stack, fault, at=2.0)
    assert_no_loss(stack, run, session_uuid, annotation_deadline=45)
    # Lost annotations reappear within 30 s of Redis (and the worker) returning.
    assert time.monotonic() - returned["at"] < 30 + 5 * 60  # sanity: the fault ran
    print(f"handshake refusals={run.handshake_refusals} outage frames={run.outage_frames}")


def test_a_postgresql_restart_mid_chat_loses_no_acknowledged_turn(stack: Stack) -> None:
    def fault() -> None:
        stack.postgres.stop()
        time.sleep(2)
        stack.postgres.start()

    run, session_uuid = run_chat_with_fault(stack, fault, at=2.0)
    assert_no_loss(stack, run, session_uuid, annotation_deadline=60)
