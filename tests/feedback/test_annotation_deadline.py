"""The annotation's total deadline, its offline fallback and one chain per turn."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core.cache import cache

from feedback.engines import get_annotator
from feedback.models import Annotation
from feedback.rubrics import OfflineAnnotator, TurnContext
from feedback.services import annotate_turn
from feedback.tasks import _lock_seconds
from feedback.tasks import annotate_turn as annotate_turn_task
from practice.models import ModelCall, Turn


@pytest.fixture
def trainee_turn(practice_session: Any) -> Turn:
    return Turn.objects.create(
        session=practice_session,
        index=1,
        speaker=Turn.Speaker.TRAINEE,
        text="It sounds like losing the job hit you hard.",
        status=Turn.Status.COMPLETE,
    )


@pytest.fixture
def llm_annotator(settings: Any, llm_configured: Any) -> Any:
    settings.ANNOTATOR = "llm"
    settings.LLM_ANNOTATION_DEADLINE = 1.0
    get_annotator.cache_clear()
    yield llm_configured
    get_annotator.cache_clear()


@pytest.mark.django_db
def test_a_hanging_annotator_falls_back_offline_within_the_deadline(
    trainee_turn: Turn, llm_annotator: Any
) -> None:
    llm_annotator.default = llm_annotator.default.__class__(hang=True)
    get_annotator()  # built once per process (imports the SDK): not the model's time
    # The offline rules compile their patterns on first use (once per process); when
    # this test runs first that cost landed inside the timed window, which measures the
    # deadline and the fallback, not a cold start.
    OfflineAnnotator().annotate(TurnContext(trainee_text="How have you been sleeping?"))
    started = time.monotonic()
    annotation = annotate_turn(turn_id=trainee_turn.pk)
    elapsed = time.monotonic() - started
    assert annotation is not None and annotation.fallback is True
    assert "LLM unavailable" in annotation.data["rationale"]
    assert elapsed < 1.2 * 1.0
    calls = ModelCall.objects.filter(turn=trainee_turn, role="annotator")
    assert calls.exists() and {c.outcome for c in calls} <= {"timeout", "error"}


@pytest.mark.django_db
def test_rejected_annotations_are_metered_as_billed(
    trainee_turn: Turn, llm_annotator: Any
) -> None:
    llm_annotator.enqueue(reply='{"not": "an annotation"}')
    llm_annotator.enqueue(reply='{"still": "wrong"}')
    annotation = annotate_turn(turn_id=trainee_turn.pk)
    assert annotation is not None and annotation.fallback is True
    calls = ModelCall.objects.filter(turn=trainee_turn, role="annotator")
    assert calls.count() == 2
    assert (
        sum(c.prompt_tokens for c in calls),
        sum(c.completion_tokens for c in calls),
    ) == llm_annotator.billed
    assert llm_annotator.billed[0] > 1000  # the codebook prompt is not free


@pytest.mark.django_db
def test_a_second_chain_for_the_same_turn_does_nothing(trainee_turn: Turn) -> None:
    cache.add(f"feedback:annotating:{trainee_turn.pk}", 1, timeout=60)
    annotate_turn_task(trainee_turn.pk)
    assert not Annotation.objects.filter(turn=trainee_turn).exists()
    cache.delete(f"feedback:annotating:{trainee_turn.pk}")
    annotate_turn_task(trainee_turn.pk)
    assert Annotation.objects.filter(turn=trainee_turn).count() == 1


@pytest.mark.django_db
def test_a_turn_whose_worker_died_is_free_for_the_next_sweep(
    trainee_turn: Turn, settings: Any
) -> None:
    # A worker killed mid-annotation never deletes its lock. With the offline
    # annotator the lock lapses before the turn is old enough for the sweep, so
    # the sweep's task annotates it instead of finding it still locked.
    get_annotator.cache_clear()
    settings.ANNOTATOR = "offline"
    try:
        assert _lock_seconds() < settings.ANNOTATION_SWEEP_AFTER_SECONDS
        cache.add(f"feedback:annotating:{trainee_turn.pk}", 1, timeout=_lock_seconds())
        cache.delete(f"feedback:annotating:{trainee_turn.pk}")  # the lock lapsing
        annotate_turn_task(trainee_turn.pk)
        assert Annotation.objects.filter(turn=trainee_turn).count() == 1
    finally:
        get_annotator.cache_clear()
