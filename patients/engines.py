"""Which patient responder a session uses: LLM when configured, offline otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

from config.llm import model_for, patient_model
from patients.simulation import LLMResponder, OfflineResponder

if TYPE_CHECKING:
    from patients.simulation import Responder


def get_responder() -> Responder:
    offline = OfflineResponder()
    model = model_for(
        settings.PATIENT_RESPONDER, patient_model, setting="PATIENT_RESPONDER"
    )
    if model is None:
        return offline

    return LLMResponder(
        model,
        fallback=offline,
        max_tokens=settings.PATIENT_MAX_TOKENS,
        deadline=settings.LLM_REPLY_DEADLINE,
        on_deadline=settings.PATIENT_ON_DEADLINE,
        history_tokens=settings.PATIENT_HISTORY_TOKENS,
    )
