"""The socket's Origin check, scheme included.

Channels' AllowedHostsOriginValidator compares only the host, so on an HTTPS
site a page served over plain http on the same host (a network attacker's
injection) could open a socket with the session cookie. When the site is
HTTPS-only (SESSION_COOKIE_SECURE), the Origin must be https too.
"""

from __future__ import annotations

from typing import Any

from channels.security.websocket import OriginValidator
from django.conf import settings


class SchemeCheckingOriginValidator(OriginValidator):  # type: ignore[misc]
    def valid_origin(self, parsed_origin: Any) -> bool:
        if (
            parsed_origin is not None
            and settings.SESSION_COOKIE_SECURE
            and parsed_origin.scheme != "https"
        ):
            return False
        return bool(super().valid_origin(parsed_origin))


def origin_validator(application: Any) -> Any:
    """AllowedHostsOriginValidator's host rules, plus the scheme rule above."""
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = ["localhost", "127.0.0.1", "[::1]"]
    return SchemeCheckingOriginValidator(application, hosts)
