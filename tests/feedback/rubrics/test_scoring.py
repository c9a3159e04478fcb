"""Session scoring on hand-built transcripts whose answers are known (no database)."""

from __future__ import annotations

from typing import Any

import pytest

from feedback.rubrics.agreement import code_tables, kappa
from feedback.rubrics.moments import key_moments, practice_targets
from feedback.rubrics.schema import TurnAnnotation, UtteranceCode
from feedback.rubrics.scoring import TurnRecord, band_for, scale, score_session


def oq(
    text: str = "What happened then?",
    socratic: str = "informational",
    stage: str = "informational",
) -> dict[str, Any]:
    return {
        "text": text,
        "codes": ["question"],
        "question": "open",
        "socratic_type": socratic,
        "padesky_stage": stage,
    }


def cq(text: str = "Did you go?") -> dict[str, Any]:
    return {
        "text": text,
        "codes": ["question"],
        "question": "closed",
        "socratic_type": "informational",
        "padesky_stage": "informational",
    }


def cr(
    text: str = "You felt let down.", stage: str = "empathic_listening"
) -> dict[str, Any]:
    return {
        "text": text,
        "codes": ["complex_reflection"],
        "reflection": "complex",
        "padesky_stage": stage,
    }


def sr(text: str = "You're tired.") -> dict[str, Any]:
    return {
        "text": text,
        "codes": ["simple_reflection"],
        "reflection": "simple",
        "padesky_stage": "empathic_listening",
    }


def code(name: str, text: str = "...") -> dict[str, Any]:
    return {"text": text, "codes": [name]}


def ann(
    *utterances: dict[str, Any], flags: tuple[str, ...] = (), **levels: int
) -> TurnAnnotation:
    return TurnAnnotation(
        utterances=[UtteranceCode(**u) for u in utterances], flags=list(flags), **levels
    )


def state(
    alliance: float = 0.45,
    belief: float = 85,
    *,
    topic: str = "s1",
    disclosure: int = 0,
    alternative: str | None = None,
) -> dict[str, Any]:
    return {
        "alliance": alliance,
        "belief": {topic: belief},
        "belief_start": {topic: 85},
        "topic": topic,
        "disclosure": disclosure,
        "alternative_view": alternative,
        "core_belief": 90,
        "core_belief_start": 90,
        "emotion": {"sad": 60},
    }


def transcript(
    *trainee: TurnAnnotation | tuple[TurnAnnotation, dict[str, Any]],
    patient: str = "I don't know.",
    moves: tuple[str, ...] = (),
) -> list[TurnRecord]:
    """Patient opening, then (trainee, patient) pairs; states default to unchanged."""
    turns = [TurnRecord(0, "patient", "Hello.", state=state())]
    index = 1
    for item in trainee:
        annotation, st = item if isinstance(item, tuple) else (item, state())
        turns.append(
            TurnRecord(index, "trainee", "trainee text", annotation, st, moves)
        )
        turns.append(TurnRecord(index + 1, "patient", patient, state=st))
        index += 2
    return turns


def test_it_computes_the_miti_summaries_and_their_bands() -> None:
    scores = score_session(
        transcript(
            ann(oq(), cr()),
            ann(sr(), oq()),
            ann(cr(), cq()),
            ann(cr(), code("affirm")),
            ann(code("persuade"), oq()),
        )
    )
    assert not scores.too_short
    assert scores.counts.utterances == 10
    rq, pct_open = scores.metric("rq"), scores.metric("pct_open")
    pct_cr, pct_mia = scores.metric("pct_complex"), scores.metric("pct_mia")
    assert rq is not None and rq.value == pytest.approx(1.0) and rq.band == "fair"
    assert pct_open is not None and pct_open.value == pytest.approx(0.75)
    assert pct_open.band == "good"
    assert (
        pct_cr is not None
        and pct_cr.value == pytest.approx(0.75)
        and pct_cr.band == "good"
    )
    assert pct_mia is not None and pct_mia.value == pytest.approx(0.5)
    assert pct_mia.band == "below_fair"
    assert all(m.line for m in scores.metrics)


def test_it_withholds_bands_below_ten_utterances_and_guards_divisions() -> None:
    scores = score_session(
        transcript(ann(sr()), ann(sr()), ann(cr()), ann(code("affirm")))
    )
    rq = scores.metric("rq")
    assert rq is not None and rq.value is None and rq.band is None  # no questions
    pct_cr = scores.metric("pct_complex")
    assert pct_cr is not None and pct_cr.band == "insufficient"


def test_it_says_a_short_session_is_too_short_to_score() -> None:
    scores = score_session(transcript(ann(oq()), ann(cr()), ann(oq())))
    assert scores.too_short
    assert "3 messages" in scores.too_short_reason
    assert scores.skills == []


def test_it_completes_the_padesky_cycle_only_in_order_on_one_topic() -> None:
    cycle = [
        ann(oq()),
        ann(cr()),
        ann(cr("Let me pull this together...", stage="summary")),
        ann(oq("How does that fit?", socratic="viewpoints", stage="synthesizing")),
    ]
    scores = score_session(transcript(*cycle))
    assert scores.padesky.complete and scores.padesky.completed_at_turn == 7
    assert scores.padesky.stage_counts == {
        "informational": 1,
        "empathic_listening": 1,
        "summary": 1,
        "synthesizing": 1,
    }
    out_of_order = score_session(transcript(*reversed(cycle)))
    assert not out_of_order.padesky.complete
    topics = [
        (a, state(topic=t))
        for a, t in zip(cycle, ["s1", "s1", "s2", "s2"], strict=True)
    ]
    assert not score_session(transcript(*topics)).padesky.complete


