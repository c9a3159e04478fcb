"""Production settings refuse to start half-configured, and pass the deploy check."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from config.celery import app

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DATABASE_URL", "REDIS_URL", "EMAIL_BACKEND"}
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={
            **base,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("missing", ["SECRET_KEY", "DATABASE_URL", "REDIS_URL"])
def test_it_refuses_to_start_production_without_required_variables(
    missing: str,
) -> None:
    env = {
        "SECRET_KEY": "x" * 60,
        "DATABASE_URL": "postgres://u@127.0.0.1:5432/db",
        "REDIS_URL": "redis://127.0.0.1:6379/0",
    }
    del env[missing]
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert missing in result.stderr


def test_it_passes_the_deploy_check_with_production_settings() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "SECRET_KEY": "k3y-" + "z9Q!x" * 12,
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/db",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
            "ALLOWED_HOSTS": "practice.example.org",
        },
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_it_refuses_to_seed_demo_users_in_production() -> None:
    result = run_manage(
        "seed_demo",
        env={
            "SECRET_KEY": "x" * 60,
            "DATABASE_URL": "postgres://u@127.0.0.1:5432/db",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
        },
    )
    assert result.returncode != 0
    assert "refuses to run with production settings" in result.stderr


def test_it_fails_at_start_up_without_a_channel_layer() -> None:
    code = (
        "import django, os;"
        "from django.conf import settings;"
        "os.environ['DJANGO_SETTINGS_MODULE']='config.settings.test';"
        "settings.CHANNEL_LAYERS = {};"
        "django.setup()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "No channel layer" in result.stderr


def test_the_compose_file_runs_commands_that_exist_in_the_project() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert {"postgres", "redis", "web", "worker", "beat"} <= set(services)
    web = services["web"]["command"]
    assert "uvicorn config.asgi:application" in web
    for command in ("migrate", "collectstatic", "sync_cases"):
        assert command in web
    assert (ROOT / "patients/management/commands/sync_cases.py").is_file()
    assert "celery -A config worker" in services["worker"]["command"]
    assert "celery -A config beat" in services["beat"]["command"]
    assert (
        services["web"]["environment"]["DJANGO_SETTINGS_MODULE"]
        == "config.settings.production"
    )
    for name in ("web", "worker", "beat"):
        env = services[name]["environment"]
        assert {"SECRET_KEY", "DATABASE_URL", "REDIS_URL"} <= set(env)
    # The Celery app the commands name exists and is configured from Django.
    assert app.main == "config"
