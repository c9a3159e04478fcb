"""Fixtures for the `llm` tests: no database, no Django."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.fake_openai import FakeOpenAI, running_fake_openai


@pytest.fixture(scope="session")
def _fake_openai_server() -> Iterator[FakeOpenAI]:
    # One server for the run: starting and stopping uvicorn costs ~0.2 s, and
    # `reset()` below gives each test a clean script and request log.
    with running_fake_openai() as server:
        yield server


@pytest.fixture
def fake_openai(_fake_openai_server: FakeOpenAI) -> Iterator[FakeOpenAI]:
    """The loopback fake OpenAI server, reset for this test."""
    _fake_openai_server.reset()
    yield _fake_openai_server
    _fake_openai_server.reset()
