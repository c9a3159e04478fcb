"""Per-trainee rollups behind the dashboard: derived from scores and reviews, never edited.

`TraineeSummary` holds, per trainee and (rubric, scoring) version, what the unfiltered
dashboard shows about that trainee: heat-map inputs, the trainee row, the review-queue
and agreement counts. The services that write the sources call
`refresh_trainee_summary` (scoring) or `refresh_session_summaries` (review, code
corrections) inside their own transaction, so the rollup commits with its source.
Every refresh recomputes the whole row from the sources (about 30 scores and a few
reviews per trainee), which makes it idempotent and self-healing: refreshing twice, or
after a lost update, gives the same row as `rebuild_summaries`.

The two "latest/trend" flavours are kept apart on purpose, because the pages defined
them differently before the rollup existed and must not change:

- heat map (per cohort): the newest session's score (None if that session has none),
  and mean(3 newest sessions) − mean(the 3 before), each mean over non-null scores;
- trainee row: the newest non-null score, and `_trend` over the non-null scores
  (needs at least four), plus the sparkline of the last twelve sessions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from django.db import transaction

from feedback.rubrics.agreement import add_tables

from .models import SessionReview, SessionScore, TraineeSummary
from .rubrics.scoring import SKILL_KEYS as SKILL_COLUMNS

# One scored session as the rollup reads it: the skill scores in SKILL_COLUMNS order.
Skills = Sequence[int | None]

# Sessions drawn in a trainee row's sparkline.
SPARK_SESSIONS = 12


class TraineeDigest(TypedDict):
    """A trainee row's numbers (stored as `TraineeSummary.digest`)."""

    sessions: int
    latest: dict[str, float | None]
    trend: dict[str, float | None]
    spark: list[float | None]


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _trend(values: Sequence[float]) -> float | None:
    if len(values) < 4:
        return None
    last, before = values[-3:], values[-6:-3]
    return round(sum(last) / len(last) - sum(before) / len(before), 1)


def trainee_digest(history: Sequence[Skills]) -> TraineeDigest:
    """Latest, trend and sparkline values from a trainee's scores, oldest first.

    `history` holds only sessions that are not too short. Shared by the rollup and
    the filtered dashboard (which computes it live), so both show the same numbers.
    """
    latest: dict[str, float | None] = {}
    trend: dict[str, float | None] = {}
    for i, skill in enumerate(SKILL_COLUMNS):
        values = [h[i] for h in history if h[i] is not None]
        latest[skill] = values[-1] if values else None
        trend[skill] = _trend(values)  # type: ignore[arg-type]
    spark = [_mean([v for v in h if v is not None]) for h in history[-SPARK_SESSIONS:]]
    return TraineeDigest(sessions=len(history), latest=latest, trend=trend, spark=spark)


def heat_inputs(history: Sequence[Skills]) -> dict[str, float | None]:
    """The heat map's per-trainee latest and trend columns (see the module docstring).

    Mirrors the live SQL in `analytics.heat_map`: ROW_NUMBER() newest first, then
    AVG(rn = 1), AVG(rn <= 3) − AVG(rn 4-6), where AVG skips nulls and is null over
    no values.
    """
    newest = list(history[::-1][:6])
    out: dict[str, float | None] = {}
    for i, skill in enumerate(SKILL_COLUMNS):
        out[f"{skill}_latest"] = newest[0][i] if newest else None
        recent = _mean([s[i] for s in newest[:3] if s[i] is not None])  # type: ignore[misc]
        before = _mean([s[i] for s in newest[3:6] if s[i] is not None])  # type: ignore[misc]
        out[f"{skill}_trend"] = (
            None if recent is None or before is None else recent - before
        )
    return out


