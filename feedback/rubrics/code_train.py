"""Train the code models: `python manage.py train_code_model` (or
`python -m feedback.rubrics.code_train`).

Data: the project's own gold corpus (labeller A's and B's turns), never the licensed
datasets in `shared/data`. Per code, a logistic regression on `code_model.features`
(the same trainer as the flag models, `flag_train.train_binary`: fixed shuffle, so
the weights file is byte-identical on every run).

The threshold of each code is chosen out of fold, for precision: the corpus is split
by file into `--folds` groups, each scored by a model trained on the others, and the
threshold is the lowest score at which the turns the model would add the code to
(those where the rules did not give it) are labelled with it at least as often as
the rules' own codes are (`--min-precision` at least), with at least `--min-adds`
such turns. A code whose additions never reach that precision is never added.

`--report --by-labeller` (2026.11-11) leaves one labeller out at a time (trained on
all the others) and averages the weak codes' precision and recall over labellers:
the figure to decide by. `--cross` prints the older figures: trained on one labeller only (thresholds from
folds inside that labeller), the other labeller's per-code precision and recall,
rules alone against rules + model, through the real annotator.

Shipped since 2026.12-3 (stop 22): trained on labellers A, B, E, H, I, J, K, L, M, O,
P, Q and S (`--labellers ABEHIJKLMOPQS`, the default; O, P, Q and S added after leaving
each of L, M, O, P, Q and S out in turn through the real annotator,
`python -m feedback.rubrics.lolo`: support and complex reflection recall up, docs/
annotation.md "Stop 22"). Never the double-coders C, N and R: their ids are another
labeller's.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .code_model import ADDS, WEIGHTS_PATH, features
from .evaluation.gold import GOLD_DIR, GoldTurn, parse_line, read_gold
from .linear_corpus import (
    environ_set,
    fold_of,
    labellers_of,
    training_parser,
    training_turns,
)
from .linear_model import Vector, train_binary
from .linear_model import score as _score
from .schema import BEHAVIOUR_CODES, last_patient_text

_ENV = "CODE_MODEL_WEIGHTS"
# Turns written for this model from the rubric's definitions (project-owned, like the
# gold corpus): always trained on, never used to pick a threshold or to score.
WRITTEN = Path(__file__).with_name("examples") / "codes_written.jsonl"


def written_turns(path: Path = WRITTEN) -> list[GoldTurn]:
    """The written examples (labeller "W"), none when the file is absent."""
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as fh:
        return [
            parse_line(line, "W", f"{path.name}:{n}")
            for n, line in enumerate(fh, 1)
            if line.strip()
        ]


def out_of_fold(
    xs: Sequence[Vector],
    ys: Sequence[int],
    folds: Sequence[int],
    n_scored: int,
    epochs: int,
    hyper: dict[str, Any],
) -> list[float]:
    """Held-out scores of the first `n_scored` examples (by fold); the examples after
    them (the written ones) are in every fold's training set."""
    oof = [0.0] * n_scored
    for fold in sorted(set(folds)):
        train = [i for i in range(len(xs)) if i >= n_scored or folds[i] != fold]
        bias, weights = train_binary(
            [xs[i] for i in train], [ys[i] for i in train], epochs=epochs, **hyper
        )
        for i in range(n_scored):
            if folds[i] == fold:
                oof[i] = _score(bias, weights, xs[i])
    return oof


def vectorise(
    turns: Sequence[GoldTurn], min_count: int = 2
) -> tuple[list[Vector], list[str]]:
    """Feature indexes per turn, keeping features seen in at least `min_count` turns."""
    named = [
        features(t.context.trainee_text, last_patient_text(t.context)) for t in turns
    ]
    counts: dict[str, int] = {}
    for feats in named:
        for f in feats:
            counts[f] = counts.get(f, 0) + 1
    vocab = sorted(f for f, n in counts.items() if n >= min_count)
    index = {f: i for i, f in enumerate(vocab)}
    return [[index[f] for f in feats if f in index] for feats in named], vocab


def annotated_codes(turns: Sequence[GoldTurn], weights: str) -> list[set[str]]:
    """The turn-level codes the offline annotator gives with `weights` ("none":
    the rules alone)."""
    from .annotators import OfflineAnnotator

    with environ_set(_ENV, weights):
        annotator = OfflineAnnotator()
        out = []
        for t in turns:
            ann = annotator.annotate(t.context)
            codes: set[str] = {c for u in ann.utterances for c in u.codes}
            # Carried along for the flag figures in `table` (not codes).
            codes.update(f"flag:{f}" for f in ann.flags)
            out.append(codes)
        return out


