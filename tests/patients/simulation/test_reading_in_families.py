"""Issue 9 item 4: the patient's trust follows whether a named feeling is hers.

A feeling in a family the case holds is an accurate reflection (trust rises); a
feeling in a family it lacks is reading in (trust falls), whatever form names it
and whatever warmth stands beside it.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.moves.case_aware import own_feelings, reinterpret
from patients.simulation.probe.runner import STORY_PRELUDE, Session
from patients.simulation.vocab import emotions_named

CASES = {c.slug: c for c in bundled_cases()}


def _trust_change(slug: str, text: str) -> float:
    session = Session(CASES[slug], 0)
    for line in STORY_PRELUDE:
        session.say(line)
    before = session.state.alliance
    session.say(text)
    return session.state.alliance - before


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        # Owen is angry, hurt and suspicious; a warm sentence before the misread
        # used to outweigh it, so reading in raised trust.
        (
            "owen-workplace-conflict",
            "That makes a lot of sense. You seem really anxious about it.",
        ),
        (
            "owen-workplace-conflict",
            "That must be so hard. It sounds like there's a lot of loneliness in it.",
        ),
        # Ruth's case says "The doctor was worried": the doctor's worry, not hers.
        (
            "ruth-grief",
            "That sounds painful. It sounds like you've been really worried.",
        ),
    ],
)
def test_reading_in_lowers_trust_beside_warmth(slug: str, text: str) -> None:
    assert _trust_change(slug, text) < 0


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        (
            "ruth-grief",
            "That sounds painful. It sounds like there's a lot of loneliness since he died.",
        ),
        ("mei-caregiver-burnout", "That sounds exhausting. It must be so frustrating."),
    ],
)
def test_feeling_in_a_family_the_case_holds_raises_trust(slug: str, text: str) -> None:
    assert _trust_change(slug, text) > 0


def test_misread_cancels_validation() -> None:
    moves = reinterpret(
        ("validation", "reading_in"),
        "That sounds hard. You seem sad.",
        frozenset({"angry"}),
    )
    assert moves == ("reading_in",)


def test_someone_elses_feeling_in_the_case_is_not_the_patients() -> None:
    assert (
        own_feelings(["I'm not sleeping. The doctor was worried."], []) == frozenset()
    )
    assert own_feelings(["Her mother seemed anxious."], ["sad"]) == {"sad"}
    assert own_feelings(["I worry all the time."], []) == {"anxious"}
    assert own_feelings(["She was anxious before every shift."], []) == {"anxious"}


@pytest.mark.parametrize(
    ("text", "family"),
    [
        ("That must be so frustrating.", "angry"),
        ("I'm hearing a lot of loneliness in that.", "sad"),
        ("Part of you blames yourself for it.", "guilty"),
        ("It must have been a real let-down.", "disappointed"),
        ("You seem quite down about it all.", "sad"),
        ("It leaves you feeling pretty low.", "sad"),
        ("How disappointing that must have been.", "disappointed"),
    ],
)
def test_feeling_named_in_other_forms(text: str, family: str) -> None:
    assert emotions_named(text) == {family}


@pytest.mark.parametrize(
    "text",
    ["You keep letting your dad down.", "This is madness, honestly."],
)
def test_not_a_feeling(text: str) -> None:
    assert "sad" not in emotions_named(text)
    assert "angry" not in emotions_named(text)
