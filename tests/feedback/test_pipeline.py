"""The annotation pipeline end to end: dispatch after commit, a real Celery worker on
Redis, the idempotent service and the loss cases DESIGN.md promises to survive
(redelivery, a worker killed mid-task, a broker outage, bad or rate-limited model output).
"""

from __future__ import annotations

import base64
import json
import os
import signal
import time
from collections.abc import Callable
from contextlib import ExitStack
from types import SimpleNamespace
from typing import Any

import pytest
import redis
from kombu import Queue

from config import celery_app
from feedback.dispatch import enqueue_annotation
from feedback.models import Annotation
from feedback.tasks import SweepOnReconnect, sweep_unannotated_turns
from llm.settings import LLMConfig
from practice.models import ModelCall, Turn
from tests.support.celery_worker import (
    FAKE_MODEL,
    REFUSING_BROKER,
    StartWorker,
    Worker,
    broker_unreachable,
    silent_broker,
)
from tests.support.fake_openai import Behaviour, FakeOpenAI

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.timeout(90),
]

TASK = "feedback.tasks.annotate_turn"
TRAINEE_TEXT = (
    "It sounds like the late nights are wearing you down. What feels hardest right now?"
)
LLM_ANNOTATOR = f"llm:{FAKE_MODEL}"
# A valid structured answer; the rationale marks rows that came from the model.
LLM_RATIONALE = "Scripted by the fake model."
LLM_REPLY = json.dumps(
    {
        "utterances": [
            {
                "text": "It sounds like the late nights are wearing you down.",
                "codes": ["complex_reflection"],
                "question": None,
                "reflection": "complex",
                "tag_question": False,
                "socratic_type": None,
                "padesky_stage": None,
            },
            {
                "text": "What feels hardest right now?",
                "codes": ["question"],
                "question": "open",
                "reflection": None,
                "tag_question": False,
                "socratic_type": None,
                "padesky_stage": None,
            },
        ],
        "emotional_reactions": 1,
        "interpretations": 1,
        "explorations": 2,
        "esconv_strategy": "Reflection of feelings",
        "bolt_codes": ["reflections_on_emotions", "questions_on_experiences"],
        "flags": [],
        "rationale": LLM_RATIONALE,
        "confidence": 0.8,
        "suggestion": None,
    }
)
# Generous for a worker on a busy 2-core CI machine; every wait ends as soon as
# its condition holds.
DEADLINE = 30.0


def annotations_of(turn: Any) -> list[Any]:
    return list(Annotation.objects.filter(turn_id=turn.pk).order_by("created_at"))


def wait_for_successes(worker: Worker, count: int) -> None:
    """Wait until `count` annotate_turn deliveries have finished successfully.

    A delivery that fails fails the test at once, with the worker's log.
    """

    def done() -> bool:
        outcomes = worker.outcomes(TASK)
        if outcomes.failed:
            raise AssertionError(f"{TASK} failed in the worker\n{worker.log_tail()}")
        return outcomes.total_succeeded >= count

    worker.wait_for(done, timeout=DEADLINE, what=f"{count} successful {TASK} run(s)")


def slow_reply(seconds: float) -> Behaviour:
    """The valid answer, delivered after about `seconds` (the fake delays per token)."""
    tokens = len(Behaviour(reply=LLM_REPLY).tokens())
    return Behaviour(reply=LLM_REPLY, token_delay=seconds / tokens)


