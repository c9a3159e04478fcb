"""Rules of rubric version 2026.11-3: acknowledgements, declarative form, restated
feelings.

Every sentence here was written for these tests. Each rule test fails on the 2026.11-2
code; the controls check what must not change.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnContext, code_utterance
from feedback.rubrics.codes import is_declarative_form

PATIENT = "My sister stopped calling after the wedding and I keep checking my phone."


def annotate(text: str, patient: str | None = PATIENT):
    return OfflineAnnotator().annotate(TurnContext(text, patient))


# --- an evaluative acknowledgement reflects nothing --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "That's true.",
        "Yeah, that sounds good.",
        "Okay, sounds great!",
        "No, that's fair enough.",
        "It's okay.",
        "That is really nice.",
    ],
)
def test_an_acknowledgement_is_not_a_reflection(text: str) -> None:
    code = code_utterance(text, PATIENT)
    assert code.codes == ["other"]
    assert code.reflection is None
    assert annotate(text).main_behaviour == "other"


@pytest.mark.parametrize(
    "text",
    [
        # Controls: content about the client stays a reflection.
        "That's true, you have been waiting for her call all week.",
        "It sounds like the silence is what hurts.",
        # A short remark with content of its own is still a short reflection.
        "Checking your phone again.",
    ],
)
def test_an_acknowledgement_with_content_still_reflects(text: str) -> None:
    assert annotate(text).reflection_kind is not None


def test_esconv_approval_is_affirmation_and_agreement_is_others() -> None:
    assert annotate("That's great!").esconv_strategy == "Affirmation and Reassurance"
    assert annotate("Oh that's okay.").esconv_strategy == "Affirmation and Reassurance"
    assert annotate("Yes, that's true.").esconv_strategy == "Others"


# --- declarative form for ESConv: coordinated verbs are not questions ---------------------


@pytest.mark.parametrize(
    "text",
    [
        "So you moved away and have lost touch with your old friends?",
        "So your brother heard about it but did nothing to help?",
        "So the exam is next week?",
    ],
)
def test_a_rising_declarative_is_declarative(text: str) -> None:
    assert is_declarative_form(text)
    assert annotate(text).esconv_strategy == "Restatement or Paraphrasing"


@pytest.mark.parametrize(
    "text",
    [
        "Is moving back home an option for you?",
        "You moved away, and have you told them how you feel?",
        "So, have you tried writing to her?",
        "So what happened after the wedding?",
    ],
)
def test_real_questions_stay_questions(text: str) -> None:
    assert not is_declarative_form(text)


# --- ESConv: a restated feeling is Restatement, an inferred one Reflection of feelings ----


def test_a_feeling_the_seeker_named_is_restated() -> None:
    seeker = "I have been so lonely since I moved to the new city."
    ann = annotate("So you have been lonely since the move?", seeker)
    assert ann.esconv_strategy == "Restatement or Paraphrasing"


def test_a_feeling_the_seeker_did_not_name_is_reflected() -> None:
    seeker = "I eat dinner by myself every night since I moved to the new city."
    ann = annotate("So you have been lonely since the move?", seeker)
    assert ann.esconv_strategy == "Reflection of feelings"


def test_a_new_difficulty_word_is_a_reflection_of_feelings() -> None:
    seeker = "I have been so lonely since I moved to the new city."
    ann = annotate("You feel lonely, and that must be really hard.", seeker)
    assert ann.esconv_strategy == "Reflection of feelings"
