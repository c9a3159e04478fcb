"""Practice socket latency: N concurrent trainees against uvicorn, Redis, PostgreSQL.

    .venv/bin/python bench/ws_latency.py --sessions 1,50,200 --messages 10

For each N: N clients connect to the echo socket and then to their own practice
sessions (same server, same process), are released together, and each sends
`--messages` messages one after another, waiting for the complete patient turn
before the next (a closed loop with no think time: harsher than people typing).
Per message it records send -> the trainee-turn frame ("ack"), send -> the first
streamed patient word ("first token"), send -> the finished patient turn.

The patient is the offline responder with PATIENT_TOKEN_DELAY=0, annotations go
through a real Celery worker, so the time measured is the stack's, not a model's.
Target (issue): p95 first frame <= 50 ms at 50 sessions and <= 2x the echo p95.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import harness as h  # noqa: E402

TARGET_SESSIONS = 50
TARGET_P95_MS = 50.0
TARGET_RATIO = 2.0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sessions",
        default="1,50,200",
        help="comma-separated concurrency levels (default 1,50,200)",
    )
    parser.add_argument(
        "--messages",
        type=int,
        default=10,
        help="messages per session, sent one after another (default 10)",
    )
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="uvicorn worker processes (default 1; compose runs 2)",
    )
    parser.add_argument("--celery-concurrency", type=int, default=4)
    parser.add_argument("--database", default="practice_bench")
    parser.add_argument(
        "--keep-db",
        action="store_true",
        help="leave the bench database in place afterwards",
    )
    parser.add_argument(
        "--frame-timeout",
        type=float,
        default=15.0,
        help="seconds to wait for a frame before counting a failure",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=180.0,
        help="seconds per level before clients stop sending",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=5.0,
        help="mean seconds a trainee pauses before each message, uniform "
        "0.5-1.5x (default 5; 0 = closed loop, i.e. saturation)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print JSON instead of tables"
    )
    args = parser.parse_args(argv)
    args.levels = [int(x) for x in args.sessions.split(",") if x.strip()]
    if not args.levels or min(args.levels) < 1 or max(args.levels) > 1000:
        parser.error("--sessions: levels between 1 and 1000")
    if not 0 <= args.think <= 120:
        parser.error("--think: 0 to 120 seconds")
    if not 1 <= args.messages <= 1000:
        parser.error("--messages: between 1 and 1000")
    return args


# Stages the server logs per message (practice.timing, see bench/settings.py), in
# path order: waiting for a pool thread, the session lock and transcript read, the
# rate limit (Redis), the token budget, the patient engine's step, the insert and
# the commit (with its after-commit hooks), of which the commit alone (it follows
# the disk and the machine's load more than the code), rendering the two turns,
# receive -> ack sent, receive -> first patient word sent.
STAGES = (
    "pool_wait",
    "lock_and_read",
    "rate_limit",
    "budget",
    "advance",
    "insert_commit",
    "commit",
    "render",
    "ack",
    "first_token",
)


def _uvicorn_log(procs: h.Processes) -> Path:
    return procs.log_dir / "uvicorn.log"


def _log_size(procs: h.Processes) -> int:
    log = _uvicorn_log(procs)
    return log.stat().st_size if log.exists() else 0


def _read_stages(procs: h.Processes, offset: int) -> dict[str, list[float]]:
    """Stage timings the server logged since `offset` (empty for older servers)."""
    out: dict[str, list[float]] = {}
    log = _uvicorn_log(procs)
    if not log.exists():
        return out
    with log.open("rb") as handle:
        handle.seek(offset)
        for raw in handle:
            line = raw.decode(errors="replace").strip()
            if line.startswith("stages "):
                for key, value in json.loads(line[len("stages ") :]).items():
                    out.setdefault(key, []).append(float(value))
    return out


WARMUP_SESSIONS = 4
WARMUP_MESSAGES = 3


async def measure(
    args: argparse.Namespace,
    seats: list[h.Seat],
    procs: h.Processes,
    uvicorn_pgid: int,
    celery_pgid: int,
) -> list[h.LevelResult]:
    port = args.port
    # Warm-up on seats of its own: template compilation, the case-spec cache,
    # the pool growing, Celery's broker connection, in every uvicorn worker.
    warm = seats[:WARMUP_SESSIONS]
    await h.run_echo(
        port, warm, WARMUP_MESSAGES, frame_timeout=args.frame_timeout, budget_s=30
    )
    _, errors = await h.run_practice(
        port,
        warm,
        WARMUP_MESSAGES,
        wait_annotation=False,
        frame_timeout=args.frame_timeout,
        budget_s=60,
    )
    if errors:
        raise RuntimeError(f"warm-up failed: {errors[:3]}")
    await h.drain_queue(procs.bench.queue, timeout=60)

    results: list[h.LevelResult] = []
    offset = WARMUP_SESSIONS
    for n in args.levels:
        level_seats = seats[offset : offset + n]
        offset += n
        result = h.LevelResult(sessions=n, messages_per_session=args.messages)
        log_offset = _log_size(procs)
        # The floor under the same pacing, so both see the same offered load.
        echo, echo_errors = await h.run_echo(
            port,
            level_seats,
            args.messages,
            frame_timeout=args.frame_timeout,
            budget_s=args.budget,
            think_s=args.think,
        )
        result.echo_ms = echo
        result.errors += [f"echo: {e}" for e in echo_errors]
        before = (
            h.cpu_seconds(uvicorn_pgid),
            h.cpu_seconds(celery_pgid),
            h.self_cpu_seconds(),
        )
        started = time.monotonic()
        timings, errors = await h.run_practice(
            port,
            level_seats,
            args.messages,
            wait_annotation=False,
            frame_timeout=args.frame_timeout,
            budget_s=args.budget,
            think_s=args.think,
        )
        result.wall_s = time.monotonic() - started
        after = (
            h.cpu_seconds(uvicorn_pgid),
            h.cpu_seconds(celery_pgid),
            h.self_cpu_seconds(),
        )
        result.cpu_s = {
            "uvicorn": after[0] - before[0],
            "celery": after[1] - before[1],
            "client": after[2] - before[2],
        }
        result.timings = timings
        result.errors += errors + [t.error for t in timings if t.error]
        result.stages = _read_stages(procs, log_offset)
        results.append(result)
        if not args.json:
            print(
                f"  N={n}: {len(timings)} messages in {result.wall_s:.1f}s",
                file=sys.stderr,
            )
        # Let the annotations of this level finish before the next level starts.
        await h.drain_queue(procs.bench.queue, timeout=120)
    return results


def report(
    args: argparse.Namespace, results: list[h.LevelResult], info: dict[str, str]
) -> None:
    rows = []
    for r in results:
        ok = [t for t in r.timings if t.error is None]
        ack = h.Summary.of([t.ack_ms for t in ok if t.ack_ms is not None])
        first = h.Summary.of(
            [t.first_token_ms for t in ok if t.first_token_ms is not None]
        )
        done = h.Summary.of([t.complete_ms for t in ok if t.complete_ms is not None])
        echo = h.Summary.of(r.echo_ms)
        ratio = (first.p95 / echo.p95) if first.p95 and echo.p95 else None
        rows.append(
            {
                "sessions": r.sessions,
                "messages": len(r.timings),
                "failed": len(r.errors),
                "ack_ms": ack,
                "first_token_ms": first,
                "complete_ms": done,
                "echo_ms": echo,
                "first_token_p95_over_echo_p95": ratio,
                "tokens_per_reply_mean": (sum(t.tokens for t in ok) / len(ok))
                if ok
                else None,
                "throughput_msg_s": (len(ok) / r.wall_s) if r.wall_s else None,
                "wall_s": r.wall_s,
                "cpu_s": r.cpu_s,
                "errors_sample": r.errors[:5],
                "stages_ms": {k: h.Summary.of(v) for k, v in r.stages.items()},
            }
        )
    target = next((row for row in rows if row["sessions"] == TARGET_SESSIONS), None)
    verdict = None
    if target is not None and target["first_token_ms"].p95 is not None:
        p95 = target["first_token_ms"].p95
        ratio = target["first_token_p95_over_echo_p95"]
        verdict = {
            "p95_first_token_le_50ms": p95 <= TARGET_P95_MS,
            "within_2x_echo": ratio is not None and ratio <= TARGET_RATIO,
        }
    if args.json:
        print(
            h.to_json(
                {
                    "benchmark": "ws_latency",
                    "machine": info,
                    "args": {
                        "sessions": args.levels,
                        "messages": args.messages,
                        "workers": args.workers,
                        "think_s": args.think,
                        "celery_concurrency": args.celery_concurrency,
                    },
                    "levels": rows,
                    "target_at_50": verdict,
                }
            )
        )
        return
    print()
    print(
        f"ws_latency  messages/session={args.messages}  think={args.think:g}s  "
        f"uvicorn workers={args.workers}  celery threads={args.celery_concurrency}"
        f"  (ms)"
    )
    header = (
        f"{'N':>4} {'msgs':>5} {'fail':>4} | {'ack p50':>7} {'p95':>6} | "
        f"{'1st tok p50':>11} {'p95':>6} {'max':>7} | {'complete p50':>12} {'p95':>6} "
        f"{'max':>7} | {'echo p50':>8} {'p95':>6} | {'ratio':>5} | {'msg/s':>6}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        a, f, c, e = (
            row["ack_ms"],
            row["first_token_ms"],
            row["complete_ms"],
            row["echo_ms"],
        )
        ratio = row["first_token_p95_over_echo_p95"]
        print(
            f"{row['sessions']:>4} {row['messages']:>5} {row['failed']:>4} | "
            f"{h.fmt(a.p50):>7} {h.fmt(a.p95):>6} | "
            f"{h.fmt(f.p50):>11} {h.fmt(f.p95):>6} {h.fmt(f.max):>7} | "
            f"{h.fmt(c.p50):>12} {h.fmt(c.p95):>6} {h.fmt(c.max):>7} | "
            f"{h.fmt(e.p50):>8} {h.fmt(e.p95):>6} | "
            f"{'-' if ratio is None else f'{ratio:.1f}x':>5} | "
            f"{h.fmt(row['throughput_msg_s']):>6}"
        )
    print()
    for row in rows:
        cpu = row["cpu_s"]
        print(
            f"N={row['sessions']}: wall {row['wall_s']:.1f}s, CPU s uvicorn "
            f"{cpu.get('uvicorn', 0):.1f} / celery {cpu.get('celery', 0):.1f} / "
            f"client {cpu.get('client', 0):.1f}; tokens/reply "
            f"{h.fmt(row['tokens_per_reply_mean'])}"
        )
        for err in row["errors_sample"]:
            print(f"   error: {err}")
    for row in rows:
        stages = row["stages_ms"]
        if not stages:
            continue
        print(f"\nN={row['sessions']}: server stages per message, ms (p50 / p95)")
        for key in [*STAGES, *(k for k in stages if k not in STAGES)]:
            if key in stages:
                st = stages[key]
                print(f"  {key:<14} {h.fmt(st.p50):>7} / {h.fmt(st.p95):>7}")
    if verdict is not None:
        print(
            f"\ntarget at N=50: p95 first token <= 50 ms: "
            f"{'met' if verdict['p95_first_token_le_50ms'] else 'NOT met'}; "
            f"within 2x echo p95: {'met' if verdict['within_2x_echo'] else 'NOT met'}"
        )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not h.port_is_free(args.port):
        print(f"port {args.port} is in use; pass --port", file=sys.stderr)
        return 2
    return h.run_benchmark(
        "ws_latency",
        args,
        seats=WARMUP_SESSIONS + sum(args.levels),
        measure=measure,
        report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
