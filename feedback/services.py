"""Annotation workflow: annotate a saved trainee turn, store, notify."""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone

from feedback.rubrics import TurnContext, Utterance
from llm import deadline
from llm.metering import collecting
from patients.services import spec_for_version_id
from practice.metering import store_calls
from practice.models import Turn, as_speaker
from practice.realtime import send_html

from .engines import get_annotator
from .models import Annotation

logger = logging.getLogger(__name__)


def annotate_turn(*, turn_id: int) -> Annotation | None:
    """Annotate one trainee turn once per (annotator, rubric version).

    Idempotent: a redelivered task finds the stored row and only re-notifies.
    The model call happens outside any transaction; the write is short.
    """

    try:
        # Not the case version: its JSON is parsed once per process and cached
        # by id (spec_for_version_id), so reading it here would be wasted work.
        turn = Turn.objects.select_related("session").get(
            pk=turn_id, speaker=Turn.Speaker.TRAINEE
        )
    except Turn.DoesNotExist:
        return None  # deleted since it was enqueued: nothing to do
    annotator = get_annotator()
    # Rows are keyed by the configured annotator, whatever it produced: an LLM
    # result rejected twice is stored under the same name with fallback=True, so
    # a redelivery finds it and the unique constraint holds for every outcome.
    existing = Annotation.objects.filter(
        turn=turn, annotator=annotator.name, rubric_version=annotator.rubric_version
    ).first()
    if existing is not None:
        # A redelivery re-sends what is stored (the first push may have been lost).
        transaction.on_commit(lambda: push_annotation(turn, existing))
        return existing

    earlier = list(
        turn.session.turns.filter(index__lt=turn.index, status=Turn.Status.COMPLETE)
        .order_by("index")
        .values_list("speaker", "text")
    )
    previous_patient = next(
        (text for speaker, text in reversed(earlier) if speaker == "patient"), None
    )
    spec = spec_for_version_id(turn.session.case_version_id)
    context = TurnContext(
        trainee_text=turn.text,
        previous_patient_text=previous_patient,
        history=tuple(Utterance(speaker=as_speaker(s), text=t) for s, t in earlier),
        case_has_risk=bool(spec.risk_flags),
    )
    started = time.perf_counter()
    # Every model request of this annotation is collected and stored, whatever
    # its outcome; the deadline is enforced by the llm client in code, so it
    # holds under any Celery pool (the threads pool ignores time limits).
    with (
        collecting(role="annotator") as log,
        deadline.within(settings.LLM_ANNOTATION_DEADLINE),
    ):
        try:
            metered = annotator.annotate_metered(context)
        finally:
            store_calls(
                log.records,
                role="annotator",
                turn_id=turn.pk,
                user_id=turn.session.trainee_id,
            )
    result = metered.annotation
    duration_ms = int((time.perf_counter() - started) * 1000)
    try:
        with transaction.atomic():
            annotation = Annotation.objects.create(
                turn=turn,
                annotator=annotator.name,
                rubric_version=annotator.rubric_version,
                data=result.model_dump(mode="json"),
                fallback=result.fallback,
                duration_ms=duration_ms,
                model=metered.model,
                prompt_tokens=metered.usage.prompt_tokens,
                completion_tokens=metered.usage.completion_tokens,
            )
            # Persist first, then notify (after commit).
            transaction.on_commit(lambda: push_annotation(turn, annotation))
    except IntegrityError:
        # Another delivery of the same task won the race: keep its row.
        return Annotation.objects.get(
            turn=turn, annotator=annotator.name, rubric_version=annotator.rubric_version
        )
    return annotation


def push_annotation(turn: Turn, annotation: Annotation) -> None:
    """Render the annotation beside its turn on every page watching the session.

    Uses the objects the caller already holds (the turn with its session): no
    read. Assessment sessions show nothing before submission.
    """
    if not turn.session.feedback_visible:
        return
    html = render_to_string(
        "feedback/partials/_annotation.html",
        {"turn": turn, "annotation": annotation, "oob": True},
    )
    send_html(turn.session.uuid, html)


def unannotated_turn_ids(*, older_than_seconds: int, limit: int = 500) -> list[int]:
    """Trainee turns with no annotation under the current rubric version."""
    annotator = get_annotator()
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    done = Annotation.objects.filter(rubric_version=annotator.rubric_version)
    return list(
        Turn.objects.filter(
            speaker=Turn.Speaker.TRAINEE,
            status=Turn.Status.COMPLETE,
            created_at__lt=cutoff,
        )
        .exclude(pk__in=done.values("turn_id"))
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )
