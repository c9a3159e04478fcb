"""Token usage and estimated cost, from every model call (`ModelCall`).

Both model roles count, and every attempt counts: replies kept or rejected by
the guard, retries, fallbacks, failed and cut calls, annotations. Costs are
estimates: tokens x MODEL_PRICES (per 1M tokens, per model); a model missing
from MODEL_PRICES is priced at LLM_DEFAULT_PRICE (and logged once).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.utils import timezone

from accounts.models import User
from practice.metering import estimate_cost, price_for
from practice.models import Cohort, ModelCall, PracticeSession

__all__ = ["estimate_cost", "price_for"]


@dataclass
class UsageRow:
    key: Any
    label: str = ""
    sessions: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    budget: int | None = None

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def month_bounds(month: date) -> tuple[datetime, datetime]:
    """[first instant of the month, first instant of the next) in local time."""
    tz = timezone.get_current_timezone()
    following = (month.replace(day=28) + timedelta(days=4)).replace(day=1)
    return (
        datetime(month.year, month.month, 1, tzinfo=tz),
        datetime(following.year, following.month, 1, tzinfo=tz),
    )


def billed_calls(month: date | None = None) -> QuerySet[ModelCall]:
    calls = ModelCall.objects.all()
    if month is not None:
        start, end = month_bounds(month)
        calls = calls.filter(created_at__gte=start, created_at__lt=end)
    return calls


def _grouped(calls: QuerySet[ModelCall], key: str) -> dict[Any, UsageRow]:
    out: dict[Any, UsageRow] = {}
    rows = (
        calls.values(key, "model")
        .annotate(p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
        .order_by()
    )
    for row in rows:
        item = out.setdefault(row[key], UsageRow(key=row[key]))
        p, c = row["p"] or 0, row["c"] or 0
        item.prompt_tokens += p
        item.completion_tokens += c
        item.cost += estimate_cost(
            model=row["model"], prompt_tokens=p, completion_tokens=c
        )
    # Sessions are counted per group on their own: a session whose calls used
    # two models would otherwise count twice.
    counted = calls.values(key).annotate(n=Count("turn__session", distinct=True))
    for row in counted.order_by():
        if row[key] in out:
            out[row[key]].sessions = row["n"]
    return out


def usage_by_month() -> list[UsageRow]:
    rows = _grouped(ModelCall.objects.annotate(month=TruncMonth("created_at")), "month")
    for row in rows.values():
        row.label = row.key.strftime("%B %Y") if row.key else "—"
    return sorted(rows.values(), key=lambda r: r.key, reverse=True)


def usage_by_trainee(month: date | None) -> list[UsageRow]:
    rows = _grouped(billed_calls(month).filter(user__isnull=False), "user")
    users = User.objects.in_bulk(list(rows))
    for pk, row in rows.items():
        user = users[pk]
        row.label, row.key, row.budget = str(user), user, user.daily_token_budget
    return sorted(rows.values(), key=lambda r: r.tokens, reverse=True)


def usage_by_cohort(month: date | None) -> list[UsageRow]:
    # A trainee in two cohorts counts in both: the rows do not add up to the total.
    rows = _grouped(
        billed_calls(month).filter(user__trainee_cohorts__isnull=False),
        "user__trainee_cohorts",
    )
    cohorts = Cohort.objects.in_bulk(list(rows))
    for pk, row in rows.items():
        row.label, row.key = cohorts[pk].name, cohorts[pk]
    return sorted(rows.values(), key=lambda r: r.tokens, reverse=True)


def usage_by_session(month: date | None, *, limit: int = 50) -> list[UsageRow]:
    rows = _grouped(billed_calls(month).filter(turn__isnull=False), "turn__session")
    top = sorted(rows.values(), key=lambda r: r.tokens, reverse=True)[:limit]
    sessions = PracticeSession.objects.select_related(
        "trainee", "case_version"
    ).in_bulk([r.key for r in top])
    for row in top:
        row.key = sessions[row.key]
        row.label = str(row.key.case_version)
        row.sessions = 1
    return top


def total(rows: Iterable[UsageRow]) -> UsageRow:
    out = UsageRow(key="total", label="Total")
    for row in rows:
        out.prompt_tokens += row.prompt_tokens
        out.completion_tokens += row.completion_tokens
        out.sessions += row.sessions
        out.cost += row.cost
    return out
