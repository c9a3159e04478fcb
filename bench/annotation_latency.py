"""Annotation latency: from the trainee pressing Enter to the annotation frame.

    .venv/bin/python bench/annotation_latency.py --sessions 1,20 --messages 10

Same harness as ws_latency.py (uvicorn on production settings, Redis channel
layer, PostgreSQL, a real `celery worker --pool=threads` on its own queue, the
offline annotator). Each client sends a message, waits for both the complete
patient turn and the `data-annotation-for` frame of its own turn, pauses, and
sends the next. The path measured: the socket saves the turn -> on_commit
publishes the Celery task -> the worker annotates and stores -> on_commit
group_send -> the consumer forwards the frame.

Target (issue 4): p95 <= 300 ms with a real worker, Redis and PostgreSQL.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import harness as h  # noqa: E402

TARGET_P95_MS = 300.0
WARMUP_SESSIONS = 4
WARMUP_MESSAGES = 3


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sessions",
        default="1,20",
        help="comma-separated concurrency levels (default 1,20)",
    )
    parser.add_argument("--messages", type=int, default=10)
    parser.add_argument("--port", type=int, default=8792)
    parser.add_argument(
        "--workers", type=int, default=1, help="uvicorn worker processes"
    )
    parser.add_argument("--celery-concurrency", type=int, default=4)
    parser.add_argument("--database", default="practice_bench_annotation")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--frame-timeout", type=float, default=15.0)
    parser.add_argument("--budget", type=float, default=180.0)
    parser.add_argument(
        "--think",
        type=float,
        default=5.0,
        help="mean pause before each message, uniform 0.5-1.5x "
        "(default 5; 0 = closed loop)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.levels = [int(x) for x in args.sessions.split(",") if x.strip()]
    if not args.levels or min(args.levels) < 1 or max(args.levels) > 500:
        parser.error("--sessions: levels between 1 and 500")
    if not 1 <= args.messages <= 1000 or not 0 <= args.think <= 120:
        parser.error("--messages 1..1000, --think 0..120")
    return args


async def measure(
    args: argparse.Namespace,
    seats: list[h.Seat],
    procs: h.Processes,
    uvicorn_pgid: int,
    celery_pgid: int,
) -> list[h.LevelResult]:
    warm = seats[:WARMUP_SESSIONS]
    _, errors = await h.run_practice(
        args.port,
        warm,
        WARMUP_MESSAGES,
        wait_annotation=True,
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
        before = (
            h.cpu_seconds(uvicorn_pgid),
            h.cpu_seconds(celery_pgid),
            h.self_cpu_seconds(),
        )
        started = time.monotonic()
        timings, errors = await h.run_practice(
            args.port,
            level_seats,
            args.messages,
            wait_annotation=True,
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
        results.append(result)
        if not args.json:
            print(
                f"  N={n}: {len(timings)} messages in {result.wall_s:.1f}s",
                file=sys.stderr,
            )
        await h.drain_queue(procs.bench.queue, timeout=120)
    return results


def report(
    args: argparse.Namespace, results: list[h.LevelResult], info: dict[str, str]
) -> None:
    rows = []
    for r in results:
        ok = [t for t in r.timings if t.annotation_ms is not None]
        rows.append(
            {
                "sessions": r.sessions,
                "messages": len(r.timings),
                "annotated": len(ok),
                "failed": len(r.errors),
                "annotation_ms": h.Summary.of([t.annotation_ms for t in ok]),  # type: ignore[misc]
                "complete_ms": h.Summary.of(
                    [t.complete_ms for t in ok if t.complete_ms is not None]
                ),
                "ack_ms": h.Summary.of([t.ack_ms for t in ok if t.ack_ms is not None]),
                "annotation_before_complete": sum(
                    1
                    for t in ok
                    if t.complete_ms is not None and t.annotation_ms < t.complete_ms  # type: ignore[operator]
                ),
                "wall_s": r.wall_s,
                "cpu_s": r.cpu_s,
                "errors_sample": r.errors[:5],
            }
        )
    verdict = {
        str(row["sessions"]): (
            row["annotation_ms"].p95 is not None
            and row["annotation_ms"].p95 <= TARGET_P95_MS
            and row["failed"] == 0
        )
        for row in rows
    }
    if args.json:
        print(
            h.to_json(
                {
                    "benchmark": "annotation_latency",
                    "machine": info,
                    "args": {
                        "sessions": args.levels,
                        "messages": args.messages,
                        "think_s": args.think,
                        "workers": args.workers,
                        "celery_concurrency": args.celery_concurrency,
                    },
                    "levels": rows,
                    "target_p95_le_300ms_by_sessions": verdict,
                }
            )
        )
        return
    print()
    print(
        f"annotation_latency  messages/session={args.messages}  think={args.think:g}s  "
        f"uvicorn workers={args.workers}  celery threads={args.celery_concurrency}  (ms)"
    )
    header = (
        f"{'N':>4} {'msgs':>5} {'annot':>5} {'fail':>4} | {'annotation p50':>14} "
        f"{'p95':>6} {'max':>7} | {'complete p50':>12} {'p95':>6} | {'ack p50':>7} "
        f"{'p95':>6} | {'before done':>11} | target"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        a, c, k = row["annotation_ms"], row["complete_ms"], row["ack_ms"]
        print(
            f"{row['sessions']:>4} {row['messages']:>5} {row['annotated']:>5} "
            f"{row['failed']:>4} | {h.fmt(a.p50):>14} {h.fmt(a.p95):>6} {h.fmt(a.max):>7} | "
            f"{h.fmt(c.p50):>12} {h.fmt(c.p95):>6} | {h.fmt(k.p50):>7} {h.fmt(k.p95):>6} | "
            f"{row['annotation_before_complete']:>11} | "
            f"{'met' if verdict[str(row['sessions'])] else 'NOT met'}"
        )
    print()
    for row in rows:
        cpu = row["cpu_s"]
        print(
            f"N={row['sessions']}: wall {row['wall_s']:.1f}s, CPU s uvicorn "
            f"{cpu.get('uvicorn', 0):.1f} / celery {cpu.get('celery', 0):.1f} / "
            f"client {cpu.get('client', 0):.1f}"
        )
        for err in row["errors_sample"]:
            print(f"   error: {err}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not h.port_is_free(args.port):
        print(f"port {args.port} is in use; pass --port", file=sys.stderr)
        return 2
    return h.run_benchmark(
        "annotation_latency",
        args,
        seats=WARMUP_SESSIONS + sum(args.levels),
        measure=measure,
        report=report,
    )


if __name__ == "__main__":
    raise SystemExit(main())
