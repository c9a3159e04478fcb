"""Celery tasks: thin, take ids, idempotent (the services make them so)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import InterfaceError, OperationalError

from llm.errors import TransientLLMError
from practice.metering import purge_call_text

from .scoring_services import score_session as score_session_service
from .scoring_services import stale_corrected_session_ids, unscored_session_ids
from .services import annotate_turn as annotate_turn_service
from .services import unannotated_turn_ids

# Publishing fails fast when the broker is down: the sweeps are the backstop.
_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2}

# A database restart (connection terminated, refused) is as passing as a model
# timeout: retried with backoff instead of waiting for the sweep.
TRANSIENT = (TransientLLMError, OperationalError, InterfaceError)


@shared_task(
    autoretry_for=TRANSIENT,
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
    acks_late=True,
    reject_on_worker_lost=True,
)
def annotate_turn(turn_id: int) -> None:
    # One chain per turn: the sweep or a redelivery must not start a second,
    # concurrent annotation of a turn another worker is still annotating. The
    # lock outlives the deadline, so a worker that died frees it on its own.
    key = f"feedback:annotating:{turn_id}"
    if not cache.add(key, 1, timeout=int(settings.LLM_ANNOTATION_DEADLINE * 2) + 30):
        return
    try:
        annotate_turn_service(turn_id=turn_id)
    finally:
        cache.delete(key)


@shared_task
def sweep_unannotated_turns() -> int:
    """Backstop for every loss case: re-enqueue turns nobody annotated."""

    ids = unannotated_turn_ids(
        older_than_seconds=settings.ANNOTATION_SWEEP_AFTER_SECONDS
    )
    for turn_id in ids:
        enqueue_annotation(turn_id)
    return len(ids)


@shared_task(
    autoretry_for=TRANSIENT,
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
    acks_late=True,
    reject_on_worker_lost=True,
)
def score_session(session_id: int) -> None:
    """Score a finished session (annotating any turn still missing first)."""

    score_session_service(session_id=session_id)


@shared_task
def sweep_unscored_sessions() -> int:
    """Backstop for lost scoring tasks: re-enqueue ended sessions left unscored, or
    not yet rescored after a supervisor's correction."""

    after = settings.SCORING_SWEEP_AFTER_SECONDS
    ids = unscored_session_ids(older_than_seconds=after)
    # And sessions whose rescoring after a supervisor's correction was lost.
    ids += stale_corrected_session_ids(older_than_seconds=after)
    for session_id in ids:
        enqueue_scoring(session_id)
    return len(ids)


@shared_task
def purge_model_call_text() -> int:
    """Clear prompt and response text of model calls past LLM_LOG_RETENTION_DAYS."""
    return purge_call_text()


def enqueue_annotation(turn_id: int) -> None:
    """Publish the annotation task now (callers are outside any transaction)."""
    annotate_turn.apply_async(args=[turn_id], retry=True, retry_policy=_PUBLISH_RETRY)


def enqueue_scoring(session_id: int) -> None:
    """Publish the scoring task now (callers are outside any transaction)."""
    score_session.apply_async(
        args=[session_id], retry=True, retry_policy=_PUBLISH_RETRY
    )
