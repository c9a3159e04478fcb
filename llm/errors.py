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
