"""Issue 9 (holdout9 follow-up): the classes the revealed holdout9 sets showed,
each tested in wordings written for the test, not the sets' own.

Real words the lexicon lacks are no typos ("broken", "falling"); texting forms
("urself"); an everyday topic as the subject of an unmarked question ("is money
a worry"); a workplace named for the job; the people someone clashes with at
work; a figure of speech with money ("hit you financially"); a person who only
dates the question; the trainee's own preface before a dash; risk follow-ups
said of the thoughts; a person's interests; a request for a fact ("remind
me..."); a feeling checked back with its setting; collusion that justifies the
thought or agrees in short words; what an experience was like named as a
feeling; and the grader's maths check against the patient's own numbers.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.engine import case_beliefs
from patients.simulation.factq import fact_question
from patients.simulation.factq_spelling import respell
from patients.simulation.moves.case_aware import colludes
from patients.simulation.probe.grader import role_break
from patients.simulation.probe.runner import Session
from patients.simulation.vocab import emotions_named

BY_SLUG = {c.slug: c for c in bundled_cases()}


def _domain(slug: str, question: str, *, risk: bool = False) -> str | None:
    found = fact_question(question, BY_SLUG[slug].facts, risk_context=risk)
    return found.domain if found else None


def test_real_words_with_an_ending_are_not_typos() -> None:
    assert respell("the nights are pretty broken") == "the nights are pretty broken"
    assert "falling out" in respell("someone you keep falling out with")
    # Typos are still read as the words they stand for.
    assert respell("are you drikning more") == "are you drinking more"


@pytest.mark.parametrize(
    ("slug", "question", "domain"),
    [
        (
            "jamal-failing-course",
            "ever thought of killing urself?",
            "suicidal_thoughts",
        ),
        ("leo-panic-driving", "with work so busy is sleep any good for you", "sleep"),
        ("marcus-job-loss", "so you're still at the depot these days, yeah?", "work"),
        (
            "owen-workplace-conflict",
            "is there someone in the office you keep falling out with?",
            "people",
        ),
        ("owen-workplace-conflict", "has all this hit you financially?", "money"),
        (
            "hannah-new-parent",
            "since zosia was born have you been back at work?",
            "work",
        ),
        (
            "marcus-job-loss",
            "i guess money's tight with one income - how are you sleeping",
            "sleep",
        ),
        (
            "tom-health-anxiety",
            "who do you go to when you're worried, is there someone you ring?",
            "people",
        ),
    ],
)
def test_everyday_question_forms(slug: str, question: str, domain: str) -> None:
    assert _domain(slug, question) == domain


def test_a_hit_from_a_person_is_still_screened() -> None:
    assert _domain("owen-workplace-conflict", "has he ever hit you?") == "being_hurt"


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        (
            "before all this had you ever felt that low and done something about it?",
            "si_past_attempts",
        ),
        ("what keeps those thoughts from going further?", "si_protective"),
        (
            "some people save up tablets just in case. is that something you've done?",
            "si_means",
        ),
        ("have you got hold of anything you could use?", "si_means"),
    ],
)
def test_risk_follow_ups_said_of_the_thoughts(question: str, domain: str) -> None:
    assert _domain("ruth-grief", question, risk=True) == domain


def test_a_persons_interests_get_their_line() -> None:
    reply = Session(BY_SLUG["tom-health-anxiety"], seed=0).say(
        "what's Ryan into these days?"
    )
    assert "mountain biking" in reply


def test_a_request_for_a_fact_is_answered_not_taken_as_advice() -> None:
    reply = Session(BY_SLUG["jamal-failing-course"], seed=0).say(
        "remind me what you're studying again"
    )
    assert "engineering" in reply


def test_a_feeling_checked_back_is_no_question_about_its_setting() -> None:
    question = "so you feel pretty lonely when they leave for lunch?"
    assert _domain("amara-relocation-loneliness", question) is None


def test_collusion_that_justifies_the_thought_or_agrees_in_short_words() -> None:
    mei = case_beliefs(BY_SLUG["mei-caregiver-burnout"])
    assert colludes(
        "It was awful, I can see why you think you're a terrible person.", mei
    )
    daniel = case_beliefs(BY_SLUG["daniel-perfectionism"])
    assert colludes("Honestly they probably do doubt you're up to the job now.", daniel)
    # A tentative reflection of the thought is still no collusion.
    assert not colludes("It sounds like you think you're a terrible person.", mei)


def test_what_an_experience_was_like_names_a_feeling() -> None:
    assert emotions_named("that sounds terrifying") == {"anxious"}
    assert emotions_named("it must have been so scary") == {"anxious"}


def test_the_maths_check_spares_the_patients_own_numbers() -> None:
    jamal = BY_SLUG["jamal-failing-course"]
    own = "The marks went up online for the first calculus test and mine was 38."
    assert not role_break(own, "what's the square root of 144", jamal)
    assert role_break("It's 12, I think. Or 42.", "what's 6 times 7", jamal)
    # Without the case every number still counts.
    assert role_break(own, "what's the square root of 144")


def test_an_age_the_sheet_does_not_hold_is_not_sure_never_invented() -> None:
    hannah = BY_SLUG["hannah-new-parent"]
    reply = Session(hannah, seed=0).say("Ed, how old is he?")
    assert reply.startswith("I'm not sure, to be honest.")
    assert "Ed's my partner" in reply
    assert not any(ch.isdigit() for ch in reply)
    # An age the note states is still given.
    assert "four months" in Session(hannah, seed=0).say("how old is Zosia?")
