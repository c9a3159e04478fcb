"""Storing and pricing model calls (`ModelCall`), for budgets, usage and audit.

The `llm` client reports every request it makes as a `CallRecord`; the code
that owns the unit of work (a patient reply here, an annotation in feedback)
collects them and hands them to `store_calls`. Calls made outside such a unit
(management commands, scoring) reach `store_orphan_call`, the process's
default sink, so no call goes unmetered.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, QuerySet, Sum
from django.utils import timezone

from llm.metering import CallRecord

from .models import ModelCall

logger = logging.getLogger(__name__)

_warned_models: set[str] = set()


def store_calls(
    records: Iterable[CallRecord],
    *,
    role: str,
    turn_id: int | None = None,
    user_id: int | None = None,
) -> list[ModelCall]:
    """Save the calls of one unit of work (text only with LLM_LOG_TEXT)."""
    keep_text = settings.LLM_LOG_TEXT
    rows = [
        ModelCall(
            role=role,
            model=r.model[:100],
            host=r.host[:200],
            outcome=r.outcome,
            attempt=r.attempt,
            guard=list(r.guard),
            error=r.error[:300],
            status=r.status,
            prompt_tokens=r.prompt_tokens,
            completion_tokens=r.completion_tokens,
            estimated=r.estimated,
            latency_ms=r.latency_ms,
            first_token_ms=r.first_token_ms,
            turn_id=turn_id,
            user_id=user_id,
            request_text=r.request_text if keep_text else "",
            response_text=r.response_text if keep_text else "",
        )
        for r in records
    ]
    return ModelCall.objects.bulk_create(rows) if rows else []


def store_orphan_call(record: CallRecord) -> None:
    """Default sink for a call made outside any collected unit of work."""
    store_calls([record], role=ModelCall.Role.OTHER)


def purge_call_text(*, now: datetime | None = None) -> int:
    """Clear prompt and response text older than LLM_LOG_RETENTION_DAYS."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.LLM_LOG_RETENTION_DAYS)
    old = ModelCall.objects.filter(created_at__lt=cutoff).exclude(
        request_text="", response_text=""
    )
    return old.update(request_text="", response_text="")


# -- prices ---------------------------------------------------------------------------


def price_for(model: str) -> dict[str, float]:
    """Price per 1M tokens; an unknown model gets LLM_DEFAULT_PRICE, with one warning."""
    prices: dict[str, dict[str, float]] = settings.MODEL_PRICES
    name = model or settings.PATIENT_MODEL
    price = prices.get(name)
    if price is not None:
        return price
    if name not in _warned_models:
        _warned_models.add(name)
        logger.warning(
            "No price for model %r in MODEL_PRICES; using LLM_DEFAULT_PRICE %s",
            name,
            settings.LLM_DEFAULT_PRICE,
        )
    default: dict[str, float] = settings.LLM_DEFAULT_PRICE
    return default


def estimate_cost(*, model: str, prompt_tokens: int, completion_tokens: int) -> float:
    """Estimated cost in COST_CURRENCY of one model's token counts."""
    price = price_for(model)
    return (
        prompt_tokens * price["input"] + completion_tokens * price["output"]
    ) / 1_000_000


def totals_by_role(calls: QuerySet[ModelCall]) -> dict[str, dict[str, Any]]:
    """{"patient": {"calls", "prompt_tokens", "completion_tokens", "cost"}, ...}."""
    out: dict[str, dict[str, Any]] = {
        role: {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0}
        for role in (ModelCall.Role.PATIENT, ModelCall.Role.ANNOTATOR)
    }
    rows = (
        calls.values("role", "model")
        .annotate(n=Count("id"), p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
        .order_by()
    )
    for row in rows:
        item = out.setdefault(
            row["role"],
            {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost": 0.0},
        )
        p, c = row["p"] or 0, row["c"] or 0
        item["calls"] += row["n"]
        item["prompt_tokens"] += p
        item["completion_tokens"] += c
        item["cost"] += estimate_cost(
            model=row["model"], prompt_tokens=p, completion_tokens=c
        )
    for item in out.values():
        item["cost"] = round(item["cost"], 6)
    return out


def guard_trips(calls: QuerySet[ModelCall]) -> dict[str, int]:
    """How often each guard check tripped (one call may trip several)."""
    counts: dict[str, int] = {}
    for flags in calls.filter(outcome="rejected").values_list("guard", flat=True):
        for flag in flags or []:
            counts[flag] = counts.get(flag, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def outcomes(calls: QuerySet[ModelCall]) -> dict[str, int]:
    rows = calls.values("outcome").annotate(n=Count("id")).order_by("-n")
    return {row["outcome"]: row["n"] for row in rows}
