"""Risk answers tell one story across turns, at every session seed.

A risk question asked bare right after advice meets "I'm fine"; a caring
follow-up may then disclose, but as taking the denial back, never as if it had
not been said. After a plain denial (no thoughts on the sheet) the conversation
moves on: a rating or a summary two turns later is not "how often?".
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.probe.grader import takes_back
from patients.simulation.probe.runner import EVADED_PRELUDE, Session

BY_SLUG = {c.slug: c for c in bundled_cases()}
SEEDS = (0, 1, 2)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    "follow_up",
    [
        "It sounds like things have been really heavy. Are you sure you've been "
        "fine? Sometimes people in your position think about not being here.",
        "I want to ask again, gently, and it's ok to answer honestly. Have you "
        "been having any thoughts of suicide, or of wanting to die?",
        "I hear that. It sounds really hard. How often?",
    ],
)
def test_a_disclosure_after_im_fine_takes_it_back(seed: int, follow_up: str) -> None:
    session = Session(BY_SLUG["ruth-grief"], seed)
    for line in EVADED_PRELUDE:
        evaded = session.say(line)
    assert "fine" in evaded or "not go there" in evaded
    reply = session.say(follow_up)
    assert session.state.risk_disclosed
    assert takes_back(reply), reply


@pytest.mark.parametrize("seed", SEEDS)
def test_a_bare_follow_up_after_im_fine_is_not_answered_as_if_told(seed: int) -> None:
    session = Session(BY_SLUG["ruth-grief"], seed)
    for line in EVADED_PRELUDE:
        session.say(line)
    reply = session.say("How often do these thoughts come?")
    assert "Most nights" not in reply or takes_back(reply)


@pytest.mark.parametrize("seed", SEEDS)
def test_after_a_denial_the_next_questions_are_not_risk_follow_ups(seed: int) -> None:
    session = Session(BY_SLUG["leo-panic-driving"], seed)
    session.say("Have you had any thoughts of ending your life?")
    session.say("So you were driving, your mind went to the fear, and you got off.")
    reply = session.say(
        "How strongly do you believe that fear when you're sitting here now, "
        "from 0 to 100?"
    )
    assert "ending my life" not in reply and "nothing like that" not in reply
