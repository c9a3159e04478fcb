"""Embedded mode (`make run`): one process, SQLite, in-memory channel layer,
in-process annotation, offline engines unless a key is set, demo users allowed."""

from __future__ import annotations

from .base import *  # noqa: F403
from .base import VAR_DIR, env, env_bool

DEBUG = env_bool("DEBUG", True)
EMBEDDED_MODE = True
ANNOTATION_DISPATCH = "inprocess"
VAR_DIR.mkdir(exist_ok=True)
PATIENT_TOKEN_DELAY = env.float("PATIENT_TOKEN_DELAY", default=0.035)
# uvicorn does not serve static files; WhiteNoise serves them from the finders.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
