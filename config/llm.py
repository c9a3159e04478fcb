"""The one place that turns settings into model clients (one per process).

Without OPENAI_API_KEY there is no client and the offline engines are used.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from llm.settings import LLMConfig, build_chat_model

if TYPE_CHECKING:
    from llm.types import ChatModel


def _config() -> object:
    return LLMConfig(
        api_key=settings.OPENAI_API_KEY,
        base_url=settings.OPENAI_BASE_URL,
        patient_model=settings.PATIENT_MODEL,
        annotator_model=settings.ANNOTATOR_MODEL,
        chat_timeout=settings.LLM_CHAT_TIMEOUT,
        task_timeout=settings.LLM_TASK_TIMEOUT,
    )


@lru_cache(maxsize=1)
def patient_model() -> ChatModel | None:
    return build_chat_model(_config(), "patient")  # type: ignore[arg-type]


@lru_cache(maxsize=1)
def annotator_model() -> ChatModel | None:
    return build_chat_model(_config(), "annotator")  # type: ignore[arg-type]


def model_for(choice: str, build: Callable[[], ChatModel | None], *, setting: str) -> ChatModel | None:
    """The model an engine should use, or None for the offline engine.

    `choice` is the setting's value: "offline", "llm" (a key is required) or
    "auto" (the LLM when a key is configured).
    """
    if choice == "offline":
        return None
    model = build()
    if model is None and choice == "llm":
        msg = f"{setting}=llm needs OPENAI_API_KEY."
        raise ImproperlyConfigured(msg)
    return model
