"""Settings shared by every run mode. Everything is read from the environment.

The other modules (local, test, production) only flip run-mode toggles; see
DESIGN.md "Two ways to run" and the README's table of environment variables.
"""

from __future__ import annotations

import json
from pathlib import Path

import django_stubs_ext
import environ
from django.core.exceptions import ImproperlyConfigured

# Lets annotations such as UserAdmin[User] run (django-stubs).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()
# OS variables win over a .env file (django-environ's default when reading).
if (BASE_DIR / ".env").is_file():
    env.read_env(str(BASE_DIR / ".env"))


def env_secret(name: str, default: str | None = None) -> str | None:
    """Read NAME, or the contents of the file named by NAME_FILE (Docker secrets)."""
    file_name = env.str(f"{name}_FILE", default="")
    if file_name:
        return Path(file_name).read_text(encoding="utf-8").strip()
    value = env.str(name, default=default)
    return value if value else default


def env_bool(name: str, default: bool) -> bool:
    raw = env.str(name, default="")
    if raw == "":
        return default
    if raw.lower() not in ("true", "false", "1", "0"):
        msg = f"Unexpected value {name}={raw!r}, use 'true' or 'false'"
        raise ImproperlyConfigured(msg)
    return raw.lower() in ("true", "1")


SECRET_KEY = env_secret("SECRET_KEY", "embedded-mode-not-secret") or ""
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "accounts",
    "patients",
    "practice",
    "feedback",
    "backoffice",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy (Django 5.2 has none of its own).
    "accounts.security.ContentSecurityPolicyMiddleware",
    # NUL in query or form data: 400, not a database error.
    "accounts.security.RejectNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.navigation",
            ],
            # Partials as a builtin: no {% load partials %}, so moving to
            # Django 6's core partials later is a settings change.
            "builtins": ["template_partials.templatetags.partials"],
        },
    }
]

AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# --- database -------------------------------------------------------------
# DATABASE_URL when given (PostgreSQL in production, CI and `make test`);
# otherwise the embedded SQLite file under var/.
if env.str("DATABASE_URL", default=""):
    DATABASES = {"default": env.db("DATABASE_URL")}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "practice.sqlite3",
        }
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Any SQLite file, the embedded default or one named by DATABASE_URL.
    # IMMEDIATE: take the write lock at BEGIN, so two writers wait for each
    # other (up to the busy timeout) instead of failing with "database is
    # locked" in the middle of saving a patient reply.
    _sqlite_options = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite_options.setdefault("timeout", 20)
    _sqlite_options.setdefault("transaction_mode", "IMMEDIATE")
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Under ASGI persistent connections leak; psycopg's pool replaces them.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DB_POOL_MIN", default=2),
        "max_size": env.int("DB_POOL_MAX", default=20),
        "timeout": 10,
    }
    # With the pool, CONN_HEALTH_CHECKS makes psycopg check each connection as it
    # leaves the pool: after a PostgreSQL restart every pooled connection is
    # dead, and unchecked each would fail one request (a trainee's message).
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- redis: separate database numbers per use --------------------------------
# REDIS_URL's database number N is honoured: the channel layer uses N, the
# Celery broker N+1 and the cache N+2 (so redis://host/0 gives 0, 1, 2 and
# redis://host/4 gives 4, 5, 6: two deployments can share one Redis).
# REDIS_CHANNELS_URL, REDIS_BROKER_URL and REDIS_CACHE_URL override one use each.
REDIS_URL = env.str("REDIS_URL", default="")


def redis_db(url: str, offset: int) -> str:
    """The same server as `url`, database (url's number + `offset`)."""
    head, _, query = url.partition("?")
    scheme_end = head.index("://") + 3 if "://" in head else 0
    path_start = head.find("/", scheme_end)
    base = head if path_start == -1 else head[:path_start]
    number_text = "" if path_start == -1 else head[path_start + 1 :].strip("/")
    try:
        number = int(number_text) if number_text else 0
    except ValueError:
        msg = f"REDIS_URL must end in a database number, not {number_text!r}"
        raise ImproperlyConfigured(msg) from None
    return f"{base}/{number + offset}" + (f"?{query}" if query else "")


REDIS_CHANNELS_URL = env.str("REDIS_CHANNELS_URL", default="") or (
    redis_db(REDIS_URL, 0) if REDIS_URL else ""
)
REDIS_BROKER_URL = env.str("REDIS_BROKER_URL", default="") or (
    redis_db(REDIS_URL, 1) if REDIS_URL else ""
)
REDIS_CACHE_URL = env.str("REDIS_CACHE_URL", default="") or (
    redis_db(REDIS_URL, 2) if REDIS_URL else ""
)


