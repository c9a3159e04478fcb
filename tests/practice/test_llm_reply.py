"""The chat with the LLM patient, against the loopback fake OpenAI server."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async

from practice.models import Turn

from .wsutil import completed_patient_frame, message, open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

DONE = r'data-speaker="patient"[^>]*data-complete="true"'
FAILED = r"The reply didn&#x27;t come through|The reply didn't come through"


@pytest.fixture
def llm_patient(settings: Any, llm_configured: Any) -> Any:
    settings.PATIENT_RESPONDER = "llm"
    return llm_configured


@database_sync_to_async
def last_turn(session: Any) -> Turn:
    return session.turns.order_by("-index").first()


async def test_it_streams_the_models_words_and_saves_its_reply(
    practice_session: Any, trainee: Any, llm_patient: Any
) -> None:
    llm_patient.enqueue(
        reply="I keep going over it at night. I can't seem to switch off."
    )
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("What's been hardest this week?"))
    frames = await receive_until(ws, DONE)
    # Words arrive as the guard clears them (sentence by sentence), not at once.
    tokens = [f for f in frames if "beforeend:#turn-" in f]
    assert len(tokens) >= 2
    assert "I can&#x27;t seem to switch off." in completed_patient_frame(frames)
    turn = await last_turn(practice_session)
    assert turn.status == Turn.Status.COMPLETE
    assert turn.text == "I keep going over it at night. I can't seem to switch off."
    assert turn.responder.startswith("llm")
    assert turn.completion_tokens > 0
    # The model saw a role-locked system prompt and the trainee's words.
    body = llm_patient.chat_requests[-1].body
    assert body["messages"][0]["role"] == "system"
    assert body["messages"][-2]["content"] == "What's been hardest this week?"
    assert body["messages"][-1]["role"] == "system"  # this turn's notes come last
    await ws.disconnect()


async def test_a_stream_cut_short_leaves_a_failed_turn_and_a_retry_that_works(
    practice_session: Any, trainee: Any, llm_patient: Any
) -> None:
    llm_patient.enqueue(
        reply="It started when the manager said my work was sloppy.", cut_after=3
    )
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("When did this start?"))
    frames = await receive_until(ws, FAILED)
    assert 'name="action" value="retry"' in frames[-1]
    turn = await last_turn(practice_session)
    assert turn.status == Turn.Status.FAILED
    assert turn.text == ""  # nothing half-written is kept

    # A new message is refused until the failed reply is retried.
    await ws.send_to(text_data=message("Hello?"))
    frame = await receive_until(ws, r'id="chat-error"')
    assert "Retry it before you go on" in frame[-1]

    llm_patient.enqueue(reply="It started when my manager said my work was sloppy.")
    await ws.send_to(text_data=json.dumps({"action": "retry", "HEADERS": {}}))
    frames = await receive_until(ws, DONE)
    turn = await last_turn(practice_session)
    assert turn.status == Turn.Status.COMPLETE
    assert turn.text == "It started when my manager said my work was sloppy."
    assert str(turn.uuid) in completed_patient_frame(frames)
    texts = [
        t.speaker
        for t in await database_sync_to_async(list)(practice_session.turns.all())
    ]
    assert texts.count("trainee") == 1
    await ws.disconnect()


@pytest.mark.parametrize(
    "behaviour", [{"status": 500}, {"status": 429}, {"hang": True}]
)
async def test_a_model_error_before_any_word_offers_a_retry(
    practice_session: Any, trainee: Any, llm_patient: Any, behaviour: dict[str, Any]
) -> None:
    # Every attempt fails the same way (the client retries once).
    for _ in range(3):
        llm_patient.enqueue(**behaviour)
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("How are you feeling today?"))
    await receive_until(ws, FAILED, timeout=20)
    turn = await last_turn(practice_session)
    assert turn.status == Turn.Status.FAILED
    await ws.disconnect()
