"""Whose life a question asks about, read from its grammar (`factq_subject.py`).

"How is she sleeping?" to a mother of a four-month-old asks about the baby;
"when it really hit you" asks about an impact, not about someone hitting them;
a person named inside a Socratic question asks for a view, not for the sheet's
line about that person. Asserted on what the trainee would read back.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.factq import fact_question
from patients.simulation.probe.runner import Session

BY_SLUG = {c.slug: c for c in bundled_cases()}


@pytest.mark.parametrize(
    ("slug", "question", "person"),
    [
        ("hannah-new-parent", "How is she sleeping these days?", "Zosia"),
        ("hannah-new-parent", "Is she sleeping through yet?", "Zosia"),
        ("hannah-new-parent", "How are the night feeds going?", "Zosia"),
        ("tom-health-anxiety", "How's your son sleeping?", "Ryan"),
    ],
)
def test_someone_elses_sleep_or_feeding_is_that_persons(
    slug: str, question: str, person: str
) -> None:
    found = fact_question(question, BY_SLUG[slug].facts)
    assert found is not None
    assert (found.domain, found.person) == ("people", person)


@pytest.mark.parametrize(
    ("slug", "question", "domain"),
    [
        ("hannah-new-parent", "How are you sleeping with the night feeds?", "sleep"),
        ("hannah-new-parent", "Are you eating okay yourself?", "appetite"),
        ("sofia-relationship-conflict", "Has Luca ever hit you?", "being_hurt"),
        ("sofia-relationship-conflict", "Does he ever hit you?", "being_hurt"),
    ],
)
def test_the_patients_own_sleep_and_harm_by_a_person_are_still_read(
    slug: str, question: str, domain: str
) -> None:
    found = fact_question(question, BY_SLUG[slug].facts)
    assert found is not None
    assert found.domain == domain


@pytest.mark.parametrize(
    "question",
    [
        "Can you take me back to a moment recently when it really hit you?",
        "When did it really hit you that the driving had become a problem?",
        "In all the attacks you've had since the collision, what actually happened?",
    ],
)
def test_an_impact_or_their_own_attacks_are_not_someone_hurting_them(
    question: str,
) -> None:
    case = BY_SLUG["leo-panic-driving"]
    found = fact_question(question, case.facts)
    assert found is None or found.domain != "being_hurt"
    reply = Session(case, 0).say(question)
    assert "hurting me" not in reply


@pytest.mark.parametrize(
    ("slug", "question", "sheet_words"),
    [
        (
            "sofia-relationship-conflict",
            "If a colleague on the ward told you this story about her partner, "
            "what would you say to her?",
            "surgical ward",
        ),
        (
            "leo-panic-driving",
            "If a colleague told you he'd started panicking on the motorway after "
            "a knock like yours, what would you say to him?",
            "Joana, my wife",
        ),
    ],
)
def test_a_person_named_in_a_socratic_question_is_not_a_fact_question(
    slug: str, question: str, sheet_words: str
) -> None:
    for seed in (0, 1, 2):
        assert sheet_words not in Session(BY_SLUG[slug], seed).say(question)


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        ("How's your sleep been?", "sleep"),
        ("How's your eating been, any changes there?", "appetite"),
    ],
)
def test_hows_your_is_the_patients_own(question: str, domain: str) -> None:
    found = fact_question(question, BY_SLUG["marcus-job-loss"].facts)
    assert found is not None
    assert found.domain == domain


def test_a_things_weight_is_nobodys_body() -> None:
    case = BY_SLUG["priya-social-anxiety"]
    found = fact_question(
        "What gives that thought its weight? What makes it believable?", case.facts
    )
    assert found is None or found.domain != "appetite"
