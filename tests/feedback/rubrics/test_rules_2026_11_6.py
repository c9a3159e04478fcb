"""Rubric version 2026.11-6 (issue 10, third pass): validation, affirmation,
confrontation, advice with leave and collusion in the forms counselling students use.

Every sentence here is invented for this file (none is taken from the gold corpus or
a public dataset). Each test checks what a trainee sees on the turn: the behaviour
chips and the flags. Controls check that exploring a belief, an accurate feeling
reflection and reassurance that the patient is not to blame keep their codes.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnAnnotation, TurnContext

ANNOTATOR = OfflineAnnotator()

GRIEF = "My dad died in March and I still can't get out of bed most days."
EXAM = "I'm so anxious about the exam I haven't slept properly for a week."
GYM = "I made it to the gym twice this week, even though I hated it."
DRINK = "It's not my drinking that's the problem, it's my wife nagging me all the time."
SISTER = "I don't know what to do about my sister."
WORK = "Nobody at work likes me. They all think I'm boring."


def annotate(turn: str, patient: str = "") -> TurnAnnotation:
    return ANNOTATOR.annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient or None)
    )


def chips(a: TurnAnnotation) -> set[str]:
    """The behaviour chips a trainee sees beside the turn."""
    return {c for u in a.utterances for c in u.codes}


# --- validation is support ------------------------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (GRIEF, "that makes total sense"),
        (GRIEF, "anyone would feel that way after losing their dad"),
        (GRIEF, "i'm really sorry you're going through this"),
        (EXAM, "it's completely okay to feel like that"),
        (EXAM, "no wonder you're exhausted"),
        (EXAM, "you're definitely not the only one who feels like this"),
        (GRIEF, "it's not your fault you can't get up, grief does that"),
        (EXAM, "i'm so sorry to hear that, how long has it been like this?"),
        (EXAM, "i'm glad you told me"),
        (GRIEF, "you're allowed to feel sad"),
        (EXAM, "i can hear how hard this has been"),
    ],
)
def test_validation_shows_the_support_chip(patient: str, turn: str) -> None:
    assert "support" in chips(annotate(turn, patient))


def test_validation_beside_a_reflection_keeps_the_reflection() -> None:
    a = annotate("no wonder you feel like this", EXAM)
    assert {"support", "complex_reflection"} <= chips(a)


def test_a_conditional_premise_in_a_question_is_not_validation() -> None:
    a = annotate(
        "if your tutor says you're doing well, what does that say about the thought?",
        EXAM,
    )
    assert "support" not in chips(a)


# --- affirmation names the patient's effort or strength -------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "you've clearly worked really hard at this",
        "you're obviously someone who doesn't give up",
        "you should be really proud of that",
        "you're stronger than you give yourself credit for",
        "i really admire your persistence",
        "well done for going",
        "that shows a lot of willpower",
    ],
)
def test_naming_effort_or_strength_shows_the_affirm_chip(turn: str) -> None:
    assert "affirm" in chips(annotate(turn, GYM))


# --- confrontation: arguing, blaming, disputing ---------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (DRINK, "you need to face the fact that you have a drinking problem"),
        (DRINK, "that's just an excuse"),
        (DRINK, "you're blaming everyone but yourself"),
        (DRINK, "but you said last week you wanted to cut down"),
        (DRINK, "you're the one who chose to drink"),
        (DRINK, "can't you see you're hurting her?"),
        (DRINK, "whose choice was that?"),
        (WORK, "you're overthinking this"),
        (WORK, "you can't know that"),
        (WORK, "that's a massive generalisation"),
        (WORK, "i find that hard to believe"),
    ],
)
def test_arguing_with_the_patient_shows_the_confront_chip(
    patient: str, turn: str
) -> None:
    assert "confront" in chips(annotate(turn, patient))


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (GRIEF, "it's not your fault"),
        (WORK, "what makes you think they find you boring?"),
        (WORK, "it sounds like you're convinced they don't like you"),
        (SISTER, "you know her best, so see what feels right"),
    ],
)
def test_reassurance_and_exploration_are_not_confrontation(
    patient: str, turn: str
) -> None:
    assert "confront" not in chips(annotate(turn, patient))


# --- advice given with the patient's leave --------------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "i have an idea, want to hear it? you could text her first",
        "do you want some ideas? one thing is to set a time to talk",
        "if it's ok with you, i'd suggest starting with a text",
        "feel free to ignore this, but maybe try calling her",
        "i don't know if this would work for you, but you could try writing to her",
    ],
)
def test_advice_after_asking_or_with_leave_is_advice_with_permission(
    turn: str,
) -> None:
    a = annotate(turn, SISTER)
    assert "persuade_with_permission" in chips(a)
    assert "persuade" not in chips(a)


def test_advice_without_leave_stays_plain_advice() -> None:
    a = annotate("what about writing to her instead?", SISTER)
    assert "persuade" in chips(a)


def test_advice_in_question_form_explores_nothing_even_with_leave() -> None:
    a = annotate("no pressure, but have you tried writing to her?", SISTER)
    assert "persuade_with_permission" in chips(a)
    assert a.explorations == 0


# --- collusion is never shown as a reflection -----------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I've let everyone down. My whole family.",
            "you've let your whole family down",
        ),
        (
            "Nobody at work likes me. They all think I'm boring.",
            "i'd probably think the same if i were them",
        ),
        (
            "I'm useless. It's never going to get better.",
            "you're right, it's not going to get better",
        ),
        (
            "I'm useless. I always mess everything up.",
            "honestly anyone would say you messed up",
        ),
        # No belief in the last line (a summary turn), but others' rejection is
        # vouched for as fact.
        (
            "So that's everything, the emails, the meetings. Whatever.",
            "it really does seem like they're done with you",
        ),
    ],
)
def test_agreeing_with_the_belief_is_flagged_and_never_a_reflection(
    patient: str, turn: str
) -> None:
    a = annotate(turn, patient)
    assert "collusion" in a.flags
    assert not {"simple_reflection", "complex_reflection"} & chips(a)


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I've let everyone down. My whole family.",
            "you feel like you've let everyone down",
        ),
        (WORK, "part of you is convinced they find you boring"),
        (
            "I shouted at the kids again. What kind of mother does that?",
            "i don't think shouting once makes you a terrible mum",
        ),
    ],
)
def test_holding_or_disputing_the_belief_is_not_collusion(
    patient: str, turn: str
) -> None:
    assert "collusion" not in annotate(turn, patient).flags


# --- collaboration and autonomy in chat forms -----------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "what do you think would help?",
        "where do you want to start?",
        "how do you want to use our time today?",
        "what's worked for you before?",
    ],
)
def test_asking_for_the_patients_ideas_seeks_collaboration(turn: str) -> None:
    assert "seek_collaboration" in chips(annotate(turn, SISTER))


@pytest.mark.parametrize(
    "turn",
    [
        "the choice is yours",
        "nobody can make that decision for you",
        "i trust you to know what's best for your family",
    ],
)
def test_leaving_the_choice_with_the_patient_emphasises_autonomy(turn: str) -> None:
    assert "emphasize_autonomy" in chips(annotate(turn, SISTER))


# --- reassurance in students' words; encouragement is not advice ---------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (EXAM, "i'm sure it'll be fine"),
        (GRIEF, "you did everything you could"),
        (GRIEF, "you couldn't have known"),
        (EXAM, "you're only human"),
        (GRIEF, "grief can be so exhausting"),
    ],
)
def test_reassurance_shows_the_support_chip(patient: str, turn: str) -> None:
    assert "support" in chips(annotate(turn, patient))


@pytest.mark.parametrize("turn", ["try not to worry too much", "don't apologise"])
def test_encouragement_is_not_advice_after_a_disclosure(
    turn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rules' reading. 2026.12-3: the flag model may add premature problem
    # solving, and adds it to "try not to worry too much" after a disclosed worry
    # (chosen by leaving one labeller out: 9 more labelled flags for 2 false ones).
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "none")
    a = annotate(turn, EXAM)
    assert not {"persuade", "persuade_with_permission"} & chips(a)
    assert "problem_solving_after_disclosure" not in a.flags


def test_a_rhetorical_challenge_is_no_exploration() -> None:
    a = annotate("isn't that a bit selfish?", DRINK)
    assert "confront" in chips(a)
    assert a.explorations == 0


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I'm just not good enough for this job. Everyone can see it.",
            "it's hard when you know you're not good enough",
        ),
        (
            "None of my old friends have messaged me. They've all forgotten about me.",
            "aw that's horrible, sounds like they don't really value you",
        ),
    ],
)
def test_sympathy_that_presumes_the_belief_is_still_collusion(
    patient: str, turn: str
) -> None:
    a = annotate(turn, patient)
    assert "collusion" in a.flags
    assert not {"simple_reflection", "complex_reflection"} & chips(a)


def test_sympathy_with_a_framed_belief_is_not_collusion() -> None:
    a = annotate(
        "it's hard when you feel you're not good enough",
        "I'm just not good enough for this job. Everyone can see it.",
    )
    assert "collusion" not in a.flags


@pytest.mark.parametrize(
    "turn",
    [
        "anxiety is really common in new dads",
        "that's ok, lots of students do that before exams",
        "panic attacks affect about one in ten people at some point",
    ],
)
def test_normalising_facts_show_the_information_chip(turn: str) -> None:
    assert "giving_information" in chips(annotate(turn, EXAM))


@pytest.mark.parametrize(
    "turn", ["sorry, go on.", "sorry to interrupt", "everything here is confidential"]
)
def test_floor_keeping_and_housekeeping_are_other_not_advice(turn: str) -> None:
    a = annotate(turn, EXAM)
    assert chips(a) == {"other"}
    assert "problem_solving_after_disclosure" not in a.flags
