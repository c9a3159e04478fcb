"""Production settings plus what a benchmark on a shared machine needs.

Everything that decides latency (PostgreSQL with psycopg's pool, the channels_redis
layer, the Redis cache, Celery dispatch of annotations) is production's. Changes:

1. The Celery queue name: the broker database is shared with the test suite and
   other developers' workers, and a worker of theirs must never take a benchmark
   task (it would look for the turn in another database).
2. The channel layer's Redis socket timeout (unless BENCH_SHIPPED_LAYER=1). With
   redis-py 8 the default `socket_timeout` became 5 s, equal to channels_redis's
   BZPOPMIN timeout (`brpop_timeout = 5`), so a consumer that gets no group
   message for ~5 s dies with `redis.exceptions.TimeoutError: Timeout reading
   from 127.0.0.1:6379` and its socket is dropped (django/channels_redis#422,
   redis/redis-py#4091). The shipped config cannot hold a socket open across a
   trainee's pause, so paced runs could not measure anything without this. The
   same one-line fix is proposed for config/settings/base.py in docs/benchmarks.md.
"""

from __future__ import annotations

import os

from config.settings.production import *  # noqa: F403
from config.settings.production import REDIS_URL, redis_db

CELERY_TASK_DEFAULT_QUEUE = os.environ.get("BENCH_CELERY_QUEUE", "celery")

if os.environ.get("BENCH_SHIPPED_LAYER") != "1":
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # Longer than BZPOPMIN's 5 s, so an idle receive returns empty
                # instead of timing out; a dead Redis is still noticed.
                "hosts": [{"address": redis_db(REDIS_URL, 0), "socket_timeout": 10}],
            },
        }
    }

# Per-message stage timings from the practice socket (see practice/consumers.py),
# written to uvicorn's log, where bench/ws_latency.py reads them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"bare": {"format": "%(message)s"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "stages": {"class": "logging.StreamHandler", "formatter": "bare"},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "practice.timing": {
            "handlers": ["stages"],
            "level": "DEBUG",
            "propagate": False,
        },
    },
}

# The benchmark serves plain http on loopback, so the socket's Origin is http: the
# HTTPS-only origin rule (accounts/origin.py, keyed on SESSION_COOKIE_SECURE) would
# refuse every client. TLS is not what is measured here.
SESSION_COOKIE_SECURE = False
