"""The one place that turns settings into model clients (one per process).

Without OPENAI_API_KEY there is no client and the offline engines are used.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings

if TYPE_CHECKING:
    from llm.types import ChatModel


def _config() -> object:
    from llm.settings import LLMConfig

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
    from llm.settings import build_chat_model

    return build_chat_model(_config(), "patient")  # type: ignore[arg-type]


@lru_cache(maxsize=1)
def annotator_model() -> ChatModel | None:
    from llm.settings import build_chat_model

    return build_chat_model(_config(), "annotator")  # type: ignore[arg-type]
