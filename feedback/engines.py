"""Which annotator this process uses: LLM when configured, offline otherwise."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings

from config.llm import annotator_model, model_for
from feedback.rubrics import LLMAnnotator, OfflineAnnotator

if TYPE_CHECKING:
    from feedback.rubrics import Annotator


@lru_cache(maxsize=1)
def get_annotator() -> Annotator:
    offline = OfflineAnnotator()
    model = model_for(settings.ANNOTATOR, annotator_model, setting="ANNOTATOR")
    return offline if model is None else LLMAnnotator(model, fallback=offline)
