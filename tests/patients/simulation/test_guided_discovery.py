"""Guided discovery in a trainee's own words (stop 20, issue 9).

The fixtures `data/skilled_own.jsonl` (two styles a case: tentative and brisk)
and `data/unskilled_own.jsonl` (a lecturer who supplies the balanced view, and a
cross-examiner) were written for this test, not copied from any blind set. The
blind development set of stop 20 is measured in docs/simulation.md, Stop 20.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from patients.simulation import (
    PatientState,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation.harness import run_session
from patients.simulation.moves import classify_moves
from patients.simulation.policies import TraineeView

DATA = Path(__file__).parent / "data"
CASES = {c.slug: c for c in bundled_cases()}


def _sessions(name: str) -> list[dict[str, Any]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _reached(row: dict[str, Any]) -> bool:
    turns: list[str] = row["turns"]

    def play(view: TraineeView) -> str:
        return turns[view.turn - 1]

    trace = run_session(CASES[row["case"]], play, len(turns), seed=0)
    return trace.final_state.alternative_view is not None


@pytest.mark.parametrize(
    ("text", "move"),
    [
        (
            "Say your neighbour told you she thought this. What would you tell her?",
            "socratic_alternatives",
        ),
        (
            "Picture your brother in the same spot. How would you respond to him?",
            "socratic_alternatives",
        ),
        ("Is there a different reading of what happened?", "socratic_alternatives"),
        ("and the facts against it?", "socratic_evidence"),
        ("What makes that thought seem so convincing?", "socratic_evidence"),
        ("What does buying into that thought cost you?", "socratic_consequences"),
        ("Where does that thought usually take you?", "socratic_consequences"),
        (
            "With everything on the table, what's a kinder way to say it?",
            "socratic_synthesis",
        ),
        ("How much do you trust the original thought now?", "socratic_synthesis"),
        ("Is there anything that suggests otherwise?", "socratic_evidence"),
        ("What might you be overlooking?", "socratic_evidence"),
        ("What would Alan say if he heard you say that?", "socratic_alternatives"),
        ("What does that thought make you do?", "socratic_consequences"),
        (
            "If you put all of that into one sentence, what would it be?",
            "socratic_synthesis",
        ),
        (
            "From what you've said, there was the call from school, the thought that "
            "you're failing her, and a lot of guilt afterwards.",
            "summary",
        ),
        (
            "Quick recap: the call, the thought that you'd let her down, the guilt, "
            "and going quiet. Close?",
            "summary",
        ),
        (
            "Let me check I'm following. You got the email, the thought was that "
            "you'd be sacked, and you barely slept. Right?",
            "summary",
        ),
    ],
)
def test_socratic_moves_in_other_words(text: str, move: str) -> None:
    assert move in classify_moves(text, [])


@pytest.mark.parametrize(
    ("text", "harm"),
    [
        ("Talk me through the last time it happened.", "advice"),
        ("Let's slow down and look at that moment together.", "advice"),
        ("When you froze, what did you think was going to happen?", "confrontation"),
        ("And how anxious were you, from 0 to 100?", "leading_question"),
        ("You found a way to get out of it, and then you felt worse.", "confrontation"),
    ],
)
def test_invitations_are_not_harm(text: str, harm: str) -> None:
    assert harm not in classify_moves(text, [])


def test_leading_balanced_view_is_not_synthesis() -> None:
    moves = classify_moves("Surely you can see a more balanced way of looking at it?")
    assert "socratic_synthesis" not in moves


def test_homework_question_is_asked_not_imposed() -> None:
    moves = classify_moves("Could you try noticing that thought once this week?", [])
    assert "advice" not in moves


def _play(case_slug: str, lines: list[str]) -> PatientState:
    case = CASES[case_slug]
    state = initial_state(case, seed=0)
    history: list[Utterance] = [Utterance("patient", case.opening_line)]
    for line in lines:
        state = advance(case, state, line, history).state
        history = [*history, Utterance("trainee", line), Utterance("patient", "...")]
    return state


SUMMARY_FIRST = [
    "What's been happening?",
    "Tell me about the moment it hit hardest this week.",
    "What went through your mind?",
    "How did that feel?",
    "What did you do then?",
    "Let me check I've understood: that moment, the thought about yourself, "
    "the feeling, and what you did afterwards. Is that right?",
    "What makes the thought feel true?",
    "Is there anything that doesn't fit with it?",
    "If a friend said this about herself, what would you tell her?",
    "What else could explain what happened?",
    "What does believing it cost you?",
]


def test_summary_before_the_evidence_counts_in_the_cycle() -> None:
    state = _play("marcus-job-loss", SUMMARY_FIRST)
    assert state.topic in state.summary_topics
    assert not state.summarised  # no summary of the evidence itself
    done = _play(
        "marcus-job-loss", [*SUMMARY_FIRST, "So what's a fairer way to see it now?"]
    )
    assert done.alternative_view is not None


def test_no_summary_no_view() -> None:
    # Stop 22: with every evidence line weighed the patient pulls it together
    # without the trainee's summary (test_discovery_meaning.py); two lines and
    # no summary is still premature.
    lines = [line for line in SUMMARY_FIRST[:8] if "understood" not in line]
    state = _play("marcus-job-loss", [*lines, "So what's a fairer way to see it now?"])
    assert len(state.evidence) < 3
    assert state.alternative_view is None


def test_own_skilled_sessions_reach_the_view_in_most_cases() -> None:
    by_case: dict[str, bool] = {}
    for row in _sessions("skilled_own.jsonl"):
        by_case[row["case"]] = by_case.get(row["case"], False) or _reached(row)
    assert sum(by_case.values()) >= 10, by_case  # 12 of 13 at stop 20


def test_own_unskilled_sessions_never_reach_it() -> None:
    reached = [row["id"] for row in _sessions("unskilled_own.jsonl") if _reached(row)]
    assert reached == []
