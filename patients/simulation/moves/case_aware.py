"""Moves that only the case can settle: is a named feeling the patient's own?

The classifier reads a turn against the transcript only, so a reflection naming a
feeling the patient has not voiced yet looks like "reading in". But an accurate
reflection of a feeling the case holds ("It sounds like you feel terribly guilty,
and underneath that you miss him") is exactly the skill that builds trust; only a
feeling the patient does not have is read in. Pure (no Django).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from patients.simulation.text import content_words
from patients.simulation.vocab import emotions_named

from .labels import MOVES


def own_feelings(case_texts: Iterable[str], emotion_keys: Iterable[str]) -> frozenset[str]:
    """The feelings the case gives the patient: its emotions and the feelings its
    own text names (a presenting problem of "constant worry" is anxious)."""
    found = set(emotion_keys)
    for text in case_texts:
        found |= emotions_named(text)
    return frozenset(found)


_REFLECTING = re.compile(
    r"\b(?:you|your|you'?re|you'?ve)\b|\bi'?m hearing\b|\bi (?:can )?hear\b|"
    r"\bi (?:get|have) (?:a|the) sense\b|\bsounds? like\b|\bseems? like\b",
    re.IGNORECASE,
)
_NOT_REFLECTION = frozenset(
    {
        "advice",
        "advice_with_permission",
        "confrontation",
        "leading_question",
        "collusion",
        "role_break",
        "off_topic",
        "reading_in",
        "complex_reflection",
        "simple_reflection",
    }
)


def reinterpret(
    moves: tuple[str, ...], trainee_text: str, own: frozenset[str]
) -> tuple[str, ...]:
    """`reading_in` becomes an accurate `complex_reflection` when every feeling the
    trainee named is the patient's own; so does a statement that names the
    patient's own feelings back to them in a form the annotator does not code
    ("I'm hearing a lot of guilt in what you say")."""
    if "reading_in" not in moves:
        named = emotions_named(trainee_text)
        statement = not trainee_text.rstrip().endswith("?")
        if (
            statement
            and named
            and named <= own
            and not set(moves) & _NOT_REFLECTION
            and _REFLECTING.search(trainee_text)
        ):
            kept = {m for m in moves if m not in {"other", "information"}}
            return tuple(m for m in MOVES if m in kept | {"complex_reflection"})
        return moves
    named = emotions_named(trainee_text)
    if not named or not named <= own:
        return moves
    out = [m for m in moves if m != "reading_in"]
    if "complex_reflection" not in out:
        out.append("complex_reflection")
    return tuple(m for m in MOVES if m in out)


_TENTATIVE = re.compile(
    r"\b(?:you (?:think|feel|felt|believe|worry|fear|tell yourself|said|say|"
    r"wonder|keep thinking)|sounds? like you(?:'re| are)? (?:think|feel|believ)|"
    r"part of you|it feels like|i wonder|i'?m hearing|what if|is it possible|"
    r"could it be)\b",
    re.IGNORECASE,
)
_ASSERT = re.compile(
    r"\b(?:true|right|agree|fair|probably|definitely|pretty|hard to argue|"
    r"does sound|must|of course|yeah|yes|honestly|i mean|can'?t argue|makes sense)\b",
    re.IGNORECASE,
)
_COMMON = frozenset(
    "just know think feel good really thing things going make made someone people "
    "everyone always never something".split()
)


def colludes(trainee_text: str, beliefs: Iterable[str]) -> bool:
    """A statement, in the trainee's own voice, that agrees with the patient's
    distorted thought ("it's hard to argue you're not a failure"): not a question,
    not a tentative reflection of what the patient thinks, an agreeing word, and
    the thought's own words."""
    text = trainee_text.strip()
    if text.endswith("?") or _TENTATIVE.search(text) or not _ASSERT.search(text):
        return False
    said = {w[:5] for w in content_words(text) if w not in _COMMON and len(w) > 3}
    for belief in beliefs:
        words = {w[:5] for w in content_words(belief) if w not in _COMMON and len(w) > 3}
        if said & words:
            return True
    return False


# A turn that argues, pushes or advises is not agreement with the distortion.
_OTHER_STANCE = frozenset({"confrontation", "leading_question", "advice", "role_break"})


def add_collusion(moves: tuple[str, ...], trainee_text: str, beliefs: Iterable[str]) -> tuple[str, ...]:
    """Collusion the annotator's cues missed: it replaces the reflection it was
    mistaken for, so it neither deepens disclosure nor loosens the belief."""
    if "collusion" in moves or set(moves) & _OTHER_STANCE:
        return moves
    if not colludes(trainee_text, beliefs):
        return moves
    dropped = {"complex_reflection", "simple_reflection", "validation", "summary", "other"}
    out = {m for m in moves if m not in dropped} | {"collusion"}
    return tuple(m for m in MOVES if m in out)
