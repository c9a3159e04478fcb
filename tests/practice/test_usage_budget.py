"""Usage and cost from the model's token counts; the daily token budget in the chat."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.utils import timezone

from backoffice import usage
from config.settings.base import parse_model_prices
from feedback.models import Annotation
from llm.types import Usage
from practice import budget
from practice.exceptions import TokenBudgetExceeded
from practice.models import ModelCall, Turn
from practice.services import complete_patient_turn, start_session

from .wsutil import message, open_socket, receive_until


def billed_turn(
    session: Any,
    *,
    prompt: int,
    completion: int,
    model: str = "gpt-4o-mini",
    when: Any = None,
) -> Turn:
    index = session.turns.count()
    turn = Turn.objects.create(
        session=session,
        index=index,
        speaker=Turn.Speaker.PATIENT,
        text="…",
        status=Turn.Status.COMPLETE,
        prompt_tokens=prompt,
        completion_tokens=completion,
        model=model,
        created_at=when or timezone.now(),
    )
    ModelCall.objects.create(
        role="patient",
        model=model,
        outcome="accepted",
        turn=turn,
        user=session.trainee,
        prompt_tokens=prompt,
        completion_tokens=completion,
        created_at=when or timezone.now(),
    )
    return turn


@pytest.mark.django_db
def test_it_records_the_model_of_a_reply_that_used_tokens(
    practice_session: Any, settings: Any
) -> None:
    settings.PATIENT_MODEL = "gpt-4o"
    turn = Turn.objects.create(
        session=practice_session,
        index=1,
        speaker="patient",
        status=Turn.Status.STREAMING,
    )
    complete_patient_turn(
        turn_id=turn.pk, text="Hi.", responder="llm", usage=Usage(120, 30)
    )
    turn.refresh_from_db()
    assert (turn.prompt_tokens, turn.completion_tokens, turn.model) == (
        120,
        30,
        "gpt-4o",
    )


@pytest.mark.django_db
def test_it_totals_tokens_and_cost_per_trainee_cohort_session_and_month(
    settings: Any,
    trainee: Any,
    other_trainee: Any,
    case: Any,
    cohort: Any,
    program_admin: Any,
) -> None:
    settings.MODEL_PRICES = {
        "gpt-4o-mini": {"input": 1.0, "output": 2.0},
        "big": {"input": 10.0, "output": 20.0},
    }
    mine = start_session(trainee=trainee, case=case)
    theirs = start_session(trainee=other_trainee, case=case)
    billed_turn(mine, prompt=1_000_000, completion=500_000)  # 1 + 1 = 2.0
    billed_turn(mine, prompt=100_000, completion=0, model="big")  # 1.0
    billed_turn(theirs, prompt=0, completion=1_000_000)  # 2.0
    last_year = timezone.now() - timedelta(days=400)
    billed_turn(
        theirs, prompt=1_000_000, completion=0, when=last_year
    )  # 1.0, other month

    month = timezone.localdate().replace(day=1)
    by_trainee = {r.key: r for r in usage.usage_by_trainee(month)}
    assert by_trainee[trainee].tokens == 1_600_000
    assert by_trainee[trainee].cost == pytest.approx(3.0)
    assert by_trainee[trainee].sessions == 1
    assert by_trainee[other_trainee].cost == pytest.approx(2.0)
    by_cohort = {r.label: r.cost for r in usage.usage_by_cohort(month)}
    assert by_cohort == {
        "Tuesday group": pytest.approx(3.0),
        "Thursday group": pytest.approx(2.0),
    }
    assert usage.usage_by_session(month)[0].key == mine
    assert usage.total(usage.usage_by_trainee(None)).cost == pytest.approx(6.0)
    months = usage.usage_by_month()
    assert len(months) == 2 and months[0].cost == pytest.approx(5.0)

    client = Client()
    client.force_login(program_admin)
    page = client.get("/manage/usage/")
    assert page.context["total"].cost == pytest.approx(5.0)
    html = page.content.decode()
    assert "5.0000 USD" in html and str(trainee) in html
    assert client.get("/manage/usage/?month=all").context[
        "total"
    ].cost == pytest.approx(6.0)
    old = client.get(f"/manage/usage/?month={last_year:%Y-%m}").context
    assert old["month"] == date(last_year.year, last_year.month, 1)
    assert old["total"].cost == pytest.approx(1.0)


def test_model_prices_come_from_json_and_bad_values_stop_startup() -> None:
    assert parse_model_prices('{"m": {"input": 1, "output": 2.5}}') == {
        "m": {"input": 1.0, "output": 2.5}
    }
    assert "gpt-4o-mini" in parse_model_prices("")
    for raw in (
        "nope",
        "[]",
        '{"m": {"input": 1}}',
        '{"m": {"input": -1, "output": 1}}',
    ):
        with pytest.raises(ImproperlyConfigured):
            parse_model_prices(raw)


@pytest.mark.django_db
def test_the_budget_counts_only_todays_tokens(trainee: Any, case: Any) -> None:
    session = start_session(trainee=trainee, case=case)
    billed_turn(
        session, prompt=400, completion=100, when=timezone.now() - timedelta(days=1)
    )
    trainee.daily_token_budget = 300
    trainee.save()
    budget.check_token_budget(user_id=trainee.pk)  # yesterday's 500 do not count
    billed_turn(session, prompt=250, completion=50)
    with pytest.raises(TokenBudgetExceeded, match="300 tokens"):
        budget.check_token_budget(user_id=trainee.pk)
    trainee.daily_token_budget = None
    trainee.save()
    budget.check_token_budget(user_id=trainee.pk)  # no budget, no limit


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_chat_refuses_a_message_over_the_daily_budget(
    practice_session: Any, trainee: Any
) -> None:
    @database_sync_to_async
    def use_up_budget() -> None:
        trainee.daily_token_budget = 1000
        trainee.save(update_fields=["daily_token_budget"])
        billed_turn(practice_session, prompt=900, completion=150)

    @database_sync_to_async
    def trainee_turns() -> int:
        return practice_session.turns.filter(speaker="trainee").count()

    await use_up_budget()
    ws = await open_socket(practice_session.uuid, trainee)
    connected, _ = await ws.connect()
    assert connected
    await ws.send_to(text_data=message("How are you feeling today?"))
    frames = await receive_until(ws, r'id="chat-error"')
    assert "practice allowance (1,000 tokens)" in frames[-1]
    assert await trainee_turns() == 0
    await ws.disconnect()


@pytest.mark.django_db
def test_annotation_tokens_count_in_usage_and_in_the_budget(
    settings: Any, trainee: Any, case: Any, cohort: Any
) -> None:
    settings.MODEL_PRICES = {
        "gpt-4o-mini": {"input": 1.0, "output": 2.0},
        "judge": {"input": 3.0, "output": 6.0},
    }
    session = start_session(trainee=trainee, case=case)
    billed_turn(session, prompt=1_000_000, completion=0)  # patient: 1.0
    trainee_turn = Turn.objects.create(
        session=session,
        index=session.turns.count(),
        speaker=Turn.Speaker.TRAINEE,
        text="What happened?",
        status=Turn.Status.COMPLETE,
    )
    Annotation.objects.create(
        turn=trainee_turn,
        annotator="llm:judge",
        rubric_version="v",
        data={},
        model="judge",
        prompt_tokens=1_000_000,
        completion_tokens=500_000,  # 3 + 3 = 6.0
    )
    ModelCall.objects.create(
        role="annotator",
        model="judge",
        outcome="ok",
        turn=trainee_turn,
        user=trainee,
        prompt_tokens=1_000_000,
        completion_tokens=500_000,
    )
    month = timezone.localdate().replace(day=1)
    [row] = usage.usage_by_trainee(month)
    assert row.tokens == 2_500_000
    assert row.cost == pytest.approx(7.0)
    assert usage.usage_by_month()[0].cost == pytest.approx(7.0)
    assert {r.label: r.cost for r in usage.usage_by_cohort(month)} == {
        "Tuesday group": pytest.approx(7.0)
    }
    assert usage.usage_by_session(month)[0].cost == pytest.approx(7.0)
    assert budget.tokens_used_today(user_id=trainee.pk) == 2_500_000
    trainee.daily_token_budget = 2_000_000
    trainee.save()
    with pytest.raises(TokenBudgetExceeded):
        budget.check_token_budget(user_id=trainee.pk)
