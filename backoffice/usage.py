"""Token usage and estimated cost, from the token counts the model returned.

Both model roles count: the patient's replies (stored on the turn) and the
annotations of the trainee's turns (stored on the annotation). Costs are
estimates: tokens x MODEL_PRICES (per 1M tokens, per model). A row that does not
record its model (older rows) is priced as PATIENT_MODEL.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.utils import timezone

from accounts.models import User
from feedback.models import Annotation
from practice.budget import BILLED
from practice.models import Cohort, PracticeSession, Turn


def price_for(model: str) -> dict[str, float]:
    prices: dict[str, dict[str, float]] = settings.MODEL_PRICES
    return prices.get(model or settings.PATIENT_MODEL) or {"input": 0.0, "output": 0.0}


def estimate_cost(*, model: str, prompt_tokens: int, completion_tokens: int) -> float:
    """Estimated cost in COST_CURRENCY of one model's token counts."""
    price = price_for(model)
    return (prompt_tokens * price["input"] + completion_tokens * price["output"]) / 1_000_000


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


def billed_turns(month: date | None = None) -> QuerySet[Turn]:
    turns = Turn.objects.filter(BILLED)
    if month is not None:
        start, end = month_bounds(month)
        turns = turns.filter(created_at__gte=start, created_at__lt=end)
    return turns


def _fold(rows: Iterable[dict[str, Any]], key: str) -> dict[Any, UsageRow]:
    out: dict[Any, UsageRow] = {}
    for row in rows:
        item = out.setdefault(row[key], UsageRow(key=row[key]))
        item.prompt_tokens += row["p"] or 0
        item.completion_tokens += row["c"] or 0
        item.cost += estimate_cost(
            model=row["model"], prompt_tokens=row["p"] or 0, completion_tokens=row["c"] or 0
        )
    return out


def billed_annotations(month: date | None = None) -> QuerySet[Annotation]:
    annotations = Annotation.objects.filter(BILLED)
    if month is not None:
        start, end = month_bounds(month)
        annotations = annotations.filter(created_at__gte=start, created_at__lt=end)
    return annotations


def _annotation_rows(annotations: QuerySet[Annotation], key: str) -> list[dict[str, Any]]:
    """Annotation tokens grouped like the turns: `key` seen from the annotated turn."""
    via_turn = "month" if key == "month" else f"turn__{key}"
    return [
        {key: row[via_turn], "model": row["model"], "p": row["p"], "c": row["c"]}
        for row in annotations.values(via_turn, "model")
        .annotate(p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
        .order_by()
    ]


def _grouped(
    turns: QuerySet[Turn], key: str, annotations: QuerySet[Annotation] | None = None
) -> dict[Any, UsageRow]:
    rows = list(
        turns.values(key, "model")
        .annotate(p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
        .order_by()
    )
    if annotations is not None:
        rows += _annotation_rows(annotations, key)
    out = _fold(rows, key)
    # Sessions are counted per group on their own: a session whose replies used
    # two models would otherwise count twice.
    for row in turns.values(key).annotate(n=Count("session", distinct=True)).order_by():
        if row[key] in out:
            out[row[key]].sessions = row["n"]
    return out


def usage_by_month() -> list[UsageRow]:
    rows = _grouped(
        Turn.objects.filter(BILLED).annotate(month=TruncMonth("created_at")),
        "month",
        billed_annotations().annotate(month=TruncMonth("created_at")),
    )
    for row in rows.values():
        row.label = row.key.strftime("%B %Y") if row.key else "—"
    return sorted(rows.values(), key=lambda r: r.key, reverse=True)


def usage_by_trainee(month: date | None) -> list[UsageRow]:
    rows = _grouped(billed_turns(month), "session__trainee", billed_annotations(month))
    users = User.objects.in_bulk(list(rows))
    for pk, row in rows.items():
        user = users[pk]
        row.label, row.key, row.budget = str(user), user, user.daily_token_budget
    return sorted(rows.values(), key=lambda r: r.tokens, reverse=True)


def usage_by_cohort(month: date | None) -> list[UsageRow]:
    # A trainee in two cohorts counts in both: the rows do not add up to the total.
    rows = _grouped(
        billed_turns(month).filter(session__trainee__trainee_cohorts__isnull=False),
        "session__trainee__trainee_cohorts",
        billed_annotations(month).filter(
            turn__session__trainee__trainee_cohorts__isnull=False
        ),
    )
    cohorts = Cohort.objects.in_bulk(list(rows))
    for pk, row in rows.items():
        row.label, row.key = cohorts[pk].name, cohorts[pk]
    return sorted(rows.values(), key=lambda r: r.tokens, reverse=True)


def usage_by_session(month: date | None, *, limit: int = 50) -> list[UsageRow]:
    rows = _grouped(billed_turns(month), "session", billed_annotations(month))
    top = sorted(rows.values(), key=lambda r: r.tokens, reverse=True)[:limit]
    sessions = PracticeSession.objects.select_related("trainee", "case_version").in_bulk(
        [r.key for r in top]
    )
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
