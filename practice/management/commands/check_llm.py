"""`manage.py check_llm`: call each configured model endpoint once and report.

For each role with a key: the model, the endpoint, the latency of a tiny
streamed request, and whether streaming and structured output work. Exits
non-zero when a configured endpoint fails, so it can gate a deployment.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from pydantic import BaseModel

from config.llm import annotator_model, patient_model
from llm.errors import LLMError
from llm.metering import collecting
from llm.types import ChatModel, Message
from practice.metering import store_calls
from practice.models import ModelCall

PROBE = [
    Message("system", "You are a connectivity check. Answer in one short sentence."),
    Message("user", "Say hello."),
]


class _Probe(BaseModel):
    ok: bool


class Command(BaseCommand):
    help = "Call each configured model endpoint once: model, latency, streaming, structured output."

    def handle(self, *args: Any, **options: Any) -> None:
        failures = 0
        for role, build in (("patient", patient_model), ("annotator", annotator_model)):
            model = build()
            if model is None:
                self.stdout.write(f"{role}: no key configured, offline engine in use")
                continue
            failures += self._check(role, model)
        if failures:
            raise CommandError(f"{failures} check(s) failed")

    def _check(self, role: str, model: ChatModel) -> int:
        where = getattr(model, "base_url", None) or "https://api.openai.com/v1"
        self.stdout.write(f"{role}: model {model.model} at {where}")
        failures = 0
        # Metered like every call, under role "other": not practice usage.
        with collecting(role=role) as log:
            started = time.monotonic()
            try:
                text = asyncio.run(_stream_text(model))
                ms = (time.monotonic() - started) * 1000
                self.stdout.write(
                    f"  streaming: ok, {ms:.0f} ms, {len(text)} characters"
                )
            except LLMError as error:
                failures += 1
                self.stdout.write(f"  streaming: FAILED ({error})")
            started = time.monotonic()
            try:
                model.structured(
                    [*PROBE[:1], Message("user", 'Answer {"ok": true} as JSON.')],
                    _Probe,
                    max_tokens=20,
                )
                ms = (time.monotonic() - started) * 1000
                self.stdout.write(f"  structured output: ok, {ms:.0f} ms")
            except LLMError as error:
                failures += 1
                self.stdout.write(f"  structured output: FAILED ({error})")
        store_calls(log.records, role=ModelCall.Role.OTHER)
        return failures


async def _stream_text(model: ChatModel) -> str:
    parts = [d.text async for d in model.stream(PROBE, max_tokens=20)]
    return "".join(parts)
