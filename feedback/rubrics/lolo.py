"""Leave one labeller out, through the real annotator: `python -m feedback.rubrics.lolo`.

For each held-out labeller X, both linear models are trained without X (the flag
model on `--flag-labellers` less X, the code model on `--code-labellers` less X,
with the trainers' own defaults), and the offline annotator with those weights
annotates X's turns, scored as `evaluate_annotator --dataset gold` scores them
(flag recall, false-flag turns, per-flag and per-code recall).

Why this and not the trainers' `--report --by-labeller`: those score each model's
own variants on the labellers it trains on; this scores what would ship (rules,
both models, the gates) on writers the models never saw, including labellers the
shipped config does not train on (O, P, Q, S), so two configs are compared on the
same held-out sets. Double-coders (N codes L's and M's ids, R codes P's) are never
trained on: their ids are another labeller's, so they would leak X into training.
Pure Python, no Django.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from . import code_train, flag_model, flag_train
from .annotators import OfflineAnnotator
from .evaluation.gold import GoldTurn, score
from .linear_corpus import training_turns
from .schema import BEHAVIOUR_CODES, FLAGS

DOUBLE_CODERS = frozenset("CNR")


def _code_settings(**over: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "folds": 6,
        "epochs": 20,
        "rate": 0.05,
        "l2": 1e-3,
        "seed": 7,
        "min_count": 2,
        "min_precision": 0.7,
        "min_adds": 3,
        "margin": 0.05,
        "written": True,
        "codes": (),
    }
    settings.update(over)
    return settings


def _flag_settings(max_false: float = 0.005) -> dict[str, Any]:
    return {
        "folds": 6,
        "epochs": 20,
        "rate": 0.05,
        "l2": 1e-3,
        "min_count": 2,
        "seed": 7,
        "max_false": max_false,
        "max_lost": 0.03,
    }


def annotate(turns: Sequence[GoldTurn], flag_w: str, code_w: str) -> dict[str, Any]:
    """`turns` annotated with the given weight files, scored against their labeller."""
    saved = {k: os.environ.get(k) for k in ("FLAG_MODEL_WEIGHTS", "CODE_MODEL_WEIGHTS")}
    os.environ["FLAG_MODEL_WEIGHTS"] = flag_w
    os.environ["CODE_MODEL_WEIGHTS"] = code_w
    try:
        annotator = OfflineAnnotator()
        return score(turns, [annotator.annotate(t.context) for t in turns])
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def held_out(
    corpus: Sequence[GoldTurn],
    rules: Callable[[], Sequence[set[str]]],
    held: str,
    flag_labellers: str,
    code_labellers: str,
    tmp: Path,
    max_false: float = 0.005,
    code_adds: Sequence[str] = (),
    tag: str = "",
) -> dict[str, Any]:
    """Both models trained without `held`, the annotator scored on `held`."""
    flag_idx = [
        i
        for i, t in enumerate(corpus)
        if t.labeller in flag_labellers.replace(held, "")
    ]
    code_idx = [
        i
        for i, t in enumerate(corpus)
        if t.labeller in code_labellers.replace(held, "")
    ]
    flag_path = tmp / f"flag_{tag}{flag_labellers}_{held}.json"
    if flag_labellers and not flag_path.is_file():
        models, _ = flag_train.train(
            [corpus[i] for i in flag_idx], **_flag_settings(max_false)
        )
        flag_path.write_text(
            json.dumps({"models": models}, indent=0, sort_keys=True) + "\n"
        )
    settings = _code_settings(codes=tuple(code_adds))
    code_path = tmp / f"code_{','.join(code_adds)}{code_labellers}_{held}.json"
    if code_path.is_file():
        # Kept from an earlier run (`--keep`): the same labellers and codes.
        return annotate(test_of(corpus, held), flag_arg(flag_path), str(code_path))
    codes = code_train.train(
        [corpus[i] for i in code_idx], [rules()[i] for i in code_idx], **settings
    )
    code_path.write_text(code_train.payload(codes, settings, len(code_idx)))
    return annotate(test_of(corpus, held), flag_arg(flag_path), str(code_path))


def test_of(corpus: Sequence[GoldTurn], held: str) -> list[GoldTurn]:
    return [t for t in corpus if t.labeller == held]


def flag_arg(path: Path) -> str:
    # No flag labellers: the code model alone is compared (flags from the rules).
    return str(path) if path.is_file() else "none"


def summary(name: str, result: dict[str, Any]) -> str:
    flags = result["flags"]
    per = " ".join(
        f"{f[:10]}={v['found']}/{v['support']}(+{v['false']})"
        for f, v in flags["per_flag"].items()
    )
    codes = " ".join(
        f"{c[:10]}={v['recall']:.2f}/{v['precision']:.2f}"
        for c, v in result["per_code"].items()
        if v["support"] >= 15
    )
    return (
        f"{name}: flags recall {flags['recall']:.3f} false {flags['false_flag_rate']:.3f}"
        f" | {per}\n    codes R/P: {codes}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--flag-labellers", default="ABDEFHIJKLMOPQS")
    parser.add_argument("--code-labellers", default="ABEHIJKLMOPQS")
    parser.add_argument("--held", default="LMOPQS")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--max-false", type=float, default=0.005)
    # Which flags the flag model may add (default: what ships, `flag_model.ADDS`).
    parser.add_argument("--flag-adds", default="")
    # Which codes the code model is trained to add (default `code_model.ADDS`).
    parser.add_argument("--code-adds", default="")
    # Ablation: the flag model's gates without the patient-side score.
    parser.add_argument("--no-patient-gate", action="store_true")
    # Keep the trained weights in DIR and reuse those already there (a weights
    # file is named by its labellers, the held-out one and `--tag`, which names
    # a variant of the flag model's features).
    parser.add_argument("--keep", type=Path, default=None)
    parser.add_argument("--tag", default="")
    args = parser.parse_args(argv)
    for given in (args.flag_labellers, args.code_labellers):
        if set(given) & DOUBLE_CODERS:
            parser.error("double-coders (C, N, R) code another labeller's ids")
    if args.no_patient_gate:
        flag_model._PATIENT_SIDE = 2.0  # a probability never reaches it
    if args.flag_adds:
        flag_model.ADDS = frozenset(args.flag_adds.split(","))
    letters = "".join(
        sorted(set(args.flag_labellers + args.code_labellers + args.held))
    )
    corpus = training_turns(letters)

    @cache
    def rules() -> list[set[str]]:
        # The rules' codes of every turn, only when a code model is to be trained.
        return code_train.annotated_codes(corpus, "none")

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as scratch:
        tmp = args.keep or Path(scratch)
        tmp.mkdir(parents=True, exist_ok=True)
        for held in args.held:
            result = held_out(
                corpus,
                rules,
                held,
                args.flag_labellers,
                args.code_labellers,
                tmp,
                args.max_false,
                tuple(sorted(args.code_adds.split(","))) if args.code_adds else (),
                args.tag,
            )
            out[held] = result
            sys.stdout.write(summary(held, result) + "\n")
            sys.stdout.flush()
    n = len(out)
    recall = sum(r["flags"]["recall"] for r in out.values()) / n
    false = sum(r["flags"]["false_flag_rate"] for r in out.values()) / n
    code_means = {
        c: sum(r["per_code"].get(c, {}).get("recall", 0.0) for r in out.values()) / n
        for c in BEHAVIOUR_CODES
    }
    flag_means = {
        f: sum(r["flags"]["per_flag"][f]["recall"] or 0.0 for r in out.values()) / n
        for f in FLAGS
    }
    sys.stdout.write(
        f"mean of {n}: flags recall {recall:.3f} false {false:.3f}\n"
        f"  per flag: {json.dumps({k: round(v, 3) for k, v in flag_means.items()})}\n"
        f"  code recall: {json.dumps({k: round(v, 3) for k, v in code_means.items()})}\n"
    )
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
