"""The case model: a Beck cognitive conceptualization diagram plus our own fields.

The CCD part keeps PATIENT-Psi's field names (see `interop.py` for their JSON
format); the rest is what the product needs: what the trainee is told, the
conversational style, difficulty, risk flags, and the patient's own words per
disclosure layer (`voice`), which the offline responder prefers over frames.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from patients.simulation.facts import (
    FactSheet,
    check_fact_sheet,
    complete_fact_sheet,
)
from patients.simulation.vocab import (
    STYLE_LABELS,
    STYLES,
    Difficulty,
    Emotion,
    HelplessBelief,
    RiskFlag,
    Style,
    UnlovableBelief,
    WorthlessBelief,
)

CASES_DIR = Path(__file__).resolve().parent.parent / "cases"

RISK_WARNINGS: dict[str, str] = {
    "passive_si": "This patient has passive thoughts of death (no plan or intent). "
    "Practise a risk assessment.",
    "active_si": "This patient has active suicidal thoughts. Practise a risk assessment.",
    "self_harm": "This patient self-harms. Practise a risk assessment.",
}


@dataclass(frozen=True, slots=True)
class CaseError:
    """One problem in a case file: which record, which field, and why."""

    record: str
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.record}: {self.field}: {self.reason}"


class CaseValidationError(ValueError):
    """A case file was rejected as a whole; `errors` lists every problem found."""

    def __init__(self, errors: Iterable[CaseError]) -> None:
        self.errors: list[CaseError] = list(errors)
        lines = "\n".join(f"  - {e}" for e in self.errors)
        super().__init__(f"{len(self.errors)} error(s) in case data:\n{lines}")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class SituationVoice(_Model):
    """The patient's own words for the situation-level layers (1-4)."""

    situation: list[str] = Field(default_factory=list)
    thought: list[str] = Field(default_factory=list)
    emotion: list[str] = Field(default_factory=list)
    behavior: list[str] = Field(default_factory=list)


class Situation(_Model):
    id: str = Field(default="", pattern=r"^$|^[a-z0-9-]+$")
    situation: str = Field(min_length=3)
    auto_thought: str = Field(min_length=3)
    emotions: list[Emotion] = Field(min_length=1, max_length=3)
    behavior: str = Field(min_length=3)
    voice: SituationVoice = Field(default_factory=SituationVoice)
    # Facts, in the patient's words, that do not fit the automatic thought. Voiced
    # one at a time in answer to evidence/alternative questions.
    evidence: list[str] = Field(default_factory=list)
    # The balanced thought the patient may reach in their own words.
    alternative_view: str | None = None


class Voice(_Model):
    """The patient's own words for patient-level material."""

    presenting: list[str] = Field(default_factory=list)  # layer 0
    intermediate: list[str] = Field(default_factory=list)  # layer 5
    core: list[str] = Field(default_factory=list)  # layer 6
    deflect: list[str] = Field(default_factory=list)  # guarded, minimising
    yes_but: list[str] = Field(default_factory=list)  # why advice will not work
    tangent: list[str] = Field(default_factory=list)  # side topics
    risk: list[str] = Field(default_factory=list)  # only with a risk flag


