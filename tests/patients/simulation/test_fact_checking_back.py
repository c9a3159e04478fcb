"""Issue 9 (blind5 follow-up): facts checked back, named people, and the
figures of speech around a fact question.

A statement checked with a tag ("..., is that right?") asks about what the
statement says, not about the setting before it; a named person asked about as
"she" or "he" after a dash, or as the one who has the job or the home asked
about, gets that person's line, never the patient's own fact; a child's other parent is the partner; "you and Luca" is the couple;
"what would that mean for you financially?" asks about money; "eating at you"
is no question about food; the nights, what wakes them and what keeps them up
are sleep; a habit asked about ("do you ever...") is a question, not advice.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.factq import FactQuestion, fact_question
from patients.simulation.probe.runner import Session

BY_SLUG = {c.slug: c for c in bundled_cases()}


def _reply(slug: str, question: str) -> str:
    return Session(BY_SLUG[slug], seed=0).say(question)


def _read(slug: str, question: str) -> FactQuestion | None:
    return fact_question(question, BY_SLUG[slug].facts)


# (case, question, domain read, words of the sheet's line in the reply)
CASES = (
    # Checked back: the statement's domain, past a setting with no comma.
    (
        "ruth-grief",
        "since Alan died you've not been sleeping well, is that right?",
        "sleep",
        "wake at three",
    ),
    (
        "marcus-job-loss",
        "so you've got the one daughter, is that right?",
        "children",
        "Kayla",
    ),
    # A setting with no article; someone who stays with them is where they live.
    (
        "priya-social-anxiety",
        "after uni you moved in with Jess, yeah?",
        "living_situation",
        "share a flat",
    ),
    (
        "tom-health-anxiety",
        "so Ryan's with you half the week, is that right?",
        "living_situation",
        "half the week",
    ),
    # A child's other parent is the partner.
    ("marcus-job-loss", "Are you still with Kayla's mum?", "partner", "Denise"),
    ("hannah-new-parent", "Is Zosia's dad still around?", "partner", "Ed"),
    # The couple, not the person.
    ("sofia-relationship-conflict", "Luca and you - kids at all?", "children", "No"),
    # Money asked through what an event would mean.
    (
        "leo-panic-driving",
        "If you couldn't drive anymore, how would that leave you money-wise?",
        "money",
        "won't be",
    ),
    # The nights and what wakes them are sleep; "eating away at you" is not food.
    ("ruth-grief", "How have the nights been since the funeral?", "sleep", "three"),
    ("hannah-new-parent", "Is the baby waking you a lot?", "sleep", "checking on her"),
    (
        "owen-workplace-conflict",
        "It sounds like this is eating away at you. Is it keeping you awake?",
        "sleep",
        "lie there",
    ),
    (
        "ruth-grief",
        "Are you still living in the same house?",
        "living_situation",
        "on my own",
    ),
)


@pytest.mark.parametrize(("slug", "question", "domain", "words"), CASES)
def test_the_question_gets_the_sheets_line_for_what_it_asks(
    slug: str, question: str, domain: str, words: str
) -> None:
    found = _read(slug, question)
    assert found is not None
    assert found.domain == domain
    assert words in _reply(slug, question)


PEOPLE = (
    ("hannah-new-parent", "Ed - what does he do for a living?", "Ed", "work", "work"),
    ("marcus-job-loss", "Kayla - how old is she now?", "Kayla", "age", "15"),
    (
        "marcus-job-loss",
        "And your wife, what does she do?",
        "Denise",
        "work",
        "administrator",
    ),
    ("ruth-grief", "Michael, where does he live?", "Michael", None, "two hours"),
    ("priya-social-anxiety", "Mai - how often do you two talk?", "Mai", None, "abroad"),
    # Not set before the question: no "you" in it, and what it asks is
    # something a person has.
    ("daniel-perfectionism", "What job does Chris have?", "Chris", "work", "works"),
    (
        "marcus-job-loss",
        "What does your wife do for a living?",
        "Denise",
        "work",
        "administrator",
    ),
    ("ruth-grief", "Where's Michael living now?", "Michael", None, "two hours"),
)


def test_a_person_named_only_in_the_setting_is_not_what_is_asked() -> None:
    found = _read("marcus-job-loss", "After Kayla's trip, how's money?")
    assert found == FactQuestion("money")


@pytest.mark.parametrize(("slug", "question", "person", "detail", "words"), PEOPLE)
def test_a_person_set_before_the_question_gets_their_own_line(
    slug: str, question: str, person: str, detail: str | None, words: str
) -> None:
    found = _read(slug, question)
    assert found == FactQuestion("people", person=person, detail=detail)
    reply = _reply(slug, question)
    assert words in reply
    # Never the patient's own job.
    assert BY_SLUG[slug].facts.work.say not in reply


def test_a_habit_asked_about_is_answered_not_heard_as_advice() -> None:
    reply = _reply(
        "jamal-failing-course", "do you ever vape or take anything to unwind at night?"
    )
    assert "don't take drugs" in reply
    assert "I can do that" not in reply


def test_a_tag_on_a_statement_about_feelings_is_not_a_fact_question() -> None:
    assert (
        _read("ruth-grief", "you've been feeling really alone, is that right?") is None
    )
