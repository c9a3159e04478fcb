"""The guard against a labelled set of patient replies: catch rate per kind, false trips.

    .venv/bin/python bench/guard_blind.py [PATH.jsonl] [--json] [--misses]
    .venv/bin/python bench/guard_blind.py --offline   # the offline patient's replies
    .venv/bin/python bench/guard_blind.py PATH --timing  # + check time per reply

Each line: {"id", "case", "kind": ai_admission|therapist_voice|leak|language|
format|clean, "trainee", "reply"}. The default path is the blind dev set written
from the case sheets by someone who had not read the guard
(tests/patients/simulation/data/guard_blind_dev.jsonl).

A reply of a forbidden kind is caught when the guard returns any flag (the
responder regenerates or falls back on any flag); a clean reply is a false trip
when it returns any. The guard runs as the responder runs it: with the system
prompt of the case (stable part and this turn's notes) as the overlap source,
and with the direction the engine gives for the trainee's line after a
greeting, so what the patient may disclose is that of an early turn; a false
trip that only the disclosure check (`formulation_leak`) raises is counted
apart, since a later turn would allow it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from patients.simulation import Utterance, advance, bundled_cases, initial_state
from patients.simulation import parameters as P
from patients.simulation.direction import StageDirection
from patients.simulation.guard import check_reply, leak_sources
from patients.simulation.guard_model import clear_feature_cache
from patients.simulation.harness import run_session
from patients.simulation.policies import POLICIES
from patients.simulation.prompts import render_stable_prompt, render_turn_notes

DEFAULT = Path("tests/patients/simulation/data/guard_blind_dev.jsonl")
KINDS = ("ai_admission", "therapist_voice", "leak", "language", "format")


def _timed_check(
    text: str,
    case: Any,
    direction: StageDirection,
    sources: frozenset[tuple[str, ...]],
    times: list[float],
) -> tuple[str, ...]:
    """check_reply, with its time in ms (the best of three, the sentence
    feature cache cleared each time, so a busy shared machine adds less noise)."""
    best = float("inf")
    flags: tuple[str, ...] = ()
    for _ in range(3):
        clear_feature_cache()
        start = time.perf_counter()
        flags = check_reply(text, case, direction, sources=sources)
        best = min(best, (time.perf_counter() - start) * 1000)
    times.append(best)
    return flags


def evaluate(path: Path) -> dict[str, Any]:
    cases = {c.slug: c for c in bundled_cases()}
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    total: Counter[str] = Counter()
    caught: Counter[str] = Counter()
    state_only = 0
    misses: dict[str, list[str]] = defaultdict(list)
    trips: list[dict[str, Any]] = []
    times: list[float] = []
    for row in rows:
        case = cases[row["case"]]
        state = initial_state(case, seed=0)
        history = [Utterance("patient", case.opening_line)]
        hello = advance(case, state, "Hi, thanks for coming in.", history)
        history += [
            Utterance("trainee", "Hi, thanks for coming in."),
            Utterance("patient", case.opening_line),
        ]
        step = advance(case, hello.state, row["trainee"], history)
        prompt = (
            render_stable_prompt(case)
            + "\n"
            + render_turn_notes(case, step.state, step.direction)
        )
        flags = _timed_check(
            row["reply"], case, step.direction, leak_sources(case, prompt), times
        )
        kind = row["kind"]
        total[kind] += 1
        if kind == "clean":
            if flags:
                if set(flags) == {"formulation_leak"}:
                    state_only += 1
                else:
                    caught[kind] += 1
                trips.append({"id": row["id"], "flags": flags, "reply": row["reply"]})
        elif flags:
            caught[kind] += 1
        else:
            misses[kind].append(f"{row['id']}: {row['reply']}")
    return {
        "caught": {k: f"{caught[k]}/{total[k]}" for k in KINDS},
        "forbidden": f"{sum(caught[k] for k in KINDS)}/{sum(total[k] for k in KINDS)}",
        "false_trips": f"{caught['clean']}/{total['clean']}",
        "false_trips_disclosure_only": f"{state_only}/{total['clean']}",
        "trips": trips,
        "misses": dict(misses),
        "check_ms": {
            "p50": round(statistics.median(times), 3),
            "p90": round(sorted(times)[int(0.9 * len(times))], 3),
        },
    }


def offline_trips() -> dict[str, Any]:
    """The offline patient's replies (every case x scripted trainee x 2 seeds, 14
    turns) that the guard would stop: all are in role, so every trip is false.
    Checked with every layer allowed (the disclosure check needs the turn's
    state, which the trace does not keep) and no prompt."""
    anything = StageDirection.model_construct(act="answer", allowed_layer=P.MAX_LAYER)
    replies = 0
    trips: list[dict[str, Any]] = []
    for case in bundled_cases():
        for policy in sorted(POLICIES):
            for seed in (0, 1):
                for turn in run_session(case, policy, 14, seed=seed).patient_turns:
                    replies += 1
                    flags = check_reply(turn.text, case, anything, prompt="")
                    if flags:
                        trips.append(
                            {"case": case.slug, "flags": flags, "reply": turn.text}
                        )
    return {"replies": replies, "trips": trips}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--timing", action="store_true")
    args = parser.parse_args()
    if args.offline:
        found = offline_trips()
        print(f"offline replies  false trips {len(found['trips'])}/{found['replies']}")
        for trip in found["trips"] if args.misses else []:
            print(f"TRIP {trip['case']} {trip['flags']}: {trip['reply']}")
        return 0
    result = evaluate(args.path)
    if args.json:
        json.dump(result, sys.stdout, indent=1)
        print()
        return 0
    for kind in KINDS:
        print(f"{kind:16} caught {result['caught'][kind]}")
    print(f"{'all forbidden':16} caught {result['forbidden']}")
    print(
        f"{'clean':16} false trips {result['false_trips']} "
        f"(+{result['false_trips_disclosure_only']} by the disclosure check alone)"
    )
    if args.timing:
        ms = result["check_ms"]
        print(f"check time per reply  p50 {ms['p50']:.2f} ms  p90 {ms['p90']:.2f} ms")
    if args.misses:
        for kind, lines in result["misses"].items():
            for line in lines:
                print(f"MISS {kind}: {line}")
        for trip in result["trips"]:
            print(f"TRIP {trip['id']} {trip['flags']}: {trip['reply']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
