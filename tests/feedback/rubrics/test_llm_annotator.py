"""The LLM annotator: structured output, rejection, one retry, offline fallback."""

from __future__ import annotations

import json
from typing import Any

import pytest

from feedback.rubrics import LLMAnnotator, OfflineAnnotator, TurnContext
from feedback.rubrics.annotators import LLMTurnAnnotation
from llm.errors import LLMTimeout
from llm.fake import FakeLLM
from llm.openai_client import OpenAIChatModel

CTX = TurnContext(
    "It sounds like the late nights are wearing you down. What feels hardest?",
    "I've been staying up until three every night and I'm exhausted.",
)


def reply(**overrides: Any) -> str:
    body: dict[str, Any] = {
        "utterances": [
            {
                "text": "It sounds like the late nights are wearing you down.",
                "codes": ["complex_reflection"],
                "question": None,
                "reflection": "complex",
                "tag_question": False,
                "socratic_type": None,
                "padesky_stage": "empathic_listening",
            },
            {
                "text": "What feels hardest?",
                "codes": ["question"],
                "question": "open",
                "reflection": None,
                "tag_question": False,
                "socratic_type": "clarification",
                "padesky_stage": "informational",
            },
        ],
        "emotional_reactions": 0,
        "interpretations": 2,
        "explorations": 2,
        "esconv_strategy": "Reflection of feelings",
        "bolt_codes": ["reflections_on_emotions"],
        "flags": [],
        "rationale": "From the model.",
        "confidence": 0.8,
        "suggestion": None,
    }
    body.update(overrides)
    return json.dumps(body)


def test_it_accepts_a_valid_structured_answer() -> None:
    model = FakeLLM([reply()], model="fake-model")
    ann = LLMAnnotator(model).annotate(CTX)
    assert ann.fallback is False
    assert ann.annotator == "llm:fake-model"
    assert ann.rationale == "From the model."
    assert ann.n_complex_reflections == 1
    assert ann.question_kind == "open"
    assert model.calls[0].schema is LLMTurnAnnotation
    assert model.call_count == 1


def test_it_sends_the_codebook_and_the_patient_words_in_the_prompt() -> None:
    model = FakeLLM([reply()])
    LLMAnnotator(model).annotate(CTX)
    system, user = model.calls[0].messages
    assert "complex_reflection" in system.content
    assert "tag_question" in system.content
    assert "staying up until three" in user.content
    assert CTX.trainee_text in user.content


def test_it_falls_back_to_the_offline_result_after_malformed_json_twice() -> None:
    model = FakeLLM(["{not json", '{"utterances": ['], model="fake-model")
    annotator = LLMAnnotator(model)
    ann = annotator.annotate(CTX)
    offline = OfflineAnnotator().annotate(CTX)
    assert model.call_count == 2  # rejected, retried once, then given up
    assert ann.fallback is True
    assert ann.annotator == "llm:fake-model+fallback:offline-rules"
    assert ann.rationale.endswith("[LLM output rejected twice]")
    assert ann.utterances == offline.utterances
    assert len(annotator.rejections) == 2


def test_it_keeps_the_retry_when_only_the_first_answer_is_malformed() -> None:
    model = FakeLLM(["Sure! Here is the JSON you asked for.", reply()])
    ann = LLMAnnotator(model).annotate(CTX)
    assert model.call_count == 2
    assert ann.fallback is False
    assert ann.rationale == "From the model."


@pytest.mark.parametrize(
    "overrides",
    [
        {"emotional_reactions": 3},
        {"explorations": -1},
        {"confidence": 1.5},
        {"esconv_strategy": "Cheerleading"},
        {"flags": ["rude"]},
        {"bolt_codes": ["reflections_on_weather"]},
    ],
)
def test_it_rejects_out_of_range_values_and_falls_back(
    overrides: dict[str, Any],
) -> None:
    bad = reply(**overrides)
    model = FakeLLM([bad, bad])
    ann = LLMAnnotator(model).annotate(CTX)
    assert model.call_count == 2
    assert ann.fallback is True


def test_it_rejects_an_unknown_behaviour_code() -> None:
    body = json.loads(reply())
    body["utterances"][0]["codes"] = ["mind_reading"]
    bad = json.dumps(body)
    ann = LLMAnnotator(FakeLLM([bad, bad])).annotate(CTX)
    assert ann.fallback is True


def test_it_clamps_attributes_that_contradict_the_codes() -> None:
    body = json.loads(reply())
    body["utterances"][0]["question"] = "open"  # a reflection has no question kind
    ann = LLMAnnotator(FakeLLM([json.dumps(body)])).annotate(CTX)
    assert ann.fallback is False
    assert ann.utterances[0].question is None


def test_a_transient_error_falls_back_to_the_offline_annotation_marked() -> None:
    model = FakeLLM([reply()], fail_at={1: LLMTimeout("slow")})
    ann = LLMAnnotator(model).annotate(CTX)
    assert ann.fallback is True
    assert "LLM unavailable: LLMTimeout" in ann.rationale


def test_it_falls_back_against_the_loopback_openai_server() -> None:
    fake_openai = pytest.importorskip("tests.support.fake_openai")

    with fake_openai.running_fake_openai() as server:
        server.enqueue(reply="this is not JSON")
        server.enqueue(reply=reply(interpretations=7))
        model = OpenAIChatModel(
            model="fake-model", api_key="test-key", base_url=server.base_url
        )
        ann = LLMAnnotator(model).annotate(CTX)
        requests = server.chat_requests
    assert ann.fallback is True
    assert ann.annotator == "llm:fake-model+fallback:offline-rules"
    assert len(requests) == 2
    assert requests[0].response_format_type == "json_schema"


def test_it_accepts_a_valid_answer_from_the_loopback_openai_server() -> None:
    fake_openai = pytest.importorskip("tests.support.fake_openai")

    with fake_openai.running_fake_openai() as server:
        server.enqueue(reply=reply())
        model = OpenAIChatModel(
            model="fake-model", api_key="test-key", base_url=server.base_url
        )
        ann = LLMAnnotator(model).annotate(CTX)
    assert ann.fallback is False
    assert ann.annotator == "llm:fake-model"
    assert ann.explorations == 2


def test_it_reports_the_tokens_the_model_spent() -> None:
    model = FakeLLM([reply()], model="fake-model")
    metered = LLMAnnotator(model).annotate_metered(CTX)
    assert metered.model == "fake-model"
    assert metered.usage.prompt_tokens > 0
    assert metered.usage.completion_tokens > 0
    assert not metered.annotation.fallback


def test_the_offline_annotator_costs_no_tokens() -> None:
    metered = OfflineAnnotator().annotate_metered(CTX)
    assert metered.usage.prompt_tokens == metered.usage.completion_tokens == 0
    assert metered.annotation.annotator == "offline-rules"
