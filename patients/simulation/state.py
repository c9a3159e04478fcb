"""The patient's explicit inner state (PATIENT_MODEL.md), stored with every turn."""

from __future__ import annotations

import copy
import random
from typing import get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field

from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec
from patients.simulation.vocab import emotion_key


class PatientState(BaseModel):
    """Everything the engine knows about the patient after a turn (JSON-safe)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    case_slug: str
    seed: int
    turn: int = 0
    alliance: float = Field(ge=0.0, le=1.0)
    resistance: float = Field(ge=0.0, le=1.0)
    hidden_resistance: float = Field(default=0.0, ge=0.0, le=1.0)
    # Deepest CCD layer voiced: 0 presenting problem .. 6 core belief.
    disclosure: int = Field(default=0, ge=0, le=P.MAX_LAYER)
    # Conviction (0-100) in the automatic thought of each situation, by situation id.
    belief: dict[str, float]
    belief_start: dict[str, float]
    core_belief: float = Field(ge=0.0, le=100.0)
    core_belief_start: float = Field(ge=0.0, le=100.0)
    # Intensity (0-100) of each case emotion, by vocabulary key ("anxious", ...).
    emotion: dict[str, float]
    emotion_baseline: dict[str, float]
    # Facts the patient has voiced that do not fit a thought (case evidence lines).
    evidence: list[str] = Field(default_factory=list)
    summarised: bool = False
    # Situation ids the trainee summarised once their thought had been voiced
    # (Padesky's stage 3, in the rubric's cycle order: a summary, then later a
    # synthesising question, within one topic; RUBRICS.md section 3.2).
    summary_topics: list[str] = Field(default_factory=list)
    alternative_view: str | None = None
    reframed: list[str] = Field(default_factory=list)  # situation ids
    topic: str
    # Deepest situation layer (1-4) voiced per situation id: a new topic is told
    # up to the depth already trusted, without passing the gates again.
    topic_depth: dict[str, int] = Field(default_factory=dict)
    last_moves: list[str] = Field(default_factory=list)
    last_act: str | None = None
    # Turns left during which disclosure cannot deepen (after advice, confrontation).
    block_turns: int = 0
    # Consecutive skilled turns (parameters.SKILLED_MOVES, nothing harmful):
    # resistance gives way only to sustained skill.
    skill_streak: int = 0
    # Skilled turns of the session, halved at each rupture: the floor under
    # resistance falls with it (StyleParams.hold_turns).
    skill_credit: float = 0.0
    risk_disclosed: bool = False
    # Which suicidal-thought questions were asked and answered ("suicidal_thoughts",
    # "si_plan", ...), in order: a completed risk assessment is visible in the state.
    risk_asked: list[str] = Field(default_factory=list)
    # Those asked and met with "I'm fine" before she told anything: a later
    # follow-up needs care to be answered, and then she owns the thoughts first.
    risk_evaded: list[str] = Field(default_factory=list)
    # The last turn of a risk conversation: "How often?" right after it is a
    # follow-up about the thoughts.
    risk_turn: int | None = None
    # Fact-sheet domains the trainee asked about (facts.py), in order.
    facts_asked: list[str] = Field(default_factory=list)
    # Turn at which each layer was first voiced ("2": 4), for the report.
    layer_turns: dict[str, int] = Field(default_factory=dict)

    def evidence_for(
        self, case: CaseSpec, situation_id: str | None = None
    ) -> list[str]:
        situation = case.situation(situation_id or self.topic)
        return [e for e in self.evidence if e in situation.evidence]

    @property
    def topic_belief(self) -> float:
        return self.belief[self.topic]

    def dominant_emotion(self, case: CaseSpec) -> tuple[str, float]:
        keys = [emotion_key(e) for e in case.situation(self.topic).emotions]
        key = max(keys, key=lambda k: self.emotion.get(k, 0.0))
        return key, self.emotion.get(key, 0.0)

    def for_next_step(self) -> PatientState:
        """A copy a step may change without touching this one: what
        `model_copy(deep=True)` gives, made by copying each dict and list field
        one level down, as those hold only strings and numbers. Each chat
        message makes two (transition, direction); the deep copy walked every
        value of the growing lists, 0.06-0.15 ms each, against about 0.01."""
        copied = self.model_copy()
        copied.__dict__.update(
            {name: copy.copy(getattr(self, name)) for name in _FLAT_CONTAINERS}
        )
        for name in _DEEP_CONTAINERS:
            copied.__dict__[name] = copy.deepcopy(getattr(self, name))
        return copied


def _holds_only_scalars(annotation: object) -> bool:
    return all(arg in (str, int, float, bool) for arg in get_args(annotation))


_CONTAINERS = [
    (name, field.annotation)
    for name, field in PatientState.model_fields.items()
    if get_origin(field.annotation) in (dict, list)
]
# A container field added later that nests containers is copied deeply still.
_FLAT_CONTAINERS = tuple(name for name, a in _CONTAINERS if _holds_only_scalars(a))
_DEEP_CONTAINERS = tuple(name for name, a in _CONTAINERS if not _holds_only_scalars(a))


def start_resistance(case: CaseSpec) -> tuple[float, float]:
    """The resistance and hidden resistance the patient comes in with (by style
    and difficulty): what a rupture brings back part of."""
    style = P.STYLE_PARAMS[case.style]
    extra = P.DIFFICULTY_RESISTANCE[case.difficulty]
    resistance = _clamp(style.resistance + extra, 0.0, 1.0)
    hidden = (
        _clamp(style.hidden_resistance + extra, 0.0, 1.0)
        if style.hidden_resistance
        else 0.0
    )
    return resistance, hidden


def initial_state(case: CaseSpec, *, seed: int) -> PatientState:
    """The patient before the first trainee turn; seeded, hence reproducible."""
    rng = random.Random(f"{case.slug}:{seed}:initial")
    style = P.STYLE_PARAMS[case.style]
    alliance = style.alliance + P.DIFFICULTY_ALLIANCE[case.difficulty]
    resistance, hidden = start_resistance(case)
    belief = {s.id: float(rng.randint(*P.INITIAL_BELIEF)) for s in case.situations}
    emotion: dict[str, float] = {}
    for s in case.situations:
        for label in s.emotions:
            emotion.setdefault(
                emotion_key(label), float(rng.randint(*P.INITIAL_EMOTION))
            )
    return PatientState(
        case_slug=case.slug,
        seed=seed,
        alliance=_clamp(alliance, 0.05, 1.0),
        resistance=resistance,
        hidden_resistance=hidden,
        belief=belief,
        belief_start=dict(belief),
        core_belief=P.INITIAL_CORE_BELIEF,
        core_belief_start=P.INITIAL_CORE_BELIEF,
        emotion=emotion,
        emotion_baseline=dict(emotion),
        topic=case.situations[0].id,
    )


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))
