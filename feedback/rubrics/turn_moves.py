"""What a trainee turn did, in the patient engine's move names, read from its codes.

The report's key moments name the trainee's moves ("you reflected the meaning behind
it and asked about the evidence"). The patient engine classifies moves of its own,
quickly and for its own purpose (how the patient reacts); the annotation (with any
supervisor correction applied) is the reading the trainee sees on the chips. So the
report words a turn from its annotation, and takes from the engine only what the
annotation has no code for (asking about risk, stepping out of the role, going off
topic) and its reading of agreement with the distorted thought, which the practice
targets also act on. Pure (no Django).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

_SOCRATIC_MOVES = {
    "reasons_evidence": "socratic_evidence",
    "viewpoints": "socratic_alternatives",
    "implications": "socratic_consequences",
}
_CODE_MOVES = {
    "complex_reflection": "complex_reflection",
    "simple_reflection": "simple_reflection",
    "persuade": "advice",
    "persuade_with_permission": "advice_with_permission",
    "giving_information": "information",
    "confront": "confrontation",
    "affirm": "validation",
    "support": "validation",
}
_FLAG_MOVES = {
    "leading_question": "leading_question",
    "collusion": "collusion",
    "unexpressed_feeling": "reading_in",
}
# Engine moves with no code in the annotation: kept next to the annotation's reading.
ENGINE_ONLY = frozenset({"collusion", "risk_question", "role_break", "off_topic"})


def annotation_moves(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The move names of an annotation (stored JSON shape), each once, in turn order."""
    moves: list[str] = []
    for u in data.get("utterances", []):
        codes = u.get("codes", [])
        if u.get("padesky_stage") == "synthesizing":
            moves.append("socratic_synthesis")
        elif u.get("padesky_stage") == "summary":
            moves.append("summary")
        if "question" in codes:
            socratic = _SOCRATIC_MOVES.get(u.get("socratic_type") or "")
            moves.append(
                socratic
                or (
                    "open_question"
                    if u.get("question") == "open"
                    else "closed_question"
                )
            )
        moves.extend(_CODE_MOVES[c] for c in codes if c in _CODE_MOVES)
    moves.extend(_FLAG_MOVES[f] for f in data.get("flags", []) if f in _FLAG_MOVES)
    return tuple(dict.fromkeys(moves))


def reported_moves(
    annotation: Mapping[str, Any] | None, engine_moves: Sequence[str]
) -> tuple[str, ...]:
    """What the report says a turn did: its codes, plus the engine-only moves.

    Agreement with the distorted thought comes first when either reading found it:
    it is what the patient reacted to.
    """
    if annotation is None:
        return tuple(engine_moves)
    moves = annotation_moves(annotation)
    extra = tuple(m for m in engine_moves if m in ENGINE_ONLY and m not in moves)
    combined = moves + extra
    if "collusion" in combined:
        combined = ("collusion", *(m for m in combined if m != "collusion"))
    return combined
