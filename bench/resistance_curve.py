"""Resistance (and trust) turn by turn, per style and case, skilled against unskilled.

    .venv/bin/python bench/resistance_curve.py [--turns 16] [--seed 0] [--json]
        [--sessions FILE.jsonl ...] [--style upset ...]

Issue 9 item 5 ("resistance that holds"): simulated clients that give up their
resistance within a few skilled turns (counselor-following) inflate trainee
scores. This prints, for every bundled case (grouped by style), the resistance
after each trainee turn under

- the built-in skilled policies (`socratic`, `reflective`),
- the fixed skilled sessions written by other people in their own words
  (`tests/patients/simulation/data/skilled_blind1.jsonl` and `skilled_blind2.jsonl`
  by default; the session plays as many turns as it has),
- the unskilled policies (`interrogator`, `advice-giver`, `confronter`),
- `rupture@9`: `reflective`, but the confronter's line at turn 9 (what comes back),

with trust (alliance) under it, hidden resistance for the pleasing style, and
"turns until resistance < 0.2" (`-` when it never gets there; `0` when it starts
there; for pleasing, the hidden resistance). The last table sums it up per style
(pleasing: hidden resistance). Offline responder, one seed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# Run as a script from any directory: this checkout's code, not an installed one.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from patients.simulation import bundled_cases  # noqa: E402
from patients.simulation.case import CaseSpec  # noqa: E402
from patients.simulation.harness import run_session  # noqa: E402
from patients.simulation.policies import POLICIES, TraineeView  # noqa: E402

SKILLED = ("socratic", "reflective")
UNSKILLED = ("interrogator", "advice-giver", "confronter")
DATA = ROOT / "tests" / "patients" / "simulation" / "data"
DEFAULT_SESSIONS = (DATA / "skilled_blind1.jsonl", DATA / "skilled_blind2.jsonl")
LOW = 0.2  # "resistance has given way"
RUPTURE = "rupture@9"  # reflective, but a confrontation at turn 9
RUPTURE_TURN = 9


def _ruptured(view: TraineeView) -> str:
    if view.turn == RUPTURE_TURN:
        return POLICIES["confronter"](view)
    return POLICIES["reflective"](view)


def _scripted(turns: list[str]) -> Any:
    def play(view: TraineeView) -> str:
        return turns[view.turn - 1]

    play.__name__ = "scripted"
    return play


def _turns_below(start: float, curve: list[float]) -> int | None:
    if start < LOW:
        return 0
    return next((n for n, r in enumerate(curve, 1) if r < LOW), None)


def curve(
    case: CaseSpec, policy: Any, turns: int, seed: int, label: str
) -> dict[str, Any]:
    trace = run_session(case, policy, turns, seed=seed)
    states = [t.state for t in trace.turns if t.speaker == "trainee"]
    start = trace.initial_state
    resistance = [round(s["resistance"], 3) for s in states]
    hidden = [round(s["hidden_resistance"], 3) for s in states]
    # Pleasing shows no resistance: its hidden resistance is what gives way.
    pleasing = start.hidden_resistance > 0
    effective = hidden if pleasing else resistance
    effective_start = start.hidden_resistance if pleasing else start.resistance
    return {
        "case": case.slug,
        "style": case.style,
        "difficulty": case.difficulty,
        "source": label,
        "kind": "unskilled"
        if label in UNSKILLED
        else "rupture"
        if label == RUPTURE
        else "skilled",
        "start_resistance": start.resistance,
        "start_hidden": start.hidden_resistance,
        "resistance": resistance,
        "hidden": hidden,
        "effective": effective,
        "effective_start": effective_start,
        "alliance": [round(s["alliance"], 2) for s in states],
        "turns_below": _turns_below(effective_start, effective),
        "alternative_view": trace.final_state.alternative_view is not None,
    }


def measure(
    turns: int, seed: int, sessions: Sequence[Path], styles: set[str] | None
) -> list[dict[str, Any]]:
    cases = {c.slug: c for c in bundled_cases()}
    scripted: dict[str, list[tuple[str, list[str]]]] = {}
    for path in sessions:
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                turns_ = [str(t) for t in row["turns"]]
                scripted.setdefault(row["case"], []).append((row["id"], turns_))
    rows: list[dict[str, Any]] = []
    for case in sorted(cases.values(), key=lambda c: (c.style, c.slug)):
        if styles and case.style not in styles:
            continue
        for name in SKILLED:
            rows.append(curve(case, name, turns, seed, name))
        for sid, lines in scripted.get(case.slug, []):
            rows.append(curve(case, _scripted(lines), len(lines), seed, sid))
        rows.append(curve(case, _ruptured, turns, seed, RUPTURE))
        for name in UNSKILLED:
            rows.append(curve(case, name, turns, seed, name))
    return rows


def _fmt(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def _turns(rows: list[dict[str, Any]]) -> str:
    """Median turns until resistance < 0.2, and how many never got there."""
    got = [r["turns_below"] for r in rows if r["turns_below"] is not None]
    never = len(rows) - len(got)
    if not got:
        return "never"
    return f"{statistics.median(got):.0f}" + (f" ({never} never)" if never else "")


def _mean(values: list[float]) -> str:
    return f"{statistics.fmean(values):.2f}" if values else "-"


def summary(rows: list[dict[str, Any]]) -> list[str]:
    """Per style (pleasing: hidden resistance), means over the style's cases."""
    out = [
        "| style | start | reflective: after 1 / 2 / 4 / 8 / 16 turns | turns until "
        "< 0.2: reflective / socratic (median) | other writers' sessions: final "
        "(mean), < 0.2 reached | largest fall in one skilled turn "
        "| unskilled: final - start (lowest) "
        "| reflective, confrontation at turn 9: turn 8 / 9 / 12 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for style in sorted({r["style"] for r in rows}):
        mine = [r for r in rows if r["style"] == style]
        by = {k: [r for r in mine if r["source"] == k] for k in (*SKILLED, *UNSKILLED)}
        sessions = [r for r in mine if r["source"] not in by and r["kind"] == "skilled"]
        skilled = [r for r in mine if r["kind"] == "skilled"]
        unskilled = [r for r in mine if r["kind"] == "unskilled"]
        after = " / ".join(
            _mean(
                [
                    r["effective"][n - 1]
                    for r in by["reflective"]
                    if len(r["effective"]) >= n
                ]
            )
            for n in (1, 2, 4, 8, 16)
        )

        falls = [
            a - b
            for r in skilled
            for a, b in zip(
                [r["effective_start"], *r["effective"]], r["effective"], strict=False
            )
        ]
        reached = sum(r["turns_below"] is not None for r in sessions)
        rise = [r["effective"][-1] - r["effective_start"] for r in unskilled]
        ruptured = [r["effective"] for r in mine if r["kind"] == "rupture"]
        rupture = " / ".join(
            _mean([c[n - 1] for c in ruptured if len(c) >= n])
            for n in (RUPTURE_TURN - 1, RUPTURE_TURN, RUPTURE_TURN + 3)
        )
        out.append(
            f"| {style} | {_mean([r['effective_start'] for r in mine])} | {after} "
            f"| {_turns(by['reflective'])} / {_turns(by['socratic'])} "
            f"| {_mean([r['effective'][-1] for r in sessions])}, {reached} of "
            f"{len(sessions)} | {max(falls):.3f} "
            f"| {statistics.fmean(rise):+.2f} ({min(rise):+.2f}) "
            f"| {rupture} |"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--sessions", type=Path, nargs="*", default=list(DEFAULT_SESSIONS)
    )
    parser.add_argument("--style", action="append", help="only these styles")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = measure(args.turns, args.seed, args.sessions, set(args.style or ()))
    if args.json:
        print(json.dumps({"rows": rows, "summary": summary(rows)}, indent=1))
        return 0
    current = None
    for r in rows:
        if r["case"] != current:
            current = r["case"]
            hidden = f", hidden {r['start_hidden']:.2f}" if r["start_hidden"] else ""
            print(
                f"\n## {r['case']} ({r['style']}, {r['difficulty']}): "
                f"resistance {r['start_resistance']:.2f}{hidden}"
            )
        below = "-" if r["turns_below"] is None else str(r["turns_below"])
        alt = " ALT" if r["alternative_view"] else ""
        print(f"{r['source']:<36} <0.2 at {below:>2}{alt}")
        print(f"  resistance {_fmt(r['resistance'])}")
        if r["start_hidden"]:
            print(f"  hidden     {_fmt(r['hidden'])}")
        print(f"  trust      {_fmt(r['alliance'])}")
    print()
    print("\n".join(summary(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
