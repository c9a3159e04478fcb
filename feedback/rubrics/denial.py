"""Insisting on what the patient just denied (MITI Confront).

"I'm not jealous" -> "it does sound a lot like jealousy though": the counsellor argues
with the patient's own account of themself, however softly it is put. Word lists are
written from the rubric and ordinary English.
"""

from __future__ import annotations

import re

from . import lexicon as lx

_DENIED = re.compile(
    r"\b(?:i'?m|i am|i was|i'?ve been|i feel|i don'?t feel)\s+(?:not\s+)?(?:(?:really|"
    r"exactly|that|so|very|even|at all|being)\s+){0,2}([a-z]{4,})",
    re.IGNORECASE,
)


def contradicts_denial(core: str, patient_text: str) -> bool:
    """Whether `core` asserts a feeling or state the patient just said they lack."""
    low = patient_text.lower()
    if " not " not in f" {low} " and "n't" not in low:
        return False
    denied = {
        m.group(1).lower()[:5]
        for m in _DENIED.finditer(low)
        if _NOT.search(m.group(0)) and m.group(1).lower() in lx.FEELING_WORDS | _STATES
    }
    if not denied:
        return False
    text = core.lower()
    if _NEGATED.search(text) or not _ABOUT_THEM.search(text):
        return False
    return any(w[:5] in denied for w in lx.words(text) if len(w) >= 4)


_NOT = re.compile(r"\bnot\b|n't")
_NEGATED = re.compile(r"\b(?:not|never)\b|n't\b")
_ABOUT_THEM = re.compile(r"\b(?:you|your|it|that|this|sounds?|seems?)\b")
_STATES = frozenset(
    "depressed depression jealous jealousy angry scared afraid anxious lonely "
    "worried upset guilty ashamed stressed bitter resentful".split()
)
