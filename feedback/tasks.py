"""Celery tasks: thin, take ids, idempotent (the services make them so)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from llm.errors import TransientLLMError

from .scoring_services import score_session as score_session_service
from .scoring_services import unscored_session_ids
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
    annotate_turn_service(turn_id=turn_id)


@shared_task
def sweep_unannotated_turns() -> int:
    """Backstop for every loss case: re-enqueue turns nobody annotated."""

    ids = unannotated_turn_ids(older_than_seconds=settings.ANNOTATION_SWEEP_AFTER_SECONDS)
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
    """Backstop for lost scoring tasks: re-enqueue ended sessions left unscored."""

    ids = unscored_session_ids(older_than_seconds=settings.SCORING_SWEEP_AFTER_SECONDS)
    for session_id in ids:
        enqueue_scoring(session_id)
    return len(ids)


def enqueue_annotation(turn_id: int) -> None:
    """Publish the annotation task now (callers are outside any transaction)."""
    annotate_turn.apply_async(args=[turn_id], retry=True, retry_policy=_PUBLISH_RETRY)


def enqueue_scoring(session_id: int) -> None:
    """Publish the scoring task now (callers are outside any transaction)."""
    score_session.apply_async(args=[session_id], retry=True, retry_policy=_PUBLISH_RETRY)
