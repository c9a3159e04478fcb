"""ASGI entry point: HTTP through Django, websockets through Channels."""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
# Django must be set up before anything imports models (routing does).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from accounts.origin import origin_validator  # noqa: E402
from practice.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The origin validator rejects a missing or foreign Origin header
        # (cross-site websocket hijacking), and an http Origin on an HTTPS-only
        # site, before auth runs.
        "websocket": origin_validator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# Everything loaded so far (Django, the apps, the engines' modules) lives as long
# as the process. Freezing it takes it out of the cyclic garbage collector's
# full collections, which otherwise walk all of it: measured on the chat's hot
# path, one such collection paused the event loop and the database thread for
# 100-240 ms (the first word's p95 at 50 sessions). Collected first, so the
# start-up's own garbage is freed rather than frozen.
gc.collect()
gc.freeze()
