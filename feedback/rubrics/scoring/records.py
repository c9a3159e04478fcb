"""What the session scorer reads and what it returns.

Pure (no Django). `TurnRecord` is one turn of a finished session as the scorer sees it;
`SessionScores` and its parts (`Counts`, `Metric`, `Padesky`, `Empathy`, `Outcome`,
`SkillScore`) are the pydantic models the Django side stores as JSON and the report
reads. They live apart from the formulas so that the storage shape can be read at a
glance, and so that every formula module can import them without importing another.

Stored scores are never recomputed: bump SCORING_VERSION whenever a formula changes,
and the Django side adds rows next to the old ones. Read it as
`feedback.rubrics.scoring.SCORING_VERSION` (the package re-exports it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..schema import TurnAnnotation

SCORING_VERSION = "scores-1"

# Disclosure layers (PATIENT_MODEL.md), for the outcome and the report's moments.
LAYER_NAMES: tuple[str, ...] = (
    "presenting problem",
    "situation",
    "automatic thought",
    "emotions",
    "behaviour",
    "intermediate belief",
    "core belief",
)


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One turn of a finished session as the scorer sees it.

    `annotation` is the trainee turn's TurnAnnotation (None for patient turns, or a
    trainee turn nobody annotated); `state` is the PatientState JSON after the turn.
    """

    index: int
    speaker: Literal["trainee", "patient"]
    text: str
    annotation: TurnAnnotation | None = None
    state: Mapping[str, Any] | None = None
    moves: tuple[str, ...] = field(default_factory=tuple)


# --- output types ---------------------------------------------------------------------


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Metric(_Out):
    """One rubric metric with its band and the line a trainee reads."""

    key: str
    label: str
    value: float | None
    display: str
    band: str | None = None  # good | fair | below_fair | insufficient | None (no bands)
    fair: str = ""
    good: str = ""
    line: str = ""


class Counts(_Out):
    trainee_turns: int = 0
    utterances: int = 0
    questions: int = 0
    open_questions: int = 0
    closed_questions: int = 0
    simple_reflections: int = 0
    complex_reflections: int = 0
    mi_adherent: int = 0
    mi_non_adherent: int = 0
    persuade_with_permission: int = 0
    seek_collaboration: int = 0
    emphasize_autonomy: int = 0
    affirm: int = 0
    socratic_questions: int = 0
    leading_questions: int = 0
    summaries: int = 0
    emotional_disclosures: int = 0
    problem_solving_after_emotion: int = 0
    reflect_after_emotion: int = 0
    unannotated_turns: int = 0


class Padesky(_Out):
    complete: bool = False
    completed_at_turn: int | None = None
    stage_counts: dict[str, int] = Field(default_factory=dict)


class Empathy(_Out):
    er: float = 0.0
    ip: float = 0.0
    ex: float = 0.0


class Outcome(_Out):
    belief_start: float | None = None
    belief_end: float | None = None
    belief_change: float | None = None  # negative = the thought loosened
    core_belief_change: float | None = None
    alliance_start: float | None = None
    alliance_end: float | None = None
    deepest_disclosure: int = 0
    deepest_disclosure_name: str = LAYER_NAMES[0]
    alternative_view: bool = False
    alternative_view_turn: int | None = None


class SkillScore(_Out):
    key: str
    label: str
    score: int | None
    fair: float
    good: float
    band: str | None = None
    basis: str = ""


class ClientRating(_Out):
    """The patient's own rating (Session Rating Scale items, 0-10 each)."""

    relationship: float
    goals: float
    approach: float
    overall: float
    total: float
    below_cutoff: bool = False
    sentence: str = ""


class SessionScores(_Out):
    scoring_version: str = SCORING_VERSION
    too_short: bool = False
    too_short_reason: str = ""
    counts: Counts = Field(default_factory=Counts)
    metrics: list[Metric] = Field(default_factory=list)
    guided_discovery: int | None = None
    guided_discovery_reason: str = ""
    padesky: Padesky = Field(default_factory=Padesky)
    empathy: Empathy = Field(default_factory=Empathy)
    ps_after_emotion_rate: float | None = None
    reflect_after_emotion_rate: float | None = None
    outcome: Outcome = Field(default_factory=Outcome)
    skills: list[SkillScore] = Field(default_factory=list)
    # Added after scores-1 without changing any formula above: scores stored
    # before it simply have none (the report says so).
    client_rating: ClientRating | None = None

    def metric(self, key: str) -> Metric | None:
        return next((m for m in self.metrics if m.key == key), None)

    def skill(self, key: str) -> SkillScore | None:
        return next((s for s in self.skills if s.key == key), None)

    @property
    def skill_values(self) -> dict[str, int | None]:
        return {s.key: s.score for s in self.skills}
