"""OpenAIChatModel against the fake OpenAI server over real loopback HTTP."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from pydantic import BaseModel, Field

from llm.errors import (
    LLMContextTooLong,
    LLMError,
    LLMOutputError,
    LLMRateLimited,
    LLMStreamInterrupted,
    LLMTimeout,
    TransientLLMError,
)
from llm.openai_client import OpenAIChatModel
from llm.types import ChatModel, Delta, Message, Timeouts, Usage
from tests.support.fake_openai import Behaviour, FakeOpenAI

MESSAGES = [
    Message("system", "You are a patient."),
    Message("user", "How have you been sleeping?"),
]


class Rating(BaseModel):
    label: str
    score: int = Field(ge=0, le=2)


# Every model a test makes, so its pooled connections can be closed afterwards.
_made: list[OpenAIChatModel] = []


def make_model(
    server: FakeOpenAI, *, timeout: float = 2.0, max_retries: int = 1
) -> OpenAIChatModel:
    model = OpenAIChatModel(
        model="fake-model",
        api_key="test-key",
        base_url=server.base_url,
        timeout=Timeouts.uniform(timeout),
        max_retries=max_retries,
    )
    _made.append(model)
    return model


@pytest_asyncio.fixture(autouse=True)
async def _close_models() -> AsyncIterator[None]:
    # Async, so it runs on the test's own event loop, where the async
    # client's keep-alive connections live.
    yield
    while _made:
        await _made.pop().aclose()


async def collect(model: ChatModel, messages: list[Message] = MESSAGES) -> list[Delta]:
    return [delta async for delta in model.stream(messages)]


async def drain_into(stream: AsyncIterator[Delta], received: list[str]) -> None:
    # Keeps what arrived before the error visible to the test.
    async for delta in stream:
        received.append(delta.text)


# -- streaming -------------------------------------------------------------------


@pytest.mark.asyncio
async def test_it_streams_tokens_in_order_then_a_terminal_delta_with_usage(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply=["Not", " great", ",", " honestly."])

    deltas = await collect(make_model(fake_openai))

    assert [d.text for d in deltas] == ["Not", " great", ",", " honestly.", ""]
    assert all(d.usage is None and d.finish_reason is None for d in deltas[:-1])
    assert deltas[-1].finish_reason == "stop"
    assert deltas[-1].usage == Usage(prompt_tokens=9, completion_tokens=4)


@pytest.mark.asyncio
async def test_it_asks_for_a_stream_with_usage_and_sends_the_messages(
    fake_openai: FakeOpenAI,
) -> None:
    await collect(make_model(fake_openai))

    (request,) = fake_openai.chat_requests
    assert request.body["stream"] is True
    assert request.body["stream_options"] == {"include_usage": True}
    assert request.body["model"] == "fake-model"
    assert request.body["messages"] == [
        {"role": "system", "content": "You are a patient."},
        {"role": "user", "content": "How have you been sleeping?"},
    ]
    assert request.headers["authorization"] == "Bearer test-key"


@pytest.mark.asyncio
async def test_it_reports_length_when_max_tokens_cut_the_reply(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply="I do not", finish_reason="length")

    deltas = [d async for d in make_model(fake_openai).stream(MESSAGES, max_tokens=3)]

    assert fake_openai.chat_requests[0].body["max_tokens"] == 3
    assert deltas[-1].finish_reason == "length"


@pytest.mark.asyncio
async def test_it_raises_timeout_when_the_stream_stalls_midway(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply="one two three four", stall_after=2)
    received: list[str] = []
    started = time.monotonic()

    with pytest.raises(LLMTimeout):
        await drain_into(
            make_model(fake_openai, timeout=0.5).stream(MESSAGES), received
        )

    assert received == ["one", " two"]
    assert time.monotonic() - started < 3


@pytest.mark.asyncio
async def test_it_raises_stream_interrupted_when_the_connection_drops(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply="one two three four", cut_after=2)
    received: list[str] = []

    with pytest.raises(LLMStreamInterrupted):
        await drain_into(make_model(fake_openai).stream(MESSAGES), received)

    assert received == ["one", " two"]
    # Mid-stream failures are not replayed: the trainee already saw tokens.
    assert len(fake_openai.chat_requests) == 1


@pytest.mark.asyncio
async def test_it_raises_stream_interrupted_when_the_stream_ends_unfinished(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply="one two three", end_after=1)

    with pytest.raises(LLMStreamInterrupted):
        await collect(make_model(fake_openai))


@pytest.mark.asyncio
async def test_it_can_be_streamed_again_after_the_caller_stops_early(
    fake_openai: FakeOpenAI,
) -> None:
    model = make_model(fake_openai)
    fake_openai.enqueue(reply="one two three four five", token_delay=0.01)
    fake_openai.enqueue(reply="again")

    stream = model.stream(MESSAGES)
    async for _ in stream:
        break
    await stream.aclose()

    assert [d.text for d in await collect(model)] == ["again", ""]


# -- timeouts and status codes -----------------------------------------------------


@pytest.mark.asyncio
async def test_it_raises_timeout_quickly_when_the_model_hangs(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(hang=True)
    started = time.monotonic()

    with pytest.raises(LLMTimeout):
        await collect(make_model(fake_openai, timeout=0.5, max_retries=0))

    assert time.monotonic() - started < 2


def test_it_retries_a_hang_once_then_raises_timeout_from_the_sync_path(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(hang=True)
    fake_openai.enqueue(hang=True)

    with pytest.raises(LLMTimeout):
        make_model(fake_openai, timeout=0.3, max_retries=1).complete(MESSAGES)

    assert len(fake_openai.chat_requests) == 2


@pytest.mark.asyncio
async def test_it_raises_rate_limited_after_one_retry(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(status=429)
    fake_openai.enqueue(status=429)

    with pytest.raises(LLMRateLimited):
        await collect(make_model(fake_openai, max_retries=1))

    assert len(fake_openai.chat_requests) == 2


def test_it_raises_transient_error_on_a_server_error(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(status=500)
    fake_openai.enqueue(status=500)

    with pytest.raises(TransientLLMError) as caught:
        make_model(fake_openai).complete(MESSAGES)

    assert type(caught.value) is TransientLLMError
    assert len(fake_openai.chat_requests) == 2


@pytest.mark.asyncio
async def test_it_recovers_when_the_retry_succeeds(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(status=503)
    fake_openai.enqueue(reply="Fine, thanks.")

    deltas = await collect(make_model(fake_openai, max_retries=1))

    assert "".join(d.text for d in deltas) == "Fine, thanks."


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (400, LLMError),
        (401, LLMError),
        (404, LLMError),
        (429, LLMRateLimited),
        (502, TransientLLMError),
        (503, TransientLLMError),
    ],
)
def test_it_maps_each_status_to_our_error_type(
    fake_openai: FakeOpenAI, status: int, expected: type[LLMError]
) -> None:
    fake_openai.enqueue(status=status)

    with pytest.raises(LLMError) as caught:
        make_model(fake_openai, max_retries=0).complete(MESSAGES)

    assert type(caught.value) is expected
    # The vendor exception stays available for logs, never as the raised type.
    assert type(caught.value.__cause__).__module__.startswith("openai")


def test_it_does_not_retry_a_client_error(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(status=400)

    with pytest.raises(LLMError):
        make_model(fake_openai, max_retries=1).complete(MESSAGES)

    assert len(fake_openai.chat_requests) == 1


def test_it_raises_transient_error_when_the_endpoint_is_unreachable() -> None:
    # Bind then close to get a loopback port that refuses connections.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    model = OpenAIChatModel(
        model="m",
        api_key="k",
        base_url=f"http://127.0.0.1:{port}/v1",
        timeout=Timeouts.uniform(1.0),
        max_retries=0,
    )

    with pytest.raises(TransientLLMError) as caught:
        model.complete(MESSAGES)
    model.close()

    assert not isinstance(caught.value, LLMTimeout)


# -- plain completions -------------------------------------------------------------


def test_it_completes_synchronously_with_usage(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(reply="About four hours a night.")

    completion = make_model(fake_openai).complete(MESSAGES, max_tokens=50)

    assert completion.text == "About four hours a night."
    assert completion.usage == Usage(prompt_tokens=9, completion_tokens=5)
    assert completion.finish_reason == "stop"
    assert completion.model == "fake-model"
    assert fake_openai.chat_requests[0].body["max_tokens"] == 50
    assert "stream" not in fake_openai.chat_requests[0].body


def test_it_keeps_working_across_event_loops(fake_openai: FakeOpenAI) -> None:
    # asyncio.run() in a command, then again: a client bound to the first
    # (closed) loop would fail with "Event loop is closed".
    model = make_model(fake_openai)

    fake_openai.enqueue(reply="Fine.")
    fake_openai.enqueue(reply="Fine.")

    async def once() -> str:
        try:
            return "".join([d.text async for d in model.stream(MESSAGES)])
        finally:
            await model.aclose()

    first = asyncio.run(once())
    second = asyncio.run(once())

    assert first == second != ""


def test_it_uses_short_chat_timeouts_and_one_retry_by_default() -> None:
    model = OpenAIChatModel(model="m", api_key="secret-key")

    assert model.timeouts == Timeouts(connect=5.0, read=20.0, write=10.0, pool=5.0)
    assert model.max_retries == 1
    assert "secret-key" not in repr(model)


# -- structured output ---------------------------------------------------------------


def test_it_returns_a_validated_model_from_a_strict_json_schema(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply='{"label": "open_question", "score": 2}')

    result = make_model(fake_openai).structured(MESSAGES, Rating)

    assert result.value == Rating(label="open_question", score=2)
    assert result.usage.completion_tokens > 0
    response_format = fake_openai.chat_requests[0].body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "Rating"
    assert response_format["json_schema"]["strict"] is True
    schema = response_format["json_schema"]["schema"]
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == {"label", "score"}


@pytest.mark.parametrize(
    "reply",
    [
        '{"label": "open_question", "score": ',  # truncated JSON
        "Sure! Here is my rating: open question.",  # not JSON at all
        '{"label": "open_question", "score": 7}',  # out of the schema's range
        '{"score": 1}',  # missing field
    ],
)
def test_it_raises_output_error_for_an_unusable_answer(
    fake_openai: FakeOpenAI, reply: str
) -> None:
    fake_openai.enqueue(reply=reply)

    with pytest.raises(LLMOutputError):
        make_model(fake_openai).structured(MESSAGES, Rating)


def test_it_accepts_json_wrapped_in_a_code_fence(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(reply='```json\n{"label": "affirm", "score": 1}\n```')

    result = make_model(fake_openai).structured(MESSAGES, Rating)

    assert result.value == Rating(label="affirm", score=1)


def test_it_falls_back_to_json_object_when_json_schema_is_rejected(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.default = Behaviour(
        reply='{"label": "reflection", "score": 1}', reject_json_schema=True
    )
    model = make_model(fake_openai)

    result = model.structured(MESSAGES, Rating)

    assert result.value == Rating(label="reflection", score=1)
    first, second = fake_openai.chat_requests
    assert first.response_format_type == "json_schema"
    assert second.response_format_type == "json_object"
    system = second.body["messages"][0]
    assert system["role"] == "system"
    assert system["content"].startswith("You are a patient.")
    assert (
        json.dumps(Rating.model_json_schema(), separators=(",", ":"))
        in (system["content"])
    )
    assert len(second.body["messages"]) == len(MESSAGES)

    # Having learned the server's limits, later calls skip the doomed request.
    model.structured(MESSAGES, Rating)
    assert [r.response_format_type for r in fake_openai.chat_requests[2:]] == [
        "json_object"
    ]


def test_it_does_not_fall_back_on_a_server_error(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(status=500)

    with pytest.raises(TransientLLMError):
        make_model(fake_openai, max_retries=0).structured(MESSAGES, Rating)

    assert len(fake_openai.chat_requests) == 1


def test_it_raises_llm_error_when_the_fallback_is_rejected_too(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(status=400, error_message="invalid value for messages")
    fake_openai.enqueue(status=400, error_message="invalid value for messages")
    fake_openai.enqueue(reply='{"label": "affirm", "score": 0}')
    model = make_model(fake_openai)

    with pytest.raises(LLMError):
        model.structured(MESSAGES, Rating)
    # A 400 that was not about json_schema must not disable it for later calls.
    model.structured(MESSAGES, Rating)

    assert fake_openai.chat_requests[-1].response_format_type == "json_schema"


def test_it_reports_a_prompt_too_long_without_a_pointless_fallback(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(
        status=400, error_message="This model's maximum context length is 8192 tokens"
    )

    with pytest.raises(LLMContextTooLong):
        make_model(fake_openai).structured(MESSAGES, Rating)
    assert len(fake_openai.chat_requests) == 1
