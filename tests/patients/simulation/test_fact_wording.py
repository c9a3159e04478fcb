"""Issue 9: a fact question in a trainee's own chat wording gets the sheet's line.

Names typed in lower case, a topic or condition set before the question, a fact
checked with a tag ("..., right?"), slang for sleep and drink, harm asked about
from the patient's side, services used before: each asserted on the reply a
trainee would read. The wordings are this project's own, not probe texts.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.factq import fact_question
from patients.simulation.probe.runner import Session

BY_SLUG = {c.slug: c for c in bundled_cases()}


def _ask(slug: str, question: str) -> str:
    return Session(BY_SLUG[slug], 0).say(question)


@pytest.mark.parametrize(
    ("slug", "question", "words"),
    [
        # A name typed in lower case is still the person.
        ("mei-caregiver-burnout", "and kevin, what does he do now?", "university"),
        # A topic or a condition before the question.
        ("marcus-job-loss", "evenings, do you have a few drinks?", "beers"),
        ("leo-panic-driving", "if the job went, would you be ok money-wise?", "won't"),
        # A fact checked with a tag, or the sheet's own job named.
        ("priya-social-anxiety", "you share with Jess, is that right?", "share a flat"),
        ("sofia-relationship-conflict", "you work as a nurse, yeah?", "surgical"),
        ("marcus-job-loss", "so is Denise your wife?", "married to Denise"),
        # Slang and euphemism.
        ("amara-relocation-loneliness", "what time do you hit the sack?", "series"),
        ("daniel-perfectionism", "what time do you normally nod off?", "switch off"),
        ("ruth-grief", "a drop of sherry of an evening?", "sherry"),
        ("hannah-new-parent", "is Zosia your first, or are there older ones?", "first"),
        (
            "owen-workplace-conflict",
            "is somebody home waiting for you, your wife?",
            "Sian",
        ),
        (
            "hannah-new-parent",
            "have you used mental health services before?",
            "visitor",
        ),
        ("jamal-failing-course", "is the student loan enough?", "loan"),
    ],
)
def test_a_fact_question_in_chat_wording_gets_the_sheets_line(
    slug: str, question: str, words: str
) -> None:
    assert words in _ask(slug, question)


@pytest.mark.parametrize(
    "question",
    [
        "When you two row, has it ever got physical from your side?",
        "have you ever come close to swinging for him?",
        "has the anger ever come out physically?",
    ],
)
def test_harm_from_the_patients_side_gets_the_harm_to_others_denial(
    question: str,
) -> None:
    reply = _ask("sofia-relationship-conflict", question)
    assert "nobody hurts anybody" in reply
    assert "He's never hurt me" not in reply


def test_a_question_that_is_not_screening_gets_no_screening_denial() -> None:
    # The classifier once read "does he stay with you?" as about being hurt.
    reply = _ask("tom-health-anxiety", "how old's Ryan? does he stay with you?")
    assert "hurting" not in reply
    assert "16" in reply


def test_the_thoughts_named_before_the_question_are_screened() -> None:
    reply = _ask(
        "daniel-perfectionism",
        "Some people this worn out feel everyone would be better off without them. "
        "Has that crossed your mind?",
    )
    assert reply.startswith("No")


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        (
            "People under strain sometimes hear their name called when nobody's "
            "there. Any of that?",
            "voices",
        ),
        (
            "Lots of people in your shoes do things to hurt themselves. Has that "
            "been you?",
            "self_harm_history",
        ),
        ("out of interest do you use any recreational drugs", "drugs"),
    ],
)
def test_a_question_asked_about_people_in_general_first_is_read(
    question: str, domain: str
) -> None:
    facts = BY_SLUG["priya-social-anxiety"].facts
    found = fact_question(question, facts)
    assert found is not None
    assert found.domain == domain


@pytest.mark.parametrize(
    ("slug", "question"),
    [
        ("daniel-perfectionism", "so the slide thing, what did that mean to you?"),
        ("owen-workplace-conflict", "you're an engineer, so you like evidence, right?"),
        ("ruth-grief", "evenings, what goes through your head?"),
        ("marcus-job-loss", "when kayla asked about paris, what did you feel?"),
    ],
)
def test_a_question_about_meaning_or_feeling_gets_no_fact_domain(
    slug: str, question: str
) -> None:
    assert fact_question(question, BY_SLUG[slug].facts) is None
