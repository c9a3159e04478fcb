"""What the sentence hold-back costs: model's first token -> first patient text.

    .venv/bin/python bench/holdback.py [--replies 60] [--token-delay 0.025] [--concurrency 20]

The LLM responder shows nothing until a sentence is complete and the reply so
far passes the guard. This runs the real responder and OpenAI client against
the loopback fake server, with replies taken from the offline patient of every
bundled case (realistic lengths and punctuation), streamed at `token_delay`
seconds per word-piece (0.025 s is 40 tokens/s, a typical hosted model), and
reports, in ms:

- model first token: request -> first streamed text from the server (client side);
- first patient text: request -> first text the responder lets through;
- hold-back: the difference (what the sentence unit costs);
- clause: when the first clause boundary (, ; : — followed by a space) arrived,
  i.e. what a clause unit could show instead (measured on the same streams);
- guard time per check.

`--concurrency` runs that many replies at once on one event loop (20 sessions).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import time
from typing import Any

from llm.metering import collecting
from llm.openai_client import OpenAIChatModel
from llm.types import Timeouts
from patients.simulation import (
    OfflineResponder,
    ReplyContext,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation.guard import check_reply, leak_sources
from patients.simulation.responders.base import Token
from patients.simulation.responders.llm import LLMResponder
from tests.support.fake_openai import Behaviour, running_fake_openai

_CLAUSE = re.compile(r"[,;:—–]\s|[.!?…]\s")
LINES = [
    "Hi.",
    "What brings you in today?",
    "What happened then?",
    "How did that feel?",
]


def contexts(limit: int) -> list[tuple[ReplyContext, str]]:
    """(context, reply text) pairs from the offline patient of every case."""
    offline = OfflineResponder()
    out: list[tuple[ReplyContext, str]] = []
    seed = 0
    while len(out) < limit:
        for case in bundled_cases():
            state = initial_state(case, seed=seed)
            history: list[Utterance] = []
            for line in LINES:
                step = advance(case, state, line, history)
                history = [*history, Utterance(speaker="trainee", text=line)]
                ctx = ReplyContext(case, step.state, step.direction, history, seed)
                reply = offline.reply(ctx)
                out.append((ctx, reply))
                history = [*history, Utterance(speaker="patient", text=reply)]
                state = step.state
        seed += 1
    return out[:limit]


async def one(
    responder: LLMResponder, ctx: ReplyContext, reply: str, delay: float
) -> dict[str, float] | None:
    with collecting() as log:
        started = time.monotonic()
        first_text: float | None = None
        async for event in responder.stream(ctx):
            if isinstance(event, Token) and first_text is None:
                first_text = (time.monotonic() - started) * 1000
    record = log.records[0] if log.records else None
    if first_text is None or record is None or record.first_token_ms is None:
        return None
    # Where the first clause (or sentence) boundary falls in the streamed text,
    # in word pieces, and so when it arrived at this token rate.
    m = _CLAUSE.search(reply + " ")
    pieces_to_clause = len((reply + " ")[: m.end() if m else len(reply)].split())
    return {
        "model_first": record.first_token_ms,
        "first_text": first_text,
        "holdback": first_text - record.first_token_ms,
        "clause_holdback": max(0.0, (pieces_to_clause - 1) * delay * 1000),
    }


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def run(args: Any) -> dict[str, Any]:
    pairs = contexts(args.replies)
    results: list[dict[str, float]] = []
    with running_fake_openai(Behaviour(token_delay=args.token_delay)) as server:
        model = OpenAIChatModel(
            model="fake",
            api_key="k",
            base_url=server.base_url,
            timeout=Timeouts.uniform(30),
        )
        responder = LLMResponder(model, fallback=OfflineResponder(), deadline=60)
        for start in range(0, len(pairs), args.concurrency):
            batch = pairs[start : start + args.concurrency]
            for _ctx, reply in batch:
                server.enqueue(reply=reply, token_delay=args.token_delay)
            got = await asyncio.gather(
                *(one(responder, ctx, reply, args.token_delay) for ctx, reply in batch)
            )
            results += [r for r in got if r is not None]
        await model.aclose()
    guard_ms: list[float] = []
    false_trips: dict[str, int] = {}
    for ctx, reply in pairs:
        sources = leak_sources(
            ctx.case,
            "\n".join(m.content for m in responder.messages(ctx) if m.role == "system"),
        )
        t = time.perf_counter()
        flags = check_reply(reply, ctx.case, ctx.direction, sources=sources)
        guard_ms.append((time.perf_counter() - t) * 1000)
        for flag in flags:
            # The offline patient's replies are in role: any flag is a false trip.
            false_trips[flag] = false_trips.get(flag, 0) + 1
    summary: dict[str, Any] = {
        "replies": len(results),
        "token_delay_s": args.token_delay,
        "concurrency": args.concurrency,
    }
    for key in ("model_first", "first_text", "holdback", "clause_holdback"):
        values = [r[key] for r in results]
        summary[key] = {
            "p50": round(pct(values, 50), 1),
            "p95": round(pct(values, 95), 1),
        }
    summary["guard_false_trips_on_offline_replies"] = false_trips
    summary["guard_check_ms"] = {
        "p50": round(statistics.median(guard_ms), 3),
        "p95": round(pct(guard_ms, 95), 3),
    }
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replies", type=int, default=60)
    parser.add_argument("--token-delay", type=float, default=0.025)
    parser.add_argument("--concurrency", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args)), indent=2))  # noqa: T201


if __name__ == "__main__":
    main()
