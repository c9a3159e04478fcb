"""`make test`: PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set (CI sets
both), SQLite and in-memory layers otherwise. Tests that need a real service ask
for it through fixtures, which fail in CI when it is unreachable."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import VAR_DIR, env

DEBUG = False
EMBEDDED_MODE = True
# The socket tests run in one process, so the in-memory layer is the honest one;
# the Redis layer is exercised by tests that build it explicitly.
CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
ANNOTATION_DISPATCH = "inprocess"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PATIENT_RESPONDER = "offline"
# Offline unless TEST_ANNOTATOR says otherwise: the pipeline tests start a Celery
# worker on these settings that annotates against the loopback fake OpenAI server
# (tests/feedback/test_pipeline.py). A name of its own, not ANNOTATOR, so a developer's
# .env (ANNOTATOR=llm plus a real key) never makes the test suite call a paid API.
ANNOTATOR = env.str("TEST_ANNOTATOR", default="offline")
if ANNOTATOR not in ("offline", "llm"):
    msg = f"Unexpected value TEST_ANNOTATOR={ANNOTATOR!r}, use 'offline' or 'llm'"
    raise ImproperlyConfigured(msg)
VAR_DIR.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# A test database per process, so concurrent runs on one machine never drop
# each other's database. SQLite uses a file, not :memory:, so the browser tests'
# server thread and the Celery worker process see the same data.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")
    }
else:
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"  # noqa: F405
    }
    # No psycopg pool under pytest: each async test runs on an event loop of its
    # own, and connections borrowed on that loop's executor threads were not
    # all returned to the process-wide pool (about one per socket test), which
    # exhausted it mid-run. Unpooled, a connection closes with its thread. The
    # pool itself is exercised by bench/ws_latency.py (400 messages, 0 leaks).
    DATABASES["default"].get("OPTIONS", {}).pop("pool", None)  # noqa: F405
