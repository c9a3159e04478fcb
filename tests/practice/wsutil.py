"""Helpers to drive the real ASGI application's socket in tests."""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application

ORIGIN = b"http://127.0.0.1:8000"


@database_sync_to_async
def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


async def open_socket(
    session_uuid: Any, user: Any | None, *, origin: bytes | None = ORIGIN
) -> WebsocketCommunicator:
    headers = [(b"host", b"127.0.0.1:8000")]
    if origin is not None:
        headers.append((b"origin", origin))
    if user is not None:
        cookie = await session_cookie(user)
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return WebsocketCommunicator(
        application, f"/ws/practice/sessions/{session_uuid}/", headers=headers
    )


async def eventually(
    check: Callable[[], object], *, what: str, timeout: float = 15.0
) -> None:
    """Wait until `check()` holds, polling: the bound only stops a hung test (a
    loaded two-core CI machine may take seconds where a quiet one takes ms)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(0.01)


def message(text: str, client_id: str | None = None) -> str:
    return json.dumps(
        {
            "message": text,
            "client_id": client_id or str(uuid.uuid4()),
            "HEADERS": {"HX-Request": "true"},
        }
    )


async def receive_until(
    communicator: WebsocketCommunicator, pattern: str, *, timeout: float = 5.0
) -> list[str]:
    """Collect frames until one matches `pattern` (a regex); return them all."""
    frames: list[str] = []
    while True:
        frame = await communicator.receive_from(timeout=timeout)
        frames.append(frame)
        if re.search(pattern, frame):
            return frames


COMPLETE_PATIENT_TURN = re.compile(r'data-speaker="patient"[^>]*data-complete="true"')


def completed_patient_frame(frames: list[str]) -> str | None:
    """The frame carrying a finished patient turn (one element, not two)."""
    for frame in frames:
        if COMPLETE_PATIENT_TURN.search(frame):
            return frame
    return None