_COLLUSION_FLAGGED = "flag:collusion"
_REFLECTIONS = frozenset({"simple_reflection", "complex_reflection"})


def collusion_as_reflection(turns: Sequence[GoldTurn], pred: Sequence[set[str]]) -> int:
    """Collusive turns (by the labeller) shown as a reflection without the flag."""
    return sum(
        "collusion" in t.flags
        and _COLLUSION_FLAGGED not in p
        and bool(p & _REFLECTIONS)
        for t, p in zip(turns, pred, strict=True)
    )


def _flags(turns: Sequence[GoldTurn], pred: Sequence[set[str]]) -> str:
    """Flag recall and the share of turns with a false flag."""
    said = [{c[5:] for c in p if c.startswith("flag:")} for p in pred]
    total = sum(len(t.flags) for t in turns)
    found = sum(len(t.flags & s) for t, s in zip(turns, said, strict=True))
    false = sum(bool(s - t.flags) for t, s in zip(turns, said, strict=True))
    return f"recall {found / max(total, 1):.3f}, false {false / max(len(turns), 1):.3f}"


def pick_threshold(
    oof: Sequence[float],
    ys: Sequence[int],
    ruled: Sequence[bool],
    *,
    min_precision: float,
    min_adds: int,
) -> float:
    """The lowest threshold (at least 0.5) at which the additions (turns the rules
    left without the code) are at least `min_precision` right, counting down from
    the top score; above 1 (never) when no threshold gets `min_adds` such turns."""
    candidates = sorted(
        ((s, y) for s, y, r in zip(oof, ys, ruled, strict=True) if not r and s >= 0.5),
        reverse=True,
    )
    best = 1.01
    right = 0
    for n, (score, y) in enumerate(candidates, 1):
        right += y
        if n >= min_adds and right / n >= min_precision:
            best = score
    return best


def train(
    turns: Sequence[GoldTurn],
    rules: Sequence[set[str]],
    *,
    folds: int,
    epochs: int,
    rate: float,
    l2: float,
    seed: int,
    min_count: int,
    min_precision: float,
    min_adds: int,
    margin: float = 0.0,
    written: bool = True,
    codes: Sequence[str] = (),
) -> dict[str, dict[str, object]]:
    """The weights payload per code (thresholds chosen out of fold on `turns`; the
    written examples are added to every training set)."""
    extra = written_turns() if written else []
    xs, vocab = vectorise([*turns, *extra], min_count)
    hyper: dict[str, Any] = {"rate": rate, "l2": l2, "seed": seed}
    fold = fold_of(turns, folds)
    models: dict[str, dict[str, object]] = {}
    for code in sorted(codes or ADDS):
        ys = [int(code in t.codes) for t in [*turns, *extra]]
        ruled = [code in r for r in rules]
        oof = out_of_fold(xs, ys, fold, len(turns), epochs, hyper)
        # The rules' own precision on these turns: additions must not lower it.
        said = sum(ruled)
        rule_precision = (
            sum(y and r for y, r in zip(ys, ruled, strict=False)) / said if said else 0
        )
        threshold = pick_threshold(
            oof,
            ys[: len(turns)],
            ruled,
            min_precision=max(min_precision, rule_precision + margin),
            min_adds=min_adds,
        )
        adds = [s >= threshold and not r for s, r in zip(oof, ruled, strict=True)]
        right = sum(a and y for a, y in zip(adds, ys, strict=False))
        bias, weights = train_binary(xs, ys, epochs=epochs, **hyper)
        kept = {
            vocab[f]: round(w, 4)
            for f, w in sorted(weights.items(), key=lambda fw: vocab[fw[0]])
            if abs(w) >= 0.01
        }
        models[code] = {
            "bias": round(bias, 4),
            "threshold": round(threshold, 4),
            "rule_precision": round(rule_precision, 4),
            "cv_adds": f"{right}/{sum(adds)}",
            "weights": kept,
        }
        sys.stderr.write(
            f"{code}: threshold {threshold:.3f} (rules' precision"
            f" {rule_precision:.2f}), out-of-fold additions right {right}/{sum(adds)},"
            f" {len(kept)} weights\n"
        )
    return models


