"""Reads for the supervisor dashboard, the trainee drill-down and the progress page.

Everything reads `SessionScore` (one row per scored session, skills denormalised), never
turns or annotations, so the pages cost the same few queries at 30 sessions or 30,000.
Scope: a supervisor sees the trainees of the cohorts they supervise, a program admin the
trainees of every cohort. Trend = mean of a trainee's last three scored sessions minus
the mean of the three before them (None with fewer than four).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db import connection, models
from django.db.models import Avg, Count, Exists, OuterRef, QuerySet, Sum
from django.utils.crypto import salted_hmac

from accounts.models import Role, User
from feedback.rubrics.agreement import kappa
from practice.models import Cohort, Turn

from .charts import LineChart, heat_class, line_chart
from .corrections import FamilyAgreement, family_agreements
from .models import SessionReview, SessionScore, TraineeSummary
from .presenters import CODE_LABELS
from .rollups import TraineeDigest, trainee_digest
from .rubrics.scoring import SKILLS
from .scoring_services import SKILL_COLUMNS, current_versions

if TYPE_CHECKING:
    from patients.models import Case

# Labels and (fair, good) bands on the 0-100 scale, from the one list of skills.
SKILL_LABELS: dict[str, str] = {s.key: s.label for s in SKILLS}
SKILL_BANDS: dict[str, tuple[float, float]] = {s.key: (s.fair, s.good) for s in SKILLS}


@dataclass(frozen=True)
class Filters:
    cohort: Cohort | None = None
    case: Case | None = None
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    blind: bool = False

    def querystring(self) -> str:
        from urllib.parse import urlencode

        params = {
            "cohort": self.cohort.uuid if self.cohort else "",
            "case": self.case.slug if self.case else "",
            "from": self.date_from.isoformat() if self.date_from else "",
            "to": self.date_to.isoformat() if self.date_to else "",
            "blind": "1" if self.blind else "",
        }
        return urlencode({k: v for k, v in params.items() if v})


def trainee_code(user_id: int) -> str:
    """A stable, name-free code for a trainee (blinded view and drill-down URLs)."""
    return salted_hmac("feedback.trainee-code", str(user_id)).hexdigest()[:10]


def display_name(user: User, *, blind: bool) -> str:
    return f"Trainee {trainee_code(user.pk)[:6]}" if blind else str(user)


def scoped_cohorts(user: User) -> QuerySet[Cohort]:
    cohorts = Cohort.objects.order_by("name")
    if user.role == Role.PROGRAM_ADMIN:
        return cohorts
    return cohorts.filter(supervisors=user)


def scoped_trainees(user: User, filters: Filters) -> QuerySet[User]:
    """Trainees the viewer may see, narrowed to the chosen cohort."""
    cohorts = scoped_cohorts(user)
    if filters.cohort is not None:
        cohorts = cohorts.filter(pk=filters.cohort.pk)
    membership = Cohort.trainees.through.objects.filter(
        user_id=OuterRef("pk"), cohort__in=cohorts
    )
    return User.objects.filter(Exists(membership))


def scores_in_scope(user: User, filters: Filters) -> QuerySet[SessionScore]:
    rubric_version, scoring_version = current_versions()
    scores = SessionScore.objects.current().filter(
        rubric_version=rubric_version,
        scoring_version=scoring_version,
        trainee__in=scoped_trainees(user, filters),
    )
    if filters.case is not None:
        scores = scores.filter(case=filters.case)
    if filters.date_from is not None:
        # Datetime bounds, not __date: a cast of the column would bypass the index.
        scores = scores.filter(started_at__gte=_start_of(filters.date_from))
    if filters.date_to is not None:
        scores = scores.filter(
            started_at__lt=_start_of(filters.date_to + dt.timedelta(days=1))
        )
    return scores


def uses_rollups(filters: Filters) -> bool:
    """True when the page can read the per-trainee rollups instead of every score.

    Rollups summarise all of a trainee's sessions, so a case or date filter needs the
    live queries; cohort and blinding only choose which rollups and how to show them.
    """
    return (
        filters.case is None and filters.date_from is None and filters.date_to is None
    )


def summaries_in_scope(user: User, filters: Filters) -> QuerySet[TraineeSummary]:
    """The rollups of the trainees in scope, under the current versions."""
    rubric_version, scoring_version = current_versions()
    return TraineeSummary.objects.filter(
        rubric_version=rubric_version,
        scoring_version=scoring_version,
        trainee__in=scoped_trainees(user, filters),
    )


# --- heat map --------------------------------------------------------------------------


@dataclass
class HeatCell:
    skill: str
    latest: float | None
    trend: float | None
    css: str


@dataclass
class HeatRow:
    cohort: Cohort
    trainees: int
    cells: list[HeatCell]


def heat_map(user: User, filters: Filters, cohorts: Sequence[Cohort]) -> list[HeatRow]:
    """Cohort × skill: the mean of each trainee's latest score, and the mean trend.

    One SQL statement: a window ranks each trainee's sessions newest first, a group
    per trainee takes the latest and the trend, a group per cohort averages them.
    The ORM cannot aggregate over a window's result, hence raw SQL (parameters bound,
    table names from the models' metadata).
    """
    if filters.cohort is not None:
        cohorts = [c for c in cohorts if c.pk == filters.cohort.pk]
    if not cohorts:
        return []
    rubric_version, scoring_version = current_versions()
    membership = Cohort.trainees.through._meta.db_table
    scores = SessionScore._meta.db_table
    cohort_ids = [c.pk for c in cohorts]
    where = ["s.rubric_version = %s", "s.scoring_version = %s", "s.too_short = %s"]
    params: list[Any] = [rubric_version, scoring_version, False]
    if filters.case is not None:
        where.append("s.case_id = %s")
        params.append(filters.case.pk)
    if filters.date_from is not None:
        where.append("s.started_at >= %s")
        params.append(_start_of(filters.date_from))
    if filters.date_to is not None:
        where.append("s.started_at < %s")
        params.append(_start_of(filters.date_to + dt.timedelta(days=1)))
    placeholders = ", ".join(["%s"] * len(cohort_ids))
    cols = ", ".join(f"s.{c}" for c in SKILL_COLUMNS)
    per_trainee = ", ".join(
        f"AVG(CASE WHEN rn = 1 THEN {c} END) AS {c}_latest, "
        f"AVG(CASE WHEN rn <= 3 THEN {c} END) - "
        f"AVG(CASE WHEN rn BETWEEN 4 AND 6 THEN {c} END) AS {c}_trend"
        for c in SKILL_COLUMNS
    )
    per_cohort = ", ".join(
        f"AVG(p.{c}_latest), AVG(p.{c}_trend)" for c in SKILL_COLUMNS
    )
    sql = f"""
        WITH ranked AS (
            SELECT s.trainee_id, {cols},
                   ROW_NUMBER() OVER (
                       PARTITION BY s.trainee_id ORDER BY s.started_at DESC
                   ) AS rn
            FROM {scores} s
            WHERE {" AND ".join(where)}
              AND NOT EXISTS (
                  SELECT 1 FROM {scores} n
                  WHERE n.session_id = s.session_id
                    AND n.rubric_version = s.rubric_version
                    AND n.scoring_version = s.scoring_version
                    AND n.revision > s.revision)
              AND s.trainee_id IN (
                  SELECT m.user_id FROM {membership} m
                  WHERE m.cohort_id IN ({placeholders}))
        ),
        per_trainee AS (
            SELECT trainee_id, {per_trainee}
            FROM ranked WHERE rn <= 6 GROUP BY trainee_id
        )
        SELECT m.cohort_id, COUNT(*), {per_cohort}
        FROM per_trainee p JOIN {membership} m ON m.user_id = p.trainee_id
        WHERE m.cohort_id IN ({placeholders})
        GROUP BY m.cohort_id
    """  # noqa: S608 - identifiers come from model metadata, values are bound
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *cohort_ids, *cohort_ids])
        rows = {row[0]: row for row in cursor.fetchall()}
    out = []
    for cohort in cohorts:
        row = rows.get(cohort.pk)
        cells = []
        for i, skill in enumerate(SKILL_COLUMNS):
            latest = _num(row[2 + 2 * i]) if row else None
            trend = _num(row[3 + 2 * i]) if row else None
            fair, good = SKILL_BANDS[skill]
            cells.append(
                HeatCell(skill, latest, trend, heat_class(latest, fair=fair, good=good))
            )
        out.append(HeatRow(cohort, int(row[1]) if row else 0, cells))
    return out


def heat_map_from_summaries(
    user: User, filters: Filters, cohorts: Sequence[Cohort]
) -> list[HeatRow]:
    """`heat_map` for the unfiltered dashboard: averages one rollup row per trainee.

    A GROUP BY over at most one row per trainee in scope (1,000 for a program admin at
    the benchmark's size) instead of a window over all their scores.
    """
    if filters.cohort is not None:
        cohorts = [c for c in cohorts if c.pk == filters.cohort.pk]
    if not cohorts:
        return []
    rubric_version, scoring_version = current_versions()
    averages = {
        f"{c}_{kind}": Avg(f"{c}_{kind}")
        for c in SKILL_COLUMNS
        for kind in ("latest", "trend")
    }
    rows = {
        row["cohort"]: row
        for row in TraineeSummary.objects.filter(
            rubric_version=rubric_version,
            scoring_version=scoring_version,
            # Trainees with a scored session that is not too short, as in `heat_map`.
            sessions__gt=0,
            trainee__trainee_cohorts__in=[c.pk for c in cohorts],
        )
        .values(cohort=models.F("trainee__trainee_cohorts"))
        .annotate(trainees=Count("pk"), **averages)
        .order_by()
    }
    out = []
    for cohort in cohorts:
        row = rows.get(cohort.pk)
        cells = []
        for skill in SKILL_COLUMNS:
            latest = _num(row[f"{skill}_latest"]) if row else None
            trend = _num(row[f"{skill}_trend"]) if row else None
            fair, good = SKILL_BANDS[skill]
            cells.append(
                HeatCell(skill, latest, trend, heat_class(latest, fair=fair, good=good))
            )
        out.append(HeatRow(cohort, int(row["trainees"]) if row else 0, cells))
    return out


def _start_of(day: dt.date) -> dt.datetime:
    from django.utils import timezone

    return timezone.make_aware(dt.datetime.combine(day, dt.time.min))


def _num(value: object) -> float | None:
    return round(float(value), 1) if value is not None else None  # type: ignore[arg-type]


# --- per-trainee trajectories ------------------------------------------------------------


@dataclass
class TraineeRow:
    user: User
    code: str
    name: str
    sessions: int = 0
    latest: dict[str, float | None] = field(default_factory=dict)
    trend: dict[str, float | None] = field(default_factory=dict)
    cells: list[HeatCell] = field(default_factory=list)
    spark: LineChart | None = None
    stuck: bool = False
    # A session of theirs with a suicidal disclosure awaits review.
    risk: bool = False


def trainee_rows(
    trainees: Iterable[User], scores: QuerySet[SessionScore], *, blind: bool
) -> list[TraineeRow]:
    """Latest, trend and a sparkline (mean of the skills) for one page of trainees.

    Live: reads every score of the page's trainees (the filtered dashboard, where a
    case or date filter rules out the rollups).
    """
    users = list(trainees)
    by_trainee: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for row in (
        scores.filter(trainee__in=[u.pk for u in users], too_short=False)
        .order_by("trainee_id", "started_at", "pk")
        .values_list("trainee_id", *SKILL_COLUMNS)
    ):
        by_trainee[row[0]].append(row[1:])
    return [
        _trainee_row(user, trainee_digest(by_trainee.get(user.pk, [])), blind=blind)
        for user in users
    ]


def trainee_rows_from_summaries(
    trainees: Iterable[User], summaries: QuerySet[TraineeSummary], *, blind: bool
) -> list[TraineeRow]:
    """`trainee_rows` for the unfiltered dashboard: one rollup row per trainee."""
    users = list(trainees)
    digests: dict[int, TraineeDigest] = dict(
        summaries.filter(trainee__in=[u.pk for u in users]).values_list(
            "trainee_id", "digest"
        )
    )
    return [
        _trainee_row(user, digests.get(user.pk) or trainee_digest([]), blind=blind)
        for user in users
    ]


def _trainee_row(user: User, digest: TraineeDigest, *, blind: bool) -> TraineeRow:
    row = TraineeRow(
        user=user, code=trainee_code(user.pk), name=display_name(user, blind=blind)
    )
    row.sessions = digest["sessions"]
    for skill in SKILL_COLUMNS:
        row.latest[skill] = digest["latest"].get(skill)
        row.trend[skill] = digest["trend"].get(skill)
        fair, good = SKILL_BANDS[skill]
        row.cells.append(
            HeatCell(
                skill,
                row.latest[skill],
                row.trend[skill],
                heat_class(row.latest[skill], fair=fair, good=good),
            )
        )
    overall = digest["spark"]
    if overall:
        row.spark = line_chart(
            [str(i + 1) for i in range(len(overall))],
            [("Mean of the skills", overall)],
            width=140,
            height=34,
            compact=True,
        )
    below = [s for s in SKILL_COLUMNS if (row.latest[s] or 0) < SKILL_BANDS[s][0]]
    flat = [s for s in below if (row.trend[s] or 0) <= 0]
    # "Stuck": below fair on a skill and not improving on it over six sessions.
    row.stuck = row.sessions >= 4 and bool(flat)
    return row


# --- review queue and agreement --------------------------------------------------------


def awaiting_review(scores: QuerySet[SessionScore]) -> QuerySet[SessionScore]:
    """Scored sessions nobody has marked reviewed: those where the patient disclosed
    suicidal thoughts first (annotated `risk`), then newest first."""
    reviewed = SessionReview.objects.filter(session_id=OuterRef("session_id"))
    # The patient engine stores `risk_disclosed` in the state after each turn.
    disclosed = Turn.objects.filter(
        session_id=OuterRef("session_id"), state_after__risk_disclosed=True
    )
    return (
        scores.filter(~Exists(reviewed))
        .annotate(risk=Exists(disclosed))
        .select_related("session__case_version", "trainee")
        .order_by("-risk", "-ended_at")
    )


def trainees_with_risk(queue: QuerySet[SessionScore]) -> set[int]:
    """Trainees with a session awaiting review in which the patient disclosed
    suicidal thoughts (the queue from `awaiting_review`)."""
    return set(
        queue.filter(risk=True).values_list("trainee_id", flat=True)  # type: ignore[misc]
    )


@dataclass
class CodeAgreement:
    code: str
    label: str
    kappa: float | None
    agree: float
    n: int
    annotator_yes: int
    supervisor_yes: int


# The JSON functions are spelt differently; the statement is the same on both.
_JSON_EACH = {"postgresql": "jsonb_each", "sqlite": "json_each"}
_JSON_ITEM = {
    "postgresql": "(e.value->>{i})::int",
    "sqlite": "json_extract(e.value, '$[{i}]')",
}


def summed_tables(rows: QuerySet[Any]) -> tuple[int, dict[str, list[int]]]:
    """(rows, per-code 2×2 tables summed) over rows with an `agreement` JSON field.

    The one computation behind both sources of the agreement panel: reviews in scope
    (filtered dashboard) and trainee rollups (unfiltered). One statement, ~13 rows
    back instead of one JSON document per row: the CTE is materialised so the scope
    semi-join (the costly part) runs once for the count and the sums; LEFT JOIN, so a
    row with an empty table still counts (its key comes back NULL).
    """
    each, item = _JSON_EACH[connection.vendor], _JSON_ITEM[connection.vendor]
    sums = ", ".join(f"SUM({item.format(i=i)})" for i in range(4))
    inner, params = rows.values("agreement").query.sql_with_params()
    total: dict[str, list[int]] = {}
    count = 0
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH r AS MATERIALIZED (" + inner + ") "  # noqa: S608 - ORM-built SQL
            f"SELECT (SELECT COUNT(*) FROM r), e.key, {sums} "
            f"FROM r LEFT JOIN {each}(r.agreement) e ON TRUE GROUP BY e.key",
            params,
        )
        for n, key, *table in cursor.fetchall():
            count = int(n)
            if key is not None:
                total[key] = [int(v or 0) for v in table]
    return count, total


def agreement(
    scores: QuerySet[SessionScore],
) -> tuple[int, list[CodeAgreement], list[FamilyAgreement]]:
    """Per-code and per-family kappa over the reviewed sessions in scope (sums the
    stored 2×2 tables)."""
    reviews = SessionReview.objects.filter(session_id__in=scores.values("session_id"))
    sessions, total = summed_tables(reviews)
    return sessions, _code_agreements(total), family_agreements(total)


def _code_agreements(total: dict[str, list[int]]) -> list[CodeAgreement]:
    out = []
    for code, table in total.items():
        n = sum(table)
        if "." in code:
            continue  # the other families: see `family_agreements`
        if not n or code == "other" or not (table[0] + table[1] + table[2]):
            continue  # never used by either side: kappa says nothing
        out.append(
            CodeAgreement(
                code=code,
                label=CODE_LABELS.get(code, code),
                kappa=None if (k := kappa(table)) is None else round(k, 2),
                agree=round((table[0] + table[3]) / n, 3),
                n=n,
                annotator_yes=table[0] + table[1],
                supervisor_yes=table[0] + table[2],
            )
        )
    return sorted(out, key=lambda c: c.code)


def review_totals(summaries: QuerySet[TraineeSummary]) -> tuple[int, int]:
    """(sessions awaiting review, reviewed sessions) in scope, from the rollups."""
    totals = summaries.aggregate(scored=Sum("scored"), reviewed=Sum("reviewed"))
    scored, reviewed = int(totals["scored"] or 0), int(totals["reviewed"] or 0)
    return scored - reviewed, reviewed


def agreement_from_summaries(
    summaries: QuerySet[TraineeSummary], *, reviewed_sessions: int
) -> tuple[int, list[CodeAgreement], list[FamilyAgreement]]:
    """`agreement` for the unfiltered dashboard: the rollups' summed tables."""
    _rows, total = summed_tables(summaries)
    return reviewed_sessions, _code_agreements(total), family_agreements(total)


