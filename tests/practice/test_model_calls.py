"""Model calls as a trainee and an admin see them: metering, commands, audit,
deadlines, the cacheable prefix, and a reply kept across a reconnect."""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from llm.fake import split_into_tokens
from llm.metering import CallRecord
from practice import metering
from practice.models import ModelCall, Turn
from practice.services import recover_interrupted_replies
from tests.support.adversarial import GOOD, LEAD_IN

from .wsutil import message, open_socket, receive_until

DONE = r'data-speaker="patient"[^>]*data-complete="true"'


@pytest.fixture
def llm_patient(settings: Any, llm_configured: Any) -> Any:
    settings.PATIENT_RESPONDER = "llm"
    return llm_configured


async def _turn(ws: Any, text: str) -> list[str]:
    await ws.send_to(text_data=message(text))
    return await receive_until(ws, DONE, timeout=10)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_llm_usage_counts_rejected_and_retried_calls_as_the_server_billed_them(
    practice_session: Any, trainee: Any, llm_patient: Any
) -> None:
    llm_patient.enqueue(reply=LEAD_IN + "As an AI I have no job.", token_delay=0.005)
    llm_patient.enqueue(status=500)
    llm_patient.enqueue(reply=GOOD)
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await _turn(ws, "What brings you here?")
    await ws.disconnect()

    out = StringIO()
    await database_sync_to_async(call_command)("llm_usage", "--json", stdout=out)
    totals = json.loads(out.getvalue())
    assert set(totals) >= {"patient", "annotator"}
    assert set(totals["patient"]) == {
        "calls",
        "prompt_tokens",
        "completion_tokens",
        "cost",
    }
    # The rejected answer, the 500 and the accepted answer: three calls.
    assert totals["patient"]["calls"] == 3
    billed_prompt, billed_completion = llm_patient.billed
    assert totals["patient"]["prompt_tokens"] == billed_prompt
    assert 0 < totals["patient"]["completion_tokens"] <= billed_completion
    assert totals["patient"]["cost"] > 0

    since = StringIO()
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    await database_sync_to_async(call_command)(
        "llm_usage", "--since", tomorrow, "--json", stdout=since
    )
    assert json.loads(since.getvalue())["patient"]["calls"] == 0


@pytest.mark.django_db
def test_check_llm_reports_each_endpoint(llm_configured: Any) -> None:
    for _role in ("patient", "annotator"):
        llm_configured.enqueue(reply="Hello there.")
        llm_configured.enqueue(reply='{"ok": true}')
    out = StringIO()
    call_command("check_llm", stdout=out)
    text = out.getvalue()
    assert "patient: model gpt-4o-mini at " + llm_configured.base_url in text
    assert "streaming: ok" in text and "structured output: ok" in text
    assert ModelCall.objects.filter(role="other").count() == 4

    llm_configured.enqueue(status=401)
    with pytest.raises(CommandError, match="failed"):
        call_command("check_llm", stdout=StringIO())


@pytest.mark.django_db
def test_an_unknown_model_is_priced_at_the_default_with_one_warning(
    settings: Any, caplog: Any
) -> None:
    settings.LLM_DEFAULT_PRICE = {"input": 1.0, "output": 2.0}
    metering._warned_models.discard("mystery-model")
    with caplog.at_level(logging.WARNING, logger="practice.metering"):
        first = metering.estimate_cost(
            model="mystery-model", prompt_tokens=1_000_000, completion_tokens=0
        )
        metering.estimate_cost(
            model="mystery-model", prompt_tokens=1, completion_tokens=1
        )
    assert first == pytest.approx(1.0)
    assert sum("mystery-model" in r.message for r in caplog.records) == 1


