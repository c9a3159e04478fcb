"""The cap on open chat sockets per user and session (PRACTICE_MAX_SOCKETS_PER_SESSION).

Kept in the cache, not the database: a socket's slot must be claimed before the
session is even loaded, and losing the cap in a cache outage only lets a user
open a few more tabs, so every function here fails open.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

logger = logging.getLogger("practice.consumers")


def socket_key(user_id: int, session_uuid: str) -> str:
    return f"practice:sockets:{user_id}:{session_uuid}"


def claim_socket_slot(user_id: int, session_uuid: str, channel: str) -> bool:
    """Register this socket; False when the user already holds the maximum.

    A cache entry maps channel name -> expiry; entries of sockets that died
    without a disconnect expire after an hour. Fails open if the cache is down.
    """
    limit = settings.PRACTICE_MAX_SOCKETS_PER_SESSION
    key = socket_key(user_id, session_uuid)
    now = timezone.now().timestamp()
    try:
        held: dict[str, float] = cache.get(key) or {}
        live = {name: until for name, until in held.items() if until > now}
        if len(live) >= limit:
            return False
        live[channel] = now + 3600
        cache.set(key, live, timeout=3600)
    except Exception:  # noqa: BLE001 - the cap must not block chat in a cache outage
        logger.warning("socket cap not checked for user %s", user_id)
    return True


def release_socket_slot(user_id: int, session_uuid: str, channel: str) -> None:
    key = socket_key(user_id, session_uuid)
    try:
        held: dict[str, float] = cache.get(key) or {}
        if held.pop(channel, None) is not None:
            cache.set(key, held, timeout=3600)
    except Exception:  # noqa: BLE001
        logger.debug("socket slot of user %s not released", user_id)