def summary_fields(
    scores: Iterable[tuple[bool, Skills]], tables: Iterable[Mapping[str, Sequence[int]]]
) -> dict[str, Any]:
    """A TraineeSummary's values from its sources (pure; the one place they are computed).

    `scores`: (too_short, skills) per scored session, oldest first; `tables`: the
    agreement tables of those sessions that were reviewed.
    """

    scored = 0
    history: list[Skills] = []
    for too_short, skills in scores:
        scored += 1
        if not too_short:
            history.append(tuple(skills))
    agreement: dict[str, list[int]] = {}
    reviewed = 0
    for table in tables:
        reviewed += 1
        add_tables(agreement, table or {})
    digest = trainee_digest(history)
    return {
        "scored": scored,
        "sessions": len(history),
        "reviewed": reviewed,
        # Sorted keys: the same sources always give the same stored document.
        "agreement": dict(sorted(agreement.items())),
        "digest": digest,
        **heat_inputs(history),
    }


def refresh_trainee_summary(
    *, trainee_id: int, rubric_version: str, scoring_version: str
) -> TraineeSummary | None:
    """Recompute one trainee's rollup from their scores and reviews; None if no scores.

    Runs in the caller's transaction (opens one otherwise).
    """
    with transaction.atomic():
        # Create the row if missing, then lock it: two sessions of one trainee scored
        # at once are serialised here, and under READ COMMITTED the second refresh,
        # once it holds the lock, reads the first one's committed score. Without the
        # lock each could recompute without the other's score and one would be lost.
        TraineeSummary.objects.bulk_create(
            [
                TraineeSummary(
                    trainee_id=trainee_id,
                    rubric_version=rubric_version,
                    scoring_version=scoring_version,
                )
            ],
            ignore_conflicts=True,
        )
        summary = TraineeSummary.objects.select_for_update().get(
            trainee_id=trainee_id,
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        )
        # The newest revision of each session: a supervisor's correction adds one.
        scores = SessionScore.objects.current().filter(
            trainee_id=trainee_id,
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        )
        rows = [
            (row[0], row[1:])
            for row in scores.order_by("started_at", "pk").values_list(
                "too_short", *SKILL_COLUMNS
            )
        ]
        if not rows:
            summary.delete()  # its sources are gone (sessions deleted)
            return None
        tables = SessionReview.objects.filter(
            session_id__in=scores.values("session_id")
        ).values_list("agreement", flat=True)
        for name, value in summary_fields(rows, tables).items():
            setattr(summary, name, value)
        summary.save()
        return summary


def refresh_session_summaries(*, session_id: int) -> None:
    """Refresh the rollups that count this session (one per version it is scored at)."""
    for trainee_id, rubric_version, scoring_version in (
        SessionScore.objects.filter(session_id=session_id)
        .values_list("trainee_id", "rubric_version", "scoring_version")
        .distinct()
    ):
        refresh_trainee_summary(
            trainee_id=trainee_id,
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        )


def rebuild_summaries(*, trainee_ids: Iterable[int] | None = None) -> int:
    """Recompute every rollup (or those of the given trainees) from the sources.

    Drops rollups whose scores are gone. Each trainee is refreshed in its own short
    transaction with the same code the services run, so the result is the same as
    incremental maintenance and concurrent scoring is not blocked for long.
    Returns the number of rollups written.
    """
    scores = SessionScore.objects.all()
    summaries = TraineeSummary.objects.all()
    if trainee_ids is not None:
        ids = list(trainee_ids)
        scores = scores.filter(trainee_id__in=ids)
        summaries = summaries.filter(trainee_id__in=ids)
    keys = set(
        scores.values_list("trainee_id", "rubric_version", "scoring_version").distinct()
    )
    # Rollups without any score left: refreshing them deletes them.
    keys |= set(
        summaries.values_list("trainee_id", "rubric_version", "scoring_version")
    )
    written = 0
    for trainee_id, rubric_version, scoring_version in sorted(keys):
        if refresh_trainee_summary(
            trainee_id=trainee_id,
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        ):
            written += 1
    return written
