"""Settings and HTTP hardening: CSP, mail links, Redis databases, SQLite options,
quiet 403s."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from accounts.security import DropRefusalTraceback, LinkHidingConsoleBackend
from config.settings.base import redis_db

from .conftest import client_for

ROOT = Path(__file__).resolve().parents[2]


def production(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {"EMAIL_BACKEND", "DATABASE_URL", "REDIS_URL", "SECRET_KEY"}
    }
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings; " + code,
        ],
        cwd=ROOT,
        env={
            **base,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "SECRET_KEY": "s" * 60,
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/db",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_refuses_to_start_without_an_explicit_mail_backend() -> None:
    result = production("print(settings.EMAIL_BACKEND)")
    assert result.returncode != 0
    assert "EMAIL_BACKEND" in result.stderr


def test_an_explicit_console_backend_prints_mail_without_the_link() -> None:
    result = production(
        "from django.core.mail import send_mail; "
        "send_mail('Set your password', 'Open https://x.example/accounts/password/MQ/tok-123/ now', "
        "'a@x.example', ['b@x.example'])",
        EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend",
    )
    assert result.returncode == 0, result.stderr
    assert "Set your password" in result.stdout
    assert "tok-123" not in result.stdout + result.stderr
    assert "[link hidden]" in result.stdout


@pytest.mark.parametrize(
    ("url", "channels", "broker", "cache"),
    [
        ("redis://127.0.0.1:6379/0", "/0", "/1", "/2"),
        ("redis://127.0.0.1:6379/4", "/4", "/5", "/6"),
        ("redis://:pw@redis.example:6380", "/0", "/1", "/2"),
    ],
)
def test_the_redis_database_number_of_redis_url_is_honoured(
    url: str, channels: str, broker: str, cache: str
) -> None:
    result = production(
        "print(settings.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]['address']);"
        "print(settings.CELERY_BROKER_URL); print(settings.CACHES['default']['LOCATION'])",
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        REDIS_URL=url,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.split()
    assert [line.rsplit("/", 1)[1] for line in lines] == [
        s.strip("/") for s in (channels, broker, cache)
    ]
    assert all(
        line.startswith(url.rsplit("/", 1)[0] if url.count("/") > 2 else url)
        for line in lines
    )


def test_redis_db_keeps_query_options() -> None:
    assert (
        redis_db("rediss://h:6379/3?ssl_cert_reqs=none", 2)
        == "rediss://h:6379/5?ssl_cert_reqs=none"
    )


def test_a_sqlite_database_url_gets_the_embedded_options(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from django.conf import settings; "
            "o = settings.DATABASES['default']['OPTIONS']; print(o['timeout'], o['transaction_mode'])",
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": f"sqlite:///{tmp_path}/x.sqlite3",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["20", "IMMEDIATE"]


@pytest.mark.django_db
def test_every_page_carries_a_policy_without_inline_script(trainee: Any) -> None:
    response = client_for(trainee).get("/practice/")
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert (
        "unsafe-inline" not in directives["script-src"] and "unsafe-eval" not in policy
    )
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    html = response.content.decode()
    assert "<script>" not in html and " onclick=" not in html
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


@pytest.mark.django_db
def test_a_403_is_logged_as_one_line_without_a_traceback(
    trainee: Any, caplog: Any
) -> None:
    logger = logging.getLogger("django.request")
    refusals = DropRefusalTraceback()
    logger.addFilter(
        refusals
    )  # as LOGGING does; pytest's capture bypasses handler filters
    try:
        with caplog.at_level(logging.WARNING, logger="django.request"):
            response = client_for(trainee).get("/manage/")
    finally:
        logger.removeFilter(refusals)
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert records and all(r.exc_info is None for r in records)
    assert "Traceback" not in caplog.text


def test_the_logging_setting_installs_the_filter() -> None:
    from django.conf import settings

    assert "refusals" in settings.LOGGING["loggers"]["django.request"]["filters"]


def test_the_console_backend_hides_links(capsys: Any) -> None:
    message = mail.EmailMessage(
        "Hi", "Go to http://h/accounts/password/Mg/abc-def/ please", "a@x", ["b@x"]
    )
    LinkHidingConsoleBackend().send_messages([message])
    out = capsys.readouterr().out
    assert "abc-def" not in out and "[link hidden]" in out
