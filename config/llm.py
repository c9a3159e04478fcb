"""The one place that turns settings into model clients (one per process).

Without OPENAI_API_KEY there is no client and the offline engines are used.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from llm.settings import LLMConfig, build_chat_model

T = TypeVar("T")

if TYPE_CHECKING:
    from llm.types import ChatModel


def _config() -> LLMConfig:
    return LLMConfig(
        api_key=settings.OPENAI_API_KEY,
        base_url=settings.OPENAI_BASE_URL,
        patient_model=settings.PATIENT_MODEL,
        annotator_model=settings.ANNOTATOR_MODEL,
        chat_timeout=settings.LLM_CHAT_TIMEOUT,
        task_timeout=settings.LLM_TASK_TIMEOUT,
        patient_api_key=settings.PATIENT_API_KEY,
        patient_base_url=settings.PATIENT_BASE_URL,
        annotator_api_key=settings.ANNOTATOR_API_KEY,
        annotator_base_url=settings.ANNOTATOR_BASE_URL,
        patient_temperature=_first(
            settings.PATIENT_TEMPERATURE, settings.OPENAI_TEMPERATURE
        ),
        annotator_temperature=_first(
            settings.ANNOTATOR_TEMPERATURE, settings.OPENAI_TEMPERATURE
        ),
        patient_seed=_first(settings.PATIENT_SEED, settings.OPENAI_SEED),
        annotator_seed=_first(settings.ANNOTATOR_SEED, settings.OPENAI_SEED),
        max_tokens_param=_param(settings.OPENAI_MAX_TOKENS_PARAM),
        patient_max_tokens_param=_param(settings.PATIENT_MAX_TOKENS_PARAM),
        annotator_max_tokens_param=_param(settings.ANNOTATOR_MAX_TOKENS_PARAM),
        breaker_threshold=settings.LLM_BREAKER_THRESHOLD,
        breaker_cooldown=settings.LLM_BREAKER_COOLDOWN,
    )


def _param(value: Any) -> Literal["max_tokens", "max_completion_tokens"]:
    # Settings validated the value at start-up.
    return "max_completion_tokens" if value == "max_completion_tokens" else "max_tokens"


def _first(*values: T | None) -> T | None:
    return next((v for v in values if v is not None), None)


@lru_cache(maxsize=1)
def patient_model() -> ChatModel | None:
    return build_chat_model(_config(), "patient")


@lru_cache(maxsize=1)
def annotator_model() -> ChatModel | None:
    return build_chat_model(_config(), "annotator")


def model_for(
    choice: str, build: Callable[[], ChatModel | None], *, setting: str
) -> ChatModel | None:
    """The model an engine should use, or None for the offline engine.

    `choice` is the setting's value: "offline", "llm" (a key is required) or
    "auto" (the LLM when a key is configured).
    """
    if choice == "offline":
        return None
    model = build()
    if model is None and choice == "llm":
        msg = f"{setting}=llm needs OPENAI_API_KEY (or a key for the role)."
        raise ImproperlyConfigured(msg)
    return model
