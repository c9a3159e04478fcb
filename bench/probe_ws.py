"""The probe set through the real socket: uvicorn, the practice websocket, JSON frames.

    .venv/bin/python bench/probe_ws.py --per-case 8 [--source team2] [--probes FILE] [--json]

`manage.py probe_patient` runs the probes in embedded mode (the engine called
directly). This script runs a sample of them the way a trainee's browser does, so
a hidden probe file can be run against the deployed stack the same way: a
throw-away PostgreSQL database, the bundled cases published, one trainee and one
started session per probe (`bench/harness.py`: the session row is created by
`practice.services.start_session` and the login cookie holds exactly what
`login()` stores), uvicorn with production settings, and per probe a websocket
connection that sends the prelude and the probe as the JSON frames htmx's ws
extension sends (`{"message": ..., "client_id": ..., "HEADERS": {...}}`). The
patient's reply is read back from the streamed token frames; the state the
reaction checks need (trust before and after) is read from the session row the
server persisted. Grading is the same code as the embedded run
(`patients.simulation.probe.run_probe`), so the metrics are the same.

Each session has its own stored seed, so replies may differ in wording from the
embedded run at seed 0; the metrics should agree within a few probes.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import random
import re
import sys
import time
import uuid
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import harness as h  # noqa: E402
from bench.clients import (  # noqa: E402
    _PATIENT_DONE,
    _PATIENT_LI,
    _TOKEN,
    PRACTICE_PATH,
    _connect,
)
from patients.simulation.case import bundled_cases  # noqa: E402
from patients.simulation.probe import load_probes  # noqa: E402
from patients.simulation.probe.runner import (  # noqa: E402
    Probe,
    Tally,
    probes_for,
    run_probe,
)
from patients.simulation.state import PatientState  # noqa: E402

_TOKEN_TEXT = re.compile(
    r'<span hx-swap-oob="beforeend:#turn-([0-9a-f-]{36})-text">(.*?)</span>', re.S
)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--per-case",
        type=int,
        default=8,
        help="probes sampled per case (default 8; 0 = all)",
    )
    parser.add_argument("--source", default=None, help="only probes of this source")
    parser.add_argument(
        "--probes",
        default=None,
        help="a .jsonl probe file (default: patients/probes/*.jsonl)",
    )
    parser.add_argument("--seed", type=int, default=0, help="sampling seed")
    parser.add_argument("--port", type=int, default=8793)
    parser.add_argument("--database", default="practice_probe_bench")
    parser.add_argument("--keep-db", action="store_true")
    parser.add_argument("--frame-timeout", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    return parser.parse_args(argv)


class SocketConversation:
    """One practice session driven over the websocket (the `Conversation` the
    probe runner needs): `say` sends a frame and waits for the finished patient
    turn; `state` is the state the server persisted after it."""

    def __init__(
        self,
        port: int,
        seat: h.Seat,
        timeout: float,
        read_state: Callable[[str], Any],
    ) -> None:
        # The benches' own client (asyncio), driven one call at a time.
        self.loop = asyncio.new_event_loop()
        self.session_uuid = seat.session_uuid
        # The persisted state, read through the bench's Django side (bench.seats).
        self.read_state = read_state
        self.timeout = timeout
        self.replies: list[str] = []
        path = PRACTICE_PATH.format(uuid=seat.session_uuid)
        self.ws = self.loop.run_until_complete(_connect(port, path, seat.cookie))

    @property
    def state(self) -> Any:
        return PatientState.model_validate(self.read_state(self.session_uuid))

    def say(self, text: str) -> str:
        payload = json.dumps(
            {
                "message": text,
                "client_id": str(uuid.uuid4()),
                "HEADERS": {"HX-Request": "true"},
            }
        )
        self.loop.run_until_complete(self.ws.send(payload))
        patient: str | None = None
        words: list[str] = []
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            raw = self.loop.run_until_complete(
                asyncio.wait_for(self.ws.recv(), max(0.1, deadline - time.monotonic()))
            )
            frame = raw if isinstance(raw, str) else raw.decode()
            if patient is None and (li := _PATIENT_LI.search(frame)):
                patient = li[1]
            if 'id="chat-error"' in frame and patient is None:
                raise RuntimeError(re.sub(r"<[^>]+>", " ", frame).strip()[:200])
            if patient and _TOKEN.search(frame):
                words += [
                    html.unescape(m[2])
                    for m in _TOKEN_TEXT.finditer(frame)
                    if m[1] == patient
                ]
            done = _PATIENT_DONE.search(frame)
            if patient and done and done[1] == patient:
                reply = "".join(words).strip()
                if not reply:  # sent whole, not streamed: the finished turn's text
                    reply = re.sub(
                        r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", frame))
                    ).strip()
                self.replies.append(reply)
                return reply
        raise TimeoutError(f"no finished patient turn within {self.timeout}s")

    def close(self) -> None:
        self.loop.run_until_complete(self.ws.close())
        self.loop.close()


def sample(
    probes: list[Any], cases: list[Any], per_case: int, seed: int
) -> list[tuple[Any, Any]]:
    rng = random.Random(seed)
    out = []
    for case in cases:
        mine = probes_for(case, probes)
        if per_case and len(mine) > per_case:
            mine = rng.sample(mine, per_case)
        out += [(case, p) for p in mine]
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not h.port_is_free(args.port):
        print(f"port {args.port} is in use; pass --port", file=sys.stderr)
        return 2
    bench = h.new_env(database=args.database, port=args.port)
    log_dir = Path("/tmp") / f"probe_ws-{bench.queue}"
    with h.sigterm_as_interrupt():
        try:
            h.recreate_database(args.database)
            h.setup_django(bench)
            return _run(args, bench, log_dir)
        except KeyboardInterrupt:
            print("interrupted; processes stopped", file=sys.stderr)
            return 130
        finally:
            h.close_django_connections()
            if not args.keep_db:
                h.drop_database(args.database)


def _run(args: argparse.Namespace, bench: h.BenchEnv, log_dir: Path) -> int:
    # Function-level, forced by Django: bench.seats imports models, which load
    # only after h.setup_django() (the database is chosen at run time).
    from bench import seats as django_side

    if args.probes:
        lines = Path(args.probes).read_text().splitlines()
        probes = [Probe(**json.loads(line)) for line in lines if line.strip()]
    else:
        probes = load_probes()
    if args.source:
        probes = [p for p in probes if p.source == args.source]
    cases = bundled_cases()
    planned = sample(probes, cases, args.per_case, args.seed)
    # Seats are dealt to cases in slug order; enough of them for every probe.
    most = max(sum(1 for c, _ in planned if c.slug == case.slug) for case in cases)
    seats = django_side.prepare_seats(most * len(cases))
    by_case: dict[str, list[h.Seat]] = defaultdict(list)
    for seat in seats:
        by_case[django_side.case_slug(seat)].append(seat)
    h.close_django_connections()
    totals: dict[str, Tally] = defaultdict(Tally)
    failures: list[dict[str, Any]] = []
    errors: list[str] = []
    with h.Processes(bench, log_dir) as procs:
        procs.start_uvicorn(workers=1)
        for case, probe in planned:
            seat = by_case[case.slug].pop()
            try:
                talk = SocketConversation(
                    args.port, seat, args.frame_timeout, django_side.session_state
                )
            except Exception as exc:  # noqa: BLE001 - reported, the run goes on
                errors.append(f"{case.slug} {probe.id}: connect: {exc}")
                continue
            try:
                result = run_probe(case, probe, session=talk)
            except Exception as exc:  # noqa: BLE001
                errors.append(f"{case.slug} {probe.id}: {exc}")
                continue
            finally:
                talk.close()
            totals[probe.source].add(result.tally)
            totals["all"].add(result.tally)
            if result.notes:
                failures.append(
                    {
                        "case": case.slug,
                        "probe": probe.id,
                        "text": probe.text,
                        "reply": result.reply,
                        "notes": result.notes,
                    }
                )
    report = {
        "probes_run": len(planned),
        "errors": errors,
        "by_source": {s: t.metrics() for s, t in sorted(totals.items())},
        "failures": failures,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        cols = (
            "answered",
            "contradictions",
            "unsupported",
            "bare_hedges",
            "generic",
            "role_breaks",
            "reflection_trust_up",
            "reading_in_trust_down",
            "probes",
        )
        print("source   " + " ".join(f"{c[:12]:>12}" for c in cols))
        for source, m in report["by_source"].items():
            print(f"{source:8} " + " ".join(f"{str(m[c]):>12}" for c in cols))
        for f in failures:
            print(
                f"[{f['case']}] {f['probe']} {', '.join(f['notes'])}\n   T: {f['text']}"
                f"\n   P: {f['reply']}"
            )
        for e in errors:
            print("error:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
