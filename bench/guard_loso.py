"""Leave one set out: how much of the guard's meaning model carries over to a
set of replies it was not trained on.

    .venv/bin/python bench/guard_loso.py [--sets g9 g10 ...] [--json]

For each labelled blind set, the meaning classifier is trained three ways
(`python -m patients.simulation.guard_train` into a temporary file): on the
corpus alone (`--no-replies`), on the corpus and every labelled reply set but
this one and the team's sets written after it (`--without gN`), and on all of
them (the shipped configuration). Each is measured on the set twice: the whole
guard (`bench/guard_blind.py`'s numbers: caught per kind, false trips), and the
model alone (admissions and lessons its sentence scores flag, clean replies it
flags). The regular-expression checks were tuned on the earlier sets as each
was read, so "without" holds for the model only; the whole guard's first look
at each set is in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.guard_blind import evaluate
from patients.simulation.guard_model import meaning_flags, use_weights
from patients.simulation.guard_train import REPLY_SETS
from patients.simulation.guard_train import main as train
from patients.simulation.text import split_sentences

SETS = ("g9", "g10", "g11", "g12", "g13", "g14")
MODEL_KINDS = ("ai_admission", "therapist_voice")


def model_only(path: Path) -> dict[str, str]:
    """The meaning model alone on a set: its own kind caught, clean flagged."""
    caught = dict.fromkeys(MODEL_KINDS, 0)
    total = dict.fromkeys(MODEL_KINDS, 0)
    clean = tripped = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        flags = meaning_flags(split_sentences(row["reply"]) or [row["reply"]])
        if row["kind"] in total:
            total[row["kind"]] += 1
            caught[row["kind"]] += row["kind"] in flags
        elif row["kind"] == "clean":
            clean += 1
            tripped += bool(flags)
    out = {k: f"{caught[k]}/{total[k]}" for k in MODEL_KINDS}
    out["false_trips"] = f"{tripped}/{clean}"
    return out


def measure(path: Path) -> dict[str, Any]:
    full = evaluate(path)
    return {
        "guard": {
            **full["caught"],
            "forbidden": full["forbidden"],
            "false_trips": full["false_trips"],
        },
        "model": model_only(path),
    }


def _trained(args: list[str], where: Path) -> Path:
    out = where / ("w_" + "_".join(a.strip("-") for a in args) + ".json")
    if not out.exists():
        train(["--out", str(out), *args])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", default=list(SETS))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", type=Path, help="a folder to keep the weights in")
    args = parser.parse_args()
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        where = args.keep or Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        variants = {"corpus": ["--no-replies"], "all": []}
        for name in args.sets:
            path = REPLY_SETS / f"guard_{name}.jsonl"
            row: dict[str, Any] = {}
            for label, extra in [*variants.items(), ("without", ["--without", name])]:
                use_weights(_trained(extra, where))
                row[label] = measure(path)
            results[name] = row
            if not args.json:
                for label, r in row.items():
                    g, m = r["guard"], r["model"]
                    print(
                        f"{name:4} {label:8} guard {g['forbidden']:6} (ai "
                        f"{g['ai_admission']}, voice {g['therapist_voice']}, leak "
                        f"{g['leak']}) false {g['false_trips']:5} | model ai "
                        f"{m['ai_admission']} voice {m['therapist_voice']} false "
                        f"{m['false_trips']}",
                        flush=True,
                    )
        use_weights(None)
    if args.json:
        json.dump(results, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
