"""Collusion with a belief the patient voiced a line or two before the last one.

Seen in a live session (Ruth): the patient said "I should have known it was his
heart. I keep thinking I let him die.", answered the next reflection with a detail
("There was a packet of his antacids in the drawer."), and the trainee wrote "you're
right, you really should have known it was his heart". The chip said "Advice without
asking first" and no flag was raised, while the patient model (and the report) read
agreement with the thought. Sentences written for this test.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext, Utterance

HISTORY = (
    Utterance("trainee", "what went through your mind when you found them?"),
    Utterance(
        "patient",
        "I should have known it was his heart. I keep thinking I let him die.",
    ),
    Utterance("trainee", "it sounds like you feel so guilty, and you miss him"),
    Utterance("patient", "There was a packet of his antacids in the drawer."),
)


def annotate(
    turn: str, history: tuple[Utterance, ...] = HISTORY
) -> tuple[set[str], set[str]]:
    """Flags and codes of `turn` after `history` (its last line is the patient's)."""
    ann = OfflineAnnotator().annotate(
        TurnContext(
            trainee_text=turn, previous_patient_text=history[-1].text, history=history
        )
    )
    return set(ann.flags), {c for u in ann.utterances for c in u.codes}


@pytest.mark.parametrize(
    "turn",
    [
        "you're right, you really should have known it was his heart",
        "yeah you're right, you should've known",
        "honestly you might be right, you probably should have known about his heart",
    ],
)
def test_agreeing_with_the_thought_two_lines_back_is_collusion_not_advice(
    turn: str,
) -> None:
    flags, codes = annotate(turn)
    assert "collusion" in flags
    assert "persuade" not in codes
    assert "support" in codes


@pytest.mark.parametrize(
    "turn",
    [
        "it makes sense you feel guilty, you loved him",
        "part of you keeps saying you should have known",
        "you're right that it was a shock, nobody expected it",
        "so finding the antacids brought it all back",
    ],
)
def test_holding_the_thought_or_agreeing_with_something_else_is_not(
    turn: str,
) -> None:
    flags, _ = annotate(turn)
    assert "collusion" not in flags


def test_a_belief_further_back_than_two_patient_lines_is_not_read() -> None:
    history = (
        Utterance("patient", "I should have known it was his heart."),
        Utterance("trainee", "that's a heavy thought"),
        Utterance("patient", "The funeral was in March."),
        Utterance("trainee", "how was that day?"),
        Utterance("patient", "Michael came up for it."),
        Utterance("trainee", "and Claire?"),
        Utterance("patient", "She couldn't get a flight."),
    )
    flags, _ = annotate("you're right, you should have known", history)
    assert "collusion" not in flags


def test_real_advice_keeps_its_code() -> None:
    flags, codes = annotate("you should ring your doctor about the tablets this week")
    assert "collusion" not in flags
    assert "persuade" in codes


SELF_BLAME_HISTORY = (
    Utterance(
        "patient",
        "A teacher for thirty years, spotting what's wrong with every child, and I "
        "didn't see it in my own husband.",
    ),
    Utterance("trainee", "that sounds so painful"),
    Utterance("patient", "I was clearing a drawer and found his indigestion tablets."),
)


def test_self_blame_confirmed_in_other_words_is_collusion() -> None:
    flags, codes = annotate(
        "you're right, you really should have known it was his heart",
        SELF_BLAME_HISTORY,
    )
    assert "collusion" in flags
    assert "persuade" not in codes


def test_guilt_reflected_after_self_blame_is_not_reading_in() -> None:
    # The live session flagged this reflection as "named a feeling they had not shown".
    flags, _ = annotate(
        "It sounds like you feel terribly guilty, and underneath that you miss him",
        SELF_BLAME_HISTORY,
    )
    assert "unexpressed_feeling" not in flags
    assert "collusion" not in flags


def test_anger_is_still_read_in_after_self_blame() -> None:
    flags, _ = annotate("you're really angry about it", SELF_BLAME_HISTORY)
    assert "unexpressed_feeling" in flags
