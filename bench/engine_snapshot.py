"""Everything the patient engine decides, as JSON, to prove a speed-up changed nothing.

    .venv/bin/python bench/engine_snapshot.py /tmp/before.json   # on the old tree
    .venv/bin/python bench/engine_snapshot.py /tmp/after.json    # on the new tree
    cmp /tmp/before.json /tmp/after.json

For every development probe (`patients/probes/*.jsonl`, the top level only: never
the held-out sets) it records `classify_moves` with five histories (none, the
case's opening line, and that line followed by each of up to three of the case's
own distorted beliefs, so the collusion and reflection rules that read the
patient's line run), one `advance` from the initial state with the first two
histories (moves, stage direction, next state) and `fact_question`; and, for
every bundled case, policy and seeds 0 and 1, the full `simulate` transcript of
12 turns with every state and every move (timings left out). Pure: no database.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patients.simulation.case import bundled_cases  # noqa: E402
from patients.simulation.dialogue import Utterance  # noqa: E402
from patients.simulation.engine import advance  # noqa: E402
from patients.simulation.factq import fact_question  # noqa: E402
from patients.simulation.harness import run_session  # noqa: E402
from patients.simulation.moves import classify_moves  # noqa: E402
from patients.simulation.policies import POLICIES  # noqa: E402
from patients.simulation.state import initial_state  # noqa: E402

PROBES = Path(__file__).resolve().parent.parent / "patients" / "probes"


def snapshot() -> dict[str, Any]:
    cases = {case.slug: case for case in bundled_cases()}
    probes: list[dict[str, Any]] = []
    for path in sorted(PROBES.glob("*.jsonl")):  # glob: never held_out/
        for line in path.read_text().splitlines():
            if not line.strip():
                continue
            probe = json.loads(line)
            case = cases.get(probe["case"]) or next(iter(cases.values()))
            text = probe["text"]
            opening = Utterance("patient", case.opening_line)
            beliefs = [s.auto_thought for s in case.situations] + list(
                case.core_beliefs
            )
            histories: list[list[Utterance]] = [[], [opening]] + [
                [opening, Utterance("trainee", "Go on."), Utterance("patient", b)]
                for b in beliefs[:3]
            ]
            row: dict[str, Any] = {
                "id": probe["id"],
                "classify": [list(classify_moves(text, h)) for h in histories],
                "advance": [],
                "factq": repr(fact_question(text, case.facts, risk_context=False)),
            }
            for history in histories[:2]:
                step = advance(case, initial_state(case, seed=0), text, history)
                row["advance"].append(
                    [
                        list(step.moves),
                        repr(step.direction),
                        step.state.model_dump(mode="json"),
                    ]
                )
            probes.append(row)
    sessions: list[dict[str, Any]] = []
    for slug in sorted(cases):
        for policy in sorted(POLICIES):
            for seed in (0, 1):
                trace = run_session(cases[slug], policy, 12, seed=seed).to_json()
                for turn in trace["turns"]:
                    turn.pop("seconds", None)
                trace["metrics"] = {
                    k: v
                    for k, v in trace["metrics"].items()
                    if not k.startswith("ms_") and "second" not in k
                }
                sessions.append(trace)
    return {"probes": probes, "sessions": sessions}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    data = snapshot()
    Path(argv[1]).write_text(json.dumps(data, sort_keys=True, indent=0, default=repr))
    print(f"{len(data['probes'])} probes, {len(data['sessions'])} sessions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
