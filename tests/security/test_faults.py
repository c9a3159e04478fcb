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
from dataclasses import dataclass
from typing import Any

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
    require_service(
        "redis-server",
        shutil.which("redis-server") is not None,
        "fault runs start a private Redis",
    )
    require_service(
        "PostgreSQL",
        postgres_tools() is not None,
        "fault runs start a private PostgreSQL (initdb)",
    )
    workdir = tmp_path_factory.mktemp("faults")
    with private_stack(workdir) as running:
        yield running


@dataclass
class FaultRun:
    chat: ChatRun
    session_uuid: str
    returned_at: float  # when the failed service was back
    chat_ended_at: float


def run_chat_with_fault(
    stack: Stack, fault: Callable[[], None], *, at: float
) -> FaultRun:
    """Chat through the whole fault; `fault` returns once the service is back."""
    cookie, session_uuid = stack.new_chat()
    run = ChatRun()
    returned: list[float] = []

    def inject() -> None:
        fault()
        returned.append(time.monotonic())

    timer = threading.Timer(at, inject)
    timer.start()
    try:
        asyncio.run(
            chat(stack.web_port, cookie, session_uuid, LINES * 2, run=run, deadline=150)
        )
    finally:
        timer.join(timeout=60)
    assert returned, "the fault did not finish"
    return FaultRun(run, session_uuid, returned[0], time.monotonic())


def assert_no_loss(stack: Stack, fault: FaultRun) -> dict[str, Any]:
    """Zero loss, zero duplicates; lost annotations back within 30 s of the return."""
    run, session_uuid = fault.chat, fault.session_uuid
    # Turns sent after the return are annotated as usual, within seconds of the
    # chat's end; those lost in the fault within 30 s of the service's return.
    deadline = max(fault.returned_at + 30, fault.chat_ended_at + 10) - time.monotonic()
    try:
        wait_until(
            lambda: stack.counts(session_uuid)["annotated"] == len(run.sent),
            timeout=max(deadline, 1),
            what="every turn to be annotated",
            interval=0.25,
        )
    except AssertionError:
        raise AssertionError(
            f"{stack.counts(session_uuid)} sent={len(run.sent)}\n{stack.logs()}"
        ) from None
    counts: dict[str, Any] = stack.counts(session_uuid)
    counts["all_annotated_s_after_return"] = round(
        time.monotonic() - fault.returned_at, 1
    )
    print(f"\nsent={len(run.sent)} acknowledged={len(run.acknowledged)} {counts} {run}")
    assert len(run.acknowledged) == len(
        run.sent
    )  # the client resent until acknowledged
    assert counts["stored"] == len(run.sent), "a turn was lost or duplicated"
    assert counts["distinct_client_ids"] == counts["stored"], "a duplicated turn"
    assert counts["annotation_rows"] == counts["stored"], (
        "a missing or duplicated annotation"
    )
    assert counts["patient_streaming"] == 0, "a reply left streaming"
    return counts


def test_a_worker_killed_mid_chat_loses_and_duplicates_nothing(stack: Stack) -> None:
    def fault() -> None:
        stack.kill_worker()  # kill -9: tasks in flight stay unacknowledged
        time.sleep(5)
        stack.start_worker()

    assert_no_loss(stack, run_chat_with_fault(stack, fault, at=2.0))


def test_a_redis_restart_mid_chat_loses_and_duplicates_nothing(stack: Stack) -> None:
    def fault() -> None:
        stack.redis.stop()  # no persistence: queued tasks and group memberships are gone
        time.sleep(4)
        stack.redis.start()

    run = run_chat_with_fault(stack, fault, at=2.0)
    assert_no_loss(stack, run)
    # Handshakes during the outage got the reconnecting frame, never an HTTP 500.
    assert run.chat.handshake_refusals == 0
    assert run.chat.reconnects > 0


def test_a_postgresql_restart_mid_chat_loses_no_acknowledged_turn(stack: Stack) -> None:
    def fault() -> None:
        stack.postgres.stop()
        # Well beyond the pool's 10 s wait (margin for a loaded machine): messages are refused with the
        # outage frame and resent by the client, not only delayed.
        time.sleep(18)
        stack.postgres.start()

    run = run_chat_with_fault(stack, fault, at=2.0)
    assert_no_loss(stack, run)
    assert run.chat.handshake_refusals == 0
    assert run.chat.outage_frames > 0  # the socket reported the outage
