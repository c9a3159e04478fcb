"""Resistance that holds (issue 9 item 5, stop 21): guarded patients give way to
sustained skill over several turns, not to one good line; unskilled trainees
never wear it down; a rupture brings part of it back; pleasing's hidden
resistance shows as agreement without real disclosure."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from patients.simulation import (
    Advance,
    CaseSpec,
    OfflineResponder,
    PatientState,
    ReplyContext,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation import parameters as P
from patients.simulation.harness import run_session
from patients.simulation.policies import POLICIES, TraineeView
from patients.simulation.probe.runner import Session
from patients.simulation.prompts import render_turn_notes
from patients.simulation.vocab import emotions_named

CASES = {c.slug: c for c in bundled_cases()}
GUARDED = [c for c in CASES.values() if c.style in {"upset", "reserved"}]
DATA = Path(__file__).parent / "data"

# Eight skilled turns in a row, in the way a patient trainee talks: reflections,
# validation and open questions, nothing that examines the thought yet.
EMPATHIC = [
    "It sounds like this has been really hard.",
    "What's been the hardest part?",
    "You've been carrying a lot on your own.",
    "It makes sense that you'd feel worn down by it.",
    "It sounds like you feel nobody really sees how much it takes.",
    "What else has been going on?",
    "It sounds like it's been building for a while.",
    "That sounds exhausting, and you've kept going anyway.",
]


def _run(
    case: CaseSpec, lines: Sequence[str], state: PatientState | None = None
) -> list[Advance]:
    state = state or initial_state(case, seed=0)
    history: list[Utterance] = [Utterance("patient", case.opening_line)]
    out = []
    for line in lines:
        step = advance(case, state, line, history)
        history += [Utterance("trainee", line), Utterance("patient", "Mm.")]
        out.append(step)
        state = step.state
    return out


@pytest.mark.parametrize("case", GUARDED, ids=lambda c: c.slug)
def test_guarded_resistance_falls_over_several_skilled_turns_not_one(
    case: CaseSpec,
) -> None:
    start = initial_state(case, seed=0).resistance
    style = P.STYLE_PARAMS[case.style]
    curve = [s.state.resistance for s in _run(case, EMPATHIC)]
    # One (or two, for upset) good turns change nothing.
    assert curve[: style.patience - 1] == [start] * (style.patience - 1)
    # No single turn gives up more than the style's limit ...
    falls = [a - b for a, b in zip([start, *curve], curve, strict=False)]
    assert max(falls) <= style.max_fall + 1e-9
    # ... but sustained skill does lower it, over several turns.
    assert curve[-1] < start - 2 * style.max_fall + 1e-9
    assert curve[-1] >= start * (1 - len(EMPATHIC) / style.hold_turns) - 1e-9


@pytest.mark.parametrize("case", GUARDED, ids=lambda c: c.slug)
@pytest.mark.parametrize("policy", ["interrogator", "advice-giver", "confronter"])
def test_unskilled_trainees_never_wear_resistance_down(
    case: CaseSpec, policy: str
) -> None:
    trace = run_session(case, policy, 12)
    start = trace.initial_state.resistance
    assert all(t.state["resistance"] >= start for t in trace.turns), policy


def test_a_rupture_brings_half_of_the_given_up_resistance_back() -> None:
    leo = CASES["leo-panic-driving"]  # reserved, hard: relapse 0.5
    steps = _run(leo, EMPATHIC)
    softened = steps[-1].state
    start = initial_state(leo, seed=0).resistance
    given_up = start - softened.resistance
    assert given_up > 0.1
    (misread,) = _run(leo, ["You sound really angry about it."], state=softened)
    assert "reading_in" in misread.moves
    # The move alone is worth +0.05; half of what sustained skill earned comes back.
    assert misread.state.resistance == pytest.approx(
        softened.resistance + 0.5 * given_up, abs=1e-3
    )
    assert misread.state.skill_credit == softened.skill_credit * P.RUPTURE_CREDIT_KEEP
    # And the next good turn does not simply pick up where it was.
    (after,) = _run(leo, ["It sounds like that was hard to hear."], state=misread.state)
    assert after.state.resistance == misread.state.resistance


def test_pleasing_hidden_resistance_agrees_without_telling_more() -> None:
    mei = CASES["mei-caregiver-burnout"]  # pleasing, hard: hidden 0.5
    policy = run_session(mei, "reflective", 12)
    patient = [t for t in policy.turns if t.speaker == "patient"]
    trainee = [t for t in policy.turns if t.speaker == "trainee"]
    agreeable = [
        n
        for n, t in enumerate(trainee)
        if t.state["hidden_resistance"] > P.HIDDEN_HOLDS_AT
    ]
    # While the hidden resistance holds, trust is high (the surface is agreeable),
    # but the feelings and what lies deeper stay untold.
    assert max(trainee[n].state["alliance"] for n in agreeable) > 0.7
    assert all(trainee[n].state["disclosure"] < P.HIDDEN_HOLDS_LAYER for n in agreeable)
    assert any(patient[n].act == "answer" for n in agreeable)
    # Sustained reflection wears it down, and then the patient tells more.
    assert policy.final_state.hidden_resistance <= P.HIDDEN_HOLDS_AT
    assert policy.final_state.disclosure >= 4


def test_advice_keeps_pleasing_hidden_resistance_up() -> None:
    mei = CASES["mei-caregiver-burnout"]
    trace = run_session(mei, "advice-giver", 12)
    assert trace.final_state.hidden_resistance > trace.initial_state.hidden_resistance
    assert trace.final_state.disclosure < P.HIDDEN_HOLDS_LAYER


@pytest.mark.parametrize("case", GUARDED, ids=lambda c: c.slug)
def test_a_long_skilled_session_still_reaches_the_alternative_view(
    case: CaseSpec,
) -> None:
    trace = run_session(case, "socratic", 16)
    assert trace.final_state.alternative_view is not None


def _reached(row: dict[str, Any]) -> bool:
    turns = [str(t) for t in row["turns"]]

    def play(view: TraineeView) -> str:
        return turns[view.turn - 1]

    case = CASES[str(row["case"])]
    return run_session(case, play, len(turns)).final_state.alternative_view is not None


@pytest.mark.parametrize(
    ("name", "cases"), [("skilled_blind1.jsonl", 12), ("skilled_blind2.jsonl", 10)]
)
def test_other_writers_skilled_sessions_still_reach_the_view(
    name: str, cases: int
) -> None:
    by_case: dict[str, bool] = {}
    for line in (DATA / name).read_text().splitlines():
        row = json.loads(line)
        by_case[row["case"]] = by_case.get(row["case"], False) or _reached(row)
    # blind1: 11 of 13 before stop 21, 12 now (Leo's patient session: open
    # questions wear a reserved patient's resistance down); blind2: 10 before and now.
    assert sum(by_case.values()) >= cases, by_case


def test_both_responders_get_the_agreeable_direction() -> None:
    mei = CASES["mei-caregiver-burnout"]
    state = initial_state(mei, seed=0)
    history: list[Utterance] = [Utterance("patient", mei.opening_line)]
    responder = OfflineResponder()
    agreeable = []
    for n in range(1, 9):
        line = POLICIES["reflective"](
            TraineeView(turn=n, public=mei.public_view(), transcript=history, memory={})
        )
        step = advance(mei, state, line, history)
        history = [*history, Utterance("trainee", line)]
        reply = responder.reply(
            ReplyContext(mei, step.state, step.direction, history, 0)
        )
        history = [*history, Utterance("patient", reply)]
        state = step.state
        if step.direction.reason == "agreeable":
            agreeable.append((step, reply))
    assert agreeable
    for step, reply in agreeable:
        # Agreement first, and no feeling of hers named in the reply.
        assert (
            reply.split(".")[0].lower().startswith(("yes", "mm", "i suppose", "that's"))
        )
        assert not emotions_named(reply) & set(step.state.emotion)
        notes = render_turn_notes(mei, step.state, step.direction)
        assert "say nothing new about your feelings" in notes


UPSET = [c for c in bundled_cases() if c.style == "upset"]


@pytest.mark.parametrize("case", UPSET, ids=lambda c: c.slug)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_upset_patient_listened_to_vents_what_happened_and_the_thought(
    case: CaseSpec, seed: int
) -> None:
    """Asked openly after two skilled turns, the complaint comes out whatever
    the resistance; feelings and what lies deeper stay behind it."""
    session = Session(case, seed)
    for line in (
        "What brings you here today?",
        "That sounds like a lot to carry. What's been the hardest part?",
        "Take me through the most recent time, from the start.",
        "And what went through your mind right then?",
    ):
        session.say(line)
    assert session.state.resistance > P.STYLE_PARAMS["upset"].deflect_at
    assert session.state.disclosure == 2
    said = " ".join(session.replies).lower()
    situation = case.situation(session.state.topic)
    thoughts = [situation.auto_thought, *situation.voice.thought]
    assert any(t.split(".")[0].lower() in said for t in thoughts), said


@pytest.mark.parametrize("case", UPSET, ids=lambda c: c.slug)
def test_an_upset_patient_does_not_vent_to_an_interrogation(case: CaseSpec) -> None:
    session = Session(case, 0)
    for line in (
        "Why are you here?",
        "Did something happen at the weekend?",
        "You should try to calm down a bit. What happened?",
        "What went through your mind?",
    ):
        session.say(line)
    assert session.state.disclosure < 2
