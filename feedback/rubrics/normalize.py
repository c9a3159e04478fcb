"""Spelling normalisation for chat text before the lexical rules run.

People typing in a chat drop apostrophes ("thats hard", "youre right", "im here") and
abbreviate ("u", "ur"). The word lists are written with standard spelling, so the coder
matches against a normalised copy; the utterance text it reports stays as typed. Only
unambiguous forms are restored: "its", "were", "well", "ill", "id", "lets" and "wed"
are ordinary words too and are left alone.
"""

from __future__ import annotations

import re

from .memo import per_turn

_CONTRACTIONS: dict[str, str] = {
    "im": "i'm",
    "ive": "i've",
    "youre": "you're",
    "youve": "you've",
    "youll": "you'll",
    "youd": "you'd",
    "thats": "that's",
    "whats": "what's",
    "theres": "there's",
    "theyre": "they're",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "cant": "can't",
    "couldnt": "couldn't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "u": "you",
    "ur": "your",
}
_PATTERN = re.compile(r"\b(" + "|".join(_CONTRACTIONS) + r")\b", re.IGNORECASE)
_CURLY = str.maketrans({"’": "'", "‘": "'"})


def _restore(m: re.Match[str]) -> str:
    word = m.group(1)
    full = _CONTRACTIONS[word.lower()]
    return full.capitalize() if word[0].isupper() else full


@per_turn
def normalize(text: str) -> str:
    """`text` with curly apostrophes straightened and dropped apostrophes restored."""
    text = text.translate(_CURLY)
    if "'" in text and not _PATTERN.search(text):
        return text
    return _PATTERN.sub(_restore, text)
