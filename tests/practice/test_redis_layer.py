"""The chat over the real Redis channel layer (production's), not the in-memory one."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest

from config.settings.base import CHANNEL_LAYERS as production_layers
from config.settings.base import redis_db
from tests.conftest import require_redis

from .wsutil import message, open_socket, receive_until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.services,
]


@pytest.fixture
def redis_layer(settings: Any) -> Any:
    url = require_redis()
    # Production's layer configuration, on a database of its own.
    layer = copy.deepcopy(production_layers["default"])
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    layer["CONFIG"]["hosts"][0]["address"] = redis_db(url, 9)
    settings.CHANNEL_LAYERS = {"default": layer}
    return settings.CHANNEL_LAYERS


async def test_a_reply_and_its_annotation_travel_through_redis(
    redis_layer: Any, practice_session: Any, trainee: Any
) -> None:
    ws = await open_socket(practice_session.uuid, trainee)
    connected, _ = await ws.connect()
    assert connected
    # A trainee thinking for a while: the socket must survive more than the
    # Redis client's default 5 s read timeout with no group traffic.
    await asyncio.sleep(6.5)
    await ws.send_to(text_data=message("It sounds like you've been feeling stuck."))
    frames = await receive_until(ws, r"data-annotation-for=", timeout=10)
    # The finished patient turn and the annotation reached this socket via the
    # group on Redis (they are not sent directly by the consumer).
    joined = "".join(frames)
    assert 'data-speaker="patient"' in joined
    assert "data-complete" in joined
    from channels.layers import get_channel_layer

    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    await ws.disconnect()
