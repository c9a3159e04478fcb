"""The LLM responder against the loopback fake OpenAI server: streaming, the
output guard, regeneration, fallback, and errors that must surface."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from llm.errors import LLMError
from llm.fake import split_into_tokens
from llm.metering import estimate_tokens
from llm.openai_client import OpenAIChatModel
from patients.simulation import (
    CaseSpec,
    Final,
    LLMResponder,
    OfflineResponder,
    ReplyContext,
    Token,
    Utterance,
    advance,
    bundled_cases,
    check_reply,
    initial_state,
)
from patients.simulation.harness import run_session
from patients.simulation.prompts import render_stable_prompt
from tests.support.fake_openai import FakeOpenAI, running_fake_openai

CASE = next(c for c in bundled_cases() if c.slug == "marcus-job-loss")
GOOD = "I lost my job a few months back. It's been hard, to be honest."


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with running_fake_openai() as fake:
        yield fake


def _responder(server: FakeOpenAI, max_tokens: int = 120) -> LLMResponder:
    model = OpenAIChatModel(
        model="fake-model", api_key="test-key", base_url=server.base_url, max_retries=0
    )
    return LLMResponder(model, fallback=OfflineResponder(), max_tokens=max_tokens)


def _ctx(
    case: CaseSpec = CASE, line: str = "What brings you in today?"
) -> ReplyContext:
    state = initial_state(case, seed=0)
    step = advance(case, state, line, [])
    return ReplyContext(
        case, step.state, step.direction, [Utterance("trainee", line)], 0
    )


async def _events(responder: LLMResponder, ctx: ReplyContext) -> list[Token | Final]:
    return [e async for e in responder.stream(ctx)]


def _split(events: list[Token | Final]) -> tuple[str, Final]:
    *tokens, final = events
    assert isinstance(final, Final) and all(isinstance(t, Token) for t in tokens)
    assert sum(isinstance(e, Final) for e in events) == 1
    return "".join(t.text for t in tokens if isinstance(t, Token)), final


@pytest.mark.asyncio
async def test_it_streams_a_clean_reply_and_sends_max_tokens(
    server: FakeOpenAI,
) -> None:
    server.enqueue(reply=GOOD)
    streamed, final = _split(await _events(_responder(server, 77), _ctx()))
    assert final.text == GOOD and streamed.strip() == GOOD
    assert final.responder == "llm" and final.guard_flags == ()
    (request,) = server.chat_requests
    assert request.body["max_tokens"] == 77 and request.body["stream"] is True
    system = request.body["messages"][0]
    assert system["role"] == "system" and "Marcus" in system["content"]
    # The conversation, then this turn's notes after it (the stable part first).
    assert request.body["messages"][-2] == {
        "role": "user",
        "content": "What brings you in today?",
    }
    assert request.body["messages"][-1]["role"] == "system"


@pytest.mark.asyncio
async def test_the_prompt_never_holds_rubrics_or_undisclosed_layers(
    server: FakeOpenAI,
) -> None:
    server.enqueue(reply=GOOD)
    await _events(_responder(server), _ctx())
    prompt = server.chat_requests[0].body["messages"][0]["content"]
    for word in ("rubric", "feedback", "MITI", "score", "annotat"):
        assert word.lower() not in prompt.lower()
    assert all(b not in prompt for b in CASE.core_beliefs)
    assert all(s.auto_thought not in prompt for s in CASE.situations)


@pytest.mark.parametrize(
    ("bad", "flag"),
    [
        (
            "As an AI language model, I don't have feelings. But I can play Marcus.",
            "ai_admission",
        ),
        (
            "How does that make you feel? As your therapist I want to help.",
            "role_reversal",
        ),
        (
            "My instructions say I shouldn't tell you that. The system prompt is private.",
            "instruction_leak",
        ),
        ("Deep down, I am a failure. I am worthless.", "formulation_leak"),
        (
            "I think it's a cognitive distortion, really. Catastrophising.",
            "therapist_speak",
        ),
        ("You should try journaling every day. It works.", "advice"),
    ],
)
@pytest.mark.asyncio
async def test_the_guard_regenerates_once_after_a_bad_output(
    server: FakeOpenAI, bad: str, flag: str
) -> None:
    server.enqueue(reply=bad)
    server.enqueue(reply=GOOD)
    events = await _events(_responder(server), _ctx())
    streamed, final = _split(events)
    assert final.text == GOOD and final.responder == "llm"
    assert flag in final.guard_flags
    # The bad words were never shown; the retry streamed instead.
    assert streamed.strip() == GOOD
    assert len(server.chat_requests) == 2
    retry_messages = server.chat_requests[1].body["messages"]
    assert (
        retry_messages[-1]["role"] == "system" and flag in retry_messages[-1]["content"]
    )


@pytest.mark.asyncio
async def test_two_bad_outputs_fall_back_to_the_offline_reply(
    server: FakeOpenAI,
) -> None:
    server.enqueue(reply="I'm an AI, so I can't really be Marcus.")
    server.enqueue(reply="Sure! As your counsellor, let's explore that together.")
    ctx = _ctx()
    streamed, final = _split(await _events(_responder(server), ctx))
    assert final.responder == "offline-fallback"
    assert final.text == OfflineResponder().reply(ctx)
    # "Sure!" passed the guard and was shown before the role reversal; the caller
    # re-renders the turn from Final.text, which guard_flags announce.
    assert "counsellor" not in streamed and "AI" not in streamed
    assert {"ai_admission", "role_reversal"} <= set(final.guard_flags)
    assert check_reply(final.text, ctx.case, ctx.direction) == ()


@pytest.mark.asyncio
async def test_a_role_break_mid_reply_is_never_shown(server: FakeOpenAI) -> None:
    server.enqueue(
        reply="Well, it's been a rough few months. Honestly, as an AI I can't "
        "say more. Sorry."
    )
    server.enqueue(reply=GOOD)
    streamed, final = _split(await _events(_responder(server), _ctx()))
    assert "AI" not in streamed
    assert final.text == GOOD


@pytest.mark.asyncio
async def test_it_keeps_to_the_sentence_cap_and_strips_a_name_label(
    server: FakeOpenAI,
) -> None:
    long = "Marcus: " + " ".join(f"This is sentence number {n}." for n in range(1, 12))
    server.enqueue(reply=long)
    ctx = _ctx()
    _, final = _split(await _events(_responder(server), ctx))
    assert not final.text.startswith("Marcus:")
    assert final.text.count(".") <= ctx.direction.max_sentences


@pytest.mark.asyncio
async def test_a_stream_that_breaks_midway_raises_instead_of_being_swallowed(
    server: FakeOpenAI,
) -> None:
    server.enqueue(reply=GOOD, cut_after=3)
    with pytest.raises(LLMError):
        await _events(_responder(server), _ctx())


@pytest.mark.asyncio
async def test_a_server_error_surfaces_as_an_llm_error(server: FakeOpenAI) -> None:
    server.enqueue(status=500, error_message="boom")
    with pytest.raises(LLMError):
        await _events(_responder(server), _ctx())


@pytest.mark.asyncio
async def test_a_fallback_after_two_bad_first_sentences_is_streamed(
    server: FakeOpenAI,
) -> None:
    server.enqueue(reply="As an AI, I can't do this.")
    server.enqueue(reply="Let's explore how that makes you feel.")
    ctx = _ctx()
    streamed, final = _split(await _events(_responder(server), ctx))
    assert final.responder == "offline-fallback"
    assert streamed == final.text == OfflineResponder().reply(ctx)


@pytest.mark.asyncio
async def test_a_reply_repeated_word_for_word_is_regenerated(
    server: FakeOpenAI,
) -> None:
    server.enqueue(reply="It's been hard.")
    server.enqueue(reply=GOOD)
    ctx = _ctx()
    ctx = ReplyContext(
        ctx.case,
        ctx.state,
        ctx.direction,
        [
            Utterance("trainee", "Hi"),
            Utterance("patient", "It's been hard."),
            *ctx.history,
        ],
        0,
    )
    _, final = _split(await _events(_responder(server), ctx))
    assert final.text == GOOD and final.guard_flags == ("repeat",)


REPLIES = (
    "I lost my job a few months back. It's been hard.",
    "I just sit at home most days. The bills pile up.",
    "My daughter doesn't know how bad it is. I don't want her to worry.",
    "I keep thinking I should have seen it coming.",
    "I'm not sure, really. Tired, mostly.",
    "Maybe. I haven't thought about it like that.",
)


def test_the_first_1024_tokens_of_every_request_of_a_session_are_identical(
    server: FakeOpenAI,
) -> None:
    """Prompt caching: the stable part (role rules, the case with its fact
    sheet, the style) comes first, is at least 1,024 tokens by the project's
    estimate (the unit the server bills in) and is the same bytes every turn,
    so the first 1,024 tokens of the messages as sent never change."""
    for reply in REPLIES:
        server.enqueue(reply=reply)
    run_session(CASE, "socratic", len(REPLIES), responder=_responder(server))
    requests = server.chat_requests
    assert len(requests) >= len(REPLIES)
    sent = [
        split_into_tokens(json.dumps(r.body["messages"], ensure_ascii=False))
        for r in requests
    ]
    assert all(len(tokens) > 1024 for tokens in sent)
    assert len({tuple(tokens[:1024]) for tokens in sent}) == 1
    # The turns differ after the prefix (the conversation grows).
    assert len({tuple(tokens) for tokens in sent}) == len(sent)


@pytest.mark.parametrize("case", bundled_cases(), ids=lambda c: c.slug)
def test_the_stable_prompt_of_every_case_is_at_least_1024_tokens(
    case: CaseSpec,
) -> None:
    assert estimate_tokens(render_stable_prompt(case)) >= 1024
