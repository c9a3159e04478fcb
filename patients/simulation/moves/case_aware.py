"""Moves that only the case can settle: is a named feeling the patient's own?

The classifier reads a turn against the transcript only, so a reflection naming a
feeling the patient has not voiced yet looks like "reading in". But an accurate
reflection of a feeling the case holds ("It sounds like you feel terribly guilty,
and underneath that you miss him") is exactly the skill that builds trust; only a
feeling the patient does not have is read in. Pure (no Django).
"""

from __future__ import annotations

from collections.abc import Iterable

from patients.simulation.vocab import emotions_named

from .labels import MOVES


def own_feelings(case_texts: Iterable[str], emotion_keys: Iterable[str]) -> frozenset[str]:
    """The feelings the case gives the patient: its emotions and the feelings its
    own text names (a presenting problem of "constant worry" is anxious)."""
    found = set(emotion_keys)
    for text in case_texts:
        found |= emotions_named(text)
    return frozenset(found)


def reinterpret(
    moves: tuple[str, ...], trainee_text: str, own: frozenset[str]
) -> tuple[str, ...]:
    """`reading_in` becomes an accurate `complex_reflection` when every feeling the
    trainee named is the patient's own."""
    if "reading_in" not in moves:
        return moves
    named = emotions_named(trainee_text)
    if not named or not named <= own:
        return moves
    out = [m for m in moves if m != "reading_in"]
    if "complex_reflection" not in out:
        out.append("complex_reflection")
    return tuple(m for m in MOVES if m in out)