# --- run mode toggles (set by local/test/production) ----------------------------
# "inprocess": annotate in this process, off the socket's path (embedded mode);
# "celery": enqueue on commit to the Celery broker (production).
ANNOTATION_DISPATCH = "celery"
EMBEDDED_MODE = False

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_CHANNELS_URL,
                        # redis-py 8 reads with a 5 s timeout by default, the same
                        # as the layer's blocking receive: an idle socket would
                        # die after 5 s without this (channels_redis#422).
                        "socket_timeout": 10,
                    }
                ]
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_CACHE_URL,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- celery (each value with its reason: CONVENTIONS.md 4.10) --------------------
CELERY_BROKER_URL = REDIS_BROKER_URL or "memory://"
CELERY_TASK_ACKS_LATE = (
    True  # redeliver if a worker dies mid-task; tasks are idempotent
)
CELERY_TASK_REJECT_ON_WORKER_LOST = (
    True  # requeue on SIGKILL/OOM; bounded by time limits
)
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # LLM-bound tasks: do not hoard messages
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 3600,  # > longest task + any countdown/ETA
    # kombu's Redis default is to wait forever: a broker that accepts the
    # connection but never answers (failover, a paused or swapping Redis) would
    # hang the publish inside the trainee's turn. Fail instead; the sweep
    # re-enqueues. Both stay above the worker's 1 s BRPOP poll.
    "socket_connect_timeout": 2,
    "socket_timeout": 2,
}
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_WORKER_MAX_TASKS_PER_CHILD = 500  # bounds a poison message's damage
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_TASK_IGNORE_RESULT = True  # no result backend: results live in PostgreSQL
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = False
# Nothing here sends remote-control commands (inspect, revoke, ping). Off, the
# worker holds no broadcast (Redis PUB/SUB) channel: the channel whose close on
# a reconnect raised "'NoneType' object has no attribute 'hostname'" in
# kombu's Redis transport (kombu#582) while a Redis restart was handled, and
# one less consumer to re-establish. `celery inspect` and Flower need it on.
CELERY_WORKER_ENABLE_REMOTE_CONTROL = False
CELERY_BEAT_SCHEDULE = {
    # Often, so a turn whose task was lost (worker killed, Redis restarted
    # without persistence) is annotated within 30 s of the worker's return:
    # at most ANNOTATION_SWEEP_AFTER_SECONDS + this interval after it was saved.
    "sweep-unannotated-turns": {
        "task": "feedback.tasks.sweep_unannotated_turns",
        "schedule": float(env.int("ANNOTATION_SWEEP_EVERY_SECONDS", default=5)),
    },
    "sweep-unscored-sessions": {
        "task": "feedback.tasks.sweep_unscored_sessions",
        "schedule": 60.0,
    },
    # Prompt and response text of model calls is kept LLM_LOG_RETENTION_DAYS.
    "purge-model-call-text": {
        "task": "feedback.tasks.purge_model_call_text",
        "schedule": 3600.0,
    },
}
# A turn without an annotation this long after it was written is re-enqueued.
# Above a normal annotation's latency (a redelivered duplicate costs a model call,
# though the unique constraint keeps it from becoming a second row).
ANNOTATION_SWEEP_AFTER_SECONDS = env.int("ANNOTATION_SWEEP_AFTER_SECONDS", default=20)
# An ended session without a score this long after it ended is re-enqueued (the
# report shows "Scoring…" until then).
SCORING_SWEEP_AFTER_SECONDS = env.int("SCORING_SWEEP_AFTER_SECONDS", default=60)

# --- models (OpenAI-compatible endpoint); offline engines without a key ----------
OPENAI_API_KEY = env_secret("OPENAI_API_KEY", "") or ""
OPENAI_BASE_URL = env.str("OPENAI_BASE_URL", default="") or None
PATIENT_MODEL = env.str("PATIENT_MODEL", default="gpt-4o-mini")
ANNOTATOR_MODEL = env.str("ANNOTATOR_MODEL", default="gpt-4o-mini")
PATIENT_RESPONDER = env.str("PATIENT_RESPONDER", default="auto")  # auto|offline|llm
ANNOTATOR = env.str("ANNOTATOR", default="auto")  # auto|offline|llm
PATIENT_MAX_TOKENS = env.int("PATIENT_MAX_TOKENS", default=300)
LLM_CHAT_TIMEOUT = env.float("LLM_CHAT_TIMEOUT", default=20.0)
LLM_TASK_TIMEOUT = env.float("LLM_TASK_TIMEOUT", default=60.0)
# Per role: PATIENT_* and ANNOTATOR_* override the shared OPENAI_* values, so a
# set-up with one key and one endpoint keeps working unchanged.
PATIENT_API_KEY = env_secret("PATIENT_API_KEY", "") or ""
PATIENT_BASE_URL = env.str("PATIENT_BASE_URL", default="") or None
ANNOTATOR_API_KEY = env_secret("ANNOTATOR_API_KEY", "") or ""
ANNOTATOR_BASE_URL = env.str("ANNOTATOR_BASE_URL", default="") or None


