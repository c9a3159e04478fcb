"""Round 12 of the guard: the classes g12 showed, each in wordings of our own
(none is a line of a dev set). The craft taught by its structure (the
listener as the one who validates, reflects or sets the speaker a task, an
instruction in the craft, the listener's seat taken with the speaker as the
one treated), any part played for the exercise, the sheet as a source or as
what the speaker was handed, a disclosure timed by the listener's move, the
risk section in its own terms, a field of the sheet owned. Beside them the
lines a person says with the same shapes: a quotation holding a
contraction, advice someone somewhere gave, a tool's own words and second
names, a few words of a parent's language, one clause of the history told
in the first person."""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation import parameters as P
from patients.simulation.direction import StageDirection
from patients.simulation.guard import check_reply
from patients.simulation.guard_voice import coaches_craft

CASES = {c.slug: c for c in bundled_cases()}
ANY_LAYER = StageDirection.model_construct(act="answer", allowed_layer=P.MAX_LAYER)


def _flags(text: str, case: str = "owen-workplace-conflict") -> tuple[str, ...]:
    return check_reply(text, CASES[case], ANY_LAYER)


@pytest.mark.parametrize(
    "text",
    [
        # The listener as the one who does the counselling move.
        "Honestly, you ought to paraphrase what I said about Kate before asking more.",
        "You'd want to normalise the anger first, then look at what I do with it.",
        # An instruction in the craft.
        "Start by validating how unfair it felt, that's what gets me talking.",
        # The speaker as the listener's material.
        "What you should be doing now is having me track every email I send for a week.",
        # The listener's seat taken, the speaker as the one treated.
        "If I were in your chair I'd be pushing me to test that prediction at the next meeting.",
    ],
)
def test_the_craft_taught_by_its_structure_is_caught(text: str) -> None:
    assert coaches_craft(text)
    assert _flags(text)


@pytest.mark.parametrize(
    "text",
    [
        "You just want to get me to say I overreacted.",
        "Do you want me to go through the whole meeting again?",
        "If I were you I'd be sick of me by now.",
        "I need to reflect on that before I answer.",
        "You could ask me to leave and I'd understand.",
    ],
)
def test_a_patients_own_you_is_not_the_craft(text: str) -> None:
    assert not coaches_craft(text)


@pytest.mark.parametrize(
    ("text", "case"),
    [
        # Any part played for the exercise.
        (
            "Sorry, I'm just playing an engineer in this scenario, I've never set foot "
            "in a water company.",
            "owen-workplace-conflict",
        ),
        # A person of the life made by a writer.
        (
            "Kate is just a woman someone made up for the story.",
            "owen-workplace-conflict",
        ),
        # The sheet as a source, or as what the speaker was handed.
        (
            "My profile says I keep records of every slight, which is fair.",
            "owen-workplace-conflict",
        ),
        (
            "The background they gave me has my dad as someone who never said well done.",
            "owen-workplace-conflict",
        ),
        # A disclosure timed by the listener's move.
        (
            "I'm supposed to keep quiet about Kosovo for the first part and only bring it up "
            "once you ask about my dad.",
            "owen-workplace-conflict",
        ),
        # The risk section in its own terms.
        (
            "For the risk bit: no plans, no intent, my wife and kids keep me going.",
            "marcus-job-loss",
        ),
        # A field of the sheet owned.
        (
            "My key situations: the meeting invite and the design change.",
            "owen-workplace-conflict",
        ),
    ],
)
def test_admissions_and_sheet_talk_are_caught(text: str, case: str) -> None:
    assert _flags(text, case)


@pytest.mark.parametrize(
    ("text", "case"),
    [
        # A quotation holding a contraction (noticed in round 10).
        (
            "'Owen, you'd feel better if you let it go.' That's Sian, every night.",
            "owen-workplace-conflict",
        ),
        # Advice someone somewhere gave.
        (
            "A bloke at the club said to write it all down, so I do.",
            "owen-workplace-conflict",
        ),
        # A tool's own words.
        (
            "The HR portal just ends with contact your line manager, which is Kate.",
            "owen-workplace-conflict",
        ),
        # A second name for a thing of the world.
        (
            "Kayla showed me one of those AI apps, a chatbot that writes your cover letter.",
            "marcus-job-loss",
        ),
        # A few words of a parent's language, quoted and glossed.
        (
            "She keeps saying 回家, home, and I tell her she is home.",
            "mei-caregiver-burnout",
        ),
        # One clause of the history told in the first person.
        (
            "Dad was a builder who never missed a day of work, and he'd have hated seeing me like this.",
            "marcus-job-loss",
        ),
    ],
)
def test_a_person_says_these(text: str, case: str) -> None:
    assert not _flags(text, case)


def test_a_longer_passage_in_another_script_is_still_a_switch() -> None:
    assert "language" in _flags(
        "She keeps saying 我要回家我要回家我不想在这里, and I tell her she is home.",
        "mei-caregiver-burnout",
    )
