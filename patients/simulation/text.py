"""Small text helpers shared by the classifier, the responders and the guard."""

from __future__ import annotations

import re

_SENTENCE = re.compile(r"[^.!?…]+(?:[.!?…]+[\"'’”)]*|$)")


def split_sentences(text: str) -> list[str]:
    """Sentences of `text`; a run of terminators ("?!", "...") ends one sentence."""
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip(" \"'’”)")]


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