def payload(
    models: dict[str, dict[str, object]], settings: dict[str, Any], n: int
) -> str:
    data = {
        "trained_by": "python manage.py train_code_model",
        "settings": settings,
        "examples": n,
        "models": models,
    }
    return json.dumps(data, indent=0, sort_keys=True) + "\n"


def per_code(
    turns: Sequence[GoldTurn], pred: Sequence[set[str]], gold: Sequence[frozenset[str]]
) -> dict[str, tuple[float, float, int, int]]:
    """code -> (precision, recall, support, predicted)."""
    out = {}
    for code in BEHAVIOUR_CODES:
        tp = sum(code in p and code in g for p, g in zip(pred, gold, strict=True))
        n_pred = sum(code in p for p in pred)
        n_gold = sum(code in g for g in gold)
        out[code] = (
            tp / n_pred if n_pred else 0.0,
            tp / n_gold if n_gold else 0.0,
            n_gold,
            n_pred,
        )
    return out


def table(
    title: str,
    turns: Sequence[GoldTurn],
    rules: Sequence[set[str]],
    both: Sequence[set[str]],
    gold: Sequence[frozenset[str]] | None = None,
) -> str:
    """Per code, precision / recall of the rules and of rules + model (judged by
    `gold`, default the turns' own labeller, who also judges the collusion count)."""
    lines = [
        f"-- {title} ({len(turns)} turns): precision / recall, rules -> rules+model"
    ]
    if gold is None:
        lines.append(
            "  collusion shown as a reflection without its flag: "
            f"{collusion_as_reflection(turns, rules)} -> "
            f"{collusion_as_reflection(turns, both)}"
        )
        lines.append(f"  flags: rules {_flags(turns, rules)} -> {_flags(turns, both)}")
    gold = gold if gold is not None else [t.codes for t in turns]
    a = per_code(turns, rules, gold)
    b = per_code(turns, both, gold)
    for code in BEHAVIOUR_CODES:
        mark = "*" if code in ADDS else " "
        lines.append(
            f"{mark}{code:26s} n{a[code][2]:4d}  {a[code][0]:.2f} / {a[code][1]:.2f}"
            f"  ->  {b[code][0]:.2f} / {b[code][1]:.2f}  ({b[code][3] - a[code][3]:+d})"
        )
    return "\n".join(lines)


def second_codes(path: Path | None = None) -> dict[str, frozenset[str]]:
    """id -> the codes labeller C gave it (C double-codes some of A's and B's ids)."""
    return {t.id: t.codes for t in read_gold(path or GOLD_DIR) if t.labeller == "C"}


def second_table(
    title: str,
    turns: Sequence[GoldTurn],
    rules: Sequence[set[str]],
    both: Sequence[set[str]],
    second: dict[str, frozenset[str]],
) -> str:
    """The same comparison judged by labeller C on the ids C coded."""
    idx = [i for i, t in enumerate(turns) if t.id in second]
    return table(
        f"{title}, judged by labeller C",
        [turns[i] for i in idx],
        [rules[i] for i in idx],
        [both[i] for i in idx],
        [second[turns[i].id] for i in idx],
    )


def settings_of(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "folds": args.folds,
        "epochs": args.epochs,
        "rate": args.rate,
        "l2": args.l2,
        "seed": args.seed,
        "min_count": args.min_count,
        "min_precision": args.min_precision,
        "min_adds": args.min_adds,
        "margin": args.margin,
        "written": not args.no_written,
        "codes": sorted(args.codes.split(",")) if args.codes else sorted(ADDS),
    }


def cross_report(everything: Sequence[GoldTurn], args: argparse.Namespace) -> str:
    """Train on one labeller (thresholds from folds inside it), score the other."""
    rules = annotated_codes(everything, "none")
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for train_on, test_on in (("A", "B"), ("B", "A")):
            idx = [i for i, t in enumerate(everything) if t.labeller == train_on]
            models = train(
                [everything[i] for i in idx],
                [rules[i] for i in idx],
                **settings_of(args),
            )
            path = Path(tmp) / f"{train_on}.json"
            path.write_text(payload(models, settings_of(args), len(idx)))
            test_idx = [i for i, t in enumerate(everything) if t.labeller == test_on]
            test = [everything[i] for i in test_idx]
            both = annotated_codes(test, str(path))
            title = f"trained on {train_on}, scored on {test_on}"
            ruled = [rules[i] for i in test_idx]
            lines.append(table(title, test, ruled, both))
            lines.append(second_table(title, test, ruled, both, second_codes()))
    return "\n".join(lines)


