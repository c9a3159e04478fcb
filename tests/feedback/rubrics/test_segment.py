"""Splitting a trainee turn into utterances."""

from __future__ import annotations

from feedback.rubrics import split_utterances


def test_it_splits_sentences_on_final_punctuation() -> None:
    assert split_utterances(
        "Sounds like the weekends are the hardest. What happens on Saturdays?"
    ) == ["Sounds like the weekends are the hardest.", "What happens on Saturdays?"]


def test_it_keeps_abbreviations_and_decimals_inside_a_sentence() -> None:
    assert split_utterances("Dr. Patel said 2.5 mg is enough. Does that fit?") == [
        "Dr. Patel said 2.5 mg is enough.",
        "Does that fit?",
    ]


def test_it_splits_on_line_breaks_and_spaced_dashes() -> None:
    assert split_utterances("I hear you\nWhat next -- a walk, maybe?") == [
        "I hear you",
        "What next",
        "a walk, maybe?",
    ]


def test_it_keeps_a_tag_question_with_its_reflection() -> None:
    assert split_utterances("You felt let down, is that right?") == [
        "You felt let down, is that right?"
    ]


def test_it_drops_punctuation_only_pieces_and_never_returns_empty_strings() -> None:
    assert split_utterances("Okay... ?! Right.") == ["Okay...", "Right."]
    assert split_utterances("   ") == []
