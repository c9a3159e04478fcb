"""CSV rows for the exports, filtered like the dashboard (the view checks access).

Column names follow the codebook's keys (`feedback.rubrics.codebook.CODEBOOK`): the
MITI codes bare (`question`, `complex_reflection`), the other families namespaced
(`question.open`, `socratic.reasons_evidence`, `padesky.summary`, `empathy.ER`,
`flag.leading_question`). Rows are streamed with `iterator()`, so an export of a whole
program never holds every turn in memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from django.db.models import QuerySet

from accounts.models import User
from feedback.rubrics.codebook import CODEBOOK

from .analytics import display_name, trainee_code
from .models import Annotation, CodeOverride, SessionScore
from .scoring_services import SKILL_COLUMNS

# OWASP "CSV injection": a spreadsheet runs a cell that starts with one of these
# as a formula (=HYPERLINK(...), +cmd|...). Such cells get a leading apostrophe,
# which spreadsheets show as text. Plain numbers ("-0.25") are left as they are.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def csv_safe(value: object) -> object:
    """One cell, neutralised if a spreadsheet would read it as a formula."""
    if not isinstance(value, str) or not value.startswith(_FORMULA_START):
        return value
    if _PLAIN_NUMBER.fullmatch(value):
        return value
    return "'" + value


def csv_safe_row(row: Iterable[object]) -> list[object]:
    return [csv_safe(cell) for cell in row]


SCORE_METRICS = (
    "rq",
    "pct_open",
    "pct_complex",
    "pct_mia",
    "ps_after_emotion",
    "reflect_after_emotion",
)


def score_rows(
    scores: QuerySet[SessionScore], *, blind: bool
) -> Iterator[list[object]]:
    yield [
        "session",
        "trainee",
        "trainee_code",
        "case",
        "started_at",
        "rubric_version",
        "scoring_version",
        "revision",
        "supervisor_corrected",
        "too_short",
        *SKILL_COLUMNS,
        *SCORE_METRICS,
        *(f"{m}_band" for m in SCORE_METRICS[:4]),
        "guided_discovery_0_6",
        "padesky_cycle_complete",
        "empathy.ER",
        "empathy.IP",
        "empathy.EX",
        "belief_change",
        "alliance_end",
        "deepest_disclosure",
        "alternative_view",
        *CLIENT_RATING_COLUMNS,
    ]
    rows = scores.select_related("session", "trainee", "case").order_by("started_at")
    for s in rows.iterator(chunk_size=2000):
        data: dict[str, Any] = s.data
        metrics = {m["key"]: m for m in data.get("metrics", [])}
        outcome = data.get("outcome", {})
        empathy = data.get("empathy", {})
        yield [
            s.session.uuid,
            _name(s.trainee, blind),
            trainee_code(s.trainee_id),
            s.case.slug,
            s.started_at.isoformat(),
            s.rubric_version,
            s.scoring_version,
            s.revision,
            int(s.supervisor_corrected),
            int(s.too_short),
            *(getattr(s, c) for c in SKILL_COLUMNS),
            *(_num(metrics.get(m, {}).get("value")) for m in SCORE_METRICS),
            *(metrics.get(m, {}).get("band") or "" for m in SCORE_METRICS[:4]),
            data.get("guided_discovery"),
            int(bool(data.get("padesky", {}).get("complete"))),
            empathy.get("er"),
            empathy.get("ip"),
            empathy.get("ex"),
            outcome.get("belief_change"),
            outcome.get("alliance_end"),
            outcome.get("deepest_disclosure"),
            int(bool(outcome.get("alternative_view"))),
            *_client_rating(data),
        ]


# The patient's own rating (Session Rating Scale items, 0-10; total 0-40).
CLIENT_RATING_COLUMNS = (
    "client_rating.relationship",
    "client_rating.goals",
    "client_rating.approach",
    "client_rating.overall",
    "client_rating.total",
)


def _client_rating(data: dict[str, Any]) -> list[object]:
    rating = data.get("client_rating") or {}
    return [
        rating.get(key)
        for key in ("relationship", "goals", "approach", "overall", "total")
    ]


def _name(user: User, blind: bool) -> str:
    return display_name(user, blind=blind)


def _num(value: object) -> object:
    return round(value, 4) if isinstance(value, float) else value


def code_columns() -> list[str]:
    return [key for key in CODEBOOK if not key.startswith(("empathy.", "flag."))]


def code_rows(scores: QuerySet[SessionScore], *, blind: bool) -> Iterator[list[object]]:
    """One row per coded utterance; turn-level empathy and flags repeat on each row."""

    utterance_columns = code_columns()
    turn_columns = [k for k in CODEBOOK if k.startswith(("empathy.", "flag."))]
    yield [
        "session",
        "trainee",
        "trainee_code",
        "case",
        "turn_index",
        "utterance_index",
        "text",
        *utterance_columns,
        *turn_columns,
        "annotator",
        "rubric_version",
        "supervisor_codes",
    ]
    sessions = scores.values("session_id")
    # The supervisor's reading of a corrected sentence, in the same key space as the
    # columns (codes bare, other families namespaced), ";"-separated.
    overrides = {
        (o.annotation_id, o.utterance_index): [
            *o.codes,
            *(
                f"{family}.{value}"
                for family, value in (
                    ("question", o.question),
                    ("reflection", o.reflection),
                    ("socratic", o.socratic_type),
                    ("padesky", o.padesky_stage),
                )
                if value
            ),
        ]
        for o in CodeOverride.objects.filter(turn__session_id__in=sessions)
    }
    names: dict[int, str] = {}
    annotations = (
        Annotation.objects.filter(turn__session_id__in=sessions)
        .select_related("turn__session__trainee", "turn__session__case_version__case")
        .order_by("turn__session_id", "turn__index", "created_at")
    )
    for a in annotations.iterator(chunk_size=2000):
        session = a.turn.session
        if session.trainee_id not in names:
            names[session.trainee_id] = _name(session.trainee, blind)
        data = a.data
        turn_values = [
            data.get("emotional_reactions", 0),
            data.get("interpretations", 0),
            data.get("explorations", 0),
            *(
                int(k.removeprefix("flag.") in data.get("flags", []))
                for k in turn_columns[3:]
            ),
        ]
        for i, u in enumerate(data.get("utterances", [])):
            present = set(u.get("codes", []))
            if u.get("question"):
                present.add(f"question.{u['question']}")
            if u.get("tag_question"):
                present.add("reflection.tag_question")
            if u.get("socratic_type"):
                present.add(f"socratic.{u['socratic_type']}")
            if u.get("padesky_stage"):
                present.add(f"padesky.{u['padesky_stage']}")
            human = overrides.get((a.pk, i))
            yield [
                session.uuid,
                names[session.trainee_id],
                trainee_code(session.trainee_id),
                session.case_version.case.slug,
                a.turn.index,
                i,
                u.get("text", ""),
                *(int(c in present) for c in utterance_columns),
                *turn_values,
                a.annotator,
                a.rubric_version,
                ";".join(human) if human is not None else "",
            ]
