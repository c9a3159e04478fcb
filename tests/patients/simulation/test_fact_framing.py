"""Issue 9 (blind4 follow-up): a fact question inside a frame still gets its fact.

The frame is what stands around the question in a typed chat turn: a setting
with no comma ("since the summer have you..."), a dash, no verb at all
("eating ok these days"), apostrophes left out, a confronting lead-in ("be
straight with me, ..."), a domain named only as what is set aside ("as well as
the beer, ..."). And the reverse: an event in the patient's life named only as
the setting of a question about how it was for them is not a fact question.
Each is asserted on the patient's reply, as a trainee would read it.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.probe.grader import grade_factual
from patients.simulation.probe.runner import Session

BY_SLUG = {c.slug: c for c in bundled_cases()}
RISK_OPENER = "Have you had any thoughts of ending your life?"


def _ask(slug: str, question: str, *, after: tuple[str, ...] = ()) -> str:
    session = Session(BY_SLUG[slug], 0)
    for line in after:
        session.say(line)
    return session.say(question)


def _answered(slug: str, question: str, domain: str, **kw: tuple[str, ...]) -> None:
    reply = _ask(slug, question, **kw)
    graded = grade_factual(BY_SLUG[slug], question, domain, reply)
    assert graded["answered"], reply
    assert not graded["contradiction"], reply


@pytest.mark.parametrize(
    ("slug", "question", "domain"),
    [
        # A setting before the question, typed without a comma.
        ("tom-health-anxiety", "since the summer have you been sleeping ok", "sleep"),
        ("marcus-job-loss", "most evenings do you have a few drinks", "alcohol"),
        (
            "priya-social-anxiety",
            "at the moment who do you live with",
            "living_situation",
        ),
        ("abe-reference", "since the layoff hows the money side been", "money"),
        # A dash sets the topic.
        (
            "leo-panic-driving",
            "the panic stuff \u2014 when did that first start",
            "timeline",
        ),
        ("owen-workplace-conflict", "your job - how long have you been there", "work"),
        # No verb to invert.
        ("priya-social-anxiety", "eating ok these days", "appetite"),
        ("mei-caregiver-burnout", "sleeping alright at the moment", "sleep"),
        (
            "amara-relocation-loneliness",
            "you live on your own or share",
            "living_situation",
        ),
        # Apostrophes left out.
        ("hannah-new-parent", "whats your sleep like with the baby", "sleep"),
        # The sheet's own job checked without an article.
        ("owen-workplace-conflict", "you're at the water company, yeah?", "work"),
        # The topic typed as a fragment after a short question.
        ("tom-health-anxiety", "big drinker? pints after work and that", "alcohol"),
        ("owen-workplace-conflict", "sleep ok? nights and that", "sleep"),
        # The problem's start asked with a place as its setting.
        (
            "owen-workplace-conflict",
            "so when did things start going wrong at work",
            "timeline",
        ),
    ],
)
def test_a_question_in_a_chat_frame_gets_its_fact(
    slug: str, question: str, domain: str
) -> None:
    _answered(slug, question, domain)


def test_a_domain_named_as_what_is_set_aside_is_not_the_question() -> None:
    # Marcus drinks and takes no drugs: the drugs answer, never the beer line.
    question = "as well as the beer, do you take anything else, like drugs?"
    _answered("marcus-job-loss", question, "drugs")
    assert "beers" not in _ask("marcus-job-loss", question)


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        ("have you worked out any sort of plan", "si_plan"),
        ("is there a part of you that means to act on it", "si_intent"),
        ("how strong is the pull to actually do something, out of ten", "si_intent"),
        ("just checking, no past attempts on your life?", "si_past_attempts"),
        ("if things got bad could you ring someone close to you", "si_support"),
        ("how many days a week do the thoughts turn up", "si_frequency"),
    ],
)
def test_risk_follow_ups_in_other_frames_get_their_answer(
    question: str, domain: str
) -> None:
    _answered("ruth-grief", question, domain, after=(RISK_OPENER,))


def test_a_fact_asked_inside_a_confronting_frame_gets_the_fact() -> None:
    _answered(
        "marcus-job-loss",
        "be straight with me, how many drinks a night is it?",
        "alcohol",
    )
    _answered(
        "marcus-job-loss",
        "You ought to cut down. How much do you drink a week?",
        "alcohol",
    )


@pytest.mark.parametrize(
    "question",
    [
        "Don't you think you drink far too much?",
        "have you tried cutting back on the drinking?",
    ],
)
def test_pressure_in_the_question_itself_is_still_met_as_pressure(
    question: str,
) -> None:
    reply = _ask("marcus-job-loss", question)
    assert "A few beers" not in reply
    # "cutting back" is not the self-harm screening.
    assert "hurt myself" not in reply


@pytest.mark.parametrize(
    ("slug", "question", "line"),
    [
        (
            "hannah-new-parent",
            "once Ed was back at work, how was that for you?",
            "work",
        ),
        ("hannah-new-parent", "Ed went back to work. How was it for you?", "work"),
        (
            "jamal-failing-course",
            "if the course did go badly, what would that say about you?",
            "work",
        ),
    ],
)
def test_how_an_event_was_for_the_patient_is_not_a_fact_question(
    slug: str, question: str, line: str
) -> None:
    case = BY_SLUG[slug]
    reply = _ask(slug, question)
    assert case.facts.fact(line).say not in reply


@pytest.mark.parametrize(
    ("slug", "question", "domain"),
    [
        ("marcus-job-loss", "r u drinkign more since the redundancy?", "alcohol"),
        ("priya-social-anxiety", "hows your apetite been", "appetite"),
        (
            "daniel-perfectionism",
            "are you on any medicaiton at the moment?",
            "medication",
        ),
        ("tom-health-anxiety", "how are you slepeing these days?", "sleep"),
    ],
)
def test_a_question_with_a_typo_gets_its_fact(
    slug: str, question: str, domain: str
) -> None:
    _answered(slug, question, domain)


def test_a_risk_follow_up_with_a_typo_gets_its_answer() -> None:
    _answered(
        "ruth-grief",
        "have you ever taken an overodse?",
        "si_past_attempts",
        after=(RISK_OPENER,),
    )


def test_an_example_offered_in_a_fact_question_still_gets_the_fact() -> None:
    # The annotator flags the offered example as leading; nothing else presses.
    _answered(
        "priya-social-anxiety",
        "is there anyone you feel really close to, like a sister or a friend?",
        "people",
    )


def test_a_risk_follow_up_flagged_leading_is_still_answered() -> None:
    _answered(
        "ruth-grief",
        "any thoughts of how you might do it?",
        "si_plan",
        after=(RISK_OPENER,),
    )


@pytest.mark.parametrize(
    "question",
    [
        "If things got worse, do you think you might try something?",
        "would you ever try anything?",
        "Could you see yourself trying something, if it got worse?",
    ],
)
def test_an_attempt_asked_about_as_a_prospect_is_intent_and_gets_her_no(
    question: str,
) -> None:
    # Was "Yeah. Michael says that too..." (read as advice to try something),
    # which tells the trainee a patient with no intent has some.
    reply = _ask("ruth-grief", question, after=(RISK_OPENER,))
    assert reply.startswith("No"), reply
    assert "Yeah" not in reply, reply


def test_trying_an_activity_is_not_an_attempt() -> None:
    reply = _ask(
        "ruth-grief",
        "do you think you might try the choir again?",
        after=(RISK_OPENER,),
    )
    assert "carry on like this" not in reply, reply
