"""The multi-turn picture for the report: state curves, key moments, practice targets.

Pure (no Django). Reads the same `TurnRecord`s as `scoring.score_session`, so a report
can say "turn 7: the patient named shame; you offered advice; alliance fell 0.52 → 0.40"
(PATIENT_MODEL.md, "What the report can then show").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from . import lexicon
from . import rewrite as rewrite_lib
from .flags import is_emotional_disclosure
from .scoring import LAYER_NAMES, SessionScores, TurnRecord

# What a change must exceed to be worth a line in the report.
ALLIANCE_STEP = 0.05
BELIEF_STEP = 5.0
MAX_MOMENTS = 6


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


class Target(_Out):
    skill: str
    title: str
    why: str
    example_turn: int | None = None
    example_text: str = ""
    rewrite: str = ""


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
        word = _feeling_word(patient_text)
        parts.append(f"the patient shared a feeling{f' ({word})' if word else ''}")
    moves = [MOVE_WORDS.get(m, m.replace("_", " ")) for m in turn.moves]
    if moves:
        parts.append("you " + " and ".join(moves[:2]))
    if any(m in _POOR_MOVES for m in turn.moves):
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


def _feeling_word(text: str) -> str:
    """The first feeling word the patient used ("ashamed"), for the moment's line."""
    return next((w for w in lexicon.words(text) if w in lexicon.FEELING_WORDS), "")


def practice_targets(
    scores: SessionScores, turns: Sequence[TurnRecord], *, limit: int = 3
) -> list[Target]:
    """Two or three concrete things to practise, each with an example from the session."""
    if scores.too_short:
        return []
    ordered = sorted(turns, key=lambda t: t.index)
    trainee = [t for t in ordered if t.speaker == "trainee"]
    patient_before = _patient_lines(ordered)
    weak = sorted(
        (s for s in scores.skills if s.score is not None and s.score < s.good),
        key=lambda s: s.score if s.score is not None else 0.0,
    )
    # Weakest skill first; each target quotes a turn no earlier target quoted, so
    # three targets show three moments of the session where there are three.
    used: set[int] = set()
    targets: list[Target] = []
    for skill in weak:
        if len(targets) >= limit:
            break
        target = _target_for(skill.key, scores, trainee, used, patient_before)
        if target is not None:
            targets.append(target)
            if target.example_turn is not None:
                used.add(target.example_turn)
    return targets


def _patient_lines(ordered: Sequence[TurnRecord]) -> dict[int, str]:
    """For each trainee turn, the patient's words just before it."""
    out: dict[int, str] = {}
    last = ""
    for t in ordered:
        if t.speaker == "patient":
            last = t.text
        else:
            out[t.index] = last
    return out


def _find(
    trainee: Sequence[TurnRecord], predicate: Any, used: set[int] | None = None
) -> TurnRecord | None:
    """The first matching turn not quoted yet, else the first matching turn."""
    matches = [t for t in trainee if t.annotation is not None and predicate(t)]
    fresh = [t for t in matches if not used or t.index not in used]
    chosen = fresh or matches
    return chosen[0] if chosen else None


_TARGETS: dict[str, tuple[str, str, str]] = {
    # skill: (title, why, rewrite used when the annotator gave no suggestion)
    "reflective_listening": (
        "Reflect before you ask",
        "More of your messages were questions than reflections. A reflection shows "
        "you heard the patient and lets them go deeper without being asked.",
        "It sounds like that left you feeling you'd let everyone down.",
    ),
    "questioning": (
        "Turn closed questions into open ones",
        "Closed or leading questions get short answers and steer the patient.",
        "What was going through your mind when that happened?",
    ),
    "guided_discovery": (
        "Let the patient find the new view",
        "Gather evidence with questions, summarise it in their words, then ask them "
        "what they make of it, instead of supplying the alternative yourself.",
        "Putting those two meetings side by side, how does that fit with 'I always fail'?",
    ),
    "empathy": (
        "Stay with the feeling before solving",
        "When the patient shares a feeling, name it and check it before moving to "
        "solutions.",
        "That sounds really painful. What was the hardest part of it for you?",
    ),
    "collaboration": (
        "Ask before advising",
        "Advice without permission tends to bring 'yes, but'. Asking first keeps the "
        "patient in charge.",
        "Would it be okay if I shared something that has helped other people? "
        "You'd know best whether it fits.",
    ),
}

_INVITE = (
    "Invite the patient's view",
    "Ask what the patient makes of things and what they want from the session; "
    "seeking collaboration and emphasising their choice build partnership.",
    "What feels most important for us to look at today? It's your call.",
)


def _target_for(
    skill: str,
    scores: SessionScores,
    trainee: Sequence[TurnRecord],
    used: set[int] | None = None,
    patient_before: Mapping[int, str] | None = None,
) -> Target | None:
    title, why, fallback = _TARGETS[skill]
    example: TurnRecord | None = None
    if skill == "reflective_listening":
        example = _find(
            trainee,
            lambda t: t.annotation.n_questions and not t.annotation.n_reflections,
            used,
        )
    elif skill == "questioning":
        example = _find(
            trainee,
            lambda t: (
                "leading_question" in t.annotation.flags
                or t.annotation.question_kind == "closed"
            ),
            used,
        )
    elif skill == "guided_discovery":
        example = _find(
            trainee,
            lambda t: (
                t.annotation.mi_non_adherent or "leading_question" in t.annotation.flags
            ),
            used,
        ) or _find(trainee, lambda t: t.annotation.question_kind == "closed", used)
    elif skill == "empathy":
        example = _find(
            trainee,
            lambda t: "problem_solving_after_disclosure" in t.annotation.flags,
            used,
        ) or _find(
            trainee,
            lambda t: not t.annotation.n_reflections and not t.annotation.explorations,
            used,
        )
    elif skill == "collaboration":
        example = _find(
            trainee,
            lambda t: t.annotation.count("persuade") or t.annotation.count("confront"),
            used,
        )
        if example is None:
            # Nothing non-adherent: the gap is partnership, not advice.
            title, why, fallback = _INVITE
    patient = (
        (patient_before or {}).get(example.index, "") if example is not None else ""
    )
    rewrite = _personal_rewrite(skill, patient) or fallback
    return Target(
        skill=skill,
        title=title,
        why=why,
        example_turn=example.index if example else None,
        example_text=example.text if example else "",
        rewrite=rewrite,
    )


def _personal_rewrite(skill: str, patient: str) -> str:
    """The skill's better response, built from the patient's line before the turn."""
    if not patient:
        return ""
    if skill == "reflective_listening":
        return rewrite_lib.reflect(patient)
    if skill == "questioning":
        return rewrite_lib.open_question(patient)
    if skill == "guided_discovery":
        return rewrite_lib.synthesising_question(patient) or rewrite_lib.open_question(
            patient
        )
    if skill == "empathy":
        return rewrite_lib.validate_then_ask(patient) or rewrite_lib.reflect(patient)
    if skill == "collaboration":
        return rewrite_lib.ask_first(patient)
    return ""


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
