"""A reply that cannot be saved fails its turn with Retry; it never stays
"streaming" (which would refuse every later message)."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from practice import consumers
from practice.models import Turn
from tests.practice.wsutil import message, open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

FAILED = r'class="turn-failed"'
DONE = r'data-speaker="patient"[^>]*data-complete="true"'


async def test_a_reply_the_database_refuses_fails_with_retry(
    practice_session: Any,
    trainee: Any,
    settings: Any,
    llm_configured: Any,
    monkeypatch: Any,
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL refuses NUL in text; SQLite stores it")

    monkeypatch.setattr(consumers, "FINISH_RETRY_SECONDS", (0.05, 0.05))
    settings.PATIENT_RESPONDER = "llm"
    # A model reply PostgreSQL cannot store (NUL in text).
    llm_configured.enqueue(reply="I just feel \x00 stuck.")
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("What brings you here?"))
    frames = await receive_until(ws, FAILED, timeout=10)
    assert 'name="action" value="retry"' in frames[-1]
    last = await database_sync_to_async(
        lambda: practice_session.turns.order_by("-index").first()
    )()
    assert last.status == Turn.Status.FAILED
    # Retry works, and the chat goes on.
    llm_configured.enqueue(reply="I just feel stuck.")
    await ws.send_to(text_data='{"action": "retry"}')
    await receive_until(ws, DONE)
    await ws.send_to(text_data=message("Tell me more."))
    await receive_until(ws, DONE)
    await ws.disconnect()
