"""Issue 9 (holdout10 follow-up): the classes the revealed holdout10 set showed,
each tested in wordings written for the test, not the set's own.

A past attempt asked with the act as the object ("attempted suicide") or
dated by a phrase other than "ever" ("at any point", "in your life").
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.factq import fact_question

BY_SLUG = {c.slug: c for c in bundled_cases()}


def _domain(slug: str, question: str, *, risk: bool = False) -> str | None:
    found = fact_question(question, BY_SLUG[slug].facts, risk_context=risk)
    return found.domain if found else None


@pytest.mark.parametrize(
    ("question", "risk"),
    [
        ("Has there been any time in your life when you attempted suicide?", False),
        ("have u tried suicide before", False),
        # Without the word, only inside a risk conversation.
        ("At any stage, did you actually attempt it?", True),
        ("Before all this, had you attempted anything?", True),
    ],
)
def test_a_past_attempt_asked_with_the_act_as_object(question: str, risk: bool) -> None:
    assert _domain("ruth-grief", question, risk=risk) == "si_past_attempts"


@pytest.mark.parametrize(
    "question",
    [
        "Have you tried anything to help you sleep?",
        "Did you try something like counselling before?",
    ],
)
def test_trying_something_for_a_purpose_is_no_attempt(question: str) -> None:
    assert _domain("ruth-grief", question) != "si_past_attempts"
