"""Flags for the classic failures, and the emotional-disclosure detector."""

from __future__ import annotations

import pytest

from feedback.rubrics import (
    OfflineAnnotator,
    TurnContext,
    Utterance,
    is_emotional_disclosure,
)


def flags_for(ctx: TurnContext) -> list[str]:
    return list(OfflineAnnotator().annotate(ctx).flags)


@pytest.mark.parametrize(
    "text",
    [
        "I feel so alone since the divorce.",
        "Honestly I'm exhausted and I can't cope any more.",
        "I was so happy when she called me back.",
        "Everything is falling apart.",
    ],
)
def test_it_recognises_emotional_disclosures(text: str) -> None:
    assert is_emotional_disclosure(text)


@pytest.mark.parametrize(
    "text", ["I moved house last week.", "The meeting is on Tuesday.", ""]
)
def test_it_does_not_call_plain_facts_disclosures(text: str) -> None:
    assert not is_emotional_disclosure(text)


def test_it_flags_advice_right_after_emotional_disclosure() -> None:
    ctx = TurnContext("You should join a club.", "I feel so alone since the divorce.")
    assert "problem_solving_after_disclosure" in flags_for(ctx)


def test_it_does_not_flag_advice_that_follows_a_reflection_in_the_same_turn() -> None:
    ctx = TurnContext(
        "It sounds like the evenings have been really lonely. You could join a club.",
        "I feel so alone since the divorce.",
    )
    assert "problem_solving_after_disclosure" not in flags_for(ctx)


def test_it_does_not_flag_advice_after_a_factual_statement() -> None:
    ctx = TurnContext("You could join a club.", "I moved to a new town in May.")
    assert "problem_solving_after_disclosure" not in flags_for(ctx)


def test_it_flags_collusion_with_a_distorted_belief() -> None:
    ctx = TurnContext(
        "You're right, things have gone badly for you.", "I'm a complete failure."
    )
    assert "collusion" in flags_for(ctx)


def test_it_does_not_flag_exploring_a_distorted_belief() -> None:
    ctx = TurnContext(
        "It feels like you're failing at everything. What makes it feel that way?",
        "I'm a complete failure.",
    )
    assert "collusion" not in flags_for(ctx)


def test_it_flags_reading_in_a_feeling_the_patient_never_expressed() -> None:
    ctx = TurnContext("You're furious about it.", "I moved house last week.")
    assert "unexpressed_feeling" in flags_for(ctx)


def test_it_accepts_a_feeling_the_patient_named_earlier_in_the_session() -> None:
    ctx = TurnContext(
        "You're angry about it.",
        "I moved house last week.",
        history=(Utterance("patient", "I'm so angry with my landlord."),),
    )
    assert "unexpressed_feeling" not in flags_for(ctx)


def test_it_accepts_a_feeling_offered_tentatively() -> None:
    ctx = TurnContext("I wonder if you're angry about it.", "I moved house last week.")
    assert "unexpressed_feeling" not in flags_for(ctx)


def test_it_flags_a_leading_question() -> None:
    ctx = TurnContext("Don't you think you're overreacting?", "My sister ignored me.")
    assert "leading_question" in flags_for(ctx)


def test_it_does_not_flag_an_open_question_as_leading() -> None:
    ctx = TurnContext("How do you see it?", "My sister ignored me.")
    assert "leading_question" not in flags_for(ctx)


def test_it_flags_a_missed_risk_cue() -> None:
    ctx = TurnContext(
        "What are your plans for the weekend?",
        "Sometimes I think they'd be better off without me.",
    )
    assert "missed_risk_cue" in flags_for(ctx)


def test_it_does_not_flag_a_risk_cue_that_was_asked_about() -> None:
    ctx = TurnContext(
        "That sounds really heavy. Are you having thoughts of ending your life?",
        "Sometimes I think they'd be better off without me.",
    )
    assert "missed_risk_cue" not in flags_for(ctx)


def test_the_rules_read_veiled_cues_only_when_the_case_carries_risk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text, patient = "What did you have for dinner?", "Honestly, what's the point."
    assert "missed_risk_cue" in flags_for(
        TurnContext(text, patient, case_has_risk=True)
    )
    # 2026.12-3: the flag model, trained on writers who flag small talk after "what's
    # the point" in any case, adds it there too; the rules alone still wait for a
    # case that carries risk.
    assert "missed_risk_cue" in flags_for(TurnContext(text, patient))
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "none")
    assert "missed_risk_cue" not in flags_for(TurnContext(text, patient))


def test_it_suggests_a_better_response_for_the_most_serious_flag() -> None:
    ann = OfflineAnnotator().annotate(
        TurnContext(
            "You should get more sleep.",
            "I can't go on, I feel so hopeless.",
        )
    )
    assert "missed_risk_cue" in ann.flags
    assert ann.suggestion is not None
    assert "safety" in ann.suggestion


def test_it_gives_no_suggestion_when_nothing_is_flagged() -> None:
    ann = OfflineAnnotator().annotate(
        TurnContext("What was that like for you?", "I finally told my dad.")
    )
    assert ann.flags == []
    assert ann.suggestion is None
