"""The app's overhead over the model on the full stack, with the LLM patient.

    .venv/bin/python bench/llm_overhead.py [--sessions 20] [--messages 5] [--token-delay 0.025]

Production-like stack as `bench/ws_latency.py` (uvicorn, Redis, PostgreSQL, a
Celery worker), with PATIENT_RESPONDER=llm against the loopback fake OpenAI
server run as a process of its own (`tests.support.fake_openai --vary`: a
different two-sentence reply per request, streamed at `--token-delay` seconds
per word-piece; 0.025 s is 40 tokens/s). N trainees send `--messages` messages
each, pausing `--think` seconds on average between them.

Per patient reply, paired by turn:
- first text: the server receiving the trainee's message -> the first patient
  words sent on the socket (the consumer's `stages` log line);
- model first token: the model call's own request -> first streamed text (the
  ModelCall row of the turn's first attempt);
- overhead: first text minus model first token, i.e. everything the app adds
  (saving the message, the engine, the request, the sentence hold-back, the
  guard, the socket) over the model's own time to its first token. Of that, the
  sentence hold-back is the time to stream the first sentence at the model's
  rate (`bench/holdback.py` measures it apart).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import harness as h  # noqa: E402
from bench import ws_latency  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--messages", type=int, default=5)
    parser.add_argument("--token-delay", type=float, default=0.025)
    parser.add_argument("--think", type=float, default=2.0)
    parser.add_argument("--port", type=int, default=8793)
    parser.add_argument("--fake-port", type=int, default=8794)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--celery-concurrency", type=int, default=2)
    parser.add_argument("--database", default="practice_bench_llm")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--frame-timeout", type=float, default=30.0)
    parser.add_argument("--budget", type=float, default=240.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.levels = [args.sessions]
    return args


def _turn_stages(procs: h.Processes) -> dict[int, float]:
    """turn id -> receive -> first patient word sent (ms), from the server log."""
    out: dict[int, float] = {}
    log = procs.log_dir / "uvicorn.log"
    for raw in log.read_bytes().splitlines():
        line = raw.decode(errors="replace").strip()
        if line.startswith("stages "):
            stages = json.loads(line[len("stages ") :])
            if "turn" in stages and "first_token" in stages:
                out[int(stages["turn"])] = float(stages["first_token"])
    return out


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def measure(
    args: argparse.Namespace,
    seats: list[h.Seat],
    procs: h.Processes,
    uvicorn_pgid: int,
    celery_pgid: int,
) -> dict[str, Any]:
    results = await ws_latency.measure(args, seats, procs, uvicorn_pgid, celery_pgid)
    stages = _turn_stages(procs)
    # The measured sessions only (not the warm-up's); read with plain SQL, the
    # bench's own database, so this module needs no Django models.
    measured = [s.session_uuid for s in seats[ws_latency.WARMUP_SESSIONS :]]
    model_first: dict[int, int] = {}
    with psycopg.connect(procs.bench.database_url) as conn:
        rows = conn.execute(
            "SELECT mc.turn_id, mc.first_token_ms FROM practice_modelcall mc "
            "JOIN practice_turn t ON t.id = mc.turn_id "
            "JOIN practice_practicesession s ON s.id = t.session_id "
            "WHERE mc.role = 'patient' AND mc.first_token_ms IS NOT NULL "
            "AND s.uuid::text = ANY(%s) ORDER BY mc.id",
            ([str(u) for u in measured],),
        ).fetchall()
    for turn_id, first_token_ms in rows:
        model_first.setdefault(int(turn_id), int(first_token_ms))
    pairs = [
        (stages[turn], float(model_first[turn]))
        for turn in stages
        if turn in model_first
    ]
    level = results[-1]
    out: dict[str, Any] = {
        "sessions": args.sessions,
        "messages": len(level.timings),
        "errors": len(level.errors),
        "replies_paired": len(pairs),
        "token_delay_s": args.token_delay,
    }
    for name, values in (
        ("first_text_ms", [a for a, _ in pairs]),
        ("model_first_token_ms", [b for _, b in pairs]),
        ("overhead_ms", [a - b for a, b in pairs]),
        (
            "client_first_token_ms",
            [t.first_token_ms for t in level.timings if t.first_token_ms is not None],
        ),
    ):
        if values:
            out[name] = {
                "p50": round(_pct(values, 50), 1),
                "p95": round(_pct(values, 95), 1),
            }
    return out


def report(
    args: argparse.Namespace, result: dict[str, Any], info: dict[str, str]
) -> None:
    if args.json:
        print(json.dumps(result | {"machine": info}, indent=2))  # noqa: T201
        return
    print(json.dumps(result, indent=2))  # noqa: T201


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    for port in (args.port, args.fake_port):
        if not h.port_is_free(port):
            print(f"port {port} is in use", file=sys.stderr)  # noqa: T201
            return 2
    fake = subprocess.Popen(  # noqa: S603 - our own module, fixed arguments
        [
            sys.executable,
            "-m",
            "tests.support.fake_openai",
            "--port",
            str(args.fake_port),
            "--token-delay",
            str(args.token_delay),
            "--vary",
        ],
        cwd=str(h.REPO),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while h.port_is_free(args.fake_port) and time.monotonic() < deadline:
            time.sleep(0.1)
        return h.run_benchmark(
            "llm_overhead",
            args,
            seats=ws_latency.WARMUP_SESSIONS + args.sessions,
            measure=measure,
            report=report,
            extra_env={
                "PATIENT_RESPONDER": "llm",
                "PATIENT_BASE_URL": f"http://127.0.0.1:{args.fake_port}/v1",
                "PATIENT_API_KEY": "bench",
                "PATIENT_MODEL": "fake-model",
                "ANNOTATOR": "offline",
            },
        )
    finally:
        fake.terminate()
        fake.wait(timeout=10)


if __name__ == "__main__":
    asyncio.set_event_loop_policy(None)
    raise SystemExit(main())
