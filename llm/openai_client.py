"""ChatModel on any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, LM Studio).

This module and `llm/openai_wire.py` (its wire-format helpers) are the only ones that
import the `openai` SDK. Every vendor exception is translated into `llm.errors` at
this boundary, so callers never see one.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import AsyncGenerator, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar
from urllib.parse import urlparse

import openai

from llm import deadline
from llm.breaker import Breaker, backoff_delay, breaker_for
from llm.errors import (
    LLMContextTooLong,
    LLMDeadlineExceeded,
    LLMError,
    LLMOutputError,
    LLMStreamInterrupted,
    LLMTimeout,
    LLMUnavailable,
    TransientLLMError,
)
from llm.metering import (
    CallRecord,
    estimate_prompt_tokens,
    estimate_tokens,
    record_call,
)
from llm.openai_wire import (
    _JSON_OBJECT,
    _completion,
    _json_schema_format,
    _structured,
    _to_openai_messages,
    _usage,
    _with_schema_instruction,
    translate_error,
)
from llm.types import Completion, Delta, Message, Structured, T, Timeouts, Usage

if TYPE_CHECKING:
    from openai.types.chat import (
        ChatCompletion,
    )

__all__ = ["OpenAIChatModel", "translate_error"]

MaxTokensParam = Literal["max_tokens", "max_completion_tokens"]

# A 400 that names the response format means the server does not support it.
_FORMAT_REJECTED = re.compile(r"response_format|json_schema|structured", re.I)
R = TypeVar("R")
CLOSED_EARLY = "stream closed by the caller before the end"
# Added when the server was still sending when reading stopped (a whole long
# reply written at once): the metered completion is then a lower bound.
UNREAD = "; the server was still sending"


class OpenAIChatModel:
    """A `ChatModel` backed by the `openai` SDK's Chat Completions API.

    The sync and async SDK clients are created lazily, one per instance (the
    async one per event loop, see `_async_client`). Retries are this class's
    own, not the SDK's, so that each attempt is metered, bounded by the total
    deadline (`llm.deadline`), spaced by backoff with full jitter, and counted
    by the endpoint's circuit breaker. Only failures before any byte of the
    answer arrived are retried; a stream that breaks midway is not replayed.
    """

    def __init__(
        self,
        *,
        model: str,
        api_key: str,
        base_url: str | None = None,
        timeout: Timeouts | None = None,
        max_retries: int = 1,
        temperature: float | None = None,
        max_tokens_param: MaxTokensParam = "max_tokens",
        seed: int | None = None,
        breaker_threshold: int = 5,
        breaker_cooldown: float = 30.0,
        backoff_base: float = 0.5,
    ) -> None:
        """Configure the model; no network traffic happens here.

        `max_tokens_param` exists because OpenAI's reasoning models accept only
        `max_completion_tokens`, while most compatible servers know `max_tokens`.
        """
        if max_retries < 0:
            raise ValueError("max_retries must be >= 0")
        self._model = model
        self._api_key = api_key
        self._base_url = base_url
        self._timeouts = timeout if timeout is not None else Timeouts.chat()
        self._max_retries = max_retries
        self._temperature = temperature
        self._seed = seed
        self._max_tokens_param: MaxTokensParam = max_tokens_param
        self._backoff_base = backoff_base
        self._lock = threading.Lock()
        self._sync: openai.OpenAI | None = None
        self._async: openai.AsyncOpenAI | None = None
        self._async_loop: asyncio.AbstractEventLoop | None = None
        # None: not known yet. False: the server rejected `json_schema` (saying
        # so) and then accepted `json_object`, so later calls skip the doomed
        # request.
        self._json_schema_supported: bool | None = None
        self.host = urlparse(base_url).hostname or "" if base_url else "api.openai.com"
        self.breaker: Breaker = breaker_for(
            base_url or "https://api.openai.com/v1",
            threshold=breaker_threshold,
            cooldown=breaker_cooldown,
        )

    def __repr__(self) -> str:
        # Never show the API key.
        return f"OpenAIChatModel(model={self._model!r}, base_url={self._base_url!r})"

    @property
    def model(self) -> str:
        return self._model

    @property
    def base_url(self) -> str | None:
        return self._base_url

    @property
    def timeouts(self) -> Timeouts:
        return self._timeouts

    @property
    def max_retries(self) -> int:
        return self._max_retries

    # -- clients ---------------------------------------------------------------

    def _sdk_timeout(self) -> openai.Timeout:
        t = self._timeouts
        left = deadline.remaining()
        if left is None:
            return openai.Timeout(
                connect=t.connect, read=t.read, write=t.write, pool=t.pool
            )
        # No single wait may outlast the total deadline.
        cap = max(left, 0.01)
        return openai.Timeout(
            connect=min(t.connect, cap),
            read=min(t.read, cap),
            write=min(t.write, cap),
            pool=min(t.pool, cap),
        )

    def _sync_client(self) -> openai.OpenAI:
        # The lock makes first use from several worker threads build one client.
        with self._lock:
            if self._sync is None:
                self._sync = openai.OpenAI(
                    api_key=self._api_key,
                    base_url=self._base_url,
                    timeout=self._sdk_timeout(),
                    max_retries=0,
                )
            return self._sync

    def _async_client(self) -> openai.AsyncOpenAI:
        # An async connection pool belongs to the event loop that opened its
        # connections; reusing it from another loop (asyncio.run in a command,
        # async_to_sync, one loop per test) fails with "Event loop is closed".
        # So the instance keeps one async client per loop, the current one.
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._async is None or self._async_loop is not loop:
                self._async = openai.AsyncOpenAI(
                    api_key=self._api_key,
                    base_url=self._base_url,
                    timeout=self._sdk_timeout(),
                    max_retries=0,
                )
                self._async_loop = loop
            return self._async

    def close(self) -> None:
        """Release the sync client's connections (the instance stays usable)."""
        with self._lock:
            client, self._sync = self._sync, None
        if client is not None:
            client.close()

    async def aclose(self) -> None:
        """Release both clients' connections (the instance stays usable)."""
        with self._lock:
            client, self._async, self._async_loop = self._async, None, None
        if client is not None:
            await client.close()
        self.close()

    # -- request building ------------------------------------------------------

    def _request(
        self, messages: Sequence[Message], max_tokens: int | None
    ) -> dict[str, Any]:
        # Built as a plain dict: the SDK's create() overloads are keyed on
        # literal `stream` values, which a shared builder cannot express.
        kwargs: dict[str, Any] = {
            "model": self._model,
            "messages": _to_openai_messages(messages),
        }
        if max_tokens is not None:
            kwargs[self._max_tokens_param] = max_tokens
        if self._temperature is not None:
            kwargs["temperature"] = self._temperature
        if self._seed is not None:
            kwargs["seed"] = self._seed
        return kwargs

    # -- attempts, metering, breaker -----------------------------------------------

    def _record(
        self,
        messages: Sequence[Message],
        started: float,
        *,
        outcome: str,
        attempt: int,
        text: str = "",
        usage: Usage | None = None,
        error: LLMError | None = None,
        sent: bool = True,
        first_token_ms: int | None = None,
    ) -> CallRecord:
        """Meter one attempt: reported usage, or an estimate from the text."""
        if usage is not None and (usage.prompt_tokens or usage.completion_tokens):
            prompt, completion, estimated = (
                usage.prompt_tokens,
                usage.completion_tokens,
                False,
            )
        elif sent and outcome not in ("error", "circuit_open") or text:
            # The server read the prompt (and maybe wrote text) but reported no
            # usage: a stream without a usage chunk, a cut, an early close.
            prompt, completion, estimated = (
                estimate_prompt_tokens(messages),
                estimate_tokens(text),
                True,
            )
        else:
            prompt, completion, estimated = 0, 0, False
        record = CallRecord(
            model=self._model,
            host=self.host,
            outcome=outcome,  # type: ignore[arg-type]
            prompt_tokens=prompt,
            completion_tokens=completion,
            estimated=estimated,
            latency_ms=round((time.monotonic() - started) * 1000),
            first_token_ms=first_token_ms,
            error=str(error)[:300] if error is not None else "",
            attempt=attempt,
            request_text=_messages_text(messages),
            response_text=text,
            status=getattr(error, "status", None),
        )
        record_call(record)
        return record

    def _before_attempt(self, messages: Sequence[Message], attempt: int) -> None:
        deadline.check()
        if not self.breaker.allow():
            error = LLMUnavailable(
                f"{self.host or 'endpoint'} is cooling down after repeated failures"
            )
            self._record(
                messages,
                time.monotonic(),
                outcome="circuit_open",
                attempt=attempt,
                error=error,
                sent=False,
            )
            raise error

    def _after_failure(self, error: LLMError, attempt: int) -> float | None:
        """Count the failure; the delay before the next attempt, or None to give up."""
        if isinstance(error, TransientLLMError):
            self.breaker.failure()
        else:
            return None
        if attempt >= self._max_retries or not self.breaker.allow():
            return None
        delay = backoff_delay(attempt, base=self._backoff_base)
        retry_after = getattr(error, "retry_after", None)
        if isinstance(retry_after, float):
            delay = max(delay, retry_after)
        left = deadline.remaining()
        if left is not None and delay >= left:
            return None
        return delay

    # -- plain completions -----------------------------------------------------

    async def _open_stream(
        self, messages: Sequence[Message], max_tokens: int | None
    ) -> tuple[Any, int, float]:
        attempt = 0
        while True:
            self._before_attempt(messages, attempt)
            started = time.monotonic()
            client = self._async_client().with_options(timeout=self._sdk_timeout())
            try:
                response = await client.chat.completions.create(
                    **self._request(messages, max_tokens),
                    stream=True,
                    stream_options={"include_usage": True},
                )
            except openai.OpenAIError as exc:
                error = translate_error(exc)
                self._record(
                    messages,
                    started,
                    outcome=_outcome(error),
                    attempt=attempt,
                    error=error,
                    sent=False,
                )
                delay = self._after_failure(error, attempt)
                if delay is None:
                    raise error from exc
                await asyncio.sleep(delay)
                attempt += 1
                continue
            return response, attempt, started

    async def stream(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> AsyncGenerator[Delta, None]:
        """Stream the reply as text deltas, then one terminal delta.

        Raises LLMTimeout when the endpoint does not answer, or stops sending,
        for longer than the read timeout; LLMStreamInterrupted when the stream
        breaks off before the model finished; LLMDeadlineExceeded when the
        total deadline runs out. Every attempt is metered, including one the
        caller stops reading early (outcome "closed").
        """
        response, attempt, started = await self._open_stream(messages, max_tokens)
        finish_reason: str | None = None
        usage: Usage | None = None
        received_any = False
        parts: list[str] = []
        outcome = "closed"  # unless the loop below ends otherwise
        unread = False
        failure: LLMError | None = None
        first_token_ms: int | None = None
        try:
            async for chunk in response:
                received_any = True
                if chunk.usage is not None:
                    usage = _usage(chunk.usage)
                for choice in chunk.choices:
                    # n=1 is the only mode requested; ignore stray indices.
                    if choice.index != 0:
                        continue
                    if choice.delta.content:
                        if first_token_ms is None:
                            first_token_ms = round((time.monotonic() - started) * 1000)
                        parts.append(choice.delta.content)
                        yield Delta(choice.delta.content)
                    if choice.finish_reason is not None:
                        finish_reason = choice.finish_reason
                deadline.check()
            outcome = "ok" if finish_reason is not None else "cut"
        except LLMDeadlineExceeded as exc:
            outcome, failure = "timeout", exc
            raise
        except openai.APITimeoutError as exc:
            failure = LLMTimeout(
                f"stream from {self._model!r} stalled for over {self._timeouts.read:g}s"
            )
            outcome = "timeout"
            raise failure from exc
        except openai.APIConnectionError as exc:
            outcome = "cut"
            if received_any:
                failure = LLMStreamInterrupted(
                    f"connection dropped mid-stream from {self._model!r}"
                )
            else:
                failure = translate_error(exc)
            raise failure from exc
        except openai.OpenAIError as exc:
            failure = translate_error(exc)
            outcome = "error"
            raise failure from exc
        except ValueError as exc:
            # A data line that is not JSON (json.JSONDecodeError is a ValueError).
            failure = LLMOutputError(f"malformed stream from {self._model!r}")
            outcome = "error"
            raise failure from exc
        finally:
            if outcome == "closed":
                # The caller stopped reading: count what the server has already
                # delivered (it billed that too), without waiting for more.
                more, usage, unread = await _drain_delivered(response, usage)
                parts += more
            # Also runs when the caller stops iterating early (GeneratorExit),
            # so the connection goes back to the pool instead of leaking.
            await response.close()
            if outcome in ("ok", "closed"):
                self.breaker.success()
            elif isinstance(failure, TransientLLMError):
                self.breaker.failure()
            if outcome == "closed":
                # The caller stopped reading (reply complete, capped, or the
                # guard tripped). A server may have generated a little more
                # than was read; what was read is what can be counted.
                failure = LLMError(CLOSED_EARLY + (UNREAD if unread else ""))
            self._record(
                messages,
                started,
                outcome=outcome,
                attempt=attempt,
                text="".join(parts),
                usage=usage,
                error=failure,
                first_token_ms=first_token_ms,
            )

        if finish_reason is None:
            raise LLMStreamInterrupted(
                f"stream from {self._model!r} ended without a finish_reason"
            )
        yield Delta("", usage=usage, finish_reason=finish_reason)

    def _call(self, messages: Sequence[Message], /, **kwargs: Any) -> ChatCompletion:
        attempt = 0
        while True:
            self._before_attempt(messages, attempt)
            started = time.monotonic()
            client = self._sync_client().with_options(timeout=self._sdk_timeout())
            try:
                response: ChatCompletion = client.chat.completions.create(**kwargs)
            except openai.OpenAIError as exc:
                error = translate_error(exc)
                self._record(
                    messages,
                    started,
                    outcome=_outcome(error),
                    attempt=attempt,
                    error=error,
                    sent=False,
                )
                delay = self._after_failure(error, attempt)
                if delay is None:
                    raise error from exc
                time.sleep(delay)
                attempt += 1
                continue
            self.breaker.success()
            self._record_response(messages, started, response, attempt)
            return response

    def _record_response(
        self,
        messages: Sequence[Message],
        started: float,
        response: ChatCompletion,
        attempt: int,
    ) -> None:
        text = ""
        if response.choices and response.choices[0].message.content:
            text = response.choices[0].message.content
        usage = _usage(response.usage) if response.usage is not None else None
        self._record(
            messages, started, outcome="ok", attempt=attempt, text=text, usage=usage
        )

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> Completion:
        """Blocking call (Celery workers, management commands)."""
        response = self._call(messages, **self._request(messages, max_tokens))
        return _completion(response, self._model)

    # -- structured output -----------------------------------------------------

    def structured(
        self,
        messages: Sequence[Message],
        schema: type[T],
        *,
        max_tokens: int | None = None,
    ) -> Structured[T]:
        """Return the reply parsed and validated as `schema`.

        Asks for a strict `json_schema` response format first. A server that
        rejects that (HTTP 400/422) gets one retry with `json_object` and the
        schema spelled out in the system message. Raises LLMOutputError when
        the answer is not valid JSON for `schema`.
        """
        request = self._request(messages, max_tokens)
        rejected: LLMError | None = None
        if self._json_schema_supported is not False:
            try:
                response = self._call(
                    messages, **request, response_format=_json_schema_format(schema)
                )
            except LLMError as exc:
                if not _is_format_rejection(exc):
                    raise
                rejected = exc
            else:
                return _structured(response, schema, self._model)
        fallback_messages = _with_schema_instruction(messages, schema)
        fallback = self._request(fallback_messages, max_tokens)
        response = self._call(
            fallback_messages, **fallback, response_format=_JSON_OBJECT
        )
        self._remember_rejection(rejected)
        return _structured(response, schema, self._model)

    def _remember_rejection(self, rejected: LLMError | None) -> None:
        # Remember only when the server named the response format and
        # json_object then worked with the same input: a 400 for another reason
        # (a glitch, a proxy) must not switch the worker to plain JSON for good.
        if rejected is not None and _FORMAT_REJECTED.search(str(rejected)):
            self._json_schema_supported = False


def _outcome(error: LLMError) -> str:
    return "timeout" if isinstance(error, LLMTimeout) else "error"


def _is_format_rejection(error: LLMError) -> bool:
    status = getattr(error, "status", None)
    return status in (400, 422) and not isinstance(error, LLMContextTooLong)


def _messages_text(messages: Sequence[Message]) -> str:
    return "\n\n".join(f"[{m.role}]\n{m.content}" for m in messages)


# Draining after an early close: stop at the first gap longer than this (a
# server still generating, at 40-100 tokens/s, leaves gaps of 10-25 ms, so a
# live model is not kept generating), and after this long in all.
DRAIN_IDLE_SECONDS = 0.02
DRAIN_MAX_SECONDS = 1.0


async def _drain_delivered(
    response: Any, usage: Usage | None
) -> tuple[list[str], Usage | None, bool]:
    """Read what already arrived on a stream the caller closed early.

    The server bills every token it wrote before the connection closed; the
    caller saw only those up to its decision. Reading on while data is already
    there (a fast server, or a whole reply sent at once) meters those tokens
    from the text, and, when the end is reached, from the usage chunk, so the
    count is the server's own. Bounded in time, and never an error; the flag
    says the bound was reached with the server still sending.
    """
    parts: list[str] = []
    loop = asyncio.get_running_loop()
    stop = loop.time() + DRAIN_MAX_SECONDS
    chunks = response.__aiter__()
    unread = True
    try:
        while (left := stop - loop.time()) > 0:
            chunk = await asyncio.wait_for(anext(chunks), min(DRAIN_IDLE_SECONDS, left))
            if chunk.usage is not None:
                usage = _usage(chunk.usage)
            for choice in chunk.choices:
                if choice.index == 0 and choice.delta.content:
                    parts.append(choice.delta.content)
    except (StopAsyncIteration, TimeoutError, openai.OpenAIError, ValueError, OSError):
        unread = False
    return parts, usage, unread
