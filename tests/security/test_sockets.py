"""Socket probes: bad text, revocation within a second, the per-session socket cap,
and a channel-layer outage at the handshake."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from practice.models import Turn
from practice.services import start_session

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

DONE = r'data-speaker="patient"[^>]*data-complete="true"'
ORIGIN = b"http://127.0.0.1:8000"


@database_sync_to_async
def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def socket_for(session_uuid: Any, client: Client) -> WebsocketCommunicator:
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return WebsocketCommunicator(
        application,
        f"/ws/practice/sessions/{session_uuid}/",
        headers=[
            (b"host", b"127.0.0.1:8000"),
            (b"origin", ORIGIN),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )


async def receive_until(ws: WebsocketCommunicator, pattern: str) -> list[str]:
    import re

    frames = []
    while True:
        frame = await ws.receive_from(timeout=5)
        frames.append(frame)
        if re.search(pattern, frame):
            return frames


def raw_message(text: str) -> str:
    # ensure_ascii keeps a lone surrogate as a \\ud800 escape, as a browser's
    # JSON.stringify does; json.loads turns it back into the lone surrogate.
    return json.dumps({"message": text, "client_id": str(uuid.uuid4())})


@pytest.mark.parametrize(
    "text",
    ["hello\x00there", "bad \ud800 surrogate", "bell\x07", "escape\x1b[31m", "del\x7f"],
)
async def test_bad_text_gets_an_error_frame_and_the_socket_stays_open(
    practice_session: Any, trainee: Any, text: str
) -> None:
    ws = socket_for(practice_session.uuid, await signed_in(trainee))
    assert (await ws.connect())[0]
    await ws.send_to(text_data=raw_message(text))
    frame = await ws.receive_from(timeout=5)
    assert 'id="chat-error"' in frame and "control characters" in frame
    assert "\x00" not in frame and "\x07" not in frame
    # Still open: a normal message goes through and is answered.
    await ws.send_to(text_data=raw_message("What brings you here today?"))
    await receive_until(ws, DONE)
    texts = await database_sync_to_async(
        lambda: list(
            Turn.objects.filter(
                session=practice_session, speaker="trainee"
            ).values_list("text", flat=True)
        )
    )()
    assert texts == ["What brings you here today?"]
    await ws.disconnect()


async def test_a_frame_that_is_not_json_gets_an_error_frame(
    practice_session: Any, trainee: Any
) -> None:
    ws = socket_for(practice_session.uuid, await signed_in(trainee))
    await ws.connect()
    for junk in ["{", "[]", '{"message": 5}', '"\\u0000"']:
        await ws.send_to(text_data=junk)
        assert 'id="chat-error"' in await ws.receive_from(timeout=5)
    await ws.disconnect()


async def expect_closed(ws: WebsocketCommunicator, code: int) -> None:
    # Sent as the change is made: the bound only stops a hung test (a loaded
    # two-core CI machine can take more than a second to get there).
    assert await ws.receive_output(timeout=10) == {
        "type": "websocket.close",
        "code": code,
    }


async def test_logout_closes_that_logins_sockets_only(
    practice_session: Any, trainee: Any
) -> None:
    laptop, phone = await signed_in(trainee), await signed_in(trainee)
    ws_laptop = socket_for(practice_session.uuid, laptop)
    ws_phone = socket_for(practice_session.uuid, phone)
    assert (await ws_laptop.connect())[0] and (await ws_phone.connect())[0]
    await database_sync_to_async(laptop.post)("/accounts/logout/")
    await expect_closed(ws_laptop, 4401)
    assert await ws_phone.receive_nothing(timeout=0.3)
    await ws_phone.send_to(text_data=raw_message("Still here?"))
    await receive_until(ws_phone, DONE)
    await ws_phone.disconnect()


@pytest.mark.parametrize("change", ["deactivate", "role", "password"])
async def test_an_account_change_closes_every_socket_of_the_user(
    practice_session: Any, trainee: Any, other_trainee: Any, case: Any, change: str
) -> None:
    theirs = await database_sync_to_async(start_session)(
        trainee=other_trainee, case=case
    )
    ws = socket_for(practice_session.uuid, await signed_in(trainee))
    bystander = socket_for(theirs.uuid, await signed_in(other_trainee))
    assert (await ws.connect())[0] and (await bystander.connect())[0]

    def apply() -> None:
        if change == "deactivate":
            trainee.is_active = False
        elif change == "role":
            trainee.role = "supervisor"
        else:
            trainee.set_password("a-new-password-123")
        trainee.save()

    await database_sync_to_async(apply)()
    await expect_closed(ws, 4401)
    assert await bystander.receive_nothing(timeout=0.3)
    await bystander.disconnect()


async def test_a_sign_in_elsewhere_does_not_close_sockets(
    practice_session: Any, trainee: Any
) -> None:
    ws = socket_for(practice_session.uuid, await signed_in(trainee))
    await ws.connect()
    await database_sync_to_async(
        lambda: Client().post(
            "/accounts/login/", {"username": "trainee", "password": "pw-for-tests-only"}
        )
    )()
    assert await ws.receive_nothing(timeout=0.3)
    await ws.disconnect()


async def test_a_deactivated_user_cannot_open_a_socket(
    practice_session: Any, trainee: Any
) -> None:
    client = await signed_in(trainee)
    trainee.is_active = False
    await database_sync_to_async(trainee.save)()
    ws = socket_for(practice_session.uuid, client)
    connected, code = await ws.connect()
    assert not connected and code == 4403


async def test_at_most_five_sockets_per_user_and_session(
    practice_session: Any, trainee: Any
) -> None:
    client = await signed_in(trainee)
    sockets = []
    for _ in range(5):
        ws = socket_for(practice_session.uuid, client)
        assert (await ws.connect())[0]
        sockets.append(ws)
    sixth = socket_for(practice_session.uuid, client)
    assert (await sixth.connect())[0]
    assert "too many windows" in await sixth.receive_from(timeout=10)
    assert (await sixth.receive_output(timeout=10))["code"] == 4429
    # Closing one frees a place.
    await sockets.pop().disconnect()
    again = socket_for(practice_session.uuid, client)
    assert (await again.connect())[0]
    assert await again.receive_nothing(timeout=0.2)
    for ws in [*sockets, again]:
        await ws.disconnect()


async def test_the_cap_is_configurable(
    practice_session: Any, trainee: Any, settings: Any
) -> None:
    settings.PRACTICE_MAX_SOCKETS_PER_SESSION = 1
    client = await signed_in(trainee)
    first = socket_for(practice_session.uuid, client)
    assert (await first.connect())[0]
    second = socket_for(practice_session.uuid, client)
    await second.connect()
    assert "too many windows" in await second.receive_from(timeout=10)
    await first.disconnect()


async def test_a_channel_layer_outage_at_the_handshake_gets_a_reconnecting_frame(
    practice_session: Any, trainee: Any, settings: Any
) -> None:
    from channels.layers import channel_layers

    client = await signed_in(trainee)
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # Nothing listens on port 1: connecting is refused, as when Redis is down.
            "CONFIG": {
                "hosts": [
                    {"address": "redis://127.0.0.1:1/0", "socket_connect_timeout": 1}
                ]
            },
        }
    }
    channel_layers.backends.clear()
    try:
        ws = socket_for(practice_session.uuid, client)
        connected, _ = await ws.connect(timeout=10)
        assert connected  # accepted only to say why, instead of an HTTP 500
        frame = await ws.receive_from(timeout=5)
        assert "data-outage" in frame and "Reconnecting" in frame
        assert (await ws.receive_output(timeout=5))["code"] == 1013  # htmx reconnects
    finally:
        channel_layers.backends.clear()
