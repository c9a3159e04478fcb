"""Retries with jitter, the circuit breaker, the total deadline and metering of
every attempt, against the loopback fake OpenAI server."""

from __future__ import annotations

import asyncio
import time

import pytest

from llm import deadline
from llm.breaker import backoff_delay
from llm.errors import LLMDeadlineExceeded, LLMUnavailable, TransientLLMError
from llm.metering import collecting
from llm.openai_client import CLOSED_EARLY, OpenAIChatModel
from llm.types import Message, Timeouts
from tests.support.fake_openai import FakeOpenAI

MESSAGES = [Message("system", "You are a patient."), Message("user", "How are you?")]


def make_model(server: FakeOpenAI, **kwargs: object) -> OpenAIChatModel:
    options: dict[str, object] = {
        "model": "fake-model",
        "api_key": "k",
        "base_url": server.base_url,
        "timeout": Timeouts.uniform(5.0),
        "max_retries": 1,
        "backoff_base": 0.01,
    }
    options.update(kwargs)
    return OpenAIChatModel(**options)  # type: ignore[arg-type]


def test_backoff_is_jittered_and_capped() -> None:
    delays = {backoff_delay(3, base=0.5, cap=2.0) for _ in range(50)}
    assert len(delays) > 10  # jitter: not one fixed delay
    assert all(0 <= d <= 2.0 for d in delays)


def test_every_attempt_is_metered_including_the_failed_one(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(status=500)
    fake_openai.enqueue(reply="Fine, I guess.")
    with collecting() as log:
        make_model(fake_openai).complete(MESSAGES)
    assert [r.outcome for r in log.records] == ["error", "ok"]
    assert log.records[0].status == 500 and log.records[1].attempt == 1
    assert (log.prompt_tokens, log.completion_tokens) == fake_openai.billed


@pytest.mark.asyncio
async def test_a_stream_without_usage_is_metered_from_its_text(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply="I keep going over it at night.", omit_usage=True)
    with collecting() as log:
        text = "".join([d.text async for d in make_model(fake_openai).stream(MESSAGES)])
    assert text == "I keep going over it at night."
    (record,) = log.records
    assert record.estimated and record.outcome == "ok"
    assert (record.prompt_tokens, record.completion_tokens) == fake_openai.billed


@pytest.mark.asyncio
async def test_a_stream_closed_early_is_metered_as_the_server_counts_it(
    fake_openai: FakeOpenAI,
) -> None:
    # A live model (a gap between tokens): the app closes after the first
    # token, the server sends nothing more, both count one.
    fake_openai.enqueue(reply="one two three four five six", token_delay=0.1)
    with collecting() as log:
        stream = make_model(fake_openai).stream(MESSAGES)
        first = await anext(stream)
        await stream.aclose()
    (record,) = log.records
    assert first.text == "one"
    assert record.outcome == "closed" and record.error == CLOSED_EARLY
    assert (record.prompt_tokens, record.completion_tokens) == fake_openai.billed


@pytest.mark.asyncio
async def test_a_stream_closed_early_after_the_server_sent_it_all_is_metered_whole(
    fake_openai: FakeOpenAI,
) -> None:
    # A server that wrote the whole reply at once billed all of it: the app
    # reads what was delivered before closing, so it meters the same.
    reply = " ".join(["It has been a long few months for me."] * 40)
    fake_openai.enqueue(reply=reply)
    with collecting() as log:
        stream = make_model(fake_openai).stream(MESSAGES)
        await anext(stream)
        await stream.aclose()
    (record,) = log.records
    assert record.outcome == "closed"
    assert (record.prompt_tokens, record.completion_tokens) == fake_openai.billed
    assert record.completion_tokens > 300


def test_the_breaker_opens_after_repeated_failures_and_skips_the_endpoint(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.default = fake_openai.default.__class__(status=503)
    model = make_model(
        fake_openai, max_retries=0, breaker_threshold=3, breaker_cooldown=60
    )
    for _ in range(3):
        with pytest.raises(TransientLLMError):
            model.complete(MESSAGES)
    sent = len(fake_openai.chat_requests)
    with collecting() as log, pytest.raises(LLMUnavailable):
        model.complete(MESSAGES)
    assert len(fake_openai.chat_requests) == sent  # not even tried
    assert log.records[0].outcome == "circuit_open"
    assert model.breaker.state().is_open


def test_a_hanging_model_gives_up_at_the_total_deadline_not_per_read(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(hang=True)
    fake_openai.enqueue(hang=True)
    model = make_model(fake_openai, timeout=Timeouts.uniform(20.0), max_retries=1)
    started = time.monotonic()
    with deadline.within(1.0), pytest.raises(TransientLLMError):
        model.complete(MESSAGES)
    assert time.monotonic() - started < 1.2


@pytest.mark.asyncio
async def test_a_trickling_stream_stops_at_the_deadline(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply="word " * 200, token_delay=0.05)
    model = make_model(fake_openai)
    started = time.monotonic()
    with deadline.within(0.6), pytest.raises(LLMDeadlineExceeded):
        async for _ in model.stream(MESSAGES):
            pass
    assert time.monotonic() - started < 0.6 * 1.2
    await asyncio.sleep(0)
