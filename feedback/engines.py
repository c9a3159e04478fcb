"""Which annotator this process uses: LLM when configured, offline otherwise."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings

from config.llm import annotator_model

if TYPE_CHECKING:
    from feedback.rubrics import Annotator


@lru_cache(maxsize=1)
def get_annotator() -> Annotator:
    from feedback.rubrics import LLMAnnotator, OfflineAnnotator

    offline = OfflineAnnotator()
    choice = settings.ANNOTATOR
    if choice == "offline":
        return offline
    model = annotator_model()
    if model is None:
        if choice == "llm":
            msg = "ANNOTATOR=llm needs OPENAI_API_KEY."
            raise RuntimeError(msg)
        return offline
    return LLMAnnotator(model, fallback=offline)
