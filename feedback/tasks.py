"""Celery tasks: thin, take ids, idempotent (the services make them so)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError

from llm.errors import TransientLLMError

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
    from feedback.services import annotate_turn as annotate_turn_service

    annotate_turn_service(turn_id=turn_id)


@shared_task
def sweep_unannotated_turns() -> int:
    """Backstop for every loss case: re-enqueue turns nobody annotated."""
    from feedback.dispatch import enqueue_annotation
    from feedback.services import unannotated_turn_ids

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
    from feedback.scoring_services import score_session as score_session_service

    score_session_service(session_id=session_id)


@shared_task
def sweep_unscored_sessions() -> int:
    """Backstop for lost scoring tasks: re-enqueue ended sessions left unscored."""
    from feedback.scoring_services import enqueue_scoring, unscored_session_ids

    ids = unscored_session_ids(older_than_seconds=settings.SCORING_SWEEP_AFTER_SECONDS)
    for session_id in ids:
        enqueue_scoring(session_id)
    return len(ids)
