"""Production settings plus the isolation a shared Redis needs during a benchmark.

Everything that decides latency (PostgreSQL with psycopg's pool, the channels_redis
layer, the Redis cache, Celery dispatch of annotations) is production's. The only
change is the Celery queue name: the broker database is shared with the test suite
and other developers' workers, and a worker of theirs must never take a benchmark
task (it would look for the turn in another database).
"""

from __future__ import annotations

import os

from config.settings.production import *  # noqa: F403

CELERY_TASK_DEFAULT_QUEUE = os.environ.get("BENCH_CELERY_QUEUE", "celery")
