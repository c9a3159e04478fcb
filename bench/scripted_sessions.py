"""Fixed trainee sessions, written by someone else, through the offline patient.

    .venv/bin/python bench/scripted_sessions.py PATH.jsonl [--json]

Each line: {"id", "case": slug, "turns": [trainee message, ...]}. The sessions are
played as written (they cannot adapt to the patient's replies), one seed, from the
patient's opening line, exactly as `simulate` plays a built-in policy. Prints per
session whether the alternative view was reached, the belief drop and the final
trust, then how many sessions and cases (either session of a case) reached it.

It measures issue 9's target "a skilled trainee writing in their own words reaches
the alternative view in at least half of the cases" on sessions the engine was not
written against: `tests/patients/simulation/data/skilled_blind1.jsonl` and
`skilled_blind2.jsonl` (hidden in stop 20 as `bench/held_out/skilled_sessions2.jsonl`;
both development data since stop 21).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# Run as a script from any directory: the checkout this file sits in comes first,
# so a worktree measures its own code rather than the installed one.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patients.simulation import bundled_cases  # noqa: E402
from patients.simulation.harness import run_session  # noqa: E402
from patients.simulation.policies import TraineeView  # noqa: E402


def _policy(turns: list[str]) -> Any:
    def play(view: TraineeView) -> str:
        return turns[view.turn - 1]

    return play


def measure(path: Path) -> dict[str, Any]:
    cases = {c.slug: c for c in bundled_cases()}
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    sessions: list[dict[str, Any]] = []
    for row in rows:
        turns = [str(t) for t in row["turns"]]
        trace = run_session(cases[row["case"]], _policy(turns), len(turns), seed=0)
        m = trace.metrics()
        sessions.append(
            {
                "id": row["id"],
                "case": row["case"],
                "alternative_view": bool(m["alternative_view"]),
                "belief_drop": m["belief_drop"],
                "final_alliance": m["final_alliance"],
            }
        )
    by_case: dict[str, bool] = {}
    for s in sessions:
        by_case[s["case"]] = by_case.get(s["case"], False) or s["alternative_view"]
    return {
        "sessions": sessions,
        "sessions_reached": sum(s["alternative_view"] for s in sessions),
        "n_sessions": len(sessions),
        "cases_reached": sum(by_case.values()),
        "n_cases": len(by_case),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = measure(args.path)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for s in result["sessions"]:
        mark = "ALT" if s["alternative_view"] else "-  "
        print(
            f"{s['id']:<40} {mark} belief drop {s['belief_drop']:>5} "
            f"trust {s['final_alliance']}"
        )
    print(
        f"sessions reaching the alternative view: {result['sessions_reached']}/"
        f"{result['n_sessions']}; cases (either session): {result['cases_reached']}/"
        f"{result['n_cases']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
