"""Issue 9 (blind5 follow-up): risk follow-ups in words of their own.

After Ruth says she wishes she wouldn't wake up, a trainee's follow-up put
through a frame or in words no pattern knows still gets the sheet's line for
what it asks (how often, a plan, intent, means, past attempts, what stops her,
who she could tell), never her first line again or "I'm fine"; other questions
asked in the same stretch keep their own answer. The classifier behind it is
reproducible from the project's data and never trained on a blind probe.
"""

from __future__ import annotations

import json

import pytest

from patients.simulation import bundled_cases
from patients.simulation import factq_risk_train as risk_train
from patients.simulation.factq import fact_question
from patients.simulation.factq_risk_model import RISK_WEIGHTS_PATH
from patients.simulation.factq_train import PROBES
from patients.simulation.probe.runner import RISK_PRELUDE, Session

RUTH = next(c for c in bundled_cases() if c.slug == "ruth-grief")


def _after_risk_question(question: str) -> str:
    session = Session(RUTH, seed=0)
    for line in RISK_PRELUDE:
        session.say(line)
    return session.say(question)


# (follow-up, the sheet's field it asks about)
FOLLOW_UPS = (
    # Read by meaning: no pattern of factq_risk places these.
    ("Have you ever come near to doing it?", "si_past_attempts"),
    ("How near are you to acting?", "si_intent"),
    ("Who else have you shared this with?", "si_support"),
    # Framed: a way or a method however put, reasons asked back about a "no",
    # someone they could tell or be honest with, when in the day they come.
    (
        "Some people find the wish becomes a method in their head. Is it like that?",
        "si_plan",
    ),
    ("What makes you so certain you wouldn't?", "si_protective"),
    ("Would you feel able to tell a friend if it got worse?", "si_support"),
    ("Who would you trust to be honest with about all this?", "si_support"),
    ("When do they usually come on, the thoughts?", "si_frequency"),
    # Lying in bed is no accusation of lying.
    ("Is it more at night, when you're lying there?", "si_frequency"),
    ("I'm wondering how much of the time they're with you.", "si_frequency"),
    ("Do the thoughts ever include how?", "si_plan"),
    ("Is there a particular way you've thought about?", "si_plan"),
    ("Has there ever been a time when you did try?", "si_past_attempts"),
)


@pytest.mark.parametrize(("question", "field"), FOLLOW_UPS)
def test_a_follow_up_in_new_words_gets_the_sheets_line_for_it(
    question: str, field: str
) -> None:
    found = fact_question(question, RUTH.facts, risk_context=True)
    assert found is not None
    assert found.domain == field
    line = getattr(RUTH.facts.suicidal_thoughts, field).say
    # The line's last sentence (an earlier one already said in the session
    # may be left out).
    assert line.split(". ")[-1] in _after_risk_question(question)


def test_other_questions_in_a_risk_conversation_keep_their_own_answer() -> None:
    assert "wake at three" in _after_risk_question("How are you sleeping?")
    feeling = fact_question("What's that like for you?", RUTH.facts, risk_context=True)
    assert feeling is None or not feeling.domain.startswith("si_")


def test_a_demand_for_honesty_is_still_confronting() -> None:
    # Honesty owed to someone else is no confrontation; owed to the counsellor
    # under pressure, it still is: it costs trust. But Ruth has told the
    # thoughts already, so she answers what is asked (stop 21: "I'm fine" after
    # "some nights I hope I won't wake up" would take it back).
    session = Session(RUTH, seed=0)
    for line in RISK_PRELUDE:
        session.say(line)
    before = session.state.alliance
    reply = session.say("Be honest with me, do you have a plan?")
    assert session.state.alliance < before
    assert "fine" not in reply
    assert reply.startswith("No"), reply


def test_retraining_gives_identical_weights() -> None:
    stored = json.loads(RISK_WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert json.loads(risk_train.dump(risk_train.build(folds=5))) == stored


def test_the_training_data_holds_no_blind_probe() -> None:
    blind = {
        " ".join(json.loads(line)["text"].lower().split())
        for path in sorted(PROBES.glob("blind*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    assert len(blind) > 1000
    trained = {" ".join(text.lower().split()) for text, _ in risk_train.dataset()}
    assert not trained & blind


def test_the_training_data_holds_no_holdout_probe() -> None:
    # The revealed holdout sets are development data whose figures are still
    # reported: no trainer may fit them.
    holdout = {
        " ".join(json.loads(line)["text"].lower().split())
        for path in sorted(PROBES.glob("holdout*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    }
    assert len(holdout) >= 350
    trained = {" ".join(text.lower().split()) for text, _ in risk_train.dataset()}
    assert not trained & holdout
