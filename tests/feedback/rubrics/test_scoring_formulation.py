"""The formulation exercise's per-field match against the hidden CCD (no database)."""

from __future__ import annotations

from feedback.rubrics.formulation import (
    FormulationAnswer,
    FormulationKey,
    KeySituation,
    score_formulation,
    text_match,
)

KEY = FormulationKey(
    situations=[
        KeySituation(
            situation="Her manager criticised her report in front of the team.",
            auto_thought="Everyone thinks I'm useless.",
            emotions=["ashamed", "anxious"],
            behavior="Stayed silent and left the meeting early.",
        ),
        KeySituation(
            situation="She found the antacid tablets her husband had been taking.",
            auto_thought="I should have known it was his heart. I let him die.",
            emotions=["guilty", "sad"],
            behavior="Sat on the kitchen floor for an hour.",
        ),
    ],
    core_beliefs={
        "helpless": [],
        "unlovable": [],
        "worthless": ["I am worthless, waste."],
    },
    intermediate_belief="If I make a mistake, people will see I am not good enough.",
    coping_strategies="Works late, double-checks everything, avoids speaking up.",
)


def test_the_key_itself_scores_full_marks() -> None:
    s = KEY.situations[1]
    result = score_formulation(
        FormulationAnswer(
            situation=s.situation,
            auto_thought=s.auto_thought,
            emotions=s.emotions,
            behavior=s.behavior,
            core_belief_category="worthless",
            core_belief="I am worthless, waste.",
            intermediate_belief=KEY.intermediate_belief,
            coping_strategies=KEY.coping_strategies,
        ),
        KEY,
    )
    assert result.situation_index == 1
    assert result.total == 100
    assert all(f.score == 100 for f in result.fields)


def test_an_empty_answer_scores_nothing_and_a_paraphrase_scores_well() -> None:
    assert score_formulation(FormulationAnswer(), KEY).total <= 15
    result = score_formulation(
        FormulationAnswer(
            situation="Her manager criticised her report in a team meeting",
            auto_thought="They all think I am useless",
            emotions=["ashamed"],
            core_belief_category="helpless",
            core_belief="I am helpless.",
        ),
        KEY,
    )
    scores = {f.key: f.score for f in result.fields}
    assert result.situation_index == 0
    assert scores["situation"] >= 80 and scores["auto_thought"] >= 60
    assert scores["emotions"] == 50
    assert scores["core_belief_category"] == 0 and scores["core_belief"] < 100


def test_text_match_ignores_function_words_and_word_endings() -> None:
    assert text_match("the meetings", "a meeting") == 1.0
    assert text_match("", "anything") == 0.0
