"""How much the guard's verdicts move when the classifier's corpus moves a little.

    .venv/bin/python bench/guard_stability.py [--seeds 5] [--drop 0.03] [TRAIN ARGS...]

Retrains the meaning classifier (`guard_train`, into a temporary file) on the
full corpus and then with a random `--drop` share of the project-written corpus
lines left out, once per seed, and counts the dev-set replies (every
`tests/patients/simulation/data/guard_*.jsonl`, checked as `guard_blind.py`
checks them) whose verdict changes against the full corpus: "verdict" is any
flag or none, "meaning" the classifier's own flags. A stable guard changes
few; arguments after the options go to the trainer (`--l2 1e-4`, ...).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from patients.simulation import (
    Utterance,
    advance,
    bundled_cases,
    guard_model,
    guard_train,
    initial_state,
)
from patients.simulation.guard import check_reply, leak_sources
from patients.simulation.prompts import render_stable_prompt, render_turn_notes
from patients.simulation.text import split_sentences

DATA = Path("tests/patients/simulation/data")
Verdict = tuple[bool, tuple[str, ...]]


def _rows() -> list[tuple[dict[str, Any], Any, Any, frozenset[tuple[str, ...]]]]:
    """Every dev line with its case, the direction of an early turn and the
    overlap index, as bench/guard_blind.py builds them."""
    cases = {c.slug: c for c in bundled_cases()}
    hello = "Hi, thanks for coming in."
    out = []
    for path in sorted(DATA.glob("guard_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            case = cases[row["case"]]
            opening = Utterance("patient", case.opening_line)
            first = advance(case, initial_state(case, seed=0), hello, [opening])
            history = [opening, Utterance("trainee", hello), opening]
            step = advance(case, first.state, row["trainee"], history)
            prompt = (
                render_stable_prompt(case)
                + "\n"
                + render_turn_notes(case, step.state, step.direction)
            )
            out.append((row, case, step.direction, leak_sources(case, prompt)))
    return out


def _verdicts(rows: list[Any], weights: Path) -> list[Verdict]:
    guard_model.WEIGHTS_PATH = weights
    guard_model._weights.cache_clear()
    found: list[Verdict] = []
    for row, case, direction, sources in rows:
        text = row["reply"]
        flags = check_reply(text, case, direction, sources=sources)
        meaning = guard_model.meaning_flags(split_sentences(text) or [text])
        found.append((bool(flags), meaning))
    return found


def _train(out: Path, drop: float, seed: int | None, extra: list[str]) -> None:
    whole: Callable[[str], list[str]] = guard_train.read_corpus

    def thinned(name: str) -> list[str]:
        lines = whole(name)
        if seed is None:
            return lines
        rng = random.Random(seed * 1000 + len(name))
        return [line for line in lines if rng.random() >= drop]

    guard_train.read_corpus = thinned
    try:
        guard_train.main(["--out", str(out), *extra])
    finally:
        guard_train.read_corpus = whole


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--drop", type=float, default=0.03)
    args, extra = parser.parse_known_args()
    rows = _rows()
    tmp = Path(tempfile.mkdtemp())
    _train(tmp / "full.json", args.drop, None, extra)
    base = _verdicts(rows, tmp / "full.json")
    forbidden = [i for i, (row, *_) in enumerate(rows) if row["kind"] != "clean"]
    clean = [i for i, (row, *_) in enumerate(rows) if row["kind"] == "clean"]
    print(
        f"full corpus: forbidden caught {sum(base[i][0] for i in forbidden)}"
        f"/{len(forbidden)}, clean tripped {sum(base[i][0] for i in clean)}/{len(clean)}"
    )
    for seed in range(1, args.seeds + 1):
        _train(tmp / f"seed{seed}.json", args.drop, seed, extra)
        now = _verdicts(rows, tmp / f"seed{seed}.json")
        flips = sum(a[0] != b[0] for a, b in zip(base, now, strict=True))
        meaning = sum(a[1] != b[1] for a, b in zip(base, now, strict=True))
        print(
            f"drop {args.drop:.0%}, seed {seed}: verdict flips {flips}, "
            f"meaning flips {meaning} (of {len(rows)})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
