"""Shared set-up for the security probes."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from practice.services import (
    complete_patient_turn,
    end_session,
    start_session,
    submit_trainee_turn,
)


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Throttle and rate-limit counters live in the cache; each test starts clean."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def play_session(
    case: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> Callable[..., Any]:
    """Run a whole session through the services and end it (annotation and scoring inline)."""

    settings.PRACTICE_RATE_LIMIT_MESSAGES = 10_000

    def run(
        trainee: Any, lines: list[str], *, end: bool = True, assignment: Any = None
    ) -> Any:
        session = start_session(trainee=trainee, case=case, assignment=assignment)
        with django_capture_on_commit_callbacks(execute=True):
            for text in lines:
                sub = submit_trainee_turn(
                    session_id=session.pk,
                    user_id=trainee.pk,
                    text=text,
                    client_id=uuid.uuid4(),
                )
                complete_patient_turn(
                    turn_id=sub.patient_turn.pk,
                    text="I felt so ashamed. I just think I'm not good enough.",
                    responder="test",
                    usage=None,
                )
            if end:
                session = end_session(session=session)
        session.refresh_from_db()
        return session

    return run


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client