class CaseSpec(_Model):
    """One simulated patient: a CCD (PATIENT-Psi fields) plus our fields."""

    slug: str = Field(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=80)
    name: str = Field(min_length=1, max_length=60)
    age: int | None = Field(default=None, ge=10, le=100)
    gender: str | None = None
    presenting_problem: str = Field(min_length=10)
    style: Style = "plain"
    allowed_styles: list[Style] = Field(default_factory=lambda: list(STYLES))
    difficulty: Difficulty = "medium"
    risk_flags: list[RiskFlag] = Field(default_factory=list)
    opening_line: str = Field(min_length=3)
    history: str = Field(min_length=10)
    helpless_belief: list[HelplessBelief] = Field(default_factory=list)
    unlovable_belief: list[UnlovableBelief] = Field(default_factory=list)
    worthless_belief: list[WorthlessBelief] = Field(default_factory=list)
    intermediate_belief: str = Field(min_length=3)
    intermediate_belief_depression: str = ""
    coping_strategies: str = Field(min_length=3)
    situations: list[Situation] = Field(min_length=1, max_length=6)
    voice: Voice = Field(default_factory=Voice)
    # What the patient knows about their own life, domain by domain (facts.py).
    facts: FactSheet = Field(default_factory=FactSheet)
    source: str = "original"
    attribution: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _number_situations(cls, data: Any) -> Any:
        # Situation ids are positional ("s1", "s2") unless the author set them, so
        # a patient state can name its topic stably.
        if isinstance(data, dict) and isinstance(data.get("situations"), list):
            data = dict(data)
            data["situations"] = [
                {**s, "id": s.get("id") or f"s{i}"} if isinstance(s, dict) else s
                for i, s in enumerate(data["situations"], start=1)
            ]
        if isinstance(data, dict) and "facts" in data:
            # Missing domains are absent, never unknown (load_case lists them).
            data = {**data, "facts": complete_fact_sheet(data["facts"])[0]}
        return data

    @model_validator(mode="after")
    def _check_consistency(self) -> CaseSpec:
        if not (self.helpless_belief or self.unlovable_belief or self.worthless_belief):
            raise ValueError("at least one core belief is required")
        ids = [s.id for s in self.situations]
        if len(set(ids)) != len(ids):
            raise ValueError(f"situation ids must be unique, got {ids}")
        if self.style not in self.allowed_styles:
            raise ValueError(f"style {self.style!r} is not in allowed_styles")
        if self.risk_flags and not self.voice.risk:
            raise ValueError("a case with risk flags needs voice.risk lines")
        if self.voice.risk and not self.risk_flags:
            raise ValueError("voice.risk lines need a risk flag")
        return self

    @property
    def core_beliefs(self) -> list[str]:
        return [*self.helpless_belief, *self.unlovable_belief, *self.worthless_belief]

    def situation(self, situation_id: str) -> Situation:
        for s in self.situations:
            if s.id == situation_id:
                return s
        raise KeyError(situation_id)

    def public_view(self) -> dict[str, Any]:
        """What a trainee may see before the formulation exercise, and nothing more."""
        warning = " ".join(RISK_WARNINGS[f] for f in self.risk_flags) or None
        return {
            "slug": self.slug,
            "name": self.name,
            "age": self.age,
            "gender": self.gender,
            "presenting_problem": self.presenting_problem,
            "style": self.style,
            "style_label": STYLE_LABELS[self.style],
            "difficulty": self.difficulty,
            "content_warning": warning,
        }


def errors_from_pydantic(exc: ValidationError, record: str) -> list[CaseError]:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(record)"
        out.append(CaseError(record=record, field=loc, reason=err["msg"]))
    return out


def load_case(data: object, *, record: str | None = None) -> CaseSpec:
    """Validate one case in our own JSON format; raises CaseValidationError."""
    return load_case_noted(data, record=record)[0]


def load_case_noted(
    data: object, *, record: str | None = None
) -> tuple[CaseSpec, list[str]]:
    """`load_case`, plus the fact-sheet domains that were missing and are now
    marked absent (to list to the author). Nothing is returned half-valid: any
    error rejects the whole case."""
    # Files and requests hand over untyped JSON: check the shape before reading it.
    if not isinstance(data, dict):
        raise CaseValidationError(
            [CaseError(record or "case", "(record)", "expected a JSON object")]
        )
    label = record if record is not None else f"case {data.get('slug', '?')!s}"
    raw_facts = data.get("facts")
    if raw_facts is not None and not isinstance(raw_facts, dict):
        raise CaseValidationError([CaseError(label, "facts", "expected an object")])
    facts, missing = complete_fact_sheet(raw_facts or {})
    try:
        spec = CaseSpec.model_validate({**data, "facts": facts})
    except ValidationError as exc:
        raise CaseValidationError(errors_from_pydantic(exc, label)) from None
    problems = [
        (field, reason)
        for field, reason in check_fact_sheet(spec.facts, spec.history)
        # A sheet without a people list is filled empty and listed; only a list
        # the author wrote is held to the history.
        if not (field == "facts.people" and "people" in missing)
    ]
    if (
        spec.risk_flags
        and not spec.facts.suicidal_thoughts.present
        and (
            "suicidal_thoughts" not in missing
            and {"passive_si", "active_si"} & set(spec.risk_flags)
        )
    ):
        problems.append(
            (
                "facts.suicidal_thoughts.present",
                "the case has a suicidal-thoughts risk flag",
            )
        )
    if problems:
        raise CaseValidationError(CaseError(label, f, r) for f, r in problems)
    return spec, missing


def load_case_file(path: Path) -> CaseSpec:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise CaseValidationError([CaseError(path.name, "(file)", str(exc))]) from None
    return load_case(data, record=path.name)


def bundled_cases(directory: Path | None = None) -> list[CaseSpec]:
    """Every case shipped in `patients/cases/*.json`, sorted by slug."""
    folder = directory or CASES_DIR
    cases = [load_case_file(p) for p in sorted(folder.glob("*.json"))]
    return sorted(cases, key=lambda c: c.slug)
