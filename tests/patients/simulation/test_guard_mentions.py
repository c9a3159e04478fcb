"""Round 5 of the guard: therapy talk the patient reports, owns or pushes back
on, and advice quoted with its speaker after it, are in role; the same words
turned on the listener are coaching."""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply
from patients.simulation.guard_model import mask_reported
from patients.simulation.prompts import render_stable_prompt

CASE = sorted(bundled_cases(), key=lambda c: c.slug)[0]
DIRECTION = advance(CASE, initial_state(CASE, seed=0), "Hi.", []).direction


@pytest.mark.parametrize(
    "text",
    [
        "I did the breathing exercise from the leaflet. Twice.",
        "I had some CBT years ago. The thought records turned into lists.",
        "That's my breathing exercise, the car with the radio off.",
        "If you start on about my inner critic I'm leaving.",
        "Give yourself a break, my brother says. From six thousand miles away.",
        "Remember to eat, she says, every single call.",
        "Is it worth trying the group thing the GP mentioned?",
        "They made us do a role-play of a client meeting in training.",
        "My instructor said some people use a driving simulator first.",
    ],
)
def test_mentions_and_quoted_advice_pass(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Let's try a breathing exercise together.",
        "You could use a thought record when that happens.",
        "Could it be worth noticing when the tiredness turns into resentment?",
        "Has it helped to write down what he does?",
        "One quiz doesn't define you. Look at what went wrong and go again.",
        "Feelings aren't facts.",
        "I'm improvising a shy accountant here.",
        "None of us are real in this, me included.",
        "That's when I was switched on.",
    ],
)
def test_the_same_words_as_coaching_or_admission_are_caught(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) != ()


def test_quotation_after_comma_is_masked_but_not_an_appeal_to_others() -> None:
    assert mask_reported("Try to relax, they say.").strip() == "\u2026"
    assert "Try writing" in mask_reported(
        "Try writing it down, some people say it helps."
    )


def test_a_person_and_what_the_sheet_says_of_them_is_the_patients_own_line() -> None:
    # The prompt lists "Name, your sister: <note>"; the patient saying "Name, my
    # sister. <note>" is not an echo of the prompt.
    for case in bundled_cases():
        for person in case.facts.people:
            if len(person.note.split()) < 6:
                continue
            reply = f"{person.name}, my {person.relation}. {person.note}"
            flags = check_reply(
                reply, case, DIRECTION, prompt=render_stable_prompt(case)
            )
            assert "prompt_echo" not in flags, (case.slug, reply)
