"""Utterance and turn coding: MITI codes, open/closed, simple/complex, tag questions.

Every sentence here was written for these tests.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import (
    CODEBOOK,
    OfflineAnnotator,
    TurnContext,
    code_utterance,
)
from feedback.rubrics.codes import code_turn, is_declarative_form, is_filler

PATIENT = "I've been so tired lately and I don't know if I can keep going to work."


def codes_of(text: str, patient: str | None = PATIENT) -> list[str]:
    ann = OfflineAnnotator().annotate(TurnContext(text, patient))
    return [c for u in ann.utterances for c in u.codes]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Most nicotine patches come in three strengths, from 7 to 21 mg.",
            "giving_information",
        ),
        ("You should really tell your boss how you feel.", "persuade"),
        ("Just stop checking your phone at night.", "persuade"),
        ("What would be different if you were sleeping better?", "question"),
        ("You're worn out.", "simple_reflection"),
        (
            "Part of you wants the quiet of staying home, and part of you misses your "
            "friends.",
            "complex_reflection",
        ),
        (
            "You kept going to lectures through a hard month; that took real grit.",
            "affirm",
        ),
        ("What would you like us to focus on today?", "seek_collaboration"),
        (
            "Whether you try it this week is entirely your decision.",
            "emphasize_autonomy",
        ),
        ("Come on, that's just an excuse.", "confront"),
        ("So you think skipping your medication is fine?", "confront"),
        ("I'm sorry you're going through this.", "support"),
        (
            "I went through something similar after my own move abroad.",
            "self_disclosure",
        ),
        ("Mm-hmm.", "other"),
        ("Let's stop there for today.", "other"),
    ],
)
def test_it_codes_each_behaviour_from_our_own_examples(
    text: str, expected: str
) -> None:
    assert expected in codes_of(text)


def test_it_codes_every_codebook_example_with_its_own_code() -> None:
    # The codebook is what trainees see in tooltips: its examples must agree with
    # the annotator, or the UI would contradict itself.
    annotator = OfflineAnnotator()
    misses = []
    for key, entry in CODEBOOK.items():
        if "." in key:
            continue
        for example in entry.examples:
            ann = annotator.annotate(TurnContext(example, PATIENT))
            if key not in {c for u in ann.utterances for c in u.codes}:
                misses.append((key, example))
    assert misses == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("What was the evening like after you left?", "open"),
        ("How do you see your drinking now?", "open"),
        ("Tell me more about what happened at the party.", "open"),
        ("I wonder what made Saturday different", "open"),
        ("Did you go to the gym this week?", "closed"),
        ("How many drinks did you have on Saturday?", "closed"),
        ("Is it the mornings or the evenings that are harder?", "closed"),
        ("Are you sleeping any better", "closed"),
    ],
)
def test_it_tells_open_from_closed_questions(text: str, kind: str) -> None:
    code = code_utterance(text)
    assert code.codes[0] == "question"
    assert code.question == kind


def test_it_codes_a_reflection_with_a_tag_question_as_a_reflection() -> None:
    code = code_utterance(
        "You've felt left out since the promotion, is that right?",
        "Nobody invited me to the lunch after I got promoted.",
    )
    assert code.tag_question is True
    assert code.is_reflection
    assert "question" not in code.codes
    assert code.question is None


def test_it_codes_a_declarative_sentence_ending_in_a_question_mark_as_a_question() -> (
    None
):
    # RUBRICS.md §0.4: in chat, a typed "?" is a question unless a tag closes it.
    code = code_utterance("So you feel stuck?", "I can't decide whether to leave.")
    assert code.codes == ["question"]
    assert code.tag_question is False
    assert is_declarative_form("So you feel stuck?")
    assert not is_declarative_form("Hello, how are you today?")


def test_it_does_not_treat_a_real_question_ending_in_right_as_a_tag() -> None:
    code = code_utterance("Did you tell her the plan, right?")
    assert code.is_question
    assert code.tag_question is False


def test_it_calls_a_reflection_that_adds_a_feeling_complex() -> None:
    code = code_utterance(
        "You're frustrated that all that work didn't pay off.",
        "I studied so hard and still failed.",
    )
    assert code.reflection == "complex"


def test_it_calls_a_reflection_that_repeats_the_patient_simple() -> None:
    code = code_utterance(
        "You studied hard and still failed the exam.",
        "I studied so hard and still failed the exam.",
    )
    assert code.reflection == "simple"


def test_it_splits_a_turn_that_reflects_and_asks_into_two_codes() -> None:
    ann = OfflineAnnotator().annotate(
        TurnContext(
            "Sounds like the weekends are the hardest. What happens on Saturdays?",
            "Weekends are awful, the flat is so quiet.",
        )
    )
    assert [u.codes[0] for u in ann.utterances] == ["complex_reflection", "question"]
    assert ann.n_reflections == 1
    assert ann.n_questions == 1
    assert ann.main_behaviour == "question"


def test_it_marks_advice_after_asking_permission_as_persuade_with_permission() -> None:
    utterances = code_turn(
        TurnContext(
            "Would it be OK if I shared an idea? You could try a short walk after "
            "dinner."
        )
    )
    assert "seek_collaboration" in utterances[0].codes
    assert "persuade_with_permission" in utterances[1].codes
    assert "persuade" not in utterances[1].codes


def test_it_marks_the_same_advice_without_permission_as_persuade() -> None:
    utterances = code_turn(TurnContext("You could try a short walk after dinner."))
    assert utterances[0].codes == ["persuade"]


def test_it_treats_advice_the_patient_asked_for_as_given_with_permission() -> None:
    utterances = code_turn(
        TurnContext("You could try a short walk after dinner.", "What should I do?")
    )
    assert utterances[0].codes == ["persuade_with_permission"]


def test_it_records_how_advice_is_delivered() -> None:
    assert code_utterance("Call your sister tonight.").advice_form == "direct"
    assert code_utterance("You should call your sister.").advice_form == "advise"
    assert (
        code_utterance("If you don't stop drinking, it will get worse.").advice_form
        == "warn"
    )


@pytest.mark.parametrize("text", ["Mm-hmm.", "Okay, yeah.", "Right right", "Uh-huh"])
def test_it_treats_backchannels_as_fillers(text: str) -> None:
    assert is_filler(text)
    assert code_utterance(text).codes == ["other"]


def test_it_counts_mi_adherent_and_non_adherent_codes() -> None:
    ann = OfflineAnnotator().annotate(
        TurnContext(
            "You stuck with it all week; that took real determination. "
            "Whether you keep going is your call. You should stop making excuses."
        )
    )
    assert ann.mi_adherent == 2
    assert ann.mi_non_adherent >= 1
    assert ann.code_counts["affirm"] == 1
