"""Replies to accurate reflections and to collusion carry the case (stop 21).

Sentences written for this test, not taken from any probe set: an accurate
reflection of a feeling the patient has is answered with something of theirs
(the feeling owned and what it is about), even where trust is too low for a new
layer; agreement with the distorted thought never earns a deeper layer or a
weaker belief, whatever else the turn also looks like (a question after it).
"""

from __future__ import annotations

import re

import pytest

from patients.simulation import bundled_cases
from patients.simulation.engine import case_beliefs
from patients.simulation.moves.case_aware import add_collusion, colludes
from patients.simulation.probe.grader import is_generic
from patients.simulation.probe.runner import STORY_PRELUDE, Session

CASES = {c.slug: c for c in bundled_cases()}


def _after_story(slug: str, seed: int = 0) -> Session:
    session = Session(CASES[slug], seed=seed)
    for line in STORY_PRELUDE:
        session.say(line)
    return session


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        # Owen is upset and guarded after the story prelude: no new layer yet.
        ("owen-workplace-conflict", "Not being on that invite left you fuming."),
        ("owen-workplace-conflict", "Kate showing your design as hers really hurt."),
        ("sofia-relationship-conflict", "You were furious when Luca got in so late."),
        ("ruth-grief", "There's so much guilt in you about Alan."),
        ("mei-caregiver-burnout", "Snapping at your mum has left you feeling guilty."),
    ],
)
def test_accurate_reflection_gets_something_of_the_case(slug: str, text: str) -> None:
    session = _after_story(slug)
    before = session.state.alliance
    reply = session.say(text)
    assert not is_generic(CASES[slug], reply), reply
    assert session.state.alliance >= before


def test_reflection_at_low_trust_owns_the_feeling_without_a_new_layer() -> None:
    session = _after_story("owen-workplace-conflict")
    disclosure = session.state.disclosure
    reply = session.say("Being cut out of that meeting made you really angry.")
    assert "angry" in reply.lower(), reply
    assert session.state.disclosure == disclosure


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        (
            "priya-social-anxiety",
            "Yeah, they honestly only invited you to be polite. What happened next?",
        ),
        (
            "leo-panic-driving",
            "Honestly the way you see it is how it is. Tell me what happened.",
        ),
        (
            "marcus-job-loss",
            "It's true, nobody wants someone of 46. How did you feel after that?",
        ),
    ],
)
def test_collusion_with_a_question_after_it_never_deepens(slug: str, text: str) -> None:
    session = _after_story(slug)
    before = session.state
    reply = session.say(text)
    after = session.state
    assert after.disclosure <= before.disclosure, reply
    assert after.belief[before.topic] >= before.belief[before.topic]
    assert not is_generic(CASES[slug], reply), reply


def test_agreement_then_question_is_collusion_but_a_question_alone_is_not() -> None:
    beliefs = ("They only asked to be polite. They'll realise I'm boring.",)
    assert colludes("Yeah, they probably asked to be polite. How was that?", beliefs)
    assert not colludes("Do you think they only asked to be polite?", beliefs)
    assert "collusion" in add_collusion(
        ("open_question",), "Honestly, the way you see it is the truth.", beliefs
    )
    # "You're right" alone agrees with a plan as often as with a thought.
    assert "collusion" not in add_collusion(
        ("simple_reflection",), "You're right, that is a good place to start.", beliefs
    )


def test_collusion_with_advice_answers_with_their_own_words() -> None:
    case = CASES["owen-workplace-conflict"]
    session = _after_story(case.slug)
    reply = session.say("Kate clearly has it in for you, so I'd start keeping records.")
    assert not is_generic(case, reply), reply


@pytest.mark.parametrize(
    ("slug", "seed"),
    [
        ("priya-social-anxiety", 0),
        ("priya-social-anxiety", 1),
        ("leo-panic-driving", 0),
        ("owen-workplace-conflict", 0),
    ],
)
def test_a_feeling_they_do_not_have_is_denied_with_what_it_is_about(
    slug: str, seed: int
) -> None:
    # Reserved and upset caps of two or three sentences: the denial and a
    # stock tail used to be the whole reply.
    session = _after_story(slug, seed)
    reply = session.say("There's so much guilt in the way you talk about it.")
    assert re.search(r"\bnot\b|n't\b", reply), reply
    assert not is_generic(CASES[slug], reply), reply


def test_a_discovery_summary_that_names_the_thought_is_not_collusion() -> None:
    # Skilled long turns: a summary that holds the thought up as an object, or
    # praise for the patient's own balanced wording, then a question. Read
    # sentence by sentence these once counted as agreement with the distortion,
    # and skilled sessions lost the alternative view over it.
    marcus = next(c for c in bundled_cases() if c.slug == "marcus-job-loss")
    beliefs = case_beliefs(marcus)
    assert not colludes(
        "We went through what makes the thought seem so true, what doesn't fit "
        "with it, and what you'd say to a mate. Putting that together, how would "
        "you put it now?",
        beliefs,
    )
    assert not colludes(
        "That's a really fair way to say it. How much do you believe the old "
        "thought now, out of a hundred?",
        beliefs,
    )
    # Agreement in the thought's own content words still counts.
    assert colludes(
        "Honestly, nobody wants to hire someone who got let go at your age. "
        "What will you do?",
        beliefs,
    )