@pytest.mark.django_db
def test_program_admins_see_the_calls_and_text_only_when_kept(
    settings: Any, program_admin: Any, trainee: Any
) -> None:
    record = CallRecord(
        model="m",
        host="h",
        outcome="rejected",
        guard=("ai_admission",),
        prompt_tokens=5,
        completion_tokens=3,
        request_text="SECRET PROMPT",
        response_text="I am an AI.",
    )
    settings.LLM_LOG_TEXT = False
    metering.store_calls([record], role="patient", user_id=trainee.pk)
    settings.LLM_LOG_TEXT = True
    metering.store_calls([record], role="patient", user_id=trainee.pk)

    client = Client()
    client.force_login(program_admin)
    page = client.get("/manage/model-calls/").content.decode()
    assert page.count('data-outcome="rejected"') == 2
    assert page.count("SECRET PROMPT") == 1
    usage = client.get("/manage/usage/?month=all").content.decode()
    assert 'data-guard="ai_admission"' in usage

    client.force_login(trainee)
    assert client.get("/manage/model-calls/").status_code in (302, 403)

    ModelCall.objects.update(created_at=timezone.now() - timedelta(days=31))
    settings.LLM_LOG_RETENTION_DAYS = 30
    assert metering.purge_call_text() == 1
    assert not ModelCall.objects.exclude(request_text="").exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_request_opens_with_the_same_tokens_on_every_turn(
    practice_session: Any, trainee: Any, llm_patient: Any
) -> None:
    replies = [
        "I lost my job a while back. Things have been rough since.",
        "Mostly I sit at home. I don't go out much anymore.",
        "My ex-wife and I barely talk now. It's quiet at home.",
        "I worry about money a lot. The bills keep coming.",
        "I guess I feel stuck. Nothing seems to move forward.",
    ]
    for reply in replies:
        llm_patient.enqueue(reply=reply)
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    for question in ("Hi.", "What happened?", "And at home?", "What else?", "How so?"):
        await _turn(ws, question)
    await ws.disconnect()
    requests = [
        [
            tok
            for m in r.body["messages"][:-1]
            for tok in split_into_tokens(m["content"])
        ]
        for r in llm_patient.chat_requests
    ]
    assert len(requests) == 5
    for earlier, later in zip(requests, requests[1:], strict=False):
        # Everything but this turn's notes is a prefix of the next request.
        assert later[: len(earlier)] == earlier
    first = [r.body["messages"][0]["content"] for r in llm_patient.chat_requests]
    assert len(set(first)) == 1
    # The messages as sent (the JSON the server read): the first 1,024 tokens,
    # by the estimate the server bills in, are the same on every turn.
    sent = [
        split_into_tokens(json.dumps(r.body["messages"], ensure_ascii=False))
        for r in llm_patient.chat_requests
    ]
    assert min(len(tokens) for tokens in sent) > 1024
    assert len({tuple(tokens[:1024]) for tokens in sent}) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_reply_read_during_a_reconnect_is_kept(
    practice_session: Any, trainee: Any, llm_patient: Any
) -> None:
    llm_patient.enqueue(reply=GOOD, token_delay=0.05)
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("What brings you here?"))
    await receive_until(ws, r"beforeend:#turn-")  # the first words are on screen
    # Another tab reconnects and its recovery marks the reply interrupted.
    await database_sync_to_async(recover_interrupted_replies)(
        session_id=practice_session.pk, older_than_seconds=0
    )
    await receive_until(ws, DONE, timeout=10)
    await ws.disconnect()
    turn = await database_sync_to_async(
        lambda: practice_session.turns.order_by("-index").first()
    )()
    assert turn.status == Turn.Status.COMPLETE
    assert turn.text == GOOD


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_three_thousand_word_reply_is_complete_soon_after_its_first_text(
    practice_session: Any, trainee: Any, llm_patient: Any
) -> None:
    llm_patient.enqueue(
        reply=("It has been a long few months for me. " * 375).strip(),
        token_delay=0.002,
    )
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    await ws.send_to(text_data=message("Tell me more."))
    await receive_until(ws, r"beforeend:#turn-")
    first_text = asyncio.get_running_loop().time()
    await receive_until(ws, DONE, timeout=10)
    assert asyncio.get_running_loop().time() - first_text < 3.0
    await ws.disconnect()
