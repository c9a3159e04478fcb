"""The multi-turn picture for the report: state curves, key moments, practice targets.

Pure (no Django). Reads the same `TurnRecord`s as `scoring.score_session`, so a report
can say "turn 7: the patient named shame; you offered advice; alliance fell 0.52 → 0.40"
(PATIENT_MODEL.md, "What the report can then show").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from . import rewrite
from .flags import is_emotional_disclosure
from .scoring import LAYER_NAMES, SessionScores, TurnRecord
from .targets import Target, practice_targets
from .turn_moves import reported_moves

__all__ = [
    "MOVE_WORDS",
    "CurvePoint",
    "Moment",
    "ReportModel",
    "Target",
    "curves",
    "key_moments",
    "practice_targets",
    "report_model",
]

# What a change must exceed to be worth a line in the report.
ALLIANCE_STEP = 0.05
BELIEF_STEP = 5.0
MAX_MOMENTS = 6
# Moves named in one moment ("you reflected ..., validated them and asked ...").
MAX_MOVES = 3


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CurvePoint(_Out):
    turn: int
    alliance: float  # 0-100 (alliance × 100), to share an axis with the others
    belief: float | None
    emotion: float | None
    emotion_label: str = ""
    disclosure: int = 0
    move: str = ""


class Moment(_Out):
    turn: int
    tone: str  # good | poor
    text: str
    weight: float = 0.0


# Readable names of the trainee moves the patient engine classifies.
MOVE_WORDS: dict[str, str] = {
    "open_question": "asked an open question",
    "closed_question": "asked a closed question",
    "simple_reflection": "reflected what they said",
    "complex_reflection": "reflected the meaning behind it",
    "summary": "summarised",
    "validation": "validated them",
    "socratic_evidence": "asked about the evidence",
    "socratic_alternatives": "asked about other ways to see it",
    "socratic_consequences": "asked about consequences",
    "socratic_synthesis": "asked them to pull it together",
    "advice": "offered advice",
    "advice_with_permission": "offered advice with permission",
    "information": "gave information",
    "confrontation": "confronted them",
    "leading_question": "asked a leading question",
    "collusion": "agreed with the distorted thought",
    "reading_in": "named a feeling they had not expressed",
    "off_topic": "went off topic",
    "role_break": "stepped out of the role",
    "risk_question": "asked about risk",
}
_POOR_MOVES = frozenset(
    {
        "advice",
        "confrontation",
        "leading_question",
        "collusion",
        "reading_in",
        "off_topic",
    }
)


def curves(turns: Sequence[TurnRecord]) -> list[CurvePoint]:
    """One point per stored state: alliance, the topic's belief, the strongest emotion."""
    points: list[CurvePoint] = []
    for turn in sorted(turns, key=lambda t: t.index):
        state = turn.state
        if not state or turn.speaker != "trainee" and points:
            # Patient turns copy the state of the trainee turn before them; only the
            # opening line (the starting point) adds a point of its own.
            continue
        emotion_label, emotion = _strongest_emotion(state)
        points.append(
            CurvePoint(
                turn=turn.index,
                alliance=round(float(state.get("alliance", 0.0)) * 100, 1),
                belief=_topic_belief(state),
                emotion=emotion,
                emotion_label=emotion_label,
                disclosure=int(state.get("disclosure", 0) or 0),
                move=", ".join(turn.moves),
            )
        )
    return points


def _topic_belief(state: Mapping[str, Any]) -> float | None:
    belief = state.get("belief") or {}
    value = belief.get(state.get("topic", ""))
    return round(float(value), 1) if value is not None else None


def _strongest_emotion(state: Mapping[str, Any]) -> tuple[str, float | None]:
    emotion = state.get("emotion") or {}
    if not emotion:
        return "", None
    label = max(emotion, key=lambda k: emotion[k])
    return label, round(float(emotion[label]), 1)


