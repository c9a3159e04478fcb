"""Stop 21: bare sympathy, coded support alone by the annotator, is still warmth to
the simulated patient (the validation move): skilled sessions keep their alliance."""

from __future__ import annotations

from patients.simulation import (
    Utterance,
    advance,
    bundled_cases,
    classify_moves,
    initial_state,
)

MARCUS = next(c for c in bundled_cases() if c.slug == "marcus-job-loss")
HISTORY = [Utterance("patient", "Another rejection email this morning. Fourth one.")]


def test_bare_sympathy_is_validation_not_a_reflection() -> None:
    for line in ("That sounds so hard.", "ugh, what a rotten week", "thats rough"):
        moves = classify_moves(line, HISTORY)
        assert "validation" in moves
        assert not {"complex_reflection", "simple_reflection", "other"} & set(moves)


def test_sympathy_naming_the_situation_is_still_a_complex_reflection() -> None:
    moves = classify_moves(
        "That sounds so hard, four rejections and still waiting to hear back.",
        HISTORY,
    )
    assert "complex_reflection" in moves


def test_reassurance_is_not_made_validation() -> None:
    # Only sympathy moved from reflection to support; other support keeps its move.
    assert "validation" not in classify_moves("Don't worry, you'll be fine.", HISTORY)


def test_bare_sympathy_raises_the_patients_trust() -> None:
    state = initial_state(MARCUS, seed=0)
    step = advance(MARCUS, state, "Oh that must be awful.", HISTORY)
    assert step.state.alliance > state.alliance


def test_sympathy_builds_trust_like_a_reflection_of_the_situation() -> None:
    # The skilled trainee's "That sounds so hard." lost its reflection code; the
    # patient's trust must not fall behind for it (stop 21).
    state = initial_state(MARCUS, seed=0)
    bare = advance(MARCUS, state, "That sounds so hard.", HISTORY)
    content = advance(
        MARCUS, state, "That sounds so hard, four rejections in a row.", HISTORY
    )
    assert bare.state.alliance == content.state.alliance > state.alliance
