"""LLMConfig and build_chat_model: which client each role gets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from llm.openai_client import OpenAIChatModel
from llm.settings import LLMConfig, build_chat_model
from llm.types import Message, Timeouts
from tests.support.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("api_key", [None, "", "   "])
def test_it_builds_nothing_without_an_api_key(api_key: str | None) -> None:
    config = LLMConfig(api_key=api_key, base_url="http://127.0.0.1:1/v1")

    assert build_chat_model(config, "patient") is None
    assert build_chat_model(config, "annotator") is None


def test_it_gives_the_patient_short_chat_timeouts_and_one_retry() -> None:
    config = LLMConfig(api_key="k", patient_model="patient-m", annotator_model="ann-m")

    model = build_chat_model(config, "patient")

    assert isinstance(model, OpenAIChatModel)
    assert model.model == "patient-m"
    assert model.timeouts == Timeouts.chat()
    assert model.max_retries == 1


def test_it_gives_the_annotator_task_timeouts_and_two_retries() -> None:
    config = LLMConfig(api_key="k", patient_model="patient-m", annotator_model="ann-m")

    model = build_chat_model(config, "annotator")

    assert isinstance(model, OpenAIChatModel)
    assert model.model == "ann-m"
    assert model.timeouts == Timeouts.task()
    assert model.timeouts.read > Timeouts.chat().read
    assert model.max_retries == 2


def test_it_reads_a_plain_number_as_the_read_timeout() -> None:
    config = LLMConfig(api_key="k", chat_timeout=12.5, task_timeout=90)

    patient = build_chat_model(config, "patient")
    annotator = build_chat_model(config, "annotator")

    assert patient is not None
    assert annotator is not None
    assert patient.timeouts == Timeouts(connect=5.0, read=12.5, write=10.0, pool=5.0)
    assert annotator.timeouts.read == 90.0
    assert annotator.timeouts.connect == Timeouts.task().connect


def test_it_rejects_a_non_positive_timeout() -> None:
    with pytest.raises(ValueError, match="positive"):
        build_chat_model(LLMConfig(api_key="k", chat_timeout=0), "patient")


def test_it_talks_to_the_configured_base_url(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(reply="Hello.")
    config = LLMConfig(api_key="k", base_url=fake_openai.base_url, patient_model="p")

    model = build_chat_model(config, "patient")
    assert model is not None
    completion = model.complete([Message("user", "Hi")])
    model.close()

    assert completion.text == "Hello."
    assert fake_openai.chat_requests[0].body["model"] == "p"


def test_it_imports_no_django() -> None:
    # The engines and the batch tools rely on `llm` loading without Django.
    code = (
        "import sys, llm.settings, llm.fake, llm.openai_client, llm.errors;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django');"
        "sys.exit(f'django imported: {bad}' if bad else 0)"
    )
    result = subprocess.run(  # noqa: S603 (fixed command, no user input)
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )

    assert result.returncode == 0, result.stderr


def test_each_role_may_have_its_own_endpoint_key_seed_and_token_parameter(
    fake_openai: FakeOpenAI,
) -> None:
    config = LLMConfig(
        api_key="shared",
        base_url="http://127.0.0.1:9/v1",  # nothing listens here
        patient_api_key="patient-key",
        patient_base_url=fake_openai.base_url,
        patient_seed=7,
        patient_temperature=0.3,
        patient_max_tokens_param="max_completion_tokens",
    )
    patient = build_chat_model(config, "patient")
    annotator = build_chat_model(config, "annotator")
    assert patient is not None and annotator is not None
    # The annotator falls back to the shared OPENAI_* values.
    assert annotator.base_url == "http://127.0.0.1:9/v1"

    patient.complete([Message("user", "Hi")], max_tokens=20)
    patient.close()
    request = fake_openai.chat_requests[0]
    assert request.headers["authorization"] == "Bearer patient-key"
    assert request.body["seed"] == 7 and request.body["temperature"] == 0.3
    assert (
        request.body["max_completion_tokens"] == 20 and "max_tokens" not in request.body
    )


def test_a_role_key_alone_turns_that_role_on() -> None:
    config = LLMConfig(annotator_api_key="only-annotator")
    assert build_chat_model(config, "patient") is None
    assert build_chat_model(config, "annotator") is not None
