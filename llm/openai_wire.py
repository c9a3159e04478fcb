"""Wire format of the OpenAI-compatible API: errors, messages, responses, schemas.

Split from `llm/openai_client.py` (the client and its retry, deadline and metering
loop): these helpers translate between the SDK's types and `llm.types` /
`llm.errors`, and are the only other place that touches the `openai` SDK.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import openai
from openai.lib._pydantic import to_strict_json_schema
from pydantic import ValidationError

from llm import deadline
from llm.errors import (
    LLMContextTooLong,
    LLMDeadlineExceeded,
    LLMError,
    LLMOutputError,
    LLMRateLimited,
    LLMTimeout,
    TransientLLMError,
)
from llm.types import Completion, Message, Structured, T, Usage

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


_JSON_OBJECT: ResponseFormatJSONObject = {"type": "json_object"}

# OpenAI limits json_schema names to this alphabet and 64 characters.
_SCHEMA_NAME_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]")
# How servers word a prompt that does not fit (OpenAI, vLLM, llama.cpp, Ollama).
_CONTEXT_TOO_LONG = re.compile(
    r"context[_ ]length|maximum context|context window|too many tokens|"
    r"prompt is too long|exceeds the (?:model'?s )?(?:max|context)",
    re.IGNORECASE,
)


# -- helpers -------------------------------------------------------------------


def translate_error(exc: openai.OpenAIError) -> LLMError:
    """Map an `openai` exception onto the `llm.errors` hierarchy.

    The error keeps the HTTP status (`.status`) and any Retry-After hint in
    seconds (`.retry_after`) for the retry loop and the audit trail.
    """
    error = _translate(exc)
    if isinstance(exc, openai.APIStatusError):
        error.status = exc.status_code  # type: ignore[attr-defined]
        error.retry_after = _retry_after(exc)  # type: ignore[attr-defined]
    return error


def _translate(exc: openai.OpenAIError) -> LLMError:
    # Order matters: APITimeoutError subclasses APIConnectionError.
    if isinstance(exc, openai.APITimeoutError):
        if (left := deadline.remaining()) is not None and left <= 0.05:
            return LLMDeadlineExceeded(f"model request hit the total deadline: {exc}")
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
        code = getattr(exc, "code", None)
        if status in (400, 413) and (
            code == "context_length_exceeded" or _CONTEXT_TOO_LONG.search(exc.message)
        ):
            return LLMContextTooLong(f"prompt too long (HTTP {status}): {exc.message}")
        return LLMError(f"model request rejected (HTTP {status}): {exc.message}")
    return LLMError(f"model call failed: {exc}")


def _retry_after(exc: openai.APIStatusError) -> float | None:
    headers = exc.response.headers
    try:
        if (ms := headers.get("retry-after-ms")) is not None:
            return float(ms) / 1000
        if (sec := headers.get("retry-after")) is not None:
            return float(sec)
    except ValueError:
        return None
    return None


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
