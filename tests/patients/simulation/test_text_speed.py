"""The text helpers' speed-ups answer as the plain computations did.

Sentence splitting keeps the last texts it split (callers still own their lists);
the emotion words are looked for only where their letters are.
"""

from __future__ import annotations

import re

from patients.simulation.text import split_sentences
from patients.simulation.vocab import _WORD_RE, EMOTION_WORDS, emotions_named

PLAIN = re.compile(r"[^.!?…]+(?:[.!?…]+[\"'’”)]*|$)")


def _split_afresh(text: str) -> list[str]:
    return [s.strip() for s in PLAIN.findall(text) if s.strip(" \"'’”)")]


def test_a_caller_changing_its_sentences_does_not_change_the_next_callers() -> None:
    text = "I hear you. What happened next?! Tell me more..."
    first = split_sentences(text)
    first.reverse()
    first.append("not a sentence of the text")
    assert split_sentences(text) == [
        "I hear you.",
        "What happened next?!",
        "Tell me more...",
    ]
    assert split_sentences(text) is not split_sentences(text)


def test_kept_sentences_are_those_of_the_text_asked_about() -> None:
    texts = [f"Line {i}. Is it {i}? \u201cYes.\u201d" for i in range(200)]
    for text in texts + texts[::-1] + texts[::7]:  # more texts than are kept
        assert split_sentences(text) == _split_afresh(text), text
    assert split_sentences("") == []


def test_emotion_words_are_found_as_by_every_words_pattern() -> None:
    words = sorted(EMOTION_WORDS)
    texts = [f"Honestly I felt {w} all week." for w in words]
    texts += [t.upper() for t in texts[::3]] + [t.title() for t in texts[1::3]]
    texts += [f"I was {w}er than ever" for w in words[::5]]  # no word boundary
    texts += [
        f"\u201c{w.upper()}\u201d, and {words[0]}." for w in words[::4]
    ]  # not ASCII
    texts += ["", "nothing to see here"]
    for text in texts:
        plain = {EMOTION_WORDS[w] for w in words if _WORD_RE[w].search(text)}
        assert emotions_named(text) == plain, text
