"""The stage direction: what the patient does this turn, decided in pure code.

The state decides *what* happens (act, material allowed, length, affect); a
responder decides *how* it sounds. Both responders get the same direction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec
from patients.simulation.moves import role_break_kind
from patients.simulation.state import PatientState
from patients.simulation.transitions import Outcome

Act = Literal[
    "disclose",
    "answer",
    "deflect",
    "yes_but",
    "defend",
    "correct",
    "consider",
    "reframe",
    "redirect",
]
OTHER_TOPIC = re.compile(
    r"\b(?:what|anything|something) else\b|\bother (?:things?|situations?|times?|moments?)\b",
    re.IGNORECASE,
)
LAYER_NAMES = (
    "presenting problem",
    "situation",
    "automatic thought",
    "emotions",
    "behaviour",
    "intermediate belief",
    "core belief",
)


class StageDirection(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    act: Act
    # The layer whose material this reply is about (-1: none, e.g. role breaks).
    layer: int = Field(ge=-1, le=P.MAX_LAYER)
    # The deepest layer the reply may touch (the state's disclosure after the turn).
    allowed_layer: int = Field(ge=0, le=P.MAX_LAYER)
    topic: str
    # Why this act (a short reason code: "closed_question", "blocked", ...).
    reason: str = ""
    # Case material for this turn: evidence line, alternative view, role-break kind.
    content: dict[str, str] = Field(default_factory=dict)
    max_sentences: int = Field(ge=1)
    affect: str
    affect_intensity: float
    guarded: bool = False
    first_turn: bool = False


def _next_situation(case: CaseSpec, state: PatientState) -> str | None:
    for s in case.situations:
        if s.id not in state.reframed and s.id != state.topic:
            return s.id
    return None


def direct(
    case: CaseSpec,
    state: PatientState,
    moves: Sequence[str],
    outcome: Outcome,
    trainee_text: str,
) -> tuple[PatientState, StageDirection]:
    """Choose the act for this turn and record any newly disclosed layer."""
    s = state.model_copy(deep=True)
    moveset = set(moves)
    style = P.STYLE_PARAMS[case.style]
    cap = style.sentence_cap
    guarded = s.alliance < P.GUARDED_ALLIANCE
    content: dict[str, str] = {}
    layer = min(s.disclosure, P.MAX_LAYER)
    reason = ""

    def depth() -> int:
        return s.topic_depth.get(s.topic, 0)

    if "role_break" in moveset:
        act: Act = "redirect"
        content["kind"] = role_break_kind(trainee_text) or "meta"
        layer, reason = -1, "role_break"
    elif outcome.risk is not None:
        act = "disclose" if outcome.risk == "disclose" else "answer"
        if outcome.risk == "evade":
            act = "deflect"
        content["risk"] = outcome.risk
        layer, reason = -1, f"risk_{outcome.risk}"
    elif moveset & {"confrontation", "leading_question"}:
        act, reason = "defend", "confronted"
    elif "advice" in moveset:
        act, reason = "yes_but", "premature_advice"
    elif "reading_in" in moveset:
        act, reason = "correct", "reading_in"
        content["named"] = outcome.misread_emotion or ""
        if s.disclosure >= 3:
            content["actual"] = s.dominant_emotion(case)[0]
    elif outcome.reframed:
        act, reason = "reframe", "synthesis"
        content["alternative_view"] = s.alternative_view or ""
        layer = 2
        # The next situation becomes the topic once this one is reframed.
        nxt = _next_situation(case, s)
        if nxt is not None:
            s.topic, s.summarised = nxt, False
    elif outcome.socratic_defensive:
        act, reason = "defend", "socratic_too_early"
    elif outcome.evidence_item is not None or outcome.evidence_exhausted:
        act, reason = "consider", "evidence"
        if outcome.evidence_item:
            content["evidence"] = outcome.evidence_item
        layer = 2
    elif outcome.synthesis_premature and s.disclosure >= 2:
        act, reason, layer = "answer", "synthesis_premature", 2
    elif "advice_with_permission" in moveset:
        timely = s.disclosure >= P.ADVICE_WITH_PERMISSION_MIN_DISCLOSURE
        act, reason = (
            ("consider", "advice_with_permission")
            if timely
            else ("answer", "advice_too_early")
        )
    elif "collusion" in moveset:
        act, reason = "answer", "collusion"
        layer = min(s.disclosure, 2)
    elif "off_topic" in moveset:
        act, reason, layer = "redirect", "off_topic", -1
        content["kind"] = "off_topic"
    elif outcome.advancing:
        questions_only = not moveset & (P.REFLECTION_MOVES | {"summary"})
        if outcome.blocked:
            act, reason = "answer", "blocked"
        elif questions_only and s.resistance > P.DEFLECT_RESISTANCE:
            act, reason = "deflect", "resistant"
        elif (
            OTHER_TOPIC.search(trainee_text)
            and depth() >= min(s.disclosure, 4)
            and (nxt := _next_situation(case, s)) is not None
            and s.topic_depth.get(nxt, 0) < min(s.disclosure, 4)
        ):
            # The trainee asks what else happened: the next situation comes up,
            # told up to the depth already trusted.
            s.topic, s.summarised = nxt, False
            act, reason, layer = "disclose", "topic_change", depth() + 1
        elif depth() < min(s.disclosure, 4):
            # A new topic is told up to the depth already trusted.
            act, reason, layer = "disclose", "topic_catch_up", depth() + 1
        elif s.disclosure < P.MAX_LAYER and s.alliance >= P.gate(
            s.disclosure + 1, case.style
        ):
            layer = s.disclosure + 1
            act, reason = "disclose", "gate_passed"
            s.disclosure = layer
            s.layer_turns.setdefault(str(layer), s.turn)
        elif guarded:
            act, reason = "deflect", "guarded"
        else:
            act, reason = "answer", "gate_closed"
    elif "closed_question" in moveset:
        act, reason = "answer", "closed_question"
        cap = min(cap, 2)
    else:
        act, reason = "answer", "other"

    if act == "disclose" and 1 <= layer <= 4:
        s.topic_depth[s.topic] = max(depth(), layer)
    if act in {"answer", "deflect", "defend"} and layer >= 0:
        # Restating never goes beyond what this topic has already been told;
        # patient-level layers (5, 6) hold across topics.
        layer = s.disclosure if s.disclosure >= 5 else min(s.disclosure, depth())
    if guarded:
        cap = min(cap, P.GUARDED_SENTENCES)
    affect, intensity = s.dominant_emotion(case)
    s.last_act = act
    direction = StageDirection(
        act=act,
        layer=layer,
        allowed_layer=s.disclosure,
        topic=s.topic,
        reason=reason,
        content=content,
        max_sentences=max(1, cap),
        affect=affect,
        affect_intensity=round(intensity, 1),
        guarded=guarded,
        first_turn=state.turn <= 1,
    )
    return s, direction