def fold_report(everything: Sequence[GoldTurn], args: argparse.Namespace) -> str:
    """Each file fold annotated with weights trained on the other folds."""
    rules = annotated_codes(everything, "none")
    fold = fold_of(everything, args.folds)
    both: list[set[str]] = [set() for _ in everything]
    with tempfile.TemporaryDirectory() as tmp:
        for k in sorted(set(fold)):
            idx = [i for i in range(len(everything)) if fold[i] != k]
            models = train(
                [everything[i] for i in idx],
                [rules[i] for i in idx],
                **settings_of(args),
            )
            path = Path(tmp) / f"fold{k}.json"
            path.write_text(payload(models, settings_of(args), len(idx)))
            held = [i for i in range(len(everything)) if fold[i] == k]
            coded = annotated_codes([everything[i] for i in held], str(path))
            for i, codes in zip(held, coded, strict=True):
                both[i] = codes
    lines = []
    for labeller in sorted({t.labeller for t in everything}):
        idx = [i for i, t in enumerate(everything) if t.labeller == labeller]
        lines.append(
            table(
                f"{args.folds} folds by file, labeller {labeller}",
                [everything[i] for i in idx],
                [rules[i] for i in idx],
                [both[i] for i in idx],
            )
        )
    lines.append(
        second_table(
            f"{args.folds} folds by file", everything, rules, both, second_codes()
        )
    )
    return "\n".join(lines)


# The codes whose recall the leave-one-labeller-out summary averages (the weak ones
# the targets name, RUBRICS.md; the rest are in the per-labeller tables).
WATCHED = (
    "confront",
    "support",
    "affirm",
    "giving_information",
    "persuade",
    "other",
)


def labeller_report(everything: Sequence[GoldTurn], args: argparse.Namespace) -> str:
    """Leave one labeller out: each labeller annotated with weights trained on all
    the others (thresholds from their file folds), then the mean over labellers of
    each watched code's precision and recall, rules against rules + model."""
    rules = annotated_codes(everything, "none")
    lines = []
    means: dict[str, list[tuple[float, float, float, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for held in labellers_of(everything):
            train_idx = [i for i, t in enumerate(everything) if t.labeller != held]
            models = train(
                [everything[i] for i in train_idx],
                [rules[i] for i in train_idx],
                **settings_of(args),
            )
            path = Path(tmp) / f"without_{held}.json"
            path.write_text(payload(models, settings_of(args), len(train_idx)))
            idx = [i for i, t in enumerate(everything) if t.labeller == held]
            test = [everything[i] for i in idx]
            both = annotated_codes(test, str(path))
            ruled = [rules[i] for i in idx]
            lines.append(
                table(f"trained without {held}, scored on {held}", test, ruled, both)
            )
            gold = [t.codes for t in test]
            a, b = per_code(test, ruled, gold), per_code(test, both, gold)
            for code in WATCHED:
                means.setdefault(code, []).append(
                    (a[code][0], a[code][1], b[code][0], b[code][1])
                )
    for code, rows in means.items():
        n = len(rows)
        avg = [sum(r[k] for r in rows) / n for k in range(4)]
        lines.append(
            f"mean of {n} labellers left out, {code:20s}"
            f" {avg[0]:.2f} / {avg[1]:.2f} -> {avg[2]:.2f} / {avg[3]:.2f} (P / R)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = training_parser(
        (__doc__ or "").splitlines()[0], labellers="ABEHIJKLMOPQS", out=WEIGHTS_PATH
    )
    parser.add_argument("--min-precision", type=float, default=0.7)
    parser.add_argument("--min-adds", type=int, default=3)
    parser.add_argument("--margin", type=float, default=0.05)
    # Candidates to report on (the shipped model has the codes in `ADDS`).
    parser.add_argument("--codes", default="")
    parser.add_argument("--no-written", action="store_true")
    args = parser.parse_args(argv)
    turns = training_turns(args.labellers, args.gold)
    if args.cross:
        sys.stdout.write(cross_report(turns, args) + "\n")
        return 0
    if args.report and args.by_labeller:
        sys.stdout.write(labeller_report(turns, args) + "\n")
        return 0
    if args.report:
        sys.stdout.write(fold_report(turns, args) + "\n")
        return 0
    rules = annotated_codes(turns, "none")
    models = train(turns, rules, **settings_of(args))
    settings = {**settings_of(args), "labellers": args.labellers}
    args.out.write_text(payload(models, settings, len(turns)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
