"""The public surface of feedback.rubrics: exports, output type, codebook, purity."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import FrozenInstanceError

import pytest
from pydantic import ValidationError

import feedback.rubrics as rubrics
from feedback.rubrics import (
    CODEBOOK,
    RUBRIC_VERSION,
    OfflineAnnotator,
    TurnAnnotation,
    TurnContext,
    Utterance,
    plain_label,
)
from feedback.rubrics.schema import BEHAVIOUR_CODES, FLAGS


def test_it_exports_the_agreed_names() -> None:
    for name in (
        "RUBRIC_VERSION",
        "Utterance",
        "TurnContext",
        "TurnAnnotation",
        "Annotator",
        "OfflineAnnotator",
        "LLMAnnotator",
        "CODEBOOK",
        "is_emotional_disclosure",
    ):
        assert hasattr(rubrics, name), name


def test_it_stamps_every_annotation_with_annotator_and_rubric_version() -> None:
    ann = OfflineAnnotator().annotate(TurnContext("How was your week?"))
    assert ann.annotator == "offline-rules"
    assert ann.rubric_version == RUBRIC_VERSION
    assert ann.fallback is False
    assert 0.0 <= ann.confidence <= 1.0
    assert ann.rationale


def test_it_round_trips_an_annotation_through_json() -> None:
    ann = OfflineAnnotator().annotate(
        TurnContext("You sound worn out. What's been keeping you up?", "I can't sleep.")
    )
    again = TurnAnnotation.model_validate_json(ann.model_dump_json())
    assert again == ann
    assert json.loads(ann.model_dump_json())["utterances"][1]["question"] == "open"


def test_it_rejects_out_of_range_values_in_the_output_type() -> None:
    with pytest.raises(ValidationError):
        TurnAnnotation(emotional_reactions=3)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        TurnAnnotation(confidence=1.2)
    with pytest.raises(ValidationError):
        TurnAnnotation(flags=["sarcasm"])  # type: ignore[list-item]


def test_it_keeps_the_context_types_frozen() -> None:
    ctx = TurnContext("Hi.", history=(Utterance("patient", "Hello."),))
    with pytest.raises(FrozenInstanceError):
        ctx.trainee_text = "changed"  # type: ignore[misc]


def test_it_is_deterministic() -> None:
    ctx = TurnContext(
        "It sounds like the weekends are hard. You should call a friend.",
        "I feel so lonely on weekends.",
    )
    first = OfflineAnnotator().annotate(ctx)
    assert all(OfflineAnnotator().annotate(ctx) == first for _ in range(3))


def test_it_documents_every_code_and_flag_in_the_codebook() -> None:
    for code in BEHAVIOUR_CODES:
        assert code in CODEBOOK, code
    for flag in FLAGS:
        assert f"flag.{flag}" in CODEBOOK, flag
    for key, entry in CODEBOOK.items():
        assert entry.label and entry.definition and entry.examples, key


def test_every_code_and_flag_has_a_plain_label_and_why_for_trainees() -> None:
    # Trainees read these on chips: plain words, never an identifier or a figure.
    for key, entry in CODEBOOK.items():
        assert entry.plain and entry.why, key
        for text in (entry.plain, entry.why):
            assert "_" not in text and "confidence" not in text.lower(), (key, text)
            assert not any(ch.isdigit() for ch in text), (key, text)
    assert plain_label("collusion") == CODEBOOK["flag.collusion"].plain
    assert plain_label("persuade") == "Advice without asking first"


def test_it_imports_without_django() -> None:
    # The engine must stay usable in batch jobs and benchmarks without Django.
    code = (
        "import sys, feedback.rubrics, feedback.rubrics.evaluation.run; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'config', 'practice')]; print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run(  # noqa: S603 - fixed argv, our own interpreter
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
