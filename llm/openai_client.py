"""ChatModel on any OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, LM Studio).

This is the only module that imports the `openai` SDK. Every vendor exception
is translated into `llm.errors` at this boundary, so callers never see one.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import AsyncGenerator, Sequence
from typing import TYPE_CHECKING, Any, Literal

import openai
from openai.lib._pydantic import to_strict_json_schema
from pydantic import ValidationError

from llm.errors import (
    LLMError,
    LLMOutputError,
    LLMRateLimited,
    LLMStreamInterrupted,
    LLMTimeout,
    TransientLLMError,
)
from llm.types import Completion, Delta, Message, Structured, T, Timeouts, Usage

if TYPE_CHECKING:
    from openai.types.chat import (
        ChatCompletion,
        ChatCompletionMessageParam,
    )
    from openai.types.completion_usage import CompletionUsage
    from openai.types.shared_params import (
        ResponseFormatJSONObject,
        ResponseFormatJSONSchema,
    )

__all__ = ["OpenAIChatModel", "translate_error"]

MaxTokensParam = Literal["max_tokens", "max_completion_tokens"]

_JSON_OBJECT: ResponseFormatJSONObject = {"type": "json_object"}

# OpenAI limits json_schema names to this alphabet and 64 characters.
_SCHEMA_NAME_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]")


class OpenAIChatModel:
    """A `ChatModel` backed by the `openai` SDK's Chat Completions API.

    The sync and async SDK clients are created lazily, one per instance (the
    async one per event loop, see `_async_client`). Retries are the SDK's own
    (exponential backoff, honours Retry-After) and cover only failures before
    any byte of the answer arrived; a stream that breaks midway is not replayed.
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
        self._max_tokens_param: MaxTokensParam = max_tokens_param
        self._lock = threading.Lock()
        self._sync: openai.OpenAI | None = None
        self._async: openai.AsyncOpenAI | None = None
        self._async_loop: asyncio.AbstractEventLoop | None = None
        # None: not known yet. False: the server rejected `json_schema` once and
        # then accepted `json_object`, so later calls skip the doomed request.
        self._json_schema_supported: bool | None = None

    def __repr__(self) -> str:
        # Never show the API key.
        return f"OpenAIChatModel(model={self._model!r}, base_url={self._base_url!r})"

    @property
    def model(self) -> str:
        return self._model

    @property
    def timeouts(self) -> Timeouts:
        return self._timeouts

    @property
    def max_retries(self) -> int:
        return self._max_retries

    # -- clients ---------------------------------------------------------------

    def _sdk_timeout(self) -> openai.Timeout:
        t = self._timeouts
        return openai.Timeout(
            connect=t.connect, read=t.read, write=t.write, pool=t.pool
        )

    def _sync_client(self) -> openai.OpenAI:
        # The lock makes first use from several worker threads build one client.
        with self._lock:
            if self._sync is None:
                self._sync = openai.OpenAI(
                    api_key=self._api_key,
                    base_url=self._base_url,
                    timeout=self._sdk_timeout(),
                    max_retries=self._max_retries,
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
                    max_retries=self._max_retries,
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
        return kwargs

    # -- plain completions -----------------------------------------------------

    async def stream(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> AsyncGenerator[Delta, None]:
        """Stream the reply as text deltas, then one terminal delta.

        Raises LLMTimeout when the endpoint does not answer, or stops sending,
        for longer than the read timeout; LLMStreamInterrupted when the stream
        breaks off before the model finished.
        """
        client = self._async_client()
        try:
            response = await client.chat.completions.create(
                **self._request(messages, max_tokens),
                stream=True,
                stream_options={"include_usage": True},
            )
        except openai.OpenAIError as exc:
            raise translate_error(exc) from exc

        finish_reason: str | None = None
        usage: Usage | None = None
        received_any = False
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
                        yield Delta(choice.delta.content)
                    if choice.finish_reason is not None:
                        finish_reason = choice.finish_reason
        except openai.APITimeoutError as exc:
            raise LLMTimeout(
                f"stream from {self._model!r} stalled for over {self._timeouts.read:g}s"
            ) from exc
        except openai.APIConnectionError as exc:
            if received_any:
                raise LLMStreamInterrupted(
                    f"connection dropped mid-stream from {self._model!r}"
                ) from exc
            raise translate_error(exc) from exc
        except openai.OpenAIError as exc:
            raise translate_error(exc) from exc
        except ValueError as exc:
            # A data line that is not JSON (json.JSONDecodeError is a ValueError).
            raise LLMOutputError(f"malformed stream from {self._model!r}") from exc
        finally:
            # Also runs when the caller stops iterating early (GeneratorExit),
            # so the connection goes back to the pool instead of leaking.
            await response.close()

        if finish_reason is None:
            raise LLMStreamInterrupted(
                f"stream from {self._model!r} ended without a finish_reason"
            )
        yield Delta("", usage=usage, finish_reason=finish_reason)

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> Completion:
        """Blocking call (Celery workers, management commands)."""
        try:
            response = self._sync_client().chat.completions.create(
                **self._request(messages, max_tokens)
            )
        except openai.OpenAIError as exc:
            raise translate_error(exc) from exc
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
        client = self._sync_client()
        request = self._request(messages, max_tokens)
        rejected = False
        if self._json_schema_supported is not False:
            try:
                response = client.chat.completions.create(
                    **request, response_format=_json_schema_format(schema)
                )
            except (openai.BadRequestError, openai.UnprocessableEntityError):
                rejected = True
            except openai.OpenAIError as exc:
                raise translate_error(exc) from exc
            else:
                return _structured(response, schema, self._model)

        fallback = self._request(_with_schema_instruction(messages, schema), max_tokens)
        try:
            response = client.chat.completions.create(
                **fallback, response_format=_JSON_OBJECT
            )
        except openai.OpenAIError as exc:
            raise translate_error(exc) from exc
        if rejected:
            # Remember only when json_object worked with the same input: a 400
            # for another reason (context too long) would have failed here too.
            self._json_schema_supported = False
        return _structured(response, schema, self._model)

# -- helpers -------------------------------------------------------------------


def translate_error(exc: openai.OpenAIError) -> LLMError:
    """Map an `openai` exception onto the `llm.errors` hierarchy."""
    # Order matters: APITimeoutError subclasses APIConnectionError.
    if isinstance(exc, openai.APITimeoutError):
        return LLMTimeout(f"model request timed out: {exc}")
    if isinstance(exc, openai.APIConnectionError):
        return TransientLLMError(f"could not reach the model endpoint: {exc}")
    if isinstance(exc, openai.APIResponseValidationError):
        return LLMOutputError(f"unexpected response shape: {exc}")
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        if status == 429:
            return LLMRateLimited(f"rate limited (HTTP 429): {exc.message}")
        # 408 and 409 are what the SDK itself treats as retryable.
        if status >= 500 or status in (408, 409):
            return TransientLLMError(
                f"model endpoint error (HTTP {status}): {exc.message}"
            )
        return LLMError(f"model request rejected (HTTP {status}): {exc.message}")
    return LLMError(f"model call failed: {exc}")


def _to_openai_messages(
    messages: Sequence[Message],
) -> list[ChatCompletionMessageParam]:
    out: list[ChatCompletionMessageParam] = []
    for m in messages:
        if m.role == "system":
            out.append({"role": "system", "content": m.content})
        elif m.role == "user":
            out.append({"role": "user", "content": m.content})
        else:
            out.append({"role": "assistant", "content": m.content})
    return out


def _usage(raw: CompletionUsage | None) -> Usage:
    if raw is None:
        return Usage()
    return Usage(raw.prompt_tokens or 0, raw.completion_tokens or 0)


def _first_text(response: ChatCompletion, model: str) -> tuple[str, str]:
    if not response.choices:
        raise LLMOutputError(f"{model!r} returned no choices")
    choice = response.choices[0]
    content = choice.message.content
    if content is None:
        refusal = getattr(choice.message, "refusal", None)
        detail = f" (refusal: {refusal})" if refusal else ""
        raise LLMOutputError(f"{model!r} returned no text{detail}")
    return content, choice.finish_reason or ""


def _completion(response: ChatCompletion, model: str) -> Completion:
    text, finish_reason = _first_text(response, model)
    return Completion(
        text=text,
        usage=_usage(response.usage),
        model=response.model or model,
        finish_reason=finish_reason,
    )


def _structured(response: ChatCompletion, schema: type[T], model: str) -> Structured[T]:
    text, finish_reason = _first_text(response, model)
    try:
        value = schema.model_validate_json(_strip_code_fence(text))
    except ValidationError as exc:
        hint = " (cut off by max_tokens)" if finish_reason == "length" else ""
        raise LLMOutputError(
            f"{model!r} answer is not a valid {schema.__name__}{hint}: "
            f"{exc.error_count()} error(s)"
        ) from exc
    return Structured(
        value=value, usage=_usage(response.usage), model=response.model or model
    )


def _strip_code_fence(text: str) -> str:
    # json_object mode on small local models sometimes wraps the JSON in a
    # Markdown fence; accept that rather than fail the whole annotation.
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        if stripped.rstrip().endswith("```"):
            stripped = stripped.rstrip()[:-3]
    return stripped


def _schema_name(schema: type[T]) -> str:
    return _SCHEMA_NAME_UNSAFE.sub("_", schema.__name__)[:64] or "response"


def _json_schema_format(schema: type[T]) -> ResponseFormatJSONSchema:
    # The SDK's own strict-schema transform (additionalProperties: false, every
    # property required, $refs next to siblings inlined) is what OpenAI's
    # strict mode accepts; a raw model_json_schema() is rejected there.
    return {
        "type": "json_schema",
        "json_schema": {
            "name": _schema_name(schema),
            "schema": to_strict_json_schema(schema),
            "strict": True,
        },
    }


def _with_schema_instruction(
    messages: Sequence[Message], schema: type[T]
) -> list[Message]:
    instruction = (
        "Answer with a single JSON object and nothing else. It must validate "
        "against this JSON Schema:\n"
        + json.dumps(schema.model_json_schema(), separators=(",", ":"))
    )
    out = list(messages)
    # json_object mode requires the word "JSON" in the prompt; appending to an
    # existing system message keeps servers that allow only one system message.
    if out and out[0].role == "system":
        out[0] = Message("system", f"{out[0].content}\n\n{instruction}")
    else:
        out.insert(0, Message("system", instruction))
    return out
