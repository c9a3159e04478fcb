"""Rubric version 2026.11-5 (issue 10, second pass): collusion in general forms, risk
cues in general forms, affirmations that name what the patient did.

Every sentence here is invented for this file. The rule tests fail on the 2026.11-4
code; the controls check that an accurate reflection, a disagreement and an ordinary
complaint about the session stay unflagged.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnAnnotation, TurnContext

ANNOTATOR = OfflineAnnotator()


def annotate(turn: str, patient: str = "") -> TurnAnnotation:
    return ANNOTATOR.annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient or None)
    )


def chips(a: TurnAnnotation) -> set[str]:
    """The behaviour chips a trainee sees beside the turn."""
    return {c for u in a.utterances for c in u.codes}


# --- collusion: the trainee takes the side of the belief ------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        # An elliptical yes to the patient's own verdict.
        (
            "I forgot her birthday. I've let my sister down again.",
            "you kind of have, to be honest",
        ),
        # The patient's label applied by the counsellor.
        (
            "I never revise. I'm such a lazy student.",
            "well you have been pretty lazy this term",
        ),
        # The feared outcome confirmed as how people are.
        (
            "My face goes red and everyone will see I'm a mess.",
            "yeah, people do notice blushing",
        ),
        # A bleak forecast confirmed.
        (
            "The driving test is next week. I'll just fail again.",
            "you might, if nothing changes",
        ),
        # Praise for a safety behaviour the patient justified as necessary.
        (
            "I check the locks ten times a night. It's the only way to be sure.",
            "that's really responsible of you",
        ),
    ],
)
def test_agreeing_with_the_belief_shows_the_collusion_flag_not_a_reflection(
    patient: str, turn: str
) -> None:
    a = annotate(turn, patient)
    assert "collusion" in a.flags
    assert not {"simple_reflection", "complex_reflection"} & chips(a)


def test_an_accurate_feeling_reflection_of_the_belief_is_not_collusion() -> None:
    a = annotate(
        "you feel like you've let your sister down, and that really stings",
        "I forgot her birthday. I've let my sister down again.",
    )
    assert "collusion" not in a.flags
    assert a.n_reflections >= 1


def test_disagreeing_with_the_label_is_not_collusion() -> None:
    a = annotate(
        "you're not lazy, you've been working two jobs",
        "I never revise. I'm such a lazy student.",
    )
    assert "collusion" not in a.flags


# --- risk cues in general forms -------------------------------------------------------


@pytest.mark.parametrize(
    "patient",
    [
        "I don't really see the point of anything lately.",
        "They'd all be better off if I just disappeared.",
        "Honestly my kids would manage fine without me.",
    ],
)
def test_a_veiled_risk_cue_left_unasked_is_flagged(patient: str) -> None:
    a = annotate("what are you doing this weekend?", patient)
    assert "missed_risk_cue" in a.flags
    assert a.suggestion and "safety" in a.suggestion.lower()


def test_exploring_the_cue_counts_as_addressing_it() -> None:
    a = annotate(
        "when you say they'd be better off, what do you mean by that?",
        "They'd all be better off if I just disappeared.",
    )
    assert "missed_risk_cue" not in a.flags


def test_not_wanting_to_be_in_the_session_is_no_risk_cue() -> None:
    a = annotate(
        "ok, what would make it worth your while?",
        "I don't want to be here. This is a waste of time.",
    )
    assert "missed_risk_cue" not in a.flags


def test_no_point_in_a_resit_is_no_risk_cue() -> None:
    a = annotate(
        "what would failing mean to you?",
        "What's the point in the resit, I'll fail it.",
    )
    assert "missed_risk_cue" not in a.flags


# --- affirmations that name what the patient did --------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "you worked that out yourself",
        "you spoke up in the meeting, which took a lot",
        "you've got real grit",
        "you went even though you were terrified",
    ],
)
def test_naming_what_the_patient_did_shows_the_affirm_chip(turn: str) -> None:
    a = annotate(turn, "I spoke up in the meeting for the first time.")
    assert "affirm" in chips(a)


# --- confrontation, advice with permission, support, generic understanding ------------


def test_insisting_on_a_feeling_the_patient_denied_is_a_confrontation() -> None:
    a = annotate(
        "it does sound a lot like resentment though",
        "I'm not resentful. I just want a bit of help from my brother.",
    )
    assert "confront" in chips(a)


def test_a_proposal_as_a_question_with_the_choice_left_open_is_advice_with_permission() -> (
    None
):
    a = annotate(
        "how would you feel about texting her first? totally up to you",
        "Sure, go on.",
    )
    assert "persuade_with_permission" in chips(a)
    assert "persuade" not in chips(a)


@pytest.mark.parametrize(
    "turn",
    [
        "ok so one thing could be a walk after lunch, same time each day",
        "you could email your tutor tonight",
    ],
)
def test_suggestions_in_everyday_forms_are_advice_not_reflections(turn: str) -> None:
    a = annotate(turn, "I don't know what to do about the deadline.")
    assert {"persuade", "persuade_with_permission"} & chips(a)
    assert not {"simple_reflection", "complex_reflection"} & chips(a)


def test_sympathy_for_a_frightening_moment_shows_the_support_chip() -> None:
    a = annotate(
        "that must have been really frightening",
        "My chest went tight on the train and I thought I was dying.",
    )
    assert "support" in chips(a)


def test_agreement_without_saying_what_was_understood_is_generic_understanding() -> (
    None
):
    a = annotate("i totally agree, it's so unfair", "My landlord kept the deposit.")
    assert a.interpretations == 1


# --- leading questions closed by a confirming tag -------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "you passed every other module, so you're not thick, are you?",
        "you've driven that road a hundred times, haven't you?",
        "no, you wouldn't, would you",
        "it went fine in the end, surely?",
    ],
)
def test_a_tag_that_asks_to_confirm_the_counsellors_view_is_leading(turn: str) -> None:
    a = annotate(turn, "I'm useless at exams.")
    assert "leading_question" in a.flags


@pytest.mark.parametrize(
    "turn",
    [
        "you're feeling stuck, is that right?",
        "how long ago was that",
        "so you turned the alerts off",
    ],
)
def test_checking_a_reflection_is_not_leading(turn: str) -> None:
    a = annotate(turn, "I turned the job alerts off last week.")
    assert "leading_question" not in a.flags