def test_it_rates_problem_solving_and_reflecting_after_an_emotion() -> None:
    turns = [
        TurnRecord(0, "patient", "I feel so ashamed about it.", state=state()),
        TurnRecord(1, "trainee", "x", ann(code("persuade")), state()),
        TurnRecord(
            2, "patient", "I'm really scared it will happen again.", state=state()
        ),
        TurnRecord(3, "trainee", "x", ann(cr()), state()),
        TurnRecord(4, "patient", "It was on Tuesday.", state=state()),
        TurnRecord(5, "trainee", "x", ann(code("persuade")), state()),
        TurnRecord(6, "patient", "Okay.", state=state()),
        TurnRecord(7, "trainee", "x", ann(oq()), state()),
    ]
    scores = score_session(turns)
    assert scores.counts.emotional_disclosures == 2
    assert scores.ps_after_emotion_rate == pytest.approx(0.5)
    assert scores.reflect_after_emotion_rate == pytest.approx(0.5)


def test_it_rates_guided_discovery_from_lecture_to_full_cycle() -> None:
    lecture = score_session(
        transcript(*[ann(code("persuade"), code("giving_information"))] * 5)
    )
    assert lecture.guided_discovery == 0
    closed = score_session(
        transcript(ann(cq()), ann(cq()), ann(oq()), ann(sr()), ann(cq()))
    )
    assert closed.guided_discovery == 2
    full = score_session(
        transcript(
            ann(oq()),
            ann(oq("What tells you that?", socratic="reasons_evidence")),
            ann(cr()),
            ann(cr("So, to sum up...", stage="summary")),
            (
                ann(
                    oq(
                        "How does that fit?",
                        socratic="viewpoints",
                        stage="synthesizing",
                    )
                ),
                state(0.7, 60, alternative="Maybe I'm not useless."),
            ),
        )
    )
    assert full.guided_discovery == 6
    assert full.skill("guided_discovery") is not None
    assert full.skill("guided_discovery").score == 100  # type: ignore[union-attr]


def test_it_reads_the_patient_outcome_from_the_states() -> None:
    scores = score_session(
        transcript(
            ann(oq()),
            (ann(cr()), state(0.55, 80, disclosure=2)),
            ann(oq()),
            (
                ann(cr()),
                state(0.62, 70, disclosure=3, alternative="It wasn't all my fault."),
            ),
        )
    )
    o = scores.outcome
    assert (o.belief_start, o.belief_end, o.belief_change) == (85, 70, -15)
    assert o.alliance_start == pytest.approx(0.45) and o.alliance_end == pytest.approx(
        0.62
    )
    assert o.deepest_disclosure == 3 and o.deepest_disclosure_name == "emotions"
    assert o.alternative_view and o.alternative_view_turn == 7


def test_skill_scores_put_fair_at_fifty_and_good_at_seventy_five() -> None:
    assert scale(1.0, fair=1.0, good=2.0, top=3.0) == 50
    assert scale(2.0, fair=1.0, good=2.0, top=3.0) == 75
    assert scale(9.0, fair=1.0, good=2.0, top=3.0) == 100
    assert scale(0.5, fair=1.0, good=2.0, top=3.0) == 25
    assert band_for(74, fair=50, good=75) == "fair"
    good = score_session(transcript(*[ann(cr(), cr(), oq())] * 5))
    assert {s.key for s in good.skills} == {
        "reflective_listening",
        "questioning",
        "guided_discovery",
        "empathy",
        "collaboration",
    }
    rl = good.skill("reflective_listening")
    # R:Q 2.0 scales to 75 and 100 % complex to 100: the mean is 87.5.
    assert rl is not None and rl.score == 88 and rl.band == "good"
    poor = score_session(transcript(*[ann(cq(), code("persuade"))] * 5))
    assert all((s.score or 0) < 50 for s in poor.skills)


def test_kappa_matches_a_hand_computed_table() -> None:
    assert kappa([5, 1, 1, 3]) == pytest.approx((0.8 - 0.52) / 0.48)
    assert kappa([0, 0, 0, 10]) is None  # chance agreement is total: undefined
    tables = code_tables(
        [(["question"], ["question"]), (["persuade"], ["giving_information"])],
        ["question", "persuade", "giving_information"],
    )
    assert tables["question"] == [1, 0, 0, 1]
    assert tables["persuade"] == [0, 1, 0, 1]
    assert tables["giving_information"] == [0, 0, 1, 1]


def test_key_moments_name_the_move_and_what_the_patient_did() -> None:
    turns = [
        TurnRecord(0, "patient", "Hello.", state=state(0.5)),
        TurnRecord(1, "trainee", "x", ann(oq()), state(0.52), ("open_question",)),
        TurnRecord(2, "patient", "I felt so ashamed.", state=state(0.52)),
        TurnRecord(
            3,
            "trainee",
            "You should...",
            ann(code("persuade")),
            state(0.37),
            ("advice",),
        ),
        TurnRecord(4, "patient", "Yes, but...", state=state(0.37)),
    ]
    moments = key_moments(turns)
    assert len(moments) == 1
    m = moments[0]
    assert m.turn == 3 and m.tone == "poor"
    assert "ashamed" in m.text and "offered advice" in m.text and "trust fell" in m.text


def test_practice_targets_pick_the_weakest_skills_with_an_example() -> None:
    turns = transcript(*[ann(cq("Did you go?"), code("persuade"))] * 5)
    targets = practice_targets(score_session(turns), turns)
    assert 1 <= len(targets) <= 3
    assert all(t.rewrite for t in targets)
    assert any(t.example_turn is not None for t in targets)
