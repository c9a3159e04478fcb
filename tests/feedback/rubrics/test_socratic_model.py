"""The trained Socratic-type model: reproducible weights and the types it corrects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.evaluation.gold import predicted
from feedback.rubrics.schema import RUBRIC_VERSION, TurnContext
from feedback.rubrics.socratic_model import WEIGHTS_PATH, type_scores
from feedback.rubrics.socratic_train import main as train_main


def socratic(patient: str, turn: str) -> object:
    ctx = TurnContext(trainee_text=turn, previous_patient_text=patient)
    return predicted(OfflineAnnotator().annotate(ctx))["socratic"]


def test_training_regenerates_the_shipped_weights_byte_for_byte(
    tmp_path: Path,
) -> None:
    out = tmp_path / "weights.json"
    assert train_main(["--out", str(out)]) == 0
    assert out.read_bytes() == WEIGHTS_PATH.read_bytes()


def test_the_weights_record_their_training() -> None:
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert data["trained_by"] == "python manage.py train_socratic_model"
    # Every labeller who wrote turns; N and R only re-label others' ids (and the
    # corpus reader keeps the first label of an id, so they never count twice).
    assert data["settings"]["labellers"] == "ABCDEFHIJKLMOPQS"
    assert data["threshold"] == data["settings"]["threshold"]
    assert RUBRIC_VERSION == "2026.12-3"


# Issue 10: evidence asked without the word "evidence" ("has anyone...", "do you
# have anything...") was typed as a plain information question, so the report told
# the trainee they had only gathered facts (0 of 26 evidence questions right).
EVIDENCE = (
    "Everyone at work thinks I'm useless.",
    "has anyone actually told you that, or is it more a feeling you get?",
)
BACKED = (
    "Everyone at work thinks I'm useless.",
    "do you have anything that backs that up?",
)


def test_an_evidence_question_without_the_word_evidence_is_typed_as_evidence() -> None:
    assert socratic(*EVIDENCE) == "reasons_evidence"


def test_asking_what_backs_the_thought_up_is_typed_as_evidence() -> None:
    assert socratic(*BACKED) == "reasons_evidence"


def test_a_plain_fact_question_stays_informational() -> None:
    assert socratic("I failed the exam so I'm stupid.", "when is the resit?") == (
        "informational"
    )


def test_switched_off_the_annotator_types_by_the_rules_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SOCRATIC_MODEL_WEIGHTS", "none")
    assert type_scores(EVIDENCE[1], "informational") == {}
    assert socratic(*EVIDENCE) == "informational"
