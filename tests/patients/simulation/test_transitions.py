"""Patient state and the transition rules (PATIENT_MODEL.md, parameters.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from patients.simulation import (
    Advance,
    CaseSpec,
    PatientState,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation import parameters as P

CASES = {c.slug: c for c in bundled_cases()}
MARCUS = CASES["marcus-job-loss"]
SOFIA = CASES["sofia-relationship-conflict"]
RUTH = CASES["ruth-grief"]


def _with(state: PatientState, **changes: object) -> PatientState:
    return state.model_copy(update=changes, deep=True)


def _run(
    case: CaseSpec,
    lines: Sequence[str],
    state: PatientState | None = None,
    seed: int = 0,
) -> list[Advance]:
    state = state or initial_state(case, seed=seed)
    history: list[Utterance] = []
    out = []
    for line in lines:
        step = advance(case, state, line, history)
        history += [Utterance("trainee", line), Utterance("patient", "Mm.")]
        out.append(step)
        state = step.state
    return out


def test_initial_state_follows_style_and_difficulty() -> None:
    marcus = initial_state(MARCUS, seed=1)  # plain, easy
    sofia = initial_state(SOFIA, seed=1)  # upset, hard
    assert marcus.alliance == pytest.approx(0.45 + 0.1)
    assert sofia.alliance == pytest.approx(0.25 - 0.1)
    assert sofia.resistance == pytest.approx(0.6 + 0.1)
    for state, case in ((marcus, MARCUS), (sofia, SOFIA)):
        assert set(state.belief) == {s.id for s in case.situations}
        assert all(80 <= b <= 95 for b in state.belief.values())
        assert all(50 <= e <= 80 for e in state.emotion.values())
        assert state.disclosure == 0 and state.alternative_view is None


def test_the_same_seed_and_lines_give_the_same_session() -> None:
    lines = ["What brings you in?", "That sounds hard. What happened?", "Do you sleep?"]
    a = [s.state for s in _run(MARCUS, lines, seed=5)]
    b = [s.state for s in _run(MARCUS, lines, seed=5)]
    assert a == b
    assert initial_state(MARCUS, seed=5) != initial_state(MARCUS, seed=6)


def test_state_round_trips_through_json() -> None:
    (step,) = _run(MARCUS, ["What brings you in?"])
    dumped = json.loads(json.dumps(step.state.model_dump(mode="json")))
    assert PatientState.model_validate(dumped) == step.state


def test_a_complex_reflection_builds_alliance_and_sustained_skill_lowers_resistance() -> (
    None
):
    # Resistance that holds (issue 9): one good reflection builds trust but does
    # not flip an upset patient; from stop 21 the third skilled turn in a row
    # (the upset style's patience) starts to, by at most its max_fall.
    start = initial_state(SOFIA, seed=0)
    first, second, third = _run(
        SOFIA,
        [
            "It sounds like you've been carrying this on your own.",
            "And it sounds like you feel nobody really sees how much that takes.",
            "It sounds like you've had to hold it together for a long time.",
        ],
    )
    assert "complex_reflection" in first.moves
    assert first.state.alliance > start.alliance
    assert first.state.resistance == start.resistance
    assert second.state.resistance == start.resistance
    assert third.state.resistance < start.resistance
    assert start.resistance - third.state.resistance <= 0.03  # upset softens slowly


def test_resistance_never_collapses_within_four_skilled_turns_for_guarded_styles() -> (
    None
):
    lines = [
        "It sounds like this has been really hard.",
        "What's been the hardest part?",
        "You've been carrying a lot on your own.",
        "What else has been going on?",
    ]
    for case in CASES.values():
        if case.style not in {"upset", "reserved"}:
            continue
        steps = _run(case, lines)
        assert steps[-1].state.resistance >= 0.5 * steps[0].state.resistance, case.slug


def test_a_closed_question_never_deepens_disclosure() -> None:
    warm = _with(initial_state(MARCUS, seed=0), alliance=0.9)
    steps = _run(
        MARCUS,
        ["Do you sleep well?", "Is it worse at night?", "Are you eating?"],
        state=warm,
    )
    assert all(s.state.disclosure == 0 for s in steps)
    # Short answers, except that a fact-sheet answer is never cut mid-answer.
    assert all(
        s.direction.max_sentences <= 2 or s.direction.reason == "fact" for s in steps
    )
    assert steps[-1].state.alliance < 0.9


def test_disclosure_never_passes_the_alliance_gate() -> None:
    """Except the complaint an upset patient vents (`StyleParams.vents`):
    what happened and what they make of it, never their feelings or deeper."""
    lines = ["What brings you in?", "Tell me more.", "What happened then?"] * 4
    for case in CASES.values():
        vents = P.STYLE_PARAMS[case.style].vents
        for step in _run(case, lines):
            d = step.state.disclosure
            if d > vents:
                assert step.state.alliance >= P.gate(d, case.style) - 1e-9


def test_premature_advice_costs_alliance_blocks_disclosure_and_brings_yes_but() -> None:
    warm = _with(initial_state(MARCUS, seed=0), alliance=0.7)
    steps = _run(
        MARCUS,
        [
            "You should just apply for more jobs.",
            "What happened?",
            "What happened next?",
        ],
        state=warm,
    )
    advice, blocked, free = steps
    assert advice.direction.act == "yes_but"
    assert advice.state.alliance == pytest.approx(0.6)
    assert advice.state.resistance > warm.resistance
    assert blocked.direction.reason == "blocked" and blocked.state.disclosure == 0
    assert free.state.disclosure == 1


def test_advice_right_after_an_emotional_disclosure_costs_more() -> None:
    state = _with(
        initial_state(MARCUS, seed=0),
        alliance=0.7,
        disclosure=3,
        turn=4,
        layer_turns={"3": 4},
        topic_depth={"s1": 3},
    )
    (step,) = _run(MARCUS, ["You need to get out more."], state=state)
    assert step.state.alliance == pytest.approx(0.7 + P.ADVICE_AFTER_EMOTION_ALLIANCE)


def test_evidence_questions_loosen_the_thought_only_with_enough_alliance() -> None:
    base = _with(initial_state(MARCUS, seed=0), disclosure=2, topic_depth={"s1": 2})
    (low,) = _run(
        MARCUS, ["What tells you that's true?"], state=_with(base, alliance=0.4)
    )
    assert low.direction.act == "defend"
    assert low.state.belief == base.belief and not low.state.evidence
    assert low.state.alliance < 0.4 and low.state.resistance > base.resistance

    (high,) = _run(
        MARCUS, ["What tells you that's true?"], state=_with(base, alliance=0.6)
    )
    assert high.direction.act == "consider"
    assert high.state.evidence == [MARCUS.situations[0].evidence[0]]
    drop = base.belief["s1"] - high.state.belief["s1"]
    assert P.EVIDENCE_BELIEF_DROP[0] <= drop <= P.EVIDENCE_BELIEF_DROP[1]


def test_it_voices_alternative_view_only_after_synthesis() -> None:
    state = _with(
        initial_state(MARCUS, seed=0), alliance=0.7, disclosure=3, topic_depth={"s1": 3}
    )
    evidence = [
        "What tells you that's true?",
        "Has there been a time it went differently?",
        "If a friend were in your place, how would you see it?",
    ]
    summary = (
        "Let me pull together what you've said: the savings, Kayla's hug, and the "
        "things you've paid for."
    )
    synthesis = "Looking at all of that together, how does it fit with the thought?"

    # Synthesis without the summary, one evidence line short of all of them: no
    # alternative view yet (with every line weighed no summary is needed, stop 22).
    early = _run(MARCUS, [*evidence[:2], synthesis], state=state)
    assert all(s.state.alternative_view is None for s in early)
    assert early[-1].direction.act != "reframe"

    # The full cycle: evidence, summary, then synthesis.
    full = _run(MARCUS, [*evidence, summary, synthesis], state=state)
    assert all(s.state.alternative_view is None for s in full[:-1])
    assert full[-1].direction.act == "reframe"
    assert full[-1].state.alternative_view == MARCUS.situations[0].alternative_view
    assert full[-1].state.belief["s1"] <= state.belief["s1"] - P.SYNTHESIS_BELIEF_DROP


def test_synthesis_without_evidence_or_alliance_does_not_reframe() -> None:
    for alliance, lines in (
        (0.9, ["How does all of that fit with the thought?"]),
        (
            0.3,
            ["What tells you that's true?"] * 3
            + [
                "Let me pull together what you've told me so far, all of it.",
                "Looking at all of that, how does it fit?",
            ],
        ),
    ):
        state = _with(initial_state(MARCUS, seed=0), alliance=alliance, disclosure=3)
        assert all(
            s.state.alternative_view is None for s in _run(MARCUS, lines, state=state)
        )


def test_collusion_strengthens_the_thought() -> None:
    state = _with(initial_state(MARCUS, seed=0), alliance=0.6, disclosure=2)
    (step,) = _run(
        MARCUS, ["You're right, they probably think you failed."], state=state
    )
    assert step.state.belief["s1"] == state.belief["s1"] + P.COLLUSION_BELIEF_RISE


def test_confrontation_costs_alliance_and_brings_a_defence() -> None:
    state = initial_state(SOFIA, seed=0)
    (step,) = _run(SOFIA, ["Come on, you're being ridiculous."], state=state)
    assert step.direction.act == "defend"
    assert step.state.alliance < state.alliance
    assert step.state.emotion["angry"] > state.emotion["angry"]


def test_reading_in_brings_a_correction() -> None:
    (step,) = _run(MARCUS, ["You sound furious with your old boss."])
    assert (
        step.direction.act == "correct" and step.direction.content["named"] == "angry"
    )


def test_risk_disclosure_is_unlocked_only_by_a_risk_question_with_a_risk_flag() -> None:
    lines = ["What brings you in?", "That sounds really hard. Tell me more."] * 6
    assert not any(s.state.risk_disclosed for s in _run(RUTH, lines))
    state = _with(initial_state(RUTH, seed=0), alliance=0.5)
    (asked,) = _run(
        RUTH,
        ["That sounds so painful. Have you had thoughts of not wanting to be here?"],
        state=state,
    )
    assert asked.state.risk_disclosed and asked.direction.content["risk"] == "disclose"
    (other,) = _run(MARCUS, ["Have you had thoughts of ending your life?"])
    assert other.direction.content["risk"] == "deny" and not other.state.risk_disclosed


def test_core_belief_moves_at_most_ten_points_a_session() -> None:
    state = _with(
        initial_state(MARCUS, seed=0),
        alliance=0.9,
        disclosure=6,
        topic_depth={"s1": 4, "s2": 4},
    )
    cycle = [
        "What tells you that's true?",
        "Has there been a time it went differently?",
        "If a friend were in your place, how would you see it?",
        "Let me pull together everything you've just told me about it, all of it.",
        "Looking at all of that together, how does it fit with the thought?",
        "What else has been on your mind?",
    ]
    steps = _run(MARCUS, cycle * 3, state=state)
    assert any(s.direction.act == "reframe" for s in steps)
    final = steps[-1].state
    assert final.core_belief < state.core_belief
    assert final.core_belief >= state.core_belief - P.CORE_BELIEF_SESSION_CAP


def test_untouched_emotions_settle_toward_baseline() -> None:
    state = initial_state(MARCUS, seed=0)
    key = next(iter(state.emotion))
    stirred = _with(state, emotion={**state.emotion, key: 100.0})
    (step,) = _run(MARCUS, ["Do you sleep well?"], state=stirred)
    expected = 100 + (state.emotion_baseline[key] - 100) * P.EMOTION_DECAY
    assert step.state.emotion[key] == pytest.approx(expected)


def test_advance_refuses_a_state_from_another_case() -> None:
    with pytest.raises(ValueError, match="belongs to case"):
        advance(MARCUS, initial_state(SOFIA, seed=0), "Hi", [])
