"""The production ASGI application plus a bare echo socket, served by one uvicorn.

`/ws/bench/echo/` goes through the same origin check and auth middleware as the
practice socket (so connection set-up is alike), then only echoes each frame: the
difference between its round trip and the practice socket's first frame is what
the application adds on top of uvicorn + Channels + the Redis layer subscription.
"""

from __future__ import annotations

import os
from typing import Any

if os.environ.get("BENCH_UNPINNED_DB") == "1":
    # EXPERIMENT (ws_latency.py --experiment-unpinned-db), not the shipped code:
    # Channels' database_sync_to_async is thread_sensitive=True and no
    # ThreadSensitiveContext is set per connection, so every ORM call of every
    # socket in the process queues for ONE thread. This runs them on the loop's
    # default executor instead, to measure what that serialisation costs. It
    # must happen before config.asgi imports the consumers (they bind the name).
    import channels.db

    class _Unpinned(channels.db.DatabaseSyncToAsync):
        def __init__(self, func: Any, thread_sensitive: bool = True,
                     **kwargs: Any) -> None:
            super().__init__(func, thread_sensitive=False, **kwargs)

    channels.db.database_sync_to_async = _Unpinned  # type: ignore[misc]

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
    AuthMiddlewareStack(URLRouter([path(ECHO_PATH.lstrip("/"), EchoConsumer.as_asgi())]))
)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "websocket" and scope.get("path") == ECHO_PATH:
        await _echo(scope, receive, send)
    else:
        await practice_application(scope, receive, send)
