"""Typos read as the words they stand for, and real words left as typed."""

from __future__ import annotations

import pytest

from patients.simulation import factq_train
from patients.simulation.factq_model import LEXICON_PATH, known_words, vocabulary_of
from patients.simulation.factq_spelling import MIN_LENGTH, respell, spelled
from patients.simulation.factq_spelling import _targets as by_length_and_letter
from patients.simulation.text import one_typo


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("drikning", "drinking"),  # two letters swapped
        ("anythng", "anything"),  # one left out
        ("alcohool", "alcohol"),  # one added
        ("drinkimg", "drinking"),  # a neighbouring key
        ("thorugh", "through"),  # a swap before an added letter ("thorough")
    ],
)
def test_a_one_slip_typo_is_read_as_the_word(typed: str, meant: str) -> None:
    assert spelled(typed) == meant


@pytest.mark.parametrize(
    "word",
    # Real words one edit from another word: never changed.
    ["mother", "tried", "looked", "burning", "hunting", "either", "waking", "tables"],
)
def test_a_real_word_is_never_changed(word: str) -> None:
    assert spelled(word) == word


def test_names_and_short_words_are_left_as_typed() -> None:
    assert respell("does Denisse know? any beer?") == "does Denisse know? any beer?"


def test_a_slip_keeps_the_first_letter_and_needs_a_neighbouring_key() -> None:
    assert not one_typo("neither", "either")
    assert not one_typo("hurting", "hunting")  # r and n are far apart
    assert one_typo("drinkimg", "drinking")


def test_the_lexicon_is_the_trainers_and_leaves_out_the_typo_writers() -> None:
    assert LEXICON_PATH.read_text(encoding="utf-8") == factq_train.lexicon()
    known = set(LEXICON_PATH.read_text(encoding="utf-8").split())
    assert vocabulary_of([text for text, _ in factq_train.probe_rows()]) <= known
    assert "slepe" not in known  # team6 typed it on purpose


def _spelled_by_scanning_every_word(word: str) -> str:
    # The reading before the lexicon was indexed by first letter: every known
    # word of a near length, in alphabetical order.
    sizes = (len(word) - 1, len(word), *((len(word) + 1,) if len(word) >= 7 else ()))
    known = sorted(known_words())
    found = [
        other
        for size in sizes
        for other in known
        if len(other) == size and size >= MIN_LENGTH - 1 and one_typo(word, other)
    ]
    same = [other for other in found if len(other) == len(word)]
    for candidates in (same, found):
        if len(candidates) == 1:
            return candidates[0]
    return word


def test_the_first_letter_index_reads_typos_as_scanning_every_word_did() -> None:
    assert all(
        w[0] == letter and len(w) == size
        for (size, letter), words in by_length_and_letter().items()
        for w in words
    )
    long_words = sorted(w for w in known_words() if len(w) >= MIN_LENGTH + 1)[::61]
    typos = [w[:2] + w[3] + w[2] + w[4:] for w in long_words]  # two letters swapped
    typos += [w[:3] + w[4:] for w in long_words]  # one left out
    typos += [w[:4] + "q" + w[4:] for w in long_words]  # one added
    read = 0
    for typo in typos:
        if spelled(typo) != typo:  # a typo read as a word: the scan reads it so
            assert spelled(typo) == _spelled_by_scanning_every_word(typo), typo
            read += 1
    assert read > 50