# --- trajectories (progress page and drill-down) ---------------------------------------


@dataclass
class SkillTrajectory:
    key: str
    label: str
    fair: float
    good: float
    chart: LineChart
    values: list[float | None]
    latest: float | None


def session_labels(scores: Sequence[SessionScore]) -> list[str]:
    """Axis labels, one per session: the day, and a number when a day has several
    ("23 Nov", "23 Nov #2"), so two sessions of one day never share a label."""
    labels: list[str] = []
    seen: dict[str, int] = {}
    for s in scores:
        day = s.started_at.strftime("%-d %b")
        seen[day] = seen.get(day, 0) + 1
        labels.append(day if seen[day] == 1 else f"{day} #{seen[day]}")
    return labels


def trajectories(scores: Sequence[SessionScore]) -> list[SkillTrajectory]:
    """One chart per skill over the given scores (oldest first), bands drawn."""
    labels = session_labels(scores)
    out = []
    for skill in SKILL_COLUMNS:
        values: list[float | None] = [getattr(s, skill) for s in scores]
        fair, good = SKILL_BANDS[skill]
        present = [v for v in values if v is not None]
        out.append(
            SkillTrajectory(
                key=skill,
                label=SKILL_LABELS[skill],
                fair=fair,
                good=good,
                chart=line_chart(
                    labels,
                    [(SKILL_LABELS[skill], values)],
                    bands=(fair, good),
                    # Drawn no wider than the narrowest grid column (420 px less the
                    # card padding), so axis text never shrinks below 11 px.
                    width=360,
                    height=170,
                ),
                values=values,
                latest=present[-1] if present else None,
            )
        )
    return out


def client_rating_chart(scores: Sequence[SessionScore]) -> LineChart | None:
    """The patient's own overall rating and total (÷4) across sessions, 0-10."""
    labels = session_labels(scores)
    overall: list[float | None] = []
    for s in scores:
        rating = (s.data or {}).get("client_rating") or {}
        value = rating.get("overall")
        overall.append(float(value) if value is not None else None)
    if not any(v is not None for v in overall):
        return None
    return line_chart(
        labels,
        [("Overall, rated by the patient", overall)],
        y_max=10.0,
        width=520,
        height=180,
    )


def trainee_scores(trainee_id: int, *, limit: int = 60) -> list[SessionScore]:
    """A trainee's scored sessions under the current versions, oldest first."""
    rubric_version, scoring_version = current_versions()
    newest = list(
        SessionScore.objects.current()
        .filter(
            trainee_id=trainee_id,
            rubric_version=rubric_version,
            scoring_version=scoring_version,
            too_short=False,
        )
        .select_related("session__case_version")
        .order_by("-started_at")[:limit]
    )
    return newest[::-1]
