"""Small text helpers shared by the classifier, the responders and the guard."""

from __future__ import annotations

import re
from functools import lru_cache

_SENTENCE = re.compile(r"[^.!?…]+(?:[.!?…]+[\"'’”)]*|$)")


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`; a run of terminators ("?!", "...") ends one sentence."""
    # A new list each call: callers may change theirs.
    return list(_sentences(text))


# One message is split about ten times on its way to the first word (the fact
# reader, the moves, the focus, the direction, the guard): the last few texts are
# kept. A pure function of the text, so a kept answer is never stale.
@lru_cache(maxsize=64)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in _SENTENCE.findall(text) if s.strip(" \"'’”)"))


def sentence_count(text: str) -> int:
    return len(split_sentences(text))


def truncate_sentences(text: str, cap: int) -> str:
    return " ".join(split_sentences(text)[:cap])


_WORD = re.compile(r"[a-z']+")
STOPWORDS = frozenset(
    "a an the and or but so to of in on at for with about from by is are was were be "
    "been being am i me my mine you your yours it its that this these those there "
    "what how why when where who which do does did have has had not no just really "
    "very can could would should will shall may might must if then than as like "
    "he she they them his her their we us our get got going go went".split()
)


def content_words(text: str) -> set[str]:
    """Lower-case words of `text` that carry meaning (stopwords removed)."""
    return {w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 2}


def lower_first(text: str, keep: frozenset[str] = frozenset()) -> str:
    """ "Thinking about bills." -> "thinking about bills" (for sentence frames).

    Names ("Kayla", or anything in `keep`) and "I" keep their capital.
    """
    text = text.strip().rstrip(".")
    first = re.match(r"[A-Za-z']+", text)
    word = first.group(0) if first else ""
    if (
        len(text) > 1
        and text[0].isupper()
        and not text[1].isupper()
        and word not in keep
        and word != "I"
        and not word.startswith("I'")
    ):
        return text[0].lower() + text[1:]
    return text


_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-z]+)\b")


def proper_nouns(*texts: str) -> frozenset[str]:
    """Capitalised words seen mid-sentence in `texts`: names to keep capitalised."""
    found: set[str] = set()
    for text in texts:
        for sentence in split_sentences(text):
            found |= set(_CAPITALISED.findall(sentence))
    return frozenset(found)


def ensure_period(text: str) -> str:
    text = text.strip()
    return text if text[-1:] in ".!?…\"'’”" else text + "."


# Neighbouring keys on a QWERTY keyboard: a substituted letter in a typo is
# almost always one of these ("drinkimg"), while a real word one letter from
# another ("hunting"/"hurting") usually is not.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEAR: dict[str, frozenset[str]] = {}
for _r, _row in enumerate(_ROWS):
    for _i, _key in enumerate(_row):
        _around = {_row[j] for j in (_i - 1, _i + 1) if 0 <= j < len(_row)}
        for _other in (_r - 1, _r + 1):
            if 0 <= _other < len(_ROWS):
                _around |= {
                    _ROWS[_other][j]
                    for j in (_i - 1, _i, _i + 1)
                    if 0 <= j < len(_ROWS[_other])
                }
        _NEAR[_key] = frozenset(_around)


def one_typo(typed: str, word: str) -> bool:
    """Whether `typed` could be `word` typed with one slip: two neighbouring
    letters swapped, one letter left out or added, or one letter replaced by a
    neighbouring key. The first letter is kept: "either" is not "neither"."""
    if typed == word:
        return True
    if not typed or not word or typed[0] != word[0]:
        return False
    if abs(len(typed) - len(word)) > 1:
        return False
    if len(typed) == len(word):
        diff = [i for i in range(len(typed)) if typed[i] != word[i]]
        if len(diff) == 1:
            i = diff[0]
            return typed[i] in _NEAR.get(word[i], frozenset())
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and typed[diff[0]] == word[diff[1]]
            and typed[diff[1]] == word[diff[0]]
        )
    short, long_ = (typed, word) if len(typed) < len(word) else (word, typed)
    i = next((k for k in range(len(short)) if short[k] != long_[k]), len(short))
    return short[i:] == long_[i + 1 :]
