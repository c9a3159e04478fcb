"""`make test`: PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set (CI sets
both), SQLite and in-memory layers otherwise. Tests that need a real service ask
for it through fixtures, which fail in CI when it is unreachable."""

from __future__ import annotations

from .base import *  # noqa: F403
from .base import VAR_DIR

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
ANNOTATOR = "offline"
VAR_DIR.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not :memory:, so the browser tests' server thread sees the same data.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}  # noqa: F405