def _optional_float(name: str) -> float | None:
    raw = env.str(name, default="")
    try:
        return float(raw) if raw else None
    except ValueError:
        msg = f"Unexpected value {name}={raw!r}, use a number"
        raise ImproperlyConfigured(msg) from None


def _optional_int(name: str) -> int | None:
    raw = env.str(name, default="")
    try:
        return int(raw) if raw else None
    except ValueError:
        msg = f"Unexpected value {name}={raw!r}, use a whole number"
        raise ImproperlyConfigured(msg) from None


def _max_tokens_param(name: str, default: str) -> str:
    value = str(env.str(name, default=default))
    if value not in ("max_tokens", "max_completion_tokens"):
        msg = f"Unexpected value {name}={value!r}, use max_tokens or max_completion_tokens"
        raise ImproperlyConfigured(msg)
    return value


OPENAI_TEMPERATURE = _optional_float("OPENAI_TEMPERATURE")
PATIENT_TEMPERATURE = _optional_float("PATIENT_TEMPERATURE")
ANNOTATOR_TEMPERATURE = _optional_float("ANNOTATOR_TEMPERATURE")
OPENAI_SEED = _optional_int("OPENAI_SEED")
PATIENT_SEED = _optional_int("PATIENT_SEED")
ANNOTATOR_SEED = _optional_int("ANNOTATOR_SEED")
OPENAI_MAX_TOKENS_PARAM = _max_tokens_param("OPENAI_MAX_TOKENS_PARAM", "max_tokens")
PATIENT_MAX_TOKENS_PARAM = _max_tokens_param(
    "PATIENT_MAX_TOKENS_PARAM", OPENAI_MAX_TOKENS_PARAM
)
ANNOTATOR_MAX_TOKENS_PARAM = _max_tokens_param(
    "ANNOTATOR_MAX_TOKENS_PARAM", OPENAI_MAX_TOKENS_PARAM
)
# Total time for one patient reply (every attempt included), and for one
# annotation attempt; enforced in code, whatever the Celery pool.
LLM_REPLY_DEADLINE = env.float("LLM_REPLY_DEADLINE", default=30.0)
LLM_ANNOTATION_DEADLINE = env.float("LLM_ANNOTATION_DEADLINE", default=30.0)
# When the reply deadline runs out with nothing shown: "offline" completes the
# turn with the offline patient's reply (marked), "fail" offers a Retry.
PATIENT_ON_DEADLINE = env.str("PATIENT_ON_DEADLINE", default="offline")
if PATIENT_ON_DEADLINE not in ("offline", "fail"):
    msg = f"Unexpected value PATIENT_ON_DEADLINE={PATIENT_ON_DEADLINE!r}, use offline or fail"
    raise ImproperlyConfigured(msg)
# Conversation sent to the patient model, in tokens; older turns are dropped.
PATIENT_HISTORY_TOKENS = env.int("PATIENT_HISTORY_TOKENS", default=6000)
# Circuit breaker per endpoint: after this many failures in a row, go offline
# for the cool-down (seconds).
LLM_BREAKER_THRESHOLD = env.int("LLM_BREAKER_THRESHOLD", default=5)
LLM_BREAKER_COOLDOWN = env.float("LLM_BREAKER_COOLDOWN", default=30.0)
# Where the circuit breakers keep their state for every process (uvicorn
# workers, Celery): Redis's cache database when there is one; "" keeps it per
# process.
LLM_BREAKER_REDIS_URL = env.str("LLM_BREAKER_REDIS_URL", default="") or REDIS_CACHE_URL
# Audit trail: keep prompt and response text of model calls (off by default),
# and for how many days.
LLM_LOG_TEXT = env_bool("LLM_LOG_TEXT", False)
LLM_LOG_RETENTION_DAYS = env.int("LLM_LOG_RETENTION_DAYS", default=30)

# --- practice chat limits ---------------------------------------------------------
PRACTICE_MAX_MESSAGE_CHARS = 2000
PRACTICE_RATE_LIMIT_MESSAGES = env.int("PRACTICE_RATE_LIMIT_MESSAGES", default=12)
PRACTICE_RATE_LIMIT_WINDOW = env.int("PRACTICE_RATE_LIMIT_WINDOW", default=60)
# Pause between streamed words of the offline patient, so a reply reads as typed.
PATIENT_TOKEN_DELAY = env.float("PATIENT_TOKEN_DELAY", default=0.0)

