"""The practice socket against config.asgi.application, end to end in-process."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from feedback.models import Annotation
from practice.models import Assignment, Mode, Turn
from practice.realtime import session_group
from practice.services import end_session, start_session

from .wsutil import completed_patient_frame, message, open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

DONE = r'data-speaker="patient"[^>]*data-complete="true"'


@database_sync_to_async
def turns_of(session: Any) -> list[Turn]:
    return list(session.turns.order_by("index"))


async def test_it_saves_the_message_and_streams_a_complete_reply(
    practice_session: Any, trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    connected, _ = await ws.connect()
    assert connected
    await ws.send_to(text_data=message("What brings you here today?"))
    frames = await receive_until(ws, DONE)
    # The trainee's own turn comes back first, then streamed words, then the turn.
    assert 'data-speaker="trainee"' in frames[0]
    assert any('hx-swap-oob="beforeend:#turn-' in f for f in frames), (
        "no streamed token"
    )
    final = completed_patient_frame(frames)
    assert final is not None
    turns = await turns_of(practice_session)
    assert [t.speaker for t in turns] == ["patient", "trainee", "patient"]
    assert turns[1].text == "What brings you here today?"
    assert turns[2].status == Turn.Status.COMPLETE and turns[2].text
    assert turns[2].state_after is not None
    assert str(turns[2].uuid) in final
    await ws.disconnect()


async def test_it_does_not_make_a_second_turn_from_a_resent_client_id(
    practice_session: Any, trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    client_id = str(uuid.uuid4())
    await ws.send_to(text_data=message("How has your week been?", client_id))
    await receive_until(ws, DONE)
    await ws.disconnect()
    # The browser reconnects and its queue resends the same message.
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("How has your week been?", client_id))
    frames = await receive_until(ws, r'id="transcript"')
    assert "How has your week been?" in frames[-1]
    turns = await turns_of(practice_session)
    assert [t.speaker for t in turns].count("trainee") == 1
    await ws.disconnect()


async def test_it_refuses_an_anonymous_socket(practice_session: Any) -> None:
    ws = await open_socket(practice_session.uuid, None)
    connected, code = await ws.connect()
    assert not connected
    assert code == 4403


async def test_it_refuses_another_trainees_session(
    practice_session: Any, other_trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, other_trainee)
    connected, code = await ws.connect()
    assert not connected
    assert code == 4403


async def test_it_refuses_a_supervisor_on_the_chat_socket(
    practice_session: Any, supervisor: Any
) -> None:
    # Supervisors read transcripts; they never type as the trainee.
    ws = await open_socket(practice_session.uuid, supervisor)
    connected, _ = await ws.connect()
    assert not connected


async def test_it_refuses_a_foreign_origin(practice_session: Any, trainee: Any) -> None:
    ws = await open_socket(
        practice_session.uuid, trainee, origin=b"https://evil.example"
    )
    connected, _ = await ws.connect()
    assert not connected


async def test_it_refuses_a_missing_origin(practice_session: Any, trainee: Any) -> None:
    ws = await open_socket(practice_session.uuid, trainee, origin=None)
    connected, _ = await ws.connect()
    assert not connected


async def test_it_answers_an_oversized_message_with_an_error_and_gives_the_text_back(
    practice_session: Any, trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    long_text = "a" * 2001
    await ws.send_to(text_data=message(long_text))
    frame = await ws.receive_from(timeout=5)
    assert 'id="chat-error"' in frame
    assert "limit is 2,000" in frame
    assert f'data-restore="{long_text}"' in frame
    assert [t.speaker for t in await turns_of(practice_session)] == ["patient"]
    await ws.disconnect()


async def test_it_rejects_an_empty_message(practice_session: Any, trainee: Any) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("   \n "))
    frame = await ws.receive_from(timeout=5)
    assert "Type a message before sending." in frame
    assert len(await turns_of(practice_session)) == 1
    await ws.disconnect()


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[1, 2, 3]",
        '"just a string"',
        json.dumps({"message": 42, "client_id": "x"}),
        "",
    ],
)
async def test_it_answers_a_malformed_frame_with_an_error_frame(
    practice_session: Any, trainee: Any, raw: str
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=raw or " ")
    frame = await ws.receive_from(timeout=5)
    assert 'id="chat-error"' in frame and "<p>" in frame
    # The socket survives: a good message still works afterwards.
    await ws.send_to(text_data=message("Can you tell me more?"))
    await receive_until(ws, DONE)
    await ws.disconnect()


async def test_it_rate_limits_a_flood_of_messages(
    practice_session: Any, trainee: Any, settings: Any
) -> None:
    settings.PRACTICE_RATE_LIMIT_MESSAGES = 2
    settings.PRACTICE_RATE_LIMIT_WINDOW = 60
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    for text in ("First question?", "Second question?"):
        await ws.send_to(text_data=message(text))
        await receive_until(ws, DONE)
    await ws.send_to(text_data=message("Third question?"))
    frame = await receive_until(ws, r'id="chat-error"')
    assert "sending messages very fast" in frame[-1]
    assert [t.text for t in await turns_of(practice_session)].count(
        "Third question?"
    ) == 0
    await ws.disconnect()


async def test_it_leaves_no_group_membership_after_disconnect(
    practice_session: Any, trainee: Any
) -> None:
    layer = get_channel_layer()
    group = session_group(practice_session.uuid)
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    assert layer.groups.get(group)
    await ws.disconnect()
    assert not layer.groups.get(group)


async def test_it_pushes_the_annotation_next_to_the_turn(
    practice_session: Any, trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(
        text_data=message("It sounds like you've been carrying a lot on your own.")
    )
    frames = await receive_until(ws, r"data-annotation-for=")
    trainee_turn = (await turns_of(practice_session))[1]
    assert f'data-annotation-for="{trainee_turn.uuid}"' in frames[-1]
    assert "reflection" in frames[-1].lower()
    await asyncio.sleep(0)
    await ws.disconnect()


async def test_it_rejects_messages_after_the_session_ended(
    practice_session: Any, trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await database_sync_to_async(end_session)(session=practice_session)
    # Open sockets of the session are closed once it has ended...
    closed = await ws.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": 4410}
    # ...and one opened afterwards (a stale tab) refuses messages.
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("Are you still there?"))
    frame = await ws.receive_from(timeout=5)
    assert "This session has ended" in frame
    await ws.disconnect()


async def test_it_hides_feedback_during_an_assessment_session(
    trainee: Any, case: Any, cohort: Any
) -> None:
    @database_sync_to_async
    def assessment_session() -> Any:
        assignment = Assignment.objects.create(
            trainee=trainee, case=case, mode=Mode.ASSESSMENT
        )
        return start_session(trainee=trainee, case=case, assignment=assignment)

    session = await assessment_session()
    ws = await open_socket(session.uuid, trainee)
    await ws.connect()
    await ws.send_to(
        text_data=message("You should try going for a walk every morning.")
    )
    await receive_until(ws, DONE)
    # The annotation is stored, but nothing reaches the page while assessing.
    assert await ws.receive_nothing(timeout=1.0)

    @database_sync_to_async
    def annotations() -> int:
        return Annotation.objects.filter(turn__session=session).count()

    assert await annotations() == 1
    await ws.disconnect()


async def test_a_second_tab_gets_the_new_turns_before_the_finished_reply(
    practice_session: Any, trainee: Any
) -> None:
    first = await open_socket(practice_session.uuid, trainee)
    second = await open_socket(practice_session.uuid, trainee)
    await first.connect()
    await second.connect()
    await first.send_to(text_data=message("What brings you here today?"))
    await receive_until(first, DONE)
    frames = await receive_until(second, DONE)
    # The other tab sees the trainee's turn and the reply's placeholder first, so
    # the finished reply has an element to replace (no oobErrorNoTarget).
    assert 'data-speaker="trainee"' in frames[0]
    assert "What brings you here today?" in frames[0]
    assert 'data-speaker="patient"' in frames[0]
    await first.disconnect()
    await second.disconnect()
