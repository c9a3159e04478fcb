"""How a saved trainee turn reaches the annotator, and an ended session the scorer.

`request_annotation` and `request_session_scoring` are called inside practice's
transaction (through the receivers) and act only after commit, so the worker
always finds the row. Production enqueues a Celery
task; embedded mode runs the same service in this process, on a worker thread,
so the socket that saved the turn is never blocked by annotation.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction

from practice.deferral import after_commit
from practice.realtime import server_loop

from .scoring_services import score_session
from .services import annotate_turn
from .tasks import enqueue_annotation, enqueue_scoring

__all__ = [
    "enqueue_annotation",
    "request_annotation",
    "request_session_scoring",
    "run_in_process",
    "wait_for_in_process_annotations",
]

logger = logging.getLogger(__name__)

# Strong references to in-process annotation tasks (asyncio keeps only weak ones).
_pending: set[asyncio.Future[None]] = set()
_pending_lock = threading.Lock()


def request_annotation(turn_id: int) -> None:
    # Plain functions, not functools.partial: when a robust callback raises,
    # Django logs `func.__qualname__`, which a partial lacks, and the resulting
    # AttributeError escapes the commit and fails the trainee's turn after all.
    if settings.ANNOTATION_DISPATCH == "celery":

        def enqueue_after_commit() -> None:
            # Synchronous, bounded by the broker socket timeouts (about 4 s at
            # worst during an outage): what was not published, the sweep finds.
            # (Publishing from a dedicated thread took the broker round trip off
            # the chat's path, but annotations then stopped after a Redis restart:
            # tests/security/test_faults.py. It stays on the pool's threads.)
            enqueue_annotation(turn_id)

        # robust: a broker outage must not fail the trainee's turn; the periodic
        # sweep re-enqueues whatever was not delivered. On the chat socket the
        # publish waits until the patient's first word is sent (practice.deferral).
        after_commit(enqueue_after_commit)
    else:

        def annotate_after_commit() -> None:
            run_in_process(turn_id)

        # Not deferred like the publish: scheduling onto the loop costs the chat
        # nothing, and an annotation started after the socket's loop has gone
        # (the end of a test) would wait for it forever.
        transaction.on_commit(annotate_after_commit, robust=True)


def request_session_scoring(session_id: int) -> None:
    """Score the session after the surrounding transaction commits."""
    if settings.ANNOTATION_DISPATCH == "celery":

        def enqueue_after_commit() -> None:
            enqueue_scoring(session_id)

        # robust: a broker outage must not fail ending the session; the sweep
        # re-enqueues sessions left unscored (see `unscored_session_ids`).
        transaction.on_commit(enqueue_after_commit, robust=True)
    else:

        def score_after_commit() -> None:
            try:
                score_session(session_id=session_id)
            except Exception:
                logger.exception("scoring session %s failed", session_id)

        transaction.on_commit(score_after_commit, robust=True)


def _annotate_and_notify(turn_id: int) -> None:
    try:
        annotate_turn(turn_id=turn_id)
    except Exception:
        # The sweep retries turns left without an annotation.
        logger.exception("in-process annotation of turn %s failed", turn_id)


def run_in_process(turn_id: int) -> None:
    """Annotate on a worker thread of the server's event loop, or inline."""
    loop = server_loop()
    if loop is None:
        # No server loop (management command, plain sync test): run inline.
        _annotate_and_notify(turn_id)
        return

    def schedule() -> None:
        # thread_sensitive=False: a separate thread, so the socket's own ORM
        # thread keeps serving the chat while the annotator works.
        coro = database_sync_to_async(_annotate_and_notify, thread_sensitive=False)(
            turn_id
        )
        future = asyncio.ensure_future(coro)
        with _pending_lock:
            _pending.add(future)
        future.add_done_callback(_forget)

    loop.call_soon_threadsafe(schedule)


def _forget(future: asyncio.Future[None]) -> None:
    with _pending_lock:
        _pending.discard(future)


async def wait_for_in_process_annotations(timeout: float = 5.0) -> None:
    """Test and shutdown helper: wait until in-process annotations finish."""
    with _pending_lock:
        pending = list(_pending)
    if pending:
        await asyncio.wait(pending, timeout=timeout)
