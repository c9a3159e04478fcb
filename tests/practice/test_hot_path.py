"""The message's hot path (issue 14): what the first patient word waits for.

The first word must not wait for the fan-out to the session's other pages nor
for the annotation's broker publish; the save reads neither the case's JSON nor
more than it needs; the rate limit makes one Redis round trip.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.settings.base import redis_db
from feedback import dispatch
from patients.services import spec_for_version
from practice import consumers, message_rows, rate_window, services
from practice.deferral import deferring
from practice.exceptions import RateLimited
from practice.services import _count_in_window, submit_trainee_turn
from tests.conftest import require_redis

from .wsutil import eventually, message, open_socket, receive_until

DONE = r'data-speaker="patient"[^>]*data-complete="true"'
FIRST_WORD = r'hx-swap-oob="beforeend:#turn-[^"]*-text"'


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_first_word_is_sent_before_the_fan_out_and_the_publish(
    practice_session: Any,
    trainee: Any,
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
) -> None:
    # Production's dispatch: the annotation task is published to the broker
    # (recorded here instead), the step the first word must not wait for.
    settings.ANNOTATION_DISPATCH = "celery"
    published: list[int] = []
    monkeypatch.setattr(dispatch, "enqueue_annotation", published.append)
    events: list[str] = []
    send = consumers.PracticeConsumer.send
    run_later = consumers._run_deferred

    async def recording_send(
        self: Any, text_data: str | None = None, **kw: Any
    ) -> None:
        if text_data is not None and "beforeend:#turn-" in text_data:
            events.append("first word" if "first word" not in events else "word")
        await send(self, text_data=text_data, **kw)

    async def recording_run_later(later: Any) -> None:
        events.append(f"after-commit work ({len(later)})")
        await run_later(later)

    session_html = consumers.PracticeConsumer.session_html

    async def recording_session_html(self: Any, event: dict[str, Any]) -> None:
        if event.get("skip") not in (None, self.channel_name):
            events.append("other tab gets the new turns")
        await session_html(self, event)

    monkeypatch.setattr(consumers.PracticeConsumer, "send", recording_send)
    monkeypatch.setattr(
        consumers.PracticeConsumer, "session_html", recording_session_html
    )
    monkeypatch.setattr(consumers, "_run_deferred", recording_run_later)
    first = await open_socket(practice_session.uuid, trainee)
    second = await open_socket(practice_session.uuid, trainee)
    await first.connect()
    await second.connect()
    await first.send_to(text_data=message("What brings you here today?"))
    await receive_until(first, DONE)
    # The other tab still gets the new turns first, then the finished reply.
    frames = await receive_until(second, DONE)
    assert 'data-speaker="trainee"' in frames[0]
    assert 'data-speaker="patient"' in frames[0]
    assert events[0] == "first word"
    assert "other tab gets the new turns" in events
    # The annotation publish was collected at commit and run after the word.
    assert "after-commit work (1)" in events
    assert events.index("after-commit work (1)") > 0
    # It runs in the background.
    await eventually(lambda: published, what="the annotation publish")
    assert len(published) == 1
    await first.disconnect()
    await second.disconnect()


class _FailsBeforeItsFirstWord:
    """A responder whose model fails before sending anything."""

    async def stream(self, reply: Any) -> AsyncIterator[Any]:
        raise RuntimeError("the model went away")
        yield  # an async generator


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_reply_that_fails_before_its_first_word_still_fans_out_and_publishes(
    practice_session: Any,
    trainee: Any,
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
) -> None:
    # The deferred work waits for a first word that never comes: the other tab
    # must still get the trainee's turn and the annotation must still be sent.
    settings.ANNOTATION_DISPATCH = "celery"
    published: list[int] = []
    monkeypatch.setattr(dispatch, "enqueue_annotation", published.append)
    monkeypatch.setattr(consumers, "get_responder", _FailsBeforeItsFirstWord)
    first = await open_socket(practice_session.uuid, trainee)
    second = await open_socket(practice_session.uuid, trainee)
    await first.connect()
    await second.connect()
    await first.send_to(text_data=message("What brings you here today?"))
    frames = await receive_until(second, r'data-speaker="trainee"')
    assert "What brings you here today?" in frames[-1]
    # It runs in the background.
    await eventually(lambda: published, what="the annotation publish")
    assert len(published) == 1
    await first.disconnect()
    await second.disconnect()


@pytest.mark.django_db
def test_the_save_reads_no_case_json_and_makes_four_statements(
    practice_session: Any, trainee: Any
) -> None:
    spec_for_version(practice_session.case_version)  # the per-process cache, warm
    with CaptureQueriesContext(connection) as queries, deferring() as later:
        submitted = submit_trainee_turn(
            session_id=practice_session.pk,
            user_id=trainee.pk,
            text="What brings you here today?",
            client_id=uuid.uuid4(),
        )
    assert submitted.created and submitted.reply is not None
    # (The test's own transaction turns the service's into a savepoint.)
    statements = [
        q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]
    ]
    # Lock, transcript, one INSERT of both turns, the session's state: on
    # PostgreSQL two round trips of two statements each (message_rows).
    if message_rows._two_statements_per_trip():
        assert len(statements) == 2, statements
        lock, write = statements
        assert "FOR UPDATE" in lock and lock.count("SELECT") == 2
        assert write.startswith("INSERT") and "; UPDATE" in write
    else:
        assert len(statements) == 4, statements
    assert not any("patients_caseversion" in sql for sql in statements)
    assert submitted.reply.case.slug == practice_session.case_version.case.slug
    assert later == []  # not committed yet: nothing collected


@pytest.mark.services
def test_the_rate_limit_counts_in_one_round_trip_on_redis(settings: Any) -> None:
    url = require_redis()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_db(url, 2),
        }
    }
    key = f"test:rate:{uuid.uuid4().hex}"
    try:
        assert [_count_in_window(key, timeout=30) for _ in range(3)] == [1, 2, 3]
        cache = caches["default"]
        assert cache.get(key) == 3  # still readable through the cache API
        client = redis.Redis.from_url(redis_db(url, 2))
        assert 0 < client.ttl(cache.make_and_validate_key(key)) <= 30
    finally:
        caches["default"].delete(key)


@pytest.mark.services
def test_the_split_count_counts_as_the_pipeline_does_on_redis(settings: Any) -> None:
    """rate_window.send_count: the increment goes out at once (another client sees
    it before the reply is read), the count read later is the pipeline's, and the
    pooled connection stays usable for the next command."""
    url = require_redis()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_db(url, 2),
        }
    }
    key = f"test:rate:{uuid.uuid4().hex}"
    client = redis.Redis.from_url(redis_db(url, 2))
    try:
        full = caches["default"].make_and_validate_key(key)
        read = rate_window.send_count(key, timeout=30)
        deadline = time.monotonic() + 5
        while client.get(full) != b"1" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert client.get(full) == b"1"  # counted before its reply was read
        assert read() == 1
        assert [_count_in_window(key, timeout=30) for _ in range(2)] == [2, 3]
        assert rate_window.send_count(key, timeout=30)() == 4
        assert caches["default"].get(key) == 4
        assert 0 < client.ttl(full) <= 30
    finally:
        caches["default"].delete(key)


@pytest.mark.django_db
def test_a_message_over_the_limit_is_refused_before_anything_is_written(
    practice_session: Any, trainee: Any, settings: Any
) -> None:
    """The count's reply is read after the engine's step, but the refusal is the
    same: RateLimited, no turn written, and it wins over an error of the step."""
    settings.PRACTICE_RATE_LIMIT_MESSAGES = 0
    with pytest.raises(RateLimited):
        submit_trainee_turn(
            session_id=practice_session.pk,
            user_id=trainee.pk,
            text="What brings you here today?",
            client_id=uuid.uuid4(),
        )
    assert practice_session.turns.count() == 1  # the opening line only

    def broken_step(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the engine failed")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(services, "advance", broken_step)
        with pytest.raises(RateLimited):
            submit_trainee_turn(
                session_id=practice_session.pk,
                user_id=trainee.pk,
                text="What brings you here today?",
                client_id=uuid.uuid4(),
            )
        settings.PRACTICE_RATE_LIMIT_MESSAGES = 1_000_000
        with pytest.raises(RuntimeError):
            submit_trainee_turn(
                session_id=practice_session.pk,
                user_id=trainee.pk,
                text="What brings you here today?",
                client_id=uuid.uuid4(),
            )
    assert practice_session.turns.count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_connecting_prepares_the_case_before_the_first_message(
    practice_session: Any, trainee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The case is parsed and the engine run on it when the socket connects, so
    # the first message does neither (1-5 ms on a case new to the process).
    warmed: list[int] = []
    real = consumers.warm_engine
    monkeypatch.setattr(
        consumers, "warm_engine", lambda v: (warmed.append(v), real(v))[1]
    )
    socket = await open_socket(practice_session.uuid, trainee)
    connected, _ = await socket.connect()
    assert connected
    assert warmed == [practice_session.case_version_id]
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_failed_warm_up_does_not_refuse_the_socket(
    practice_session: Any, trainee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(version_id: int) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(consumers, "warm_engine", broken)
    socket = await open_socket(practice_session.uuid, trainee)
    connected, _ = await socket.connect()
    assert connected
    await socket.send_to(text_data=message("What brings you here today?"))
    await receive_until(socket, DONE)  # the message is answered all the same
    await socket.disconnect()
