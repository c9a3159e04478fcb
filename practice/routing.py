from __future__ import annotations

from django.urls import path

from .consumers import PracticeConsumer

websocket_urlpatterns = [
    path(
        "ws/practice/sessions/<uuid:session_uuid>/",
        PracticeConsumer.as_asgi(),
    ),
]
