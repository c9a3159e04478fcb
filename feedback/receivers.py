"""Feedback's answers to what practice announces (see `practice.signals`).

Connected in `FeedbackConfig.ready`. The signals are sent inside practice's
transactions, so work that leaves the process (a Celery task) or reads the new
rows is deferred with `transaction.on_commit` by the dispatch functions.
"""

from __future__ import annotations

from typing import Any

from practice.models import PracticeSession, Turn

from .dispatch import request_annotation, request_session_scoring
from .models import Annotation
from .reports import effective_annotations


def annotate_submitted_turn(sender: Any, *, turn_id: int, **kwargs: Any) -> None:
    """A trainee turn was saved: annotate it after commit."""
    request_annotation(turn_id)


def score_ended_session(sender: Any, *, session_id: int, **kwargs: Any) -> None:
    """A session was closed: score it after commit (in the task, never in a GET)."""
    request_session_scoring(session_id)


def attach_annotations(
    sender: Any, *, session: PracticeSession, turns: list[Turn], **kwargs: Any
) -> None:
    """Give each turn of a displayed transcript its current annotation (with any
    supervisor's corrections applied)."""
    latest = effective_annotations(Annotation.objects.current_for_session(session.pk))
    for turn in turns:
        turn.annotation = latest.get(turn.pk)  # type: ignore[attr-defined]
