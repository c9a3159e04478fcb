"""Guided discovery by the grammar of each move, and the synthesis gate (stop 21).

The sentences here were written for this test from the move definitions
(RUBRICS.md 3.2, Padesky's cycle), not taken from any blind set. The blind
development set of stop 21 (`data/skilled_dev4.jsonl`) is measured in
docs/simulation.md, Stop 21, and held to a floor below.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.scripted_sessions import measure
from patients.simulation import (
    PatientState,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation.moves import classify_moves

DATA = Path(__file__).parent / "data"
CASES = {c.slug: c for c in bundled_cases()}
HISTORY = [Utterance("patient", "I keep thinking I'll mess it all up. I'm useless.")]


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("What is it that makes you so sure of that?", "socratic_evidence"),
        ("What points to it being true?", "socratic_evidence"),
        ("Has anything ever happened that didn't match that?", "socratic_evidence"),
        (
            "What are some other possible reasons it went that way?",
            "socratic_alternatives",
        ),
        ("Could anything else explain it?", "socratic_alternatives"),
        ("Is that the only way to explain it?", "socratic_alternatives"),
        ("What would a kind friend say to you right now?", "socratic_alternatives"),
        (
            "Would you say that to a friend in the same position?",
            "socratic_alternatives",
        ),
        ("And what's the best that could happen?", "socratic_alternatives"),
        ("If the worst did happen, how would you cope?", "socratic_alternatives"),
        (
            "When you think that, how does it change what you do?",
            "socratic_consequences",
        ),
        (
            "When you put all of this side by side, what do you conclude?",
            "socratic_synthesis",
        ),
        ("So if you weigh it all up, what's your view now?", "socratic_synthesis"),
        (
            "Is there a different thought that fits the facts better?",
            "socratic_synthesis",
        ),
        (
            "Having looked at both sides, what would be a fairer thing to tell yourself?",
            "socratic_synthesis",
        ),
        (
            "Can I just sum up what you've told me? The report, the thought, the dread, and staying home.",
            "summary",
        ),
        (
            "Ok: the email, the thought, the panic, what you did next. Got that right?",
            "summary",
        ),
    ],
)
def test_moves_by_their_grammar(text: str, move: str) -> None:
    assert move in classify_moves(text, HISTORY)


@pytest.mark.parametrize(
    ("text", "harm"),
    [
        # Decatastrophising supplies no answer.
        (
            "What's the worst that could happen, and what's the best?",
            "leading_question",
        ),
        (
            "If you look ahead, what's the worst realistic outcome, and the most likely?",
            "confrontation",
        ),
        # A rating agrees with nothing and costs nothing.
        ("How much do you believe that thought right now, 0 to 100?", "collusion"),
        (
            "How much do you believe that thought right now, 0 to 100?",
            "closed_question",
        ),
        # How to answer the question asked, the reason for it, the session plan.
        ("Take the loudest thought. What makes it feel so true?", "advice"),
        ("Name as many as you can. What else could explain it?", "advice"),
        (
            "Plan for today: what's been happening, then one moment. Does that work?",
            "advice",
        ),
        ("Please go at whatever pace suits you. What's been hardest?", "advice"),
        ("Most people try to do something to calm it down. What did you do?", "advice"),
        ("It'd help to stay with one evening. Which one comes to mind?", "advice"),
        ("It's fine to be honest in here. What happened next?", "confrontation"),
        # Asking for the thought is not yet examining it.
        ("And what did your head tell you that meant?", "socratic_evidence"),
    ],
)
def test_skilled_talk_is_not_harm(text: str, harm: str) -> None:
    assert harm not in classify_moves(text, HISTORY)


def test_advice_with_a_question_is_still_advice() -> None:
    assert "advice" in classify_moves(
        "You should try going for a walk when it starts. What do you think?", HISTORY
    )
    assert "advice" in classify_moves(
        "Think about all the good things you have. Can you do that?", HISTORY
    )


def _play(case_slug: str, lines: list[str]) -> PatientState:
    case = CASES[case_slug]
    state = initial_state(case, seed=0)
    history: list[Utterance] = [Utterance("patient", case.opening_line)]
    for line in lines:
        state = advance(case, state, line, history).state
        history = [*history, Utterance("trainee", line), Utterance("patient", "...")]
    return state


# Summary before the evidence (no summary drop), every evidence line weighed.
WEIGHED = [
    "Thanks for coming in. What's been going on?",
    "That sounds a lot. Take me through the worst moment this week.",
    "What went through your mind right then?",
    "How did that leave you feeling?",
    "What did you do after that?",
    "Let me check I've understood: that moment, the thought about yourself, "
    "the feeling, and what you did afterwards. Is that right?",
    "What makes the thought feel true?",
    "Is there anything that doesn't fit with it?",
    "What else could explain what happened?",
]


def test_every_evidence_line_weighed_opens_the_view_above_70() -> None:
    case = CASES["hannah-new-parent"]
    before = _play(case.slug, WEIGHED)
    assert len(before.evidence_for(case)) == len(case.situation(before.topic).evidence)
    assert before.belief[before.topic] > 70  # started at 95
    done = _play(case.slug, [*WEIGHED, "So what's a fairer way to see it now?"])
    assert done.alternative_view is not None


def test_one_evidence_line_short_still_needs_the_belief_gate() -> None:
    state = _play(
        "hannah-new-parent", [*WEIGHED[:-1], "So what's a fairer way to see it now?"]
    )
    assert state.alternative_view is None


def test_blind_dev4_sessions_reach_the_view_in_most_cases() -> None:
    result = measure(DATA / "skilled_dev4.jsonl")
    # main before stop 21: 2 of 13 cases (2/39 sessions); 9/13 (24/39) after.
    assert result["cases_reached"] >= 8, result["cases_reached"]


def test_trace_names_the_blocking_gate(tmp_path: Path) -> None:
    row = {
        "id": "t",
        "case": "hannah-new-parent",
        "turns": [*WEIGHED[:3], "So what's a fairer way to see it now?"],
    }
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(row) + "\n")
    lines: list[str] = []
    measure(path, lines)
    text = "\n".join(lines)
    assert "SYNTHESIS BLOCKED" in text
    assert "evidence 0<2" in text and "no summary" in text
