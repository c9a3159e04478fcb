"""Fixtures for the feedback tests: whole sessions played through the services (`play`),
and for the annotation pipeline tests a real Celery worker and a fake model.

Nothing here is autouse: the rubric tests under tests/feedback/rubrics never touch
the database, a broker or a worker.
"""

from __future__ import annotations

import itertools
import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from config import celery_app
from practice.services import (
    complete_patient_turn,
    end_session,
    start_session,
    submit_trainee_turn,
)
from tests.conftest import require_service
from tests.support.celery_worker import (
    FAKE_MODEL,
    StartWorker,
    Worker,
    database_url_for,
    forget_queue,
    redis_reachable,
    running_worker,
)
from tests.support.fake_openai import FakeOpenAI

# Variables the worker's environment sets itself; a developer's own values (a real
# OPENAI_API_KEY, say) must not leak into it.
_WORKER_OWNED = {
    "DJANGO_SETTINGS_MODULE",
    "DATABASE_URL",
    "REDIS_URL",
    "TEST_ANNOTATOR",
    "OPENAI_API_KEY",
    "OPENAI_API_KEY_FILE",
    "OPENAI_BASE_URL",
    "ANNOTATOR_MODEL",
    "LLM_TASK_TIMEOUT",
    "PYTEST_CURRENT_TEST",
}


@pytest.fixture
def pipeline_queue(transactional_db: None) -> Iterator[str]:
    """A broker queue of this test's own, which the test process publishes to.

    Unique per test, and purged before and after, so messages left over by an
    earlier run (or an earlier test's retry with a countdown) never reach the
    worker under test.
    """

    redis_url = os.environ.get("REDIS_URL", "")
    require_service(
        "Redis",
        bool(redis_url) and redis_reachable(redis_url),
        "the pipeline tests run a real Celery worker on the Redis broker (set REDIS_URL)",
    )
    broker_url = str(celery_app.conf.broker_url)
    assert broker_url.startswith("redis://"), broker_url
    queue = f"test-pipeline-{uuid.uuid4().hex[:12]}"
    forget_queue(broker_url, queue)
    # The router reads task_default_queue on every send, so dispatch code that
    # names no queue (feedback.dispatch) publishes here without being changed.
    saved = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    try:
        yield queue
    finally:
        celery_app.conf.task_default_queue = saved
        forget_queue(broker_url, queue)


def worker_environment(*, database_url: str, llm: FakeOpenAI | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _WORKER_OWNED}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.test",
        DATABASE_URL=database_url,
        REDIS_URL=os.environ["REDIS_URL"],
        PYTHONUNBUFFERED="1",
        TEST_ANNOTATOR="offline",
    )
    if llm is not None:
        env.update(
            TEST_ANNOTATOR="llm",
            OPENAI_API_KEY="fake-key-for-tests",
            OPENAI_BASE_URL=llm.base_url,
            ANNOTATOR_MODEL=FAKE_MODEL,
            # Far below the test's own deadline, so a hung request fails the
            # task instead of the whole test run.
            LLM_TASK_TIMEOUT="15",
        )
    return env


@pytest.fixture
def start_worker(pipeline_queue: str, tmp_path: Path) -> Iterator[StartWorker]:
    """Start a `celery -A config worker` on this test's queue and test database.

    Threads by default (start-up is quickest and annotation is I/O-bound);
    `pool="prefork"` when a test needs a pool process to kill. The worker is
    stopped at teardown, before the test database is flushed.
    """
    from django.db import connection

    database_url = database_url_for(connection.settings_dict)
    numbers = itertools.count(1)
    with ExitStack() as stack:

        def start(
            *,
            pool: str = "threads",
            concurrency: int = 2,
            llm: FakeOpenAI | None = None,
        ) -> Worker:
            return stack.enter_context(
                running_worker(
                    queue=pipeline_queue,
                    env=worker_environment(database_url=database_url, llm=llm),
                    log_path=tmp_path / f"worker-{next(numbers)}.log",
                    pool=pool,
                    concurrency=concurrency,
                )
            )

        yield start


@pytest.fixture
def submit_turn(trainee: Any, practice_session: Any) -> Callable[..., Any]:
    """Submit a trainee turn through the practice service; return the saved turn."""

    def submit(text: str) -> Any:
        submitted = submit_trainee_turn(
            session_id=practice_session.pk,
            user_id=trainee.pk,
            text=text,
            client_id=uuid.uuid4(),
        )
        assert submitted.created
        return submitted.trainee_turn

    return submit


# Trainee lines of a session `play` runs by default (five turns: long enough to score).
LINES = [
    "What brings you in today?",
    "It sounds like that left you feeling really anxious.",
    "What went through your mind right then?",
    "You should just talk to your boss.",
    "What tells you that they thought you were useless?",
]


@pytest.fixture
def play(
    case: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> Callable[..., Any]:
    """Run a whole session through the services and end it (scoring runs inline)."""

    settings.PRACTICE_RATE_LIMIT_MESSAGES = 10_000

    def run(trainee: Any, lines: list[str] = LINES) -> Any:
        session = start_session(trainee=trainee, case=case)
        # The test's transaction never commits: run the after-commit work (annotation,
        # then scoring at the end) as a commit would.
        with django_capture_on_commit_callbacks(execute=True):
            return _play(session, trainee, lines)

    def _play(session: Any, trainee: Any, lines: list[str]) -> Any:
        for text in lines:
            sub = submit_trainee_turn(
                session_id=session.pk,
                user_id=trainee.pk,
                text=text,
                client_id=uuid.uuid4(),
            )
            complete_patient_turn(
                turn_id=sub.patient_turn.pk,
                text="I felt so ashamed. I just think I'm not good enough.",
                responder="test",
                usage=None,
            )
        return end_session(session=session)

    return run
