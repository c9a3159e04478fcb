"""A deterministic in-memory ChatModel for unit tests and offline runs."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import AsyncGenerator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ValidationError

from llm.errors import LLMOutputError, LLMStreamInterrupted
from llm.types import Completion, Delta, Message, Structured, T, Usage

__all__ = ["FakeCall", "FakeLLM", "FakeScriptExhausted", "split_into_tokens"]

Method = Literal["stream", "complete", "structured"]
ReplyScript = Sequence[str] | Callable[[Sequence[Message]], str]

# A token is optional leading whitespace plus a run of non-space characters,
# like the " word" pieces real models stream; trailing whitespace is its own
# token, so "".join(tokens) == text always holds.
_TOKEN = re.compile(r"\s*\S+|\s+\Z")


def split_into_tokens(text: str) -> list[str]:
    """Split text into word-like stream tokens that join back to `text`."""
    return _TOKEN.findall(text)


class FakeScriptExhausted(AssertionError):
    """More calls were made than replies were scripted.

    An AssertionError rather than an LLMError on purpose: callers' fallback
    paths catch LLMError, which would hide a miscounted test script.
    """


@dataclass(frozen=True, slots=True)
class FakeCall:
    """One call a FakeLLM received (1-based `number` across all methods)."""

    number: int
    method: Method
    messages: tuple[Message, ...]
    max_tokens: int | None
    schema: type[BaseModel] | None = None


class FakeLLM:
    """Scripted, deterministic `ChatModel`; records every call it receives.

    `replies` is a list consumed in order (one per call, whatever the method)
    or a callable computing the reply from the messages. `fail_at` maps a
    1-based call number to the exception that call raises instead of replying.
    `cut_after` ends stream calls with LLMStreamInterrupted after that many
    tokens (before the terminal delta if the reply is shorter): an int applies
    to every stream call, a mapping to the given call numbers.
    `token_delay` sleeps between streamed tokens (and for `tokens * delay` in
    the non-streaming methods), so timing-dependent code can be exercised.
    """

    def __init__(
        self,
        replies: ReplyScript = ("OK",),
        *,
        model: str = "fake-llm",
        token_delay: float = 0.0,
        fail_at: Mapping[int, Exception] | None = None,
        cut_after: int | Mapping[int, int] | None = None,
        cycle: bool = False,
    ) -> None:
        self._replies = replies if callable(replies) else tuple(replies)
        self._model = model
        self._token_delay = token_delay
        self._fail_at = dict(fail_at or {})
        self._cut_after = cut_after
        self._cycle = cycle
        self._next_reply = 0
        self._lock = threading.Lock()
        self.calls: list[FakeCall] = []

    @property
    def model(self) -> str:
        return self._model

    @property
    def call_count(self) -> int:
        return len(self.calls)

    # -- the ChatModel protocol ------------------------------------------------

    async def stream(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> AsyncGenerator[Delta, None]:
        """Stream the scripted reply token by token, then a terminal delta."""
        call = self._record("stream", messages, max_tokens)
        tokens, finish = self._tokens(call)
        cut = self._cut_for(call.number)
        for i, token in enumerate(tokens):
            if cut is not None and i >= cut:
                break
            if self._token_delay:
                await asyncio.sleep(self._token_delay)
            yield Delta(token)
        if cut is not None:
            # Also when the reply is shorter than `cut`: a scripted cut always
            # interrupts, just before the terminal delta a real stream sends.
            raise LLMStreamInterrupted(f"FakeLLM cut the stream after {cut} tokens")
        yield Delta("", usage=self._usage(call, tokens), finish_reason=finish)

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> Completion:
        call = self._record("complete", messages, max_tokens)
        tokens, finish = self._tokens(call)
        if self._token_delay:
            time.sleep(self._token_delay * len(tokens))
        return self._completion(call, tokens, finish)

    def structured(
        self,
        messages: Sequence[Message],
        schema: type[T],
        *,
        max_tokens: int | None = None,
    ) -> Structured[T]:
        """Parse the scripted reply as JSON into `schema` (LLMOutputError if not)."""
        call = self._record("structured", messages, max_tokens, schema)
        tokens, _ = self._tokens(call)
        if self._token_delay:
            time.sleep(self._token_delay * len(tokens))
        return self._parse(call, tokens, schema)

    def _record(
        self,
        method: Method,
        messages: Sequence[Message],
        max_tokens: int | None,
        schema: type[BaseModel] | None = None,
    ) -> FakeCall:
        # The lock keeps call numbers and reply order consistent when a test
        # drives the fake from several threads (sync_to_async, worker pools).
        with self._lock:
            call = FakeCall(
                number=len(self.calls) + 1,
                method=method,
                messages=tuple(messages),
                max_tokens=max_tokens,
                schema=schema,
            )
            self.calls.append(call)
        failure = self._fail_at.get(call.number)
        if failure is not None:
            raise failure
        return call

    def _reply_for(self, call: FakeCall) -> str:
        if callable(self._replies):
            return self._replies(call.messages)
        with self._lock:
            if not self._replies:
                raise FakeScriptExhausted("FakeLLM has no scripted replies")
            index = self._next_reply
            if index >= len(self._replies):
                if not self._cycle:
                    raise FakeScriptExhausted(
                        f"call {call.number} ({call.method}) but only "
                        f"{len(self._replies)} replies were scripted"
                    )
                index %= len(self._replies)
            self._next_reply = index + 1
        return self._replies[index]

    def _tokens(self, call: FakeCall) -> tuple[list[str], str]:
        tokens = split_into_tokens(self._reply_for(call))
        # Honour max_tokens the way a real model does, so truncation handling
        # ("length") can be tested offline.
        if call.max_tokens is not None and len(tokens) > call.max_tokens:
            return tokens[: call.max_tokens], "length"
        return tokens, "stop"

    def _cut_for(self, number: int) -> int | None:
        if self._cut_after is None or isinstance(self._cut_after, int):
            return self._cut_after
        return self._cut_after.get(number)

    @staticmethod
    def _usage(call: FakeCall, tokens: Sequence[str]) -> Usage:
        prompt = sum(len(split_into_tokens(m.content)) for m in call.messages)
        return Usage(prompt_tokens=prompt, completion_tokens=len(tokens))

    def _completion(self, call: FakeCall, tokens: list[str], finish: str) -> Completion:
        return Completion(
            text="".join(tokens),
            usage=self._usage(call, tokens),
            model=self._model,
            finish_reason=finish,
        )

    def _parse(
        self, call: FakeCall, tokens: list[str], schema: type[T]
    ) -> Structured[T]:
        try:
            value = schema.model_validate_json("".join(tokens))
        except ValidationError as exc:
            raise LLMOutputError(
                f"FakeLLM reply is not a valid {schema.__name__}: "
                f"{exc.error_count()} error(s)"
            ) from exc
        return Structured(
            value=value, usage=self._usage(call, tokens), model=self._model
        )
