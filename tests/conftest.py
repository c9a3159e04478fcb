"""Personas and shared fixtures.

- trainee: owns the session under test.
- supervisor: supervises trainee's cohort, so may read (not chat in) the session.
- other_trainee: must be denied everything of trainee's.
- other_supervisor: supervises another cohort; must be denied trainee's sessions.
- program_admin: runs the program.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
import redis

from accounts.models import Role, User
from config import llm as llm_config
from feedback.engines import get_annotator
from llm.breaker import reset_breakers
from patients.services import publish_case_version
from patients.simulation import bundled_cases
from practice.models import Cohort
from practice.services import start_session
from tests.support.fake_openai import running_fake_openai

IN_CI = os.environ.get("CI", "").lower() == "true"


def require_service(name: str, available: bool, why: str) -> None:
    """Skip locally when a real service is missing; in CI nothing may be skipped."""
    if available:
        return
    message = f"{name} is needed: {why}"
    if IN_CI:
        pytest.fail(message)
    pytest.skip(message)


def require_redis() -> str:
    """REDIS_URL, after checking a Redis answers there (see `require_service`)."""
    url = os.environ.get("REDIS_URL", "")
    reachable = False
    if url:
        try:
            reachable = bool(redis.Redis.from_url(url, socket_timeout=2).ping())
        except redis.RedisError:
            reachable = False
    require_service("Redis", reachable, "REDIS_URL must point at a running Redis")
    return url


@pytest.fixture
def make_user(db: Any) -> Callable[..., Any]:
    def make(username: str, role: str = Role.TRAINEE) -> User:
        return User.objects.create_user(
            username=username, password="pw-for-tests-only", role=role
        )

    return make


@pytest.fixture
def trainee(make_user: Callable[..., Any]) -> Any:
    return make_user("trainee")


@pytest.fixture
def other_trainee(make_user: Callable[..., Any]) -> Any:
    return make_user("other_trainee")


@pytest.fixture
def supervisor(make_user: Callable[..., Any]) -> Any:
    return make_user("supervisor", Role.SUPERVISOR)


@pytest.fixture
def other_supervisor(make_user: Callable[..., Any]) -> Any:
    return make_user("other_supervisor", Role.SUPERVISOR)


@pytest.fixture
def program_admin(make_user: Callable[..., Any]) -> Any:
    return make_user("program_admin", Role.PROGRAM_ADMIN)


@pytest.fixture
def cohort(
    trainee: Any, supervisor: Any, other_trainee: Any, other_supervisor: Any
) -> Any:
    mine = Cohort.objects.create(name="Tuesday group")
    mine.trainees.add(trainee)
    mine.supervisors.add(supervisor)
    theirs = Cohort.objects.create(name="Thursday group")
    theirs.trainees.add(other_trainee)
    theirs.supervisors.add(other_supervisor)
    return mine


@pytest.fixture
def case(db: Any) -> Any:
    """The first bundled case, published as version 1."""

    spec = sorted(bundled_cases(), key=lambda c: c.slug)[0]
    return publish_case_version(spec=spec, bundled=True).case


@pytest.fixture
def risk_case(db: Any) -> Any:
    spec = next(c for c in bundled_cases() if c.risk_flags)
    return publish_case_version(spec=spec, bundled=True).case


@pytest.fixture
def practice_session(trainee: Any, case: Any, cohort: Any) -> Any:
    return start_session(trainee=trainee, case=case)


@pytest.fixture(scope="session", autouse=True)
def _close_connection_pools(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """Let the test database be dropped at the end of the run.

    Socket tests borrow connections on worker threads and from psycopg's pool;
    a reply task may still hold one when the run ends. Close the pools, then
    end any other session on the test database (PostgreSQL only).
    """
    yield
    from django.db import connection, connections

    for conn in connections.all():
        close_pool = getattr(conn, "close_pool", None)
        if close_pool is not None:
            close_pool()
    # pytest-django creates the test database only when a selected test needs it;
    # otherwise the connection still names DATABASE_URL's own database, which need
    # not exist on a fresh machine, and there is nothing to end.
    settings_dict = connection.settings_dict
    in_use = settings_dict["NAME"] == settings_dict.get("TEST", {}).get("NAME")
    if connection.vendor == "postgresql" and in_use:
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        connection.close()


@pytest.fixture(scope="session")
def _fake_openai_server() -> Any:
    # One server for the run: starting uvicorn costs ~0.2 s, and `reset()`
    # gives each test a clean script and request log.
    with running_fake_openai() as server:
        yield server


@pytest.fixture
def fake_openai(_fake_openai_server: Any) -> Any:
    """The loopback fake OpenAI-compatible server, reset for this test.

    Circuit breakers are per endpoint and process-wide; the fake server's
    address is the same for the whole run, so each test starts them closed.
    """

    _fake_openai_server.reset()
    reset_breakers()
    yield _fake_openai_server
    _fake_openai_server.reset()
    reset_breakers()


@pytest.fixture
def llm_configured(settings: Any, fake_openai: Any) -> Any:
    """Point the patient and the annotator at the fake server for this test."""

    settings.OPENAI_API_KEY = "test-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.LLM_CHAT_TIMEOUT = 3.0
    settings.LLM_TASK_TIMEOUT = 3.0
    caches = (llm_config.patient_model, llm_config.annotator_model, get_annotator)
    for cached in caches:
        cached.cache_clear()
    yield fake_openai
    for cached in caches:
        cached.cache_clear()


@pytest.fixture(autouse=True)
def _fresh_cache() -> Any:
    """Rate-limit counters live in the cache and user ids repeat between tests."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
