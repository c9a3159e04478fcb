"""Round 6 of the guard: computers, simulators, role-plays and actors in the
patient's own life are not the speaker admitting to being one, and a patient
telling the counsellor why they came, in the referral's words, is not an echo
of the prompt; the same words said of the speaker or the conversation, and a
recital of the case file, are still caught."""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply
from patients.simulation.guard_masks import mask_role
from patients.simulation.prompts import render_stable_prompt

CASES = {c.slug: c for c in bundled_cases()}
CASE = CASES["marcus-job-loss"]
DIRECTION = advance(CASE, initial_state(CASE, seed=0), "Hi.", []).direction


@pytest.mark.parametrize(
    "text",
    [
        # The three false trips of the last hidden round.
        "I did a driver training course with a simulator.",
        "The training programme had a role-play with an actor.",
        "Some automated computer system binning my CV, probably.",
        "I asked ChatGPT to explain the forms once. Made it worse.",
        "Kayla's building some chatbot for school. Don't ask me how.",
        "We did role-play with the kids every week, shops and doctors.",
        "They've got an automated system that flags missed deadlines.",
        "Michael set up one of those voice assistants so I'd have someone to talk to.",
    ],
)
def test_technology_in_the_patients_world_passes(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()


@pytest.mark.parametrize(
    "text",
    [
        "As an AI, I can't really answer that.",
        "I'm a chatbot, if I'm honest.",
        "This is just a role-play, isn't it?",
        "You're talking to a program, mate.",
        "Would you like me to stop the simulation?",
        "Is this the part of the roleplay where you ask about my wife?",
        "I'm basically the internet talking. A chatbot with a made-up bad back.",
        "It's hard to make friends when you only exist inside a practice tool.",
    ],
)
def test_the_same_things_said_of_the_speaker_are_caught(text: str) -> None:
    assert "ai_admission" in check_reply(text, CASE, DIRECTION)


def test_the_mask_keeps_the_verb_so_a_maker_is_still_read() -> None:
    assert "built" in mask_role("The people who built this app made me.")


def _prompt(slug: str) -> str:
    return render_stable_prompt(CASES[slug])


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        (
            "abe-reference",
            "Since I lost the job and the marriage went, I spend much of the day on "
            "the couch worrying about money.",
        ),
        (
            "hannah-new-parent",
            "Low mood, I suppose, and I'm tearful all the time, four months after the "
            "birth of my first baby. My health visitor suggested talking to someone.",
        ),
        (
            "owen-workplace-conflict",
            "Anger and stress at work after a restructure. Occupational health "
            "referred me after a formal complaint about my tone in emails.",
        ),
    ],
)
def test_saying_why_you_came_in_the_referrals_words_is_not_an_echo(
    slug: str, text: str
) -> None:
    flags = check_reply(text, CASES[slug], DIRECTION, prompt=_prompt(slug))
    assert "prompt_echo" not in flags


@pytest.mark.parametrize(
    ("slug", "text"),
    [
        # Nearly all of the presenting problem, word for word.
        (
            "leo-panic-driving",
            "Panic attacks when driving since a minor motorway collision nine months "
            "ago; now avoids motorways and is close to losing a job that involves "
            "travel.",
        ),
        # Nine words of the history in a row.
        (
            "marcus-job-loss",
            "I worked for the same logistics company for nineteen years and rose to "
            "warehouse shift supervisor.",
        ),
        # One clause of the rules.
        (
            "ruth-grief",
            "When a question touches something painful that I'm not ready for, I "
            "hesitate.",
        ),
    ],
)
def test_a_recital_of_the_case_or_the_rules_is_still_an_echo(
    slug: str, text: str
) -> None:
    flags = check_reply(text, CASES[slug], DIRECTION, prompt=_prompt(slug))
    assert "prompt_echo" in flags
