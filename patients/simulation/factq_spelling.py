"""Typos in a trainee's question, read as the words they stand for.

"are u drikning more", "ever taken an ovedrose", "go thorugh with it": the
routing regexes (`factq_domains.py`, `factq_risk.py`) and the classifier's
features are written for words spelled right. A word of six letters or more
that is no real word, one edit (a letter added, dropped or changed, or two
neighbours swapped) from exactly one real word, is read as that word.

The real words are a lexicon of every word in the project's own text (the case
files, the guard's corpus, the team probes, the classifier's corpus), written
to `factq_corpus/lexicon.txt` by `python -m patients.simulation.factq_train`.
It keeps "mother" from becoming "other" and "tried" from becoming "tired".
Short words are left alone ("bear" is not "beer"), and so are capitalised ones
(names).

Pure Python, no Django.
"""

from __future__ import annotations

import re
from functools import cache

from patients.simulation.factq_model import is_known, known_words
from patients.simulation.text import one_typo

__all__ = ["respell", "spelled"]

# Six letters: below that, one edit reaches too many real words.
MIN_LENGTH = 6
_WORD = re.compile(r"(?<!['\w])[a-z]+\b(?!')")


@cache
def _targets() -> dict[tuple[int, str], tuple[str, ...]]:
    # What a typo may stand for: a real word of the lexicon, by length and first
    # letter (`one_typo` keeps the first letter, so no other word can qualify),
    # each list in alphabetical order.
    table: dict[tuple[int, str], list[str]] = {}
    for word in sorted(known_words()):
        if len(word) >= MIN_LENGTH - 1:
            table.setdefault((len(word), word[0]), []).append(word)
    return {key: tuple(found) for key, found in table.items()}


def spelled(word: str) -> str:
    """The known word a misspelt one stands for, or the word itself."""
    if len(word) < MIN_LENGTH or is_known(word) or _inflected(word):
        return word
    table = _targets()
    # A dropped letter only in longer words: "tables" is a word, not "tablets".
    sizes = (len(word) - 1, len(word), *((len(word) + 1,) if len(word) >= 7 else ()))
    found = [
        other
        for size in sizes
        for other in table.get((size, word[0]), ())
        if one_typo(word, other)
    ]
    # A slip that keeps the length (a swap, a neighbouring key) before one that
    # does not: "thorugh" is "through", not "thorough". Two candidates of the
    # same kind are a guess: left as typed.
    same = [other for other in found if len(other) == len(word)]
    for candidates in (same, found):
        if len(candidates) == 1:
            return candidates[0]
    return word


# A real word the lexicon lacks, read as a known word with an ending: "broken"
# is "broke" plus "n" (no typo of it: "nights are pretty broken" is no money
# question), "falling" is "fall" plus "ing", not "failing"; "hoping" is "hope".
_ENDINGS = ("ing", "ed", "es", "s", "n", "en", "ly", "er", "y")


def _inflected(word: str) -> bool:
    for ending in _ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < 3:
            continue
        stem = word[: -len(ending)]
        doubled = len(stem) > 3 and stem[-1] == stem[-2]
        if is_known(stem) or is_known(stem + "e") or (doubled and is_known(stem[:-1])):
            return True
    return False


def respell(text: str) -> str:
    """`text` with its lower-case typos replaced (see the module docstring)."""
    return _WORD.sub(lambda m: spelled(m[0]), text)
