"""Production: PostgreSQL, Redis channel layer, Celery workers. Refuses to start
without SECRET_KEY, DATABASE_URL and REDIS_URL, so a missing variable can never
silently turn into embedded behaviour."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import EMAIL_BACKEND, env, env_bool

_missing = [
    name
    for name in ("SECRET_KEY", "DATABASE_URL", "REDIS_URL")
    if not (os.environ.get(name) or os.environ.get(f"{name}_FILE"))
]
if _missing:
    msg = f"Production settings need {', '.join(_missing)} in the environment."
    raise ImproperlyConfigured(msg)

# The console backend prints every mail, one-time password links included, to
# the log: production refuses it unless EMAIL_BACKEND names it explicitly, and
# even then links are hidden from the printed mail.
_CONSOLE = "django.core.mail.backends.console.EmailBackend"
if not os.environ.get("EMAIL_BACKEND"):
    msg = (
        "Production settings need EMAIL_BACKEND (for example "
        "django.core.mail.backends.smtp.EmailBackend with EMAIL_HOST); set it to "
        f"{_CONSOLE} explicitly to print mails without their links."
    )
    raise ImproperlyConfigured(msg)
if EMAIL_BACKEND == _CONSOLE:
    EMAIL_BACKEND = "accounts.security.LinkHidingConsoleBackend"

DEBUG = False
EMBEDDED_MODE = False
ANNOTATION_DISPATCH = "celery"

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
