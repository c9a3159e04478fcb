"""FakeLLM: the deterministic offline ChatModel other tests rely on."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Sequence

import pytest
from pydantic import BaseModel

from llm.errors import LLMOutputError, LLMRateLimited, LLMStreamInterrupted
from llm.fake import FakeLLM, FakeScriptExhausted, split_into_tokens
from llm.types import ChatModel, Delta, Message, Usage

MESSAGES = [Message("system", "Be the patient."), Message("user", "How are you?")]


class Mood(BaseModel):
    emotion: str
    intensity: int


async def collect(model: ChatModel) -> list[Delta]:
    return [delta async for delta in model.stream(MESSAGES)]


async def drain_into(stream: AsyncIterator[Delta], received: list[str]) -> None:
    # Keeps what arrived before the error visible to the test.
    async for delta in stream:
        received.append(delta.text)


def as_chat_model(model: ChatModel) -> ChatModel:
    # Type-checked: FakeLLM must satisfy the protocol the engines code against.
    return model


@pytest.mark.parametrize(
    "text", ["", "one", "Hello there, friend.", "  leading", "trailing  ", "a\nb  c"]
)
def test_it_splits_text_into_tokens_that_join_back(text: str) -> None:
    tokens = split_into_tokens(text)

    assert "".join(tokens) == text
    assert all(token for token in tokens)


def test_it_splits_on_words_with_their_leading_space() -> None:
    assert split_into_tokens("I feel stuck.") == ["I", " feel", " stuck."]


@pytest.mark.asyncio
async def test_it_streams_the_scripted_reply_then_a_terminal_delta() -> None:
    fake = as_chat_model(FakeLLM(["I feel stuck."]))

    deltas = await collect(fake)

    assert [d.text for d in deltas] == ["I", " feel", " stuck.", ""]
    assert deltas[-1].finish_reason == "stop"
    assert deltas[-1].usage == Usage(prompt_tokens=6, completion_tokens=3)


def test_it_replies_in_script_order_across_methods() -> None:
    fake = FakeLLM(["first", "second"])

    assert fake.complete(MESSAGES).text == "first"
    assert fake.complete(MESSAGES).text == "second"


def test_it_raises_when_the_script_runs_out() -> None:
    fake = FakeLLM(["only"])
    fake.complete(MESSAGES)

    with pytest.raises(FakeScriptExhausted):
        fake.complete(MESSAGES)


def test_it_cycles_the_script_when_asked() -> None:
    fake = FakeLLM(["a", "b"], cycle=True)

    assert [fake.complete(MESSAGES).text for _ in range(5)] == ["a", "b", "a", "b", "a"]


@pytest.mark.asyncio
async def test_it_computes_replies_from_the_messages() -> None:
    def echo(messages: Sequence[Message]) -> str:
        return f"You said: {messages[-1].content}"

    fake = FakeLLM(echo)

    completion = fake.complete(MESSAGES)

    assert completion.text == "You said: How are you?"


def test_it_records_the_calls_it_received() -> None:
    fake = FakeLLM(["x", '{"emotion": "sad", "intensity": 70}'])

    fake.complete(MESSAGES, max_tokens=10)
    fake.structured(MESSAGES, Mood)

    first, second = fake.calls
    assert (first.number, first.method, first.max_tokens) == (1, "complete", 10)
    assert first.messages == tuple(MESSAGES)
    assert (second.number, second.method, second.schema) == (2, "structured", Mood)


def test_it_raises_an_injected_failure_at_the_given_call_only() -> None:
    fake = FakeLLM(["a", "b"], fail_at={2: LLMRateLimited("slow down")})

    assert fake.complete(MESSAGES).text == "a"
    with pytest.raises(LLMRateLimited):
        fake.complete(MESSAGES)
    # A failed call consumes no reply, as a real failed request produces none.
    assert fake.complete(MESSAGES).text == "b"
    assert fake.call_count == 3


@pytest.mark.asyncio
async def test_it_cuts_a_stream_after_k_tokens() -> None:
    fake = FakeLLM(["one two three four"], cut_after=2)
    received: list[str] = []

    with pytest.raises(LLMStreamInterrupted):
        await drain_into(fake.stream(MESSAGES), received)

    assert received == ["one", " two"]


@pytest.mark.asyncio
async def test_it_cuts_only_the_streams_named_in_a_mapping() -> None:
    fake = FakeLLM(["one two", "three four"], cut_after={2: 1})

    assert "".join(d.text for d in await collect(fake)) == "one two"
    with pytest.raises(LLMStreamInterrupted):
        await collect(fake)


@pytest.mark.asyncio
async def test_it_cuts_a_short_reply_before_the_terminal_delta() -> None:
    fake = FakeLLM(["hi"], cut_after=5)

    with pytest.raises(LLMStreamInterrupted):
        await collect(fake)


@pytest.mark.asyncio
async def test_it_waits_between_tokens_when_given_a_delay() -> None:
    fake = FakeLLM(["one two three four"], token_delay=0.05)
    started = time.monotonic()

    await collect(fake)

    assert time.monotonic() - started >= 0.2


def test_it_truncates_at_max_tokens_with_finish_reason_length() -> None:
    fake = FakeLLM(["one two three four"])

    completion = fake.complete(MESSAGES, max_tokens=2)

    assert completion.text == "one two"
    assert completion.finish_reason == "length"


def test_it_parses_a_structured_reply_into_the_schema() -> None:
    fake = FakeLLM(['{"emotion": "sad", "intensity": 70}'])

    result = fake.structured(MESSAGES, Mood)

    assert result.value == Mood(emotion="sad", intensity=70)
    assert result.model == "fake-llm"


@pytest.mark.parametrize(
    "reply", ["not json", '{"emotion": "sad"}', '{"emotion": "sad", "intensity": "x"}']
)
def test_it_raises_output_error_for_a_reply_that_does_not_fit(reply: str) -> None:
    fake = FakeLLM([reply])

    with pytest.raises(LLMOutputError):
        fake.structured(MESSAGES, Mood)
