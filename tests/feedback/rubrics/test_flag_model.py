"""The trained flag model: reproducible weights, and what it may add or drop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.flag_gates import rubric_allows
from feedback.rubrics.flag_model import ADDS, VETOES, WEIGHTS_PATH, revise, scores
from feedback.rubrics.flag_train import main as train_main
from feedback.rubrics.schema import FLAGS, Flag, TurnContext, Utterance


def ctx(patient: str, turn: str, *earlier: str) -> TurnContext:
    return TurnContext(
        trainee_text=turn,
        previous_patient_text=patient,
        history=tuple(Utterance("patient", t) for t in earlier),
    )


@pytest.fixture(autouse=True)
def _shipped_model(monkeypatch: pytest.MonkeyPatch) -> None:
    # On by default since 2026.11-8; set explicitly so a developer's environment
    # (FLAG_MODEL_WEIGHTS=none) does not change what these tests measure.
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "shipped")


def test_by_default_the_annotator_revises_the_rules_with_the_shipped_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FLAG_MODEL_WEIGHTS")
    assert set(scores(REFLECTION)) == set(FLAGS)
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "none")
    assert scores(REFLECTION) == {}


REFLECTION = ctx(
    "I feel so alone since the divorce.",
    "It sounds like the evenings are the loneliest part since the divorce.",
)


def test_training_regenerates_the_shipped_weights_byte_for_byte(
    tmp_path: Path,
) -> None:
    out = tmp_path / "weights.json"
    assert train_main(["--out", str(out)]) == 0
    assert out.read_bytes() == WEIGHTS_PATH.read_bytes()


def test_the_weights_record_how_they_were_trained_and_their_cv_figures() -> None:
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert data["trained_by"] == "python manage.py train_flag_model"
    # The project's gold corpus and the blind labellers D, E, F, H and I (2026.11-11);
    # J to M later, O, P, Q and S in 2026.12-3 (stop 22).
    assert data["settings"]["labellers"] == "ABDEFHIJKLMOPQS"
    assert set(data["models"]) == set(FLAGS)
    for model in data["models"].values():
        caught, positives = map(int, model["cv_catch"].split("/"))
        false, negatives = map(int, model["cv_false"].split("/"))
        assert 0 < caught <= positives
        # The threshold was chosen for at most 0.5% false flags out of fold.
        assert false <= 0.005 * negatives + 1
        assert model["veto"] < 0.5 <= model["threshold"]


def test_it_adds_collusion_worded_in_a_way_no_rule_was_written_for() -> None:
    turn = ctx(
        "Nobody at the gym talks to me. They all think I'm a joke.",
        "to be fair gyms can be cliquey, they probably do see you as the new guy "
        "who doesn't fit in",
    )
    assert revise(turn, []) == ["collusion"]


def test_it_adds_a_missed_risk_cue() -> None:
    turn = ctx(
        "Honestly I don't see the point of anything anymore. They'd all be better "
        "off without me.",
        "so this week lets focus on the budget spreadsheet",
    )
    assert revise(turn, []) == ["missed_risk_cue"]


def test_it_adds_nothing_to_small_talk_or_a_good_reflection() -> None:
    assert (
        revise(ctx("I went to the shops this morning.", "ok, what did you buy?"), [])
        == []
    )
    assert revise(REFLECTION, []) == []


# 2026.12-1: with J and K in training, the veto sits lower (0.045); the shorter
# REFLECTION above now scores just over it, this fuller one far under.
VALIDATION = ctx(
    "I feel so alone since the divorce.",
    "It sounds like you feel really alone since the divorce, and the evenings are "
    "the hardest.",
)


def test_it_drops_a_rule_flag_it_scores_far_below_every_flagged_turn() -> None:
    assert "problem_solving_after_disclosure" in VETOES
    assert revise(VALIDATION, ["problem_solving_after_disclosure"]) == []


def test_it_never_drops_a_risk_flag_or_a_leading_question() -> None:
    assert "missed_risk_cue" not in VETOES and "leading_question" not in VETOES
    kept = revise(REFLECTION, ["missed_risk_cue", "leading_question"])
    assert kept == ["missed_risk_cue", "leading_question"]


def test_it_adds_only_the_flags_where_it_beat_the_rules_out_of_fold() -> None:
    # Premature problem solving since 2026.12-3 (leaving one labeller out through
    # the annotator); leading questions are still the rules' alone.
    assert {
        "collusion",
        "unexpressed_feeling",
        "missed_risk_cue",
        "problem_solving_after_disclosure",
    } == ADDS
    advice = ctx("I feel so guilty about Ryan.", "you should go to all his races")
    assert "problem_solving_after_disclosure" in revise(advice, [])
    leading = ctx("I'm a useless dad.", "You know you're a good dad, don't you?")
    assert "leading_question" not in revise(leading, [])


@pytest.mark.parametrize(
    ("case", "allowed"),
    [
        # A feeling the patient named earlier in the session is not read in.
        (
            ctx("I moved house last week.", "You're angry about it.", "I'm so angry."),
            False,
        ),
        # Offered tentatively, it is the skill.
        (ctx("I moved house last week.", "I wonder if you're sad about it."), False),
        (ctx("I got a C on the essay.", "you must feel so ashamed"), True),
    ],
)
def test_an_added_unexpressed_feeling_respects_the_rubric(
    case: TurnContext, allowed: bool
) -> None:
    assert rubric_allows("unexpressed_feeling", case) is allowed


def test_advice_the_patient_asked_for_is_never_added_as_premature() -> None:
    asked = ctx("I feel so stuck. What should I do?", "you could try a walk")
    assert not rubric_allows("problem_solving_after_disclosure", asked)


def test_switched_off_the_rules_flags_pass_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "none")
    assert scores(REFLECTION) == {}
    rule_flags: list[Flag] = ["problem_solving_after_disclosure"]
    assert revise(REFLECTION, rule_flags) == rule_flags
    risk = ctx("They'd all be better off without me.", "so, the spreadsheet")
    assert revise(risk, []) == []


def test_the_annotator_applies_the_model() -> None:
    risk = ctx(
        "Honestly I don't see the point of anything anymore. They'd all be better "
        "off without me.",
        "so this week lets focus on the budget spreadsheet",
    )
    assert "missed_risk_cue" in OfflineAnnotator().annotate(risk).flags


def test_the_management_command_trains_with_the_given_settings(tmp_path: Path) -> None:
    out = tmp_path / "quick.json"
    call_command(
        "train_flag_model", "--", "--folds", "2", "--epochs", "1", "--out", str(out)
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["settings"]["folds"] == 2 and data["settings"]["epochs"] == 1
    # A and B, D's files 01-03, E's, F's, H's and I's 01-06, J's, K's, L's and M's
    # 01-04 (L and M since stop 21); O's and S's 01-05, P's and Q's 01-04 (stop 22)
    assert data["examples"] == (
        1080 + 180 + 300 + 300 + 300 + 300 + 240 + 240 + 240 + 240
    ) + (300 + 240 + 240 + 300)
