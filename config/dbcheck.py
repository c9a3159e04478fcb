"""The connection pool's health check, without a round trip when none is needed.

psycopg's own check (`ConnectionPool.check_connection`, what Django installs for
CONN_HEALTH_CHECKS) sends an empty query every time a connection leaves the
pool: one PostgreSQL round trip more on every chat message, before the session
lock. The check exists for connections the server has dropped while they sat in
the pool (a PostgreSQL restart, a terminated backend); PostgreSQL tells such a
client (a FATAL message, then EOF), so its socket is readable. An idle pooled
connection has nothing to read otherwise, except an occasional notice: a
zero-timeout poll separates the two, and anything readable gets the full check.
"""

from __future__ import annotations

import select
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool


def check_pooled_connection(conn: psycopg.Connection[Any]) -> None:
    """`check` callback of psycopg_pool: raise when `conn` must not be handed out
    (the pool then discards it and tries another)."""
    if conn.closed or conn.broken:
        msg = "the pooled connection is closed"
        raise psycopg.OperationalError(msg)
    poller = select.poll()
    poller.register(conn.fileno(), select.POLLIN | select.POLLPRI)
    if poller.poll(0):
        # Something arrived while idle: most likely the server hanging up.
        ConnectionPool.check_connection(conn)
