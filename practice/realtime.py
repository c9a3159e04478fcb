"""The only module that knows about the socket's groups and frames.

Views, services and tasks notify the browser through these functions, never by
touching the channel layer themselves. Frames are server-rendered HTML; the
channel layer is at-most-once, so the database stays the source of truth and a
reconnecting page re-renders from it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

# The event loop serving this process's sockets (None outside an ASGI server).
_server_loop: asyncio.AbstractEventLoop | None = None


def note_server_loop() -> None:
    """Remember the running loop (called by the socket when a client connects).

    In-process work started from a sync thread (the embedded annotator) is
    scheduled onto it with `call_soon_threadsafe`, because the in-memory channel
    layer must be used from the loop that owns it.
    """
    global _server_loop
    _server_loop = asyncio.get_running_loop()


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The loop serving sockets, if one is running in this process."""
    loop = _server_loop
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    return loop


def session_group(session_uuid: UUID | str) -> str:
    """Group name for one practice session (server-side ids only)."""
    return f"practice.session.{session_uuid}"


def user_group(user_id: int) -> str:
    """Group of every practice socket one user holds (for revocation)."""
    return f"practice.user.{user_id}"


def _group_send(group: str, event: dict[str, Any]) -> bool:
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:
        logger.exception("could not notify group %s", group)
        return False
    return True


def close_user_sockets(user_id: int, *, session_key: str | None = None) -> bool:
    """Close the user's sockets: all of them, or those of one login (session_key).

    Called after logout, deactivation, a role or password change, so a socket
    opened before never outlives the right that let it open.
    """
    return _group_send(
        user_group(user_id), {"type": "auth.revoked", "session_key": session_key}
    )


def close_session_sockets(session_uuid: UUID | str) -> bool:
    """Close every socket of a practice session that has ended."""
    return _group_send(session_group(session_uuid), {"type": "session.closed"})


def render_turn(turn: Any, *, oob: str = "outerHTML", annotation: Any = None) -> str:
    return render_to_string(
        "practice/partials/_turn.html",
        {
            "turn": turn,
            "oob": oob,
            "annotation": annotation,
            "feedback_visible": turn.session.feedback_visible,
            # Rewind and retry is a practice-mode tool (its form is on the page).
            "can_rewind": turn.session.mode == "practice",
        },
    )


def send_html(session_uuid: UUID | str, html: str) -> None:
    """Push a rendered fragment to every socket watching the session."""
    layer = get_channel_layer()
    if layer is None:  # guarded at start-up; kept for type narrowing
        return
    try:
        async_to_sync(layer.group_send)(
            session_group(session_uuid), {"type": "session.html", "html": html}
        )
    except Exception:
        # Delivery is best-effort by design: the page re-reads the database.
        logger.exception("could not notify session %s", session_uuid)


async def asend_html(session_uuid: UUID | str, html: str) -> bool:
    """Like send_html, from async code; False when the layer could not be reached."""
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        await layer.group_send(
            session_group(session_uuid), {"type": "session.html", "html": html}
        )
    except Exception:
        logger.exception("could not notify session %s", session_uuid)
        return False
    return True
