"""The fake OpenAI server speaks the wire format the real API does.

Checked with plain urllib, so a mistake in the server cannot be hidden by the
same mistake in the client under test.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.support.fake_openai import FakeOpenAI


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(  # noqa: S310 (loopback test server)
        url,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def chat_body(**extra: Any) -> dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": "hi"}], **extra}


def test_it_streams_sse_chunks_then_usage_then_done(fake_openai: FakeOpenAI) -> None:
    fake_openai.enqueue(reply="Hi there.")

    status, headers, raw = post(
        f"{fake_openai.base_url}/chat/completions",
        chat_body(stream=True, stream_options={"include_usage": True}),
    )

    assert status == 200
    assert headers["content-type"].startswith("text/event-stream")
    events = raw.decode().split("\n\n")
    assert events[-1] == ""
    assert events[-2] == "data: [DONE]"
    chunks = [json.loads(e.removeprefix("data: ")) for e in events[:-2]]
    texts = [c["choices"][0]["delta"].get("content") for c in chunks[:-1]]
    assert texts == ["", "Hi", " there.", None]
    assert chunks[-2]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"]["completion_tokens"] == 2
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)


def test_it_sends_no_usage_chunk_unless_asked(fake_openai: FakeOpenAI) -> None:
    _, _, raw = post(f"{fake_openai.base_url}/chat/completions", chat_body(stream=True))

    chunks = [
        json.loads(e.removeprefix("data: "))
        for e in raw.decode().split("\n\n")
        if e.startswith("data: {")
    ]
    assert all(c["choices"] for c in chunks)
    assert all("usage" not in c for c in chunks)


def test_it_answers_json_without_streaming_and_records_the_body(
    fake_openai: FakeOpenAI,
) -> None:
    fake_openai.enqueue(reply='{"a": 1}')

    status, _, raw = post(f"{fake_openai.base_url}/chat/completions", chat_body())

    assert status == 200
    answer = json.loads(raw)
    assert answer["choices"][0]["message"]["content"] == '{"a": 1}'
    assert answer["object"] == "chat.completion"
    assert fake_openai.requests[0].body == chat_body()


@pytest.mark.parametrize("status", [400, 429, 500])
def test_it_answers_a_scripted_status_with_an_openai_error_body(
    fake_openai: FakeOpenAI, status: int
) -> None:
    fake_openai.enqueue(status=status, error_message="nope")

    code, _, raw = post(f"{fake_openai.base_url}/chat/completions", chat_body())

    assert code == status
    assert json.loads(raw)["error"]["message"] == "nope"


def test_it_lists_models(fake_openai: FakeOpenAI) -> None:
    with urllib.request.urlopen(f"{fake_openai.base_url}/models", timeout=5) as r:  # noqa: S310
        listing = json.loads(r.read())

    assert listing["object"] == "list"
    assert [m["id"] for m in listing["data"]] == ["fake-model"]


def test_it_can_be_scripted_over_http(fake_openai: FakeOpenAI) -> None:
    base = fake_openai.base_url.removesuffix("/v1")

    post(f"{base}/__fake__/script", {"reply": "scripted remotely"})
    _, _, raw = post(f"{fake_openai.base_url}/chat/completions", chat_body())

    assert json.loads(raw)["choices"][0]["message"]["content"] == "scripted remotely"
