"""Which patient responder a session uses: LLM when configured, offline otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

from config.llm import patient_model

if TYPE_CHECKING:
    from patients.simulation import Responder


def get_responder() -> Responder:
    from patients.simulation import OfflineResponder

    offline = OfflineResponder()
    choice = settings.PATIENT_RESPONDER
    if choice == "offline":
        return offline
    model = patient_model()
    if model is None:
        if choice == "llm":
            msg = "PATIENT_RESPONDER=llm needs OPENAI_API_KEY."
            raise RuntimeError(msg)
        return offline
    from patients.simulation import LLMResponder

    return LLMResponder(model, fallback=offline, max_tokens=settings.PATIENT_MAX_TOKENS)
