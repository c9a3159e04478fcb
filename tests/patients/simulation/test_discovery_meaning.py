"""Guided discovery read by its parts, and a synthesis gate that follows the work,
not the order (stop 22).

The sentences here were written for this test from the parts each move is made
of (`patients/simulation/moves/discovery_meaning.py`), not copied from a blind
set; the blind sets are held to floors at the end (figures in docs/simulation.md,
Stop 22).
"""

from __future__ import annotations

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
        # Evidence: a question about the thought with a predicate of truth or fit.
        ("What makes it seem so likely to you?", "socratic_evidence"),
        ("What might not fit with it?", "socratic_evidence"),
        ("Does that belief stand up?", "socratic_evidence"),
        ("What does passing the first module tell you?", "socratic_evidence"),
        ("How does one late essay weigh against that record?", "socratic_evidence"),
        (
            "Fair enough. Let's turn to the other side. What have your tutors said "
            "about your work this year?",
            "socratic_evidence",
        ),
        # Another viewpoint: a third person and what they would say or hear.
        (
            "If Sam were stuck with this same worry, what would you say to him?",
            "socratic_alternatives",
        ),
        (
            "What do you reckon your sister would think, hearing you say that?",
            "socratic_alternatives",
        ),
        ("What would you tell Priti if she felt this way?", "socratic_alternatives"),
        (
            "Picture a new starter on your team confiding this. What would you want "
            "her to hear?",
            "socratic_alternatives",
        ),
        # Implications (the downward arrow).
        (
            "Supposing the thought were accurate, what would follow from that?",
            "socratic_consequences",
        ),
        ("What is holding that belief doing to you?", "socratic_consequences"),
        # Synthesis: formulate with a quality, conclude from all of it, a directive.
        (
            "What could you say to yourself instead that's believable?",
            "socratic_synthesis",
        ),
        ("How would you reword it so it's fair?", "socratic_synthesis"),
        (
            "With both sides in view, what conclusion do you come to?",
            "socratic_synthesis",
        ),
        ("Now write a kinder version of the thought.", "socratic_synthesis"),
        ("So how could you put that about yourself?", "socratic_synthesis"),
    ],
)
def test_moves_by_their_parts(text: str, move: str) -> None:
    assert move in classify_moves(text, HISTORY), classify_moves(text, HISTORY)


@pytest.mark.parametrize(
    "text",
    [
        # Two sides of the evidence and another view, told back.
        "So on one hand there are reasons the thought feels true, on the other "
        "there are things that don't match it, and what you'd say to a friend. "
        "Holding both, what do you notice?",
        # Three parts of the cycle, told back.
        "Here is my understanding: the moment came, your mind went to the thought, "
        "and the feelings took over. Tell me where I'm wrong.",
    ],
)
def test_summaries_by_their_content(text: str) -> None:
    moves = classify_moves(text, HISTORY)
    assert "summary" in moves, moves
    assert not {"advice", "collusion", "information"} & set(moves), moves


@pytest.mark.parametrize(
    ("text", "harm"),
    [
        ("Rate the original thought again for me, from 0 to 100.", "advice"),
        ("Let's say for a moment the thought were accurate. What then?", "advice"),
        ("Try to catch the thought in the words it used.", "advice"),
        ("How could you put it in a more balanced way?", "confrontation"),
        (
            "Does the thought hold up? How would you put it fairly? No right answer.",
            "leading_question",
        ),
    ],
)
def test_discovery_is_not_harm(text: str, harm: str) -> None:
    assert harm not in classify_moves(text, HISTORY)


@pytest.mark.parametrize(
    "text",
    [
        # The lecturer and the cross-examiner keep their codes: the parts of a
        # discovery question do not make a leading question, advice or a
        # challenge Socratic.
        "Don't you think a more balanced view would be that you're doing your best?",
        "Be realistic. What's a more balanced way of putting it?",
        "You should put together a balanced statement and repeat it every morning.",
        "Your friends would tell you the same, wouldn't they?",
    ],
)
def test_leading_advice_and_challenge_stay_what_they_are(text: str) -> None:
    moves = set(classify_moves(text, HISTORY))
    assert moves & {"advice", "leading_question", "confrontation"}, moves
    assert "socratic_synthesis" not in moves, moves


def test_agreement_inside_a_summary_is_still_collusion() -> None:
    moves = classify_moves(
        "You're right, the reasons it feels true are strong and nothing goes "
        "against it. The thought, the feeling, what you did all fit.",
        HISTORY,
    )
    assert "socratic_synthesis" not in moves


def _play(case_slug: str, lines: list[str]) -> PatientState:
    case = CASES[case_slug]
    state = initial_state(case, seed=0)
    history: list[Utterance] = [Utterance("patient", case.opening_line)]
    for line in lines:
        state = advance(case, state, line, history).state
        history = [*history, Utterance("trainee", line), Utterance("patient", "...")]
    return state


# No summary at all: the trainee examines the thought, then asks for the view and
# would summarise at the close (the order one blind writer used throughout).
NO_SUMMARY_YET = [
    "Thanks for coming in. What's been going on?",
    "That sounds a lot. Take me through the worst moment this week.",
    "What went through your mind right then?",
    "How did that leave you feeling?",
    "What did you do after that?",
    "What makes the thought feel true?",
    "Is there anything that doesn't fit with it?",
    "What else could explain what happened?",
]
SYNTHESIS = "So what's a fairer way to see it now?"


def test_every_line_weighed_needs_no_summary_first() -> None:
    case = CASES["hannah-new-parent"]
    before = _play(case.slug, NO_SUMMARY_YET)
    assert not before.summary_topics and not before.summarised
    assert len(before.evidence_for(case)) == len(case.situation(before.topic).evidence)
    assert _play(case.slug, [*NO_SUMMARY_YET, SYNTHESIS]).alternative_view is not None


def test_without_summary_a_line_short_is_still_premature() -> None:
    state = _play("hannah-new-parent", [*NO_SUMMARY_YET[:-1], SYNTHESIS])
    assert state.alternative_view is None


def test_a_summary_of_the_moment_counts_before_the_thought_is_told() -> None:
    case = CASES["hannah-new-parent"]
    state = initial_state(case, seed=0)
    state.topic_depth[state.topic] = 1  # the moment begun, the thought not yet told
    history = [Utterance("patient", case.opening_line)]
    after = advance(
        case,
        state,
        "Let me check I've understood: that evening, the feeling, and what you did "
        "afterwards. Is that right?",
        history,
    ).state
    assert state.topic in after.summary_topics


@pytest.mark.parametrize(
    ("name", "cases"),
    # main before stop 22: blind3 8/13, blind4 1/13 (9/26 and 1/26 sessions).
    [("skilled_blind3.jsonl", 9), ("skilled_blind4.jsonl", 8)],
)
def test_blind_sets_reach_the_view_in_most_cases(name: str, cases: int) -> None:
    result = measure(DATA / name)
    assert result["cases_reached"] >= cases, result["cases_reached"]