def key_moments(turns: Sequence[TurnRecord]) -> list[Moment]:
    """The turns where the patient moved most, good or bad, in session order."""
    ordered = sorted(turns, key=lambda t: t.index)
    moments: list[Moment] = []
    previous_state: Mapping[str, Any] | None = None
    previous_patient = ""
    for turn in ordered:
        if turn.speaker == "patient":
            previous_patient = turn.text
            if turn.state:
                previous_state = turn.state
            continue
        state = turn.state
        if not state or previous_state is None:
            previous_patient = ""
            continue
        moment = _moment(turn, previous_state, state, previous_patient)
        if moment is not None:
            moments.append(moment)
        previous_state, previous_patient = state, ""
    strongest = sorted(moments, key=lambda m: -m.weight)[:MAX_MOMENTS]
    return sorted(strongest, key=lambda m: m.turn)


def _moment(
    turn: TurnRecord,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    patient_text: str,
) -> Moment | None:
    parts: list[str] = []
    weight = 0.0
    tone_score = 0.0
    if patient_text and is_emotional_disclosure(patient_text):
        # The patient's own feeling, as a reflection would name it (rewrite.py).
        word = rewrite.feeling_word(patient_text)
        parts.append(f"the patient shared a feeling{f' ({word})' if word else ''}")
    # What the trainee did, in the words of the turn's codes (the chips' reading).
    done = turn_moves(turn)
    moves = list(dict.fromkeys(MOVE_WORDS.get(m, m.replace("_", " ")) for m in done))
    if moves:
        parts.append("you " + _and_list(moves[:MAX_MOVES]))
    if any(m in _POOR_MOVES for m in done):
        tone_score -= 0.5
    a0, a1 = float(before.get("alliance", 0)), float(after.get("alliance", 0))
    if abs(a1 - a0) >= ALLIANCE_STEP:
        verb = "rose" if a1 > a0 else "fell"
        parts.append(f"trust {verb} from {a0:.2f} to {a1:.2f}")
        weight += abs(a1 - a0) * 100
        tone_score += a1 - a0
    topic = after.get("topic", "")
    b0 = (before.get("belief") or {}).get(topic)
    b1 = (after.get("belief") or {}).get(topic)
    if b0 is not None and b1 is not None and abs(b1 - b0) >= BELIEF_STEP:
        verb = "loosened" if b1 < b0 else "hardened"
        parts.append(f"their belief in the thought {verb} from {b0:.0f} to {b1:.0f}")
        weight += abs(b1 - b0)
        tone_score += (b0 - b1) / 100
    d0, d1 = int(before.get("disclosure", 0) or 0), int(after.get("disclosure", 0) or 0)
    if d1 > d0:
        parts.append(f"they opened up to the {LAYER_NAMES[min(d1, 6)]}")
        weight += 6 * (d1 - d0)
        tone_score += 0.1
    if after.get("alternative_view") and not before.get("alternative_view"):
        parts.append("they voiced a new, balanced view in their own words")
        weight += 20
        tone_score += 0.5
    if weight == 0:
        return None
    return Moment(
        turn=turn.index,
        tone="good" if tone_score > 0 else "poor",
        text="; ".join(parts),
        weight=weight,
    )


def turn_moves(turn: TurnRecord) -> tuple[str, ...]:
    """The turn's moves as the report words them: from its annotation (corrected or
    not), plus what only the patient engine can tell (`turn_moves.reported_moves`)."""
    annotation = turn.annotation.model_dump() if turn.annotation is not None else None
    return reported_moves(annotation, turn.moves)


def _and_list(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


class ReportModel(_Out):
    """Everything the report shows that is computed, not stored (for templates)."""

    curve: list[CurvePoint] = Field(default_factory=list)
    moments: list[Moment] = Field(default_factory=list)
    targets: list[Target] = Field(default_factory=list)


def report_model(scores: SessionScores, turns: Sequence[TurnRecord]) -> ReportModel:
    """Curves, key moments and practice targets of one scored session."""
    return ReportModel(
        curve=curves(turns),
        moments=key_moments(turns),
        targets=practice_targets(scores, turns),
    )