# --- usage and cost ------------------------------------------------------------------
# Prices per 1M tokens for each model, as JSON: {"model": {"input": 0.15, "output": 0.6}}.
# Costs on the usage page are estimates from the token counts the model returned.
_DEFAULT_MODEL_PRICES = {
    "gpt-4o-mini": {"input": 0.15, "output": 0.60},
    "gpt-4o": {"input": 2.50, "output": 10.00},
}


def parse_model_prices(raw: str) -> dict[str, dict[str, float]]:
    """MODEL_PRICES from JSON; a wrong shape stops start-up rather than misprice."""
    if not raw:
        return dict(_DEFAULT_MODEL_PRICES)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        msg = f"MODEL_PRICES is not valid JSON: {error}"
        raise ImproperlyConfigured(msg) from None
    prices: dict[str, dict[str, float]] = {}
    if not isinstance(data, dict):
        msg = 'MODEL_PRICES must be a JSON object: {"model": {"input": ..., "output": ...}}'
        raise ImproperlyConfigured(msg)
    for model, price in data.items():
        if not (
            isinstance(price, dict)
            and set(price) == {"input", "output"}
            and all(isinstance(v, int | float) and v >= 0 for v in price.values())
        ):
            msg = f"MODEL_PRICES[{model!r}] must be {{'input': <number>, 'output': <number>}}"
            raise ImproperlyConfigured(msg)
        prices[str(model)] = {k: float(v) for k, v in price.items()}
    return prices


MODEL_PRICES = parse_model_prices(env.str("MODEL_PRICES", default=""))
# Price for a model missing from MODEL_PRICES (a warning is logged once), so an
# unknown model is never counted as free.
# As JSON: {"input": 2.5, "output": 10}.
_default_price = env.str("LLM_DEFAULT_PRICE", default="")
LLM_DEFAULT_PRICE = (
    parse_model_prices(f'{{"default": {_default_price}}}')["default"]
    if _default_price
    else {"input": 2.50, "output": 10.00}
)
COST_CURRENCY = env.str("COST_CURRENCY", default="USD")

# --- email (password-set links are also shown on screen: there may be no mail server)
EMAIL_BACKEND = env.str(
    "EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env_secret("EMAIL_HOST_PASSWORD", "") or ""
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="practice@localhost")
# Lifetime of a password-set link (Django's default is 3 days).
PASSWORD_RESET_TIMEOUT = env.int("PASSWORD_RESET_TIMEOUT", default=7 * 24 * 3600)

# --- static ------------------------------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

LANGUAGE_CODE = "en-us"
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

DEMO_PASSWORD = env.str("DEMO_PASSWORD", default="practice-demo")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals": {"()": "accounts.security.DropRefusalTraceback"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["refusals"]}
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        # A refused request (403) is logged as one line, without a traceback.
        "django.request": {"filters": ["refusals"]},
    },
}

# --- login throttle (accounts/throttle.py) ------------------------------------------
# Failed sign-ins are counted per username and per client address in the cache;
# past the limit the sign-in is refused, even with the right password, until the
# cool-down has passed. The address limit is higher: people share NAT addresses.
LOGIN_FAILURES_PER_USERNAME = env.int("LOGIN_FAILURES_PER_USERNAME", default=5)
LOGIN_FAILURES_PER_ADDRESS = env.int("LOGIN_FAILURES_PER_ADDRESS", default=20)
LOGIN_COOLDOWN_SECONDS = env.int("LOGIN_COOLDOWN_SECONDS", default=15 * 60)
# Behind a proxy REMOTE_ADDR is the proxy. Name the header that carries the
# client's address (e.g. HTTP_X_FORWARDED_FOR); its last entry is used, the one
# the proxy itself appended.
LOGIN_CLIENT_ADDRESS_HEADER = env.str("LOGIN_CLIENT_ADDRESS_HEADER", default="")

# --- input caps ---------------------------------------------------------------------
CASE_IMPORT_MAX_BYTES = env.int("CASE_IMPORT_MAX_BYTES", default=5 * 1024 * 1024)
CASE_IMPORT_MAX_CASES = env.int("CASE_IMPORT_MAX_CASES", default=200)
CASE_IMPORT_MAX_DEPTH = env.int("CASE_IMPORT_MAX_DEPTH", default=12)
# Long lists are shown this many rows per page.
PAGE_SIZE = env.int("PAGE_SIZE", default=50)

# --- sockets ---------------------------------------------------------------------------
# Open sockets one user may hold on one session (tabs, reconnects).
PRACTICE_MAX_SOCKETS_PER_SESSION = env.int(
    "PRACTICE_MAX_SOCKETS_PER_SESSION", default=5
)
