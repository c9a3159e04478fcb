"""The only exception types callers of `llm` ever see (never a vendor's)."""

from __future__ import annotations


class LLMError(Exception):
    """Any failure talking to a model."""


class TransientLLMError(LLMError):
    """Worth retrying later: rate limits, 5xx, dropped connections."""


class LLMTimeout(TransientLLMError):
    """The model did not answer (or stopped streaming) within the timeout."""


class LLMRateLimited(TransientLLMError):
    """HTTP 429 from the endpoint."""


class LLMStreamInterrupted(TransientLLMError):
    """The stream ended before the model said it was finished."""


class LLMOutputError(LLMError):
    """The model answered, but the answer is unusable (bad JSON, schema mismatch)."""


class LLMUnavailable(TransientLLMError):
    """The endpoint's circuit breaker is open: too many recent failures."""


class LLMDeadlineExceeded(LLMTimeout):
    """The total deadline for this reply or annotation ran out."""


class LLMContextTooLong(LLMError):
    """HTTP 400 because the prompt is longer than the model's context window."""
