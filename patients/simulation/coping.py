"""What the patient does to feel better, in their own words.

"Have you ever done something to help yourself feel better?" asks how they cope
(it is no self-harm screen: `factq.coping_question`). The case already says:
its CCD's coping strategies ("Keeps the house exactly as Alan left it, stays
in, ..."), written about the patient in the third person. The answer is the
first of them, said as "I": nothing beyond what the case holds, and nothing of a
situation's layers, so disclosure does not move.

Pure (no Django).
"""

from __future__ import annotations

import re
from functools import cache

# Irregular third-person verbs and their first-person forms.
_IRREGULAR = {"does": "do", "goes": "go", "has": "have", "is": "am", "doesn't": "don't"}
# The patient's own pronouns only: in "picks fights to test whether he will
# stay" (Sofia), "he" is Luca.
_PRONOUNS = {
    "female": {"she": "I", "her": "my", "herself": "myself", "she's": "I'm"},
    "male": {"he": "I", "his": "my", "him": "me", "himself": "myself", "he's": "I'm"},
}
_SUBJECTS = frozenset({"he", "she"})
_GENDERS = {"woman": "female", "female": "female", "man": "male", "male": "male"}
_WORD = re.compile(r"[A-Za-z']+")
# A clause of the list starts at a comma, or at "and" before another verb
# ("Checks and rechecks work" is one clause; "avoids X and avoids Y" two).
_CLAUSES = re.compile(r",\s*(?:and\s+)?|;\s*")


def _first_person_verb(word: str) -> str:
    low = word.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if re.search(r"(?:ch|sh|ss|x|zz)es$", low):
        return low[:-2]
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if low.endswith("s") and not low.endswith("ss"):
        return low[:-1]
    return low


def first_person(clause: str, gender: str = "") -> str:
    """ "keeps busy so she doesn't have to sit still" -> "I keep busy so I don't
    have to sit still": the leading verb and any verb after a pronoun or "and"."""
    own = _PRONOUNS.get(_GENDERS.get(gender.lower(), ""), {})
    words = clause.strip().rstrip(".").split()
    out: list[str] = []
    verb_next = True
    for word in words:
        low = word.lower()
        if low in own:
            out.append(own[low])
            verb_next = low in _SUBJECTS
            continue
        if verb_next and _WORD.fullmatch(word):
            out.append(_first_person_verb(word))
        else:
            out.append(word)
        verb_next = low == "and"
    return "I " + " ".join(out)


@cache
def coping_line(strategies: str, gender: str = "", most: int = 2) -> str:
    """The first `most` coping strategies as one sentence in the first person."""
    clauses = [c for c in _CLAUSES.split(strategies.strip().rstrip(".")) if c.strip()]
    said = [first_person(c, gender) for c in clauses[:most]]
    if not said:
        return ""
    return f"{', and '.join(said)}."