def test_a_submitted_turn_gets_exactly_one_annotation_from_the_worker(
    settings: Any, start_worker: StartWorker, submit_turn: Callable[[str], Any]
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    worker = start_worker()

    turn = submit_turn(TRAINEE_TEXT)

    wait_for_successes(worker, 1)
    [annotation] = annotations_of(turn)
    # The test process only enqueues; the row can only have come from the worker.
    assert annotation.annotator == "offline-rules"
    assert annotation.fallback is False
    outcomes = worker.outcomes(TASK)
    assert len(outcomes.received) == 1
    assert outcomes.failed == {}


def test_a_task_delivered_twice_still_leaves_exactly_one_annotation(
    settings: Any,
    start_worker: StartWorker,
    submit_turn: Callable[[str], Any],
    fake_openai: FakeOpenAI,
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    # Slow answers, so that both deliveries are inside the model call together
    # and both try to store a row: the unique constraint has to decide.
    fake_openai.enqueue(slow_reply(1.5))
    fake_openai.enqueue(slow_reply(1.5))

    turn = submit_turn(TRAINEE_TEXT)  # first delivery, after commit
    enqueue_annotation(turn.pk)  # the same turn id again
    # Both messages wait in the queue, so the two threads take one each at once.
    worker = start_worker(concurrency=2, llm=fake_openai)

    wait_for_successes(worker, 2)
    [annotation] = annotations_of(turn)
    assert annotation.annotator == LLM_ANNOTATOR
    assert annotation.data["rationale"] == LLM_RATIONALE
    # What the model spent is kept for usage and budgets.
    assert annotation.model == FAKE_MODEL
    assert annotation.prompt_tokens > 0
    outcomes = worker.outcomes(TASK)
    assert len(outcomes.succeeded) == 2
    # The second delivery finds the turn being annotated (one chain per turn)
    # and leaves it alone: the model is called once.
    assert outcomes.failed == {}
    assert len(fake_openai.chat_requests) == 1


def test_a_worker_killed_mid_task_is_redelivered_and_leaves_exactly_one_annotation(
    settings: Any,
    start_worker: StartWorker,
    submit_turn: Callable[[str], Any],
    fake_openai: FakeOpenAI,
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    fake_openai.enqueue(hang=True)  # the first attempt never gets an answer
    fake_openai.enqueue(reply=LLM_REPLY)  # the redelivered attempt does
    worker = start_worker(pool="prefork", concurrency=1, llm=fake_openai)

    turn = submit_turn(TRAINEE_TEXT)
    worker.wait_for(
        lambda: len(fake_openai.chat_requests) >= 1,
        timeout=DEADLINE,
        what="the pool process to call the model",
    )
    [child] = worker.pool_children()
    os.kill(child, signal.SIGKILL)  # OOM killer, or a node going away

    wait_for_successes(worker, 1)
    [annotation] = annotations_of(turn)
    assert annotation.annotator == LLM_ANNOTATOR
    assert annotation.fallback is False
    outcomes = worker.outcomes(TASK)
    [(task_id, deliveries)] = outcomes.received.items()
    assert deliveries == 2, "the message was not redelivered"
    assert outcomes.succeeded == {task_id: 1}
    assert len(fake_openai.chat_requests) == 2
    # The parent saw its pool process die with the task in hand.
    assert "WorkerLostError" in worker.log()


@pytest.mark.parametrize("outage", ["refused", "silent"])
def test_an_unreachable_broker_does_not_fail_the_turn_and_the_sweep_annotates_it(
    outage: str,
    settings: Any,
    start_worker: StartWorker,
    submit_turn: Callable[[str], Any],
    pipeline_queue: str,
) -> None:
    """Refused: Redis is down. Silent: it accepts connections but never answers."""

    settings.ANNOTATION_DISPATCH = "celery"
    settings.ANNOTATION_SWEEP_AFTER_SECONDS = 0

    with ExitStack() as stack:
        url = (
            REFUSING_BROKER
            if outage == "refused"
            else stack.enter_context(silent_broker())
        )
        stack.enter_context(broker_unreachable(celery_app, url))
        started = time.monotonic()
        turn = submit_turn(TRAINEE_TEXT)
        elapsed = time.monotonic() - started

    # The turn is committed, and the trainee waited seconds at most (two publish
    # attempts bounded by the broker socket timeouts), not for the broker.
    assert Turn.objects.filter(pk=turn.pk, status=Turn.Status.COMPLETE).exists()
    assert elapsed < 10.0, f"dispatch held the turn for {elapsed:.1f}s"
    # Nothing reached the real broker either (no worker runs yet to hide a message).
    broker = redis.Redis.from_url(str(celery_app.conf.broker_url))
    try:
        assert broker.llen(pipeline_queue) == 0
    finally:
        broker.close()
    assert annotations_of(turn) == []

    worker = start_worker()
    assert sweep_unannotated_turns() == 1

    wait_for_successes(worker, 1)
    [annotation] = annotations_of(turn)
    assert annotation.annotator == "offline-rules"


def test_the_sweep_after_a_reconnect_takes_turns_of_any_age(
    settings: Any, submit_turn: Callable[[str], Any], pipeline_queue: str
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    settings.ANNOTATION_SWEEP_AFTER_SECONDS = 20
    # No worker runs: its task waits in this test's queue, as one lost in a
    # broker restart would never arrive.
    turn = submit_turn(TRAINEE_TEXT)
    assert sweep_unannotated_turns() == 0  # beat's sweep: too young yet
    assert sweep_unannotated_turns(older_than_seconds=0) == 1  # to this test's queue
    assert annotations_of(turn) == []


def test_a_worker_that_gets_the_broker_back_enqueues_the_sweep_on_its_queue(
    pipeline_queue: str,
) -> None:
    """The consumer step: nothing on the worker's first connection (the queue is
    as it was left), the sweep of every unannotated turn after a reconnection
    (the broker may have restarted empty), on the queue the worker consumes."""
    broker = redis.Redis.from_url(str(celery_app.conf.broker_url))

    def consumer(restart_count: int) -> SimpleNamespace:
        # What the step reads of Celery's consumer.
        return SimpleNamespace(
            restart_count=restart_count,
            task_consumer=SimpleNamespace(queues=[Queue(pipeline_queue)]),
        )

    try:
        step = SweepOnReconnect(consumer(0))
        step.start(consumer(0))
        assert broker.llen(pipeline_queue) == 0
        step.start(consumer(1))
        [raw] = broker.lrange(pipeline_queue, 0, -1)
        message = json.loads(raw)
        assert message["headers"]["task"] == "feedback.tasks.sweep_unannotated_turns"
        args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
        assert (args, kwargs) == ([], {"older_than_seconds": 0})
    finally:
        broker.close()


def test_malformed_model_json_falls_back_to_the_offline_annotation(
    settings: Any,
    start_worker: StartWorker,
    submit_turn: Callable[[str], Any],
    fake_openai: FakeOpenAI,
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    fake_openai.enqueue(reply='{"utterances": [')
    fake_openai.enqueue(reply="Sure! Here is the annotation you asked for.")
    worker = start_worker(llm=fake_openai)

    turn = submit_turn(TRAINEE_TEXT)

    wait_for_successes(worker, 1)
    [annotation] = annotations_of(turn)
    assert annotation.fallback is True
    assert annotation.data["fallback"] is True
    # Stored under the configured annotator, marked as a fallback; the result
    # itself names what produced it.
    assert annotation.annotator == LLM_ANNOTATOR
    assert annotation.data["annotator"] == f"{LLM_ANNOTATOR}+fallback:offline-rules"
    assert annotation.data["rationale"].endswith("[LLM output rejected twice]")
    # Bad output is not a transient error: asked twice, never retried by Celery.
    assert len(fake_openai.chat_requests) == 2
    assert worker.outcomes(TASK).retried == {}


def test_a_redelivery_after_a_fallback_keeps_the_one_fallback_annotation(
    settings: Any,
    start_worker: StartWorker,
    submit_turn: Callable[[str], Any],
    fake_openai: FakeOpenAI,
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    fake_openai.enqueue(reply="not json")
    fake_openai.enqueue(reply="not json either")
    # Should the redelivery ask again, the model would now answer well.
    fake_openai.default = Behaviour(reply=LLM_REPLY)
    worker = start_worker(llm=fake_openai)
    turn = submit_turn(TRAINEE_TEXT)
    wait_for_successes(worker, 1)

    enqueue_annotation(turn.pk)  # e.g. acks_late after a lost ack

    wait_for_successes(worker, 2)
    [annotation] = annotations_of(turn)
    assert annotation.fallback is True
    assert len(fake_openai.chat_requests) == 2


def test_a_transient_model_error_falls_back_to_the_offline_annotation_marked(
    settings: Any,
    start_worker: StartWorker,
    submit_turn: Callable[[str], Any],
    fake_openai: FakeOpenAI,
) -> None:
    settings.ANNOTATION_DISPATCH = "celery"
    # The client retries a 429 itself (with jittered backoff, within the
    # deadline); answer 429 to all of its attempts.
    attempts = 1 + LLMConfig().task_max_retries
    for _ in range(attempts):
        fake_openai.enqueue(status=429)
    fake_openai.enqueue(reply=LLM_REPLY)
    worker = start_worker(llm=fake_openai)

    turn = submit_turn(TRAINEE_TEXT)

    wait_for_successes(worker, 1)
    [annotation] = annotations_of(turn)
    # No minutes-long Celery retry chain: the offline annotation stands in, marked.
    assert annotation.annotator == LLM_ANNOTATOR
    assert annotation.fallback is True
    assert "LLM unavailable: LLMRateLimited" in annotation.data["rationale"]
    outcomes = worker.outcomes(TASK)
    assert outcomes.retried == {}
    assert len(fake_openai.chat_requests) == attempts
    # Every attempt is in the audit trail.
    assert ModelCall.objects.filter(turn=turn, role="annotator").count() == attempts
