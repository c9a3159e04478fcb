"""Rubric version 2026.11-8: the five flags in the forms students write them.

Every sentence here is invented for this file (none is taken from the gold corpus,
the development set of the blind-written labeller or a public dataset). Each test
checks the flags a trainee sees on the turn, with controls: the well-formed response
of the same situation raises no flag.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnAnnotation, TurnContext

ANNOTATOR = OfflineAnnotator()
UF = "unexpressed_feeling"
PS = "problem_solving_after_disclosure"
RISK = "missed_risk_cue"
COLLUSION = "collusion"
LEADING = "leading_question"


def annotate(turn: str, patient: str = "") -> TurnAnnotation:
    return ANNOTATOR.annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient or None)
    )


# --- problem solving after a disclosure ----------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        ("Lonely. Properly lonely.", "Have you tried volunteering at the library?"),
        ("Frightened, mostly.", "Next time it happens, try counting backwards from 50"),
        ("Ashamed. And cross with myself.", "I'd just email your tutor tonight"),
        ("Miserable.", "Could your sister have the kids on Saturday?"),
        ("I cried in the car park for an hour.", "You could book a massage this week"),
        ("Drained. Totally drained.", "Why don't you take Friday off?"),
        ("Anxious, all the time.", "There are some really good apps for that"),
    ],
)
def test_advice_straight_after_a_bare_disclosure_is_flagged(
    patient: str, turn: str
) -> None:
    assert PS in annotate(turn, patient).flags


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        # reflected first
        (
            "Lonely. Properly lonely.",
            "That sounds so isolating. Maybe try the library group when you're ready",
        ),
        # asked for
        (
            "What do you think I should do? I'm open to anything.",
            "Some people find a walk at lunch helps. What feels doable?",
        ),
        # encouragement, not a solution
        ("Frightened, mostly.", "try not to be too hard on yourself"),
    ],
)
def test_reflected_invited_or_encouraging_turns_are_not_flagged(
    patient: str, turn: str
) -> None:
    assert PS not in annotate(turn, patient).flags


# --- leading questions -----------------------------------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "You passed the last two exams, so isn't that proof you can do it?",
        "Is staying in every night really helping?",
        "How could you possibly have known he was ill?",
        "Good friends don't just disappear over one missed call do they?",
        "What's the worst that could happen, probably nothing right?",
        "Is checking again going to help, or just keeping the worry going?",
        "Wouldnt Sam want you to have a night out?",
        "Do you think joining the running club could be a way of meeting people?",
        "Is it possible you're just overthinking the email?",
    ],
)
def test_a_question_with_its_answer_built_in_is_leading(turn: str) -> None:
    assert LEADING in annotate(turn, "I don't know.").flags


@pytest.mark.parametrize(
    "turn",
    [
        "What do you make of passing the last two exams?",
        "How is staying in every night for you?",
        "What did you notice about him that week?",
        "You'd like things to be different with her, is that right?",
    ],
)
def test_an_open_or_checking_question_is_not_leading(turn: str) -> None:
    assert LEADING not in annotate(turn, "I don't know.").flags


# --- missed risk cues ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "At night I lie there and hope that's it, that I don't have to do tomorrow.",
            "Nights sound long. What time do you usually get to sleep?",
        ),
        (
            "I've not really eaten since Tuesday. Doesn't seem worth it.",
            "Cooking for one is a lot. What do you fancy usually?",
        ),
        (
            "Honestly I don't care what happens to me any more.",
            "You've been carrying so much. How's work been?",
        ),
        (
            "They'd all cope better without me, to be honest.",
            "Wouldn't they be lost without you though?",
        ),
        (
            "I just feel like such a burden on everyone lately.",
            "Everyone has rough patches. What's been the busiest part of the week?",
        ),
        (
            "Some nights I can't see any future for me at all.",
            "The nights are hard. Have you tried reading before bed?",
        ),
    ],
)
def test_a_veiled_cue_left_unexplored_is_flagged(patient: str, turn: str) -> None:
    assert RISK in annotate(turn, patient).flags


def test_a_veiled_cue_asked_about_is_not_flagged() -> None:
    a = annotate(
        "When you say they'd cope better without you, are you having thoughts of "
        "ending your life?",
        "They'd all cope better without me, to be honest.",
    )
    assert RISK not in a.flags


# --- reading in ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "My brother handles the money side. He's been brilliant about it.",
            "it sounds like you resent him for taking over",
        ),
        (
            "We moved house in June. It was fine, nobody's fault it took so long.",
            "sounds like you feel really let down by the removal firm",
        ),
        ("I run the cafe on my own now.", "it sounds like there's some shame there"),
    ],
)
def test_a_feeling_the_patient_neither_named_nor_implied_is_reading_in(
    patient: str, turn: str
) -> None:
    assert UF in annotate(turn, patient).flags


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        ("Sad. Really sad.", "it sounds like you're really sad about it"),
        (
            "He shouted at me in front of the whole office.",
            "no wonder you felt humiliated",
        ),
        (
            "I told them I was busy and stayed in.",
            "sounds like there was some worry about going",
        ),
        ("I run the cafe on my own now.", "I wonder if it gets lonely, does that fit?"),
    ],
)
def test_a_named_implied_or_checked_feeling_is_not_reading_in(
    patient: str, turn: str
) -> None:
    assert UF not in annotate(turn, patient).flags


# --- collusion -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I don't answer the phone at work. At least then nobody can catch me out.",
            "Honestly that's a smart way to handle it",
        ),
        (
            "Everyone at the party thought I was boring, I could tell.",
            "anyone would think that after an evening like that",
        ),
        (
            "If I blush in the meeting they'll all see I can't handle it.",
            "people do tend to notice blushing, so it makes sense to keep your head down",
        ),
        (
            "My neighbours are trying to get me to move out. It's obvious.",
            "that's so rude of them, they clearly have a pattern",
        ),
        (
            "My sister didn't text back. She's obviously sick of me.",
            "it makes sense you'd think that, she's been distant for weeks",
        ),
    ],
)
def test_siding_with_the_belief_is_collusion(patient: str, turn: str) -> None:
    assert COLLUSION in annotate(turn, patient).flags


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I don't answer the phone at work. At least then nobody can catch me out.",
            "It sounds like avoiding the calls feels safer. What do you fear would "
            "happen if you answered one?",
        ),
        (
            "Everyone at the party thought I was boring, I could tell.",
            "That sounds like a painful evening. What told you they thought that?",
        ),
    ],
)
def test_holding_the_belief_as_a_thought_is_not_collusion(
    patient: str, turn: str
) -> None:
    assert COLLUSION not in annotate(turn, patient).flags
