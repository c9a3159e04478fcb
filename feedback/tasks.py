"""Celery tasks: thin, take ids, idempotent (the services make them so)."""

from __future__ import annotations

import logging
from typing import Any

from celery import bootsteps, shared_task
from django.conf import settings
from django.core.cache import cache
from django.db import InterfaceError, OperationalError

from llm.errors import TransientLLMError
from practice.metering import purge_call_text

from .engines import get_annotator
from .rubrics import LLMAnnotator
from .scoring_services import score_session as score_session_service
from .scoring_services import stale_corrected_session_ids, unscored_session_ids
from .services import annotate_turn as annotate_turn_service
from .services import unannotated_turn_ids

logger = logging.getLogger(__name__)

# Publishing fails fast when the broker is down: the sweeps are the backstop.
_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2}

# A database restart (connection terminated, refused) is as passing as a model
# timeout: retried with backoff instead of waiting for the sweep.
TRANSIENT = (TransientLLMError, OperationalError, InterfaceError)


def _lock_seconds() -> int:
    """How long a turn's annotation lock lasts: one attempt's longest run.

    A worker killed mid-task (kill -9, OOM) never deletes its lock, so the turn
    waits this long before the sweep can annotate it. A model call may take the
    deadline twice (fallback included); the offline annotator takes milliseconds,
    and its lock only has to outlast a database wait (the pool gives up at 10 s).
    """
    if isinstance(get_annotator(), LLMAnnotator):
        return int(settings.LLM_ANNOTATION_DEADLINE * 2) + 30
    return OFFLINE_LOCK_SECONDS


# Under the sweep's age (ANNOTATION_SWEEP_AFTER_SECONDS, 20 s), so a turn whose
# worker was killed is annotated by the next sweep (stop 22: with a 90 s lock, a
# kill mid-annotation left turns unannotated for 90 s in the fault test).
OFFLINE_LOCK_SECONDS = 15


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
    if not cache.add(key, 1, timeout=_lock_seconds()):
        return
    try:
        annotate_turn_service(turn_id=turn_id)
    finally:
        cache.delete(key)


@shared_task
def sweep_unannotated_turns(older_than_seconds: int | None = None) -> int:
    """Backstop for every loss case: re-enqueue turns nobody annotated.

    Beat runs it with the default age (ANNOTATION_SWEEP_AFTER_SECONDS); a worker
    runs it with 0 each time it gets the broker back (`SweepOnReconnect` below),
    when every task the broker held may be gone. A turn whose task is still queued or running gets a second task,
    which finds the lock or the stored row and does nothing more.
    """

    ids = unannotated_turn_ids(
        older_than_seconds=settings.ANNOTATION_SWEEP_AFTER_SECONDS
        if older_than_seconds is None
        else older_than_seconds
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


class SweepOnReconnect(bootsteps.StartStopStep):
    """A worker consumer step (registered in `config.celery`): each time the worker
    gets the broker back after losing it, sweep for unannotated turns at once.

    A broker that restarted without persistence has lost every queued task and
    every task a worker had taken and not yet acknowledged, and publishes that
    were accepted just before it stopped. Beat's sweep finds those turns only
    once they are ANNOTATION_SWEEP_AFTER_SECONDS old, after beat and this
    consumer have each reconnected with their own growing backoff: 20-30 s after
    the broker's return, at the limit tests/security/test_faults.py allows on a
    loaded machine. Now it is a second or two after this worker is back. The
    first connection sweeps nothing: the queue is as it was left.
    """

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def start(self, parent: Any) -> None:
        if parent.restart_count < 1:
            return
        # The queue this worker consumes (a test worker has a queue of its own).
        queue = parent.task_consumer.queues[0].name
        try:
            sweep_unannotated_turns.apply_async(
                kwargs={"older_than_seconds": 0},
                queue=queue,
                retry=True,
                retry_policy=_PUBLISH_RETRY,
            )
        except Exception:  # noqa: BLE001 - the broker flapped again: beat's sweep remains
            logger.warning("could not enqueue the sweep after reconnecting")
