"""Stop 21: bare sympathy is support alone; sympathy that gives back the patient's
feeling, situation or thought stays a reflection (RUBRICS.md 1.1). Sentences written
for this test from the rubric's definitions, none taken from a labelled set.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext

PATIENT = "The garage closed on Monday and I found out from a note on the door."


def codes(turn: str, patient: str = PATIENT) -> list[set[str]]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return [set(u.codes) for u in ann.utterances]


@pytest.mark.parametrize(
    "turn",
    [
        "Gosh, that sounds really tough.",
        "aw that must have been horrible",
        "thats rough, Dev",
        "Oh that's so difficult for you.",
        "What an awful few days.",
        "What a week you've had!",
        "That must be so hard to hear.",
        "honestly that sounds pretty grim",
    ],
)
def test_bare_sympathy_is_support_not_a_reflection(turn: str) -> None:
    # Nothing of the patient's comes back: the chip says support, no reflection.
    assert codes(turn) == [{"support"}]


@pytest.mark.parametrize(
    "turn",
    [
        # the situation
        "That sounds really tough, finding out from a note after all those years.",
        "That must be so hard when the job was the thing that kept you going.",
        # a feeling beyond hard/awful
        "That sounds awful, like you were thrown away without a word.",
        # a named feeling, even in the plight frame
        "That sounds really lonely.",
        # the thought
        "That must be hard, wondering if anyone there thought you mattered.",
    ],
)
def test_sympathy_with_the_patients_content_stays_a_reflection(turn: str) -> None:
    (utterance,) = codes(turn)
    assert "complex_reflection" in utterance and "support" in utterance


def test_sympathy_then_a_reflection_codes_each_sentence() -> None:
    first, second = codes("That sounds so hard. You feel cast aside by them.")
    assert first == {"support"}
    assert {"complex_reflection", "simple_reflection"} & second


def test_a_what_question_is_still_a_question() -> None:
    # Only "what a <plight>" exclamations are statements; "what" questions stay.
    assert "question" in codes("What was the week like?")[0]
    assert "question" in codes("What a week, what happened next?")[-1]
