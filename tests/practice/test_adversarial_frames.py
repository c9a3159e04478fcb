"""What reaches the browser, frame by frame, against an adversarial model.

Every scenario of `tests/support/adversarial.py` runs through the real socket,
consumer, responder, guard and OpenAI client against the loopback fake server.
The target: no forbidden text in any frame, ever; every turn ends complete or
clearly failed; every token the server billed is metered.
"""

from __future__ import annotations

import html
import json
import os
import time
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db.models import Sum

from llm.openai_client import CLOSED_EARLY, UNREAD
from practice.models import ModelCall, Turn
from tests.support.adversarial import Scenario, scenarios

from .wsutil import message, open_socket, receive_until

pytestmark = [pytest.mark.django_db(transaction=True)]

DONE = r'data-speaker="patient"[^>]*data-complete="true"'
FAILED = r"The reply didn&#x27;t come through|The reply didn't come through"
SCENARIOS = scenarios()
# (scenario, metered prompt, metered completion, billed prompt, billed completion)
METERED: list[tuple[str, int, int, int, int]] = []


@pytest.fixture
def llm_patient(settings: Any, llm_configured: Any) -> Any:
    settings.PATIENT_RESPONDER = "llm"
    return llm_configured


@database_sync_to_async
def _outcome(session: Any) -> tuple[Turn, int, int, list[list[str]], bool, bool]:
    turn = session.turns.order_by("-index").first()
    calls = ModelCall.objects.filter(turn=turn)
    sums = calls.aggregate(p=Sum("prompt_tokens"), c=Sum("completion_tokens"))
    guards = [c.guard for c in calls.order_by("pk")]
    closed = calls.filter(error__startswith=CLOSED_EARLY).exists()
    unread = calls.filter(error__endswith=UNREAD).exists()
    return turn, sums["p"] or 0, sums["c"] or 0, guards, closed, unread


def test_there_are_at_least_forty_scenarios() -> None:
    assert len(SCENARIOS) >= 40
    assert sum(bool(s.forbidden) for s in SCENARIOS) >= 40


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "scenario",
    [
        pytest.param(
            s,
            marks=pytest.mark.xfail(
                strict=True, reason="a paraphrase the guard misses"
            ),
        )
        if s.known_miss
        else s
        for s in SCENARIOS
    ],
    ids=lambda s: s.name,
)
async def test_no_forbidden_text_reaches_the_browser(
    scenario: Scenario,
    practice_session: Any,
    trainee: Any,
    llm_patient: Any,
    settings: Any,
) -> None:
    for key, value in scenario.settings.items():
        setattr(settings, key, value)
    for answer in scenario.answers:
        llm_patient.enqueue(**answer)
    ws = await open_socket(practice_session.uuid, trainee)
    await ws.connect()
    started = time.monotonic()
    await ws.send_to(text_data=message("What brings you here today?"))
    frames = await receive_until(ws, f"{DONE}|{FAILED}", timeout=15)
    elapsed = time.monotonic() - started
    await ws.disconnect()

    for number, frame in enumerate(frames):
        seen = html.unescape(frame).lower()
        for fragment in scenario.forbidden:
            assert fragment.lower() not in seen, f"frame {number} shows {fragment!r}"

    turn, prompt, completion, guards, closed, unread = await _outcome(practice_session)
    if scenario.ending == "failed":
        assert turn.status == Turn.Status.FAILED
    elif scenario.ending != "any":
        assert turn.status == Turn.Status.COMPLETE
    if scenario.ending == "llm":
        assert turn.responder == "llm"
    elif scenario.ending == "fallback":
        assert turn.responder.startswith("offline-")
    elif scenario.ending == "partial":
        assert turn.responder.startswith("llm")
    if scenario.keeps:
        assert scenario.keeps in turn.text
    for fragment in scenario.forbidden:
        assert fragment.lower() not in turn.text.lower()
    if scenario.forbidden and scenario.trips:
        # The trip is stored with the turn, with its reason.
        assert any(guards), guards
    deadline = scenario.settings.get("LLM_REPLY_DEADLINE")
    if deadline:
        # Complete or clearly failed within 1.2 x the deadline, counted from
        # the trainee's message to the final frame.
        assert elapsed < 1.2 * deadline
    billed_prompt, billed_completion = llm_patient.billed
    if summary := os.environ.get("ADVERSARIAL_SUMMARY"):
        # For the measurements in docs/benchmarks.md: one JSON line per scenario.
        with open(summary, "a", encoding="utf-8") as out:  # noqa: ASYNC230, PTH123
            out.write(
                json.dumps(
                    {
                        "scenario": scenario.name,
                        "frames": len(frames),
                        "forbidden_frames": 0,
                        "elapsed": round(elapsed, 3),
                        "ending": turn.status,
                        "responder": turn.responder,
                        "closed_early": closed,
                        "unread": unread,
                        "metered": [prompt, completion],
                        "billed": [billed_prompt, billed_completion],
                    }
                )
                + "\n"
            )
    METERED.append(
        (scenario.name, prompt, completion, billed_prompt, billed_completion)
    )
    assert prompt == billed_prompt
    if unread:
        # The app closed a stream early and the server was still writing when
        # the bounded read of what it had delivered stopped (only a long reply
        # written all at once does that): what was read is a lower bound.
        assert 0 < completion <= billed_completion
    else:
        # Every token the server sent for this turn is metered, exactly,
        # including streams the app closed early (capped, or the guard
        # tripped): it reads what was already delivered before closing.
        assert completion == billed_completion
