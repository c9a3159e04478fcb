"""Feedback's answers to what practice announces (see `practice.signals`).

Connected in `FeedbackConfig.ready`. The signals are sent inside practice's
transactions, so work that leaves the process (a Celery task) or reads the new
rows is deferred with `transaction.on_commit` by the dispatch functions.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Sum

from practice.budget import BILLED
from practice.models import PracticeSession, Turn

from .dispatch import request_annotation, request_session_scoring
from .models import Annotation


def annotate_submitted_turn(sender: Any, *, turn_id: int, **kwargs: Any) -> None:
    """A trainee turn was saved: annotate it after commit."""
    request_annotation(turn_id)


def score_ended_session(sender: Any, *, session_id: int, **kwargs: Any) -> None:
    """A session was closed: score it after commit (in the task, never in a GET)."""
    request_session_scoring(session_id)


def attach_annotations(
    sender: Any, *, session: PracticeSession, turns: list[Turn], **kwargs: Any
) -> None:
    """Give each turn of a displayed transcript its current annotation."""
    latest = Annotation.objects.current_for_session(session.pk)
    for turn in turns:
        turn.annotation = latest.get(turn.pk)  # type: ignore[attr-defined]


def annotation_tokens(
    sender: Any, *, user_id: int, since: datetime, **kwargs: Any
) -> int:
    """Tokens the annotator spent on a trainee's turns since `since`."""
    used = Annotation.objects.filter(
        BILLED, turn__session__trainee_id=user_id, created_at__gte=since
    ).aggregate(p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
    return (used["p"] or 0) + (used["c"] or 0)
