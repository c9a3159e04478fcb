"""The production ASGI application plus a bare echo socket, served by one uvicorn.

`/ws/bench/echo/` goes through the same origin check and auth middleware as the
practice socket (so connection set-up is alike), then only echoes each frame: the
difference between its round trip and the practice socket's first frame is what
the application adds on top of uvicorn + Channels + the Redis layer subscription.
"""

from __future__ import annotations

from typing import Any

# isort: split
# Django must be set up (by config.asgi) before channels.auth is imported.
from config.asgi import application as practice_application  # noqa: E402, I001

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

ECHO_PATH = "/ws/bench/echo/"


class EchoConsumer(AsyncWebsocketConsumer):
    """Accepts and echoes; like the practice consumer it has a channel-layer name."""

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None
    ) -> None:
        await self.send(text_data=text_data, bytes_data=bytes_data)


_echo = AllowedHostsOriginValidator(
    AuthMiddlewareStack(
        URLRouter([path(ECHO_PATH.lstrip("/"), EchoConsumer.as_asgi())])
    )
)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "websocket" and scope.get("path") == ECHO_PATH:
        await _echo(scope, receive, send)
    else:
        await practice_application(scope, receive, send)
