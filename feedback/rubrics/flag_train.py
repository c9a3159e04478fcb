"""Train the flag models: `python manage.py train_flag_model` (or
`python -m feedback.rubrics.flag_train`).

Data: the project's own gold corpus (`gold/labeller_A_*.jsonl`, `labeller_B_*`),
turns written and blind-labelled by the project; never the licensed datasets in
`shared/data`. Labeller C's lines are double codes of the same ids without the turn,
so they are not training examples.

Per flag, a logistic regression (L2, stochastic gradient descent with a fixed
shuffle, so the weights file is byte-identical on every run). The threshold of each
is chosen out of fold: the corpus is split by file into `--folds` groups, each group
is scored by a model trained on the others, and the threshold is the lowest score at
which at most `--max-false` of the held-out turns without that flag would be
flagged. The out-of-fold catch and false counts are stored with the weights.

`--report` also prints, out of fold, what the rules, the model and the two together
find on each labeller's half; `--report --by-labeller` (2026.11-11) leaves one
labeller out at a time, trains on all the others and scores the one left out, then
averages over labellers: the figure to decide by, since labellers differ by
convention more than files do (training-set figures are never reported). `--labellers A` trains on one half only, e.g. to score the other
half with `FLAG_MODEL_WEIGHTS=<out> manage.py evaluate_annotator --path <dir>`.

Shipped since 2026.12-3 (stop 22): trained on labellers A, B, D, E, F, H, I, J, K, L, M,
O, P, Q and S (`--labellers ABDEFHIJKLMOPQS`, the default), with the pair features of
`flag_model` (chosen leaving one labeller out through the real annotator,
`python -m feedback.rubrics.lolo`; docs/annotation.md "Stop 22").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .evaluation.gold import GoldTurn
from .flag_gates import rubric_allows
from .flag_model import (
    ADDS,
    VETOES,
    WEIGHTS_PATH,
    features,
    gate,
    patient_features,
)
from .linear_corpus import (
    BLIND_DIR,
    environ_set,
    fold_of,
    labellers_of,
    training_parser,
)
from .linear_corpus import training_turns as _corpus
from .linear_model import Vector, score, sigmoid, train_binary
from .schema import FLAGS

__all__ = ["BLIND_DIR", "Vector", "fold_of", "train_binary", "training_turns"]


def training_turns(
    labellers: str = "ABDEHI", path: Path | None = None
) -> list[GoldTurn]:
    """The flag models' corpus: `linear_corpus.training_turns` with A, B and the blind
    labellers D and E by default."""
    return _corpus(labellers, path)


def _score(bias: float, weights: dict[int, float], feats: Vector) -> float:
    return score(bias, weights, feats)


def vectorise(
    turns: Sequence[GoldTurn],
    min_count: int = 2,
    rules: Sequence[set[str]] | None = None,
) -> tuple[list[Vector], list[str]]:
    """Feature indexes per turn, keeping features seen in at least `min_count` turns
    (with the rules' flags on each turn as features when `rules` is given)."""
    named = _named(turns, rules)
    counts: Counter[str] = Counter(f for feats in named for f in feats)
    vocab = sorted(f for f, n in counts.items() if n >= min_count)
    index = {f: i for i, f in enumerate(vocab)}
    return [[index[f] for f in feats if f in index] for feats in named], vocab


def _named(
    turns: Sequence[GoldTurn], rules: Sequence[set[str]] | None
) -> list[list[str]]:
    if rules is None:
        return [features(t.context) for t in turns]
    return [features(t.context, sorted(r)) for t, r in zip(turns, rules, strict=True)]


def out_of_fold(
    xs: Sequence[Vector],
    ys: Sequence[int],
    folds: Sequence[int],
    epochs: int,
    hyper: dict[str, Any],
) -> list[float]:
    oof = [0.0] * len(xs)
    for fold in sorted(set(folds)):
        train = [i for i in range(len(xs)) if folds[i] != fold]
        bias, weights = train_binary(
            [xs[i] for i in train], [ys[i] for i in train], epochs=epochs, **hyper
        )
        for i in range(len(xs)):
            if folds[i] == fold:
                oof[i] = _score(bias, weights, xs[i])
    return oof


def pick_threshold(oof: Sequence[float], ys: Sequence[int], max_false: float) -> float:
    """The lowest threshold (at least 0.5) that flags at most `max_false` of the
    negatives out of fold."""
    negatives = sorted((s for s, y in zip(oof, ys, strict=True) if not y), reverse=True)
    allowed = int(max_false * len(negatives))
    return max(0.5, negatives[allowed] + 1e-6) if negatives else 0.5


# 2026.11-11: a vetoed collusion flag leaves a sentence that sides with the belief
# unflagged, often shown as support or a reflection (the failure RUBRICS.md names
# first), so its veto may lose fewer labelled flags than the others (2 %, not 3 %;
# at 3 % it dropped the flag on "you've let your whole family down").
_MAX_LOST = {"collusion": 0.02}


def pick_veto(oof: Sequence[float], ys: Sequence[int], max_lost: float) -> float:
    """The highest score under which at most `max_lost` of the positives fall out
    of fold: a rule flag scored below it is dropped (0 when none may be lost)."""
    positives = sorted(s for s, y in zip(oof, ys, strict=True) if y)
    allowed = int(max_lost * len(positives))
    return min(positives[allowed], 0.5) if allowed and positives else 0.0


def train(
    turns: Sequence[GoldTurn],
    *,
    folds: int,
    epochs: int,
    max_false: float,
    max_lost: float = 0.0,
    rate: float = 0.05,
    seed: int = 7,
    l2: float = 1e-3,
    min_count: int = 2,
    rules: Sequence[set[str]] | None = None,
) -> tuple[dict[str, dict[str, object]], dict[str, list[float]]]:
    """The weights payload and, per flag, the out-of-fold score per turn."""
    xs, vocab = vectorise(turns, min_count, rules)
    hyper: dict[str, Any] = {"rate": rate, "l2": l2, "seed": seed}
    fold = fold_of(turns, folds)
    models: dict[str, dict[str, object]] = {}
    decisions: dict[str, list[float]] = {}
    for flag in FLAGS:
        ys = [int(flag in t.flags) for t in turns]
        oof = out_of_fold(xs, ys, fold, epochs, hyper)
        threshold = pick_threshold(oof, ys, max_false)
        veto = pick_veto(oof, ys, min(max_lost, _MAX_LOST.get(flag, max_lost)))
        decisions[flag] = oof
        said = [score >= threshold for score in oof]
        caught = sum(d and y for d, y in zip(said, ys, strict=True))
        false = sum(d and not y for d, y in zip(said, ys, strict=True))
        bias, weights = train_binary(xs, ys, epochs=epochs, **hyper)
        kept = {
            vocab[f]: round(w, 4)
            for f, w in sorted(weights.items(), key=lambda fw: vocab[fw[0]])
            if abs(w) >= 0.01
        }
        models[flag] = {
            "bias": round(bias, 4),
            "threshold": round(threshold, 4),
            "veto": round(veto, 6),
            "cv_catch": f"{caught}/{sum(ys)}",
            "cv_false": f"{false}/{len(ys) - sum(ys)}",
            "weights": kept,
        }
        sys.stderr.write(
            f"{flag}: threshold {threshold:.3f}, out-of-fold catch {caught}/{sum(ys)},"
            f" false {false}/{len(ys) - sum(ys)}, {len(kept)} weights\n"
        )
    return models, decisions


def rule_flags(turns: Sequence[GoldTurn]) -> list[set[str]]:
    """What the rules alone say on each turn (the model switched off)."""
    from .annotators import OfflineAnnotator

    with environ_set("FLAG_MODEL_WEIGHTS", "none"):
        annotator = OfflineAnnotator()
        return [set(annotator.annotate(t.context).flags) for t in turns]


def variants(
    turns: Sequence[GoldTurn],
    scores: dict[str, list[float]],
    models: dict[str, dict[str, object]],
    rules: Sequence[set[str]],
) -> tuple[tuple[str, list[set[str]]], ...]:
    """Per turn, the flags of: rules alone, model alone, rules OR model, the same
    with the veto, and what ships (rules less vetoes, plus the model's `ADDS`)."""
    cut = {f: float(str(models[f]["threshold"])) for f in FLAGS}
    veto = {f: float(str(models[f]["veto"])) for f in FLAGS}
    named = [features(t.context) for t in turns]  # the gates read the cues only
    sides = _patient_side(models, named)
    model = [
        {
            f
            for f in FLAGS
            if scores[f][i] >= cut[f]
            and gate(f, named[i], sides[i])
            and rubric_allows(f, turns[i].context)
        }
        for i in range(len(turns))
    ]
    vetoed = [
        {f for f in rules[i] if scores[f][i] >= veto[f]} for i in range(len(turns))
    ]
    shipped = [
        {f for f in rules[i] if f not in VETOES or f in vetoed[i]}
        | {f for f in model[i] if f in ADDS}
        for i in range(len(turns))
    ]
    return (
        ("rules", list(rules)),
        ("model", model),
        ("rules|model", [r | m for r, m in zip(rules, model, strict=True)]),
        ("veto|model", [r | m for r, m in zip(vetoed, model, strict=True)]),
        ("shipped", shipped),
    )


def _patient_side(
    models: dict[str, dict[str, object]], named: Sequence[Sequence[str]]
) -> list[dict[str, float]]:
    """Per turn, each flag's score of the patient's side alone (`gate`)."""
    out: list[dict[str, float]] = [{} for _ in named]
    for flag in FLAGS:
        weights: dict[str, float] = models[flag]["weights"]  # type: ignore[assignment]
        bias = float(str(models[flag]["bias"]))
        for side, feats in zip(out, named, strict=True):
            side[flag] = sigmoid(
                bias + sum(weights.get(f, 0.0) for f in patient_features(feats))
            )
    return out


def recall_false(
    turns: Sequence[GoldTurn], pred: Sequence[set[str]], idx: Sequence[int]
) -> tuple[int, int, int]:
    """Flags found, flags labelled, turns with a flag the labeller did not give."""
    total = sum(len(turns[i].flags) for i in idx)
    found = sum(len(turns[i].flags & pred[i]) for i in idx)
    false = sum(bool(pred[i] - turns[i].flags) for i in idx)
    return found, total, false


def report(
    turns: Sequence[GoldTurn],
    scores: dict[str, list[float]],
    models: dict[str, dict[str, object]],
    rules: Sequence[set[str]],
) -> str:
    """Per labeller half: rules alone, model alone, rules OR model, and the same
    with the veto. `scores` must be held-out scores (never training-set ones)."""
    lines = []
    for labeller in sorted({t.labeller for t in turns}):
        idx = [i for i, t in enumerate(turns) if t.labeller == labeller]
        for name, pred in variants(turns, scores, models, rules):
            found, total, false = recall_false(turns, pred, idx)
            per = " ".join(
                f"{f[:12]}={sum(f in turns[i].flags and f in pred[i] for i in idx)}"
                f"/{sum(f in turns[i].flags for i in idx)}"
                f"(+{sum(f in pred[i] and f not in turns[i].flags for i in idx)})"
                for f in FLAGS
            )
            lines.append(
                f"{labeller} {name:12s} recall {found / total:.3f} ({found}/{total})"
                f"  false-flag turns {false / len(idx):.3f}  {per}"
            )
    return "\n".join(lines)


def score_with(
    models: dict[str, dict[str, object]],
    turns: Sequence[GoldTurn],
    rules: Sequence[set[str]] | None = None,
) -> dict[str, list[float]]:
    """The trained models' scores on `turns` (features by name)."""
    named = _named(turns, rules)
    out: dict[str, list[float]] = {}
    for flag in FLAGS:
        m = models[flag]
        weights: dict[str, float] = m["weights"]  # type: ignore[assignment]
        bias = float(str(m["bias"]))
        out[flag] = [
            sigmoid(bias + sum(weights.get(f, 0.0) for f in feats)) for feats in named
        ]
    return out


def cross_report(everything: Sequence[GoldTurn], args: argparse.Namespace) -> str:
    """Train on one labeller, score the other (thresholds from the training side)."""
    lines = []
    rules = rule_flags(everything)
    for train_on, test_on in (("A", "B"), ("B", "A")):
        train_turns = [t for t in everything if t.labeller == train_on]
        idx = [i for i, t in enumerate(everything) if t.labeller == test_on]
        test_turns = [everything[i] for i in idx]
        given = _given(
            args, [rules[i] for i, t in enumerate(everything) if t.labeller == train_on]
        )
        models, _ = train(train_turns, **hyper(args), rules=given)
        lines.append(f"-- trained on {train_on}, scored on {test_on}")
        lines.append(
            report(
                test_turns,
                score_with(models, test_turns, _given(args, [rules[i] for i in idx])),
                models,
                [rules[i] for i in idx],
            )
        )
    return "\n".join(lines)


def labeller_report(everything: Sequence[GoldTurn], args: argparse.Namespace) -> str:
    """Leave one labeller out: for each labeller, models trained (thresholds from
    file folds) on all the others score its turns; then the mean over labellers of
    recall and false-flag rate, rules alone against what ships."""
    rules = rule_flags(everything)
    lines = []
    means: dict[str, list[tuple[float, float]]] = {}
    for held in labellers_of(everything):
        idx = [i for i, t in enumerate(everything) if t.labeller == held]
        test = [everything[i] for i in idx]
        rest = [i for i, t in enumerate(everything) if t.labeller != held]
        models, _ = train(
            [everything[i] for i in rest],
            **hyper(args),
            rules=_given(args, [rules[i] for i in rest]),
        )
        ruled = [rules[i] for i in idx]
        scored = score_with(models, test, _given(args, ruled))
        lines.append(f"-- trained without {held}, scored on {held}")
        lines.append(report(test, scored, models, ruled))
        every = range(len(test))
        for name, pred in variants(test, scored, models, ruled):
            found, total, false = recall_false(test, pred, every)
            means.setdefault(name, []).append(
                (found / max(total, 1), false / max(len(test), 1))
            )
    for name, figures in means.items():
        recall = sum(r for r, _ in figures) / len(figures)
        rate = sum(f for _, f in figures) / len(figures)
        lines.append(
            f"mean of {len(figures)} labellers left out, {name:12s}"
            f" recall {recall:.3f}  false-flag turns {rate:.3f}"
        )
    return "\n".join(lines)


def _given(
    args: argparse.Namespace, rules: Sequence[set[str]]
) -> Sequence[set[str]] | None:
    """The rules' flags as features, with `--rule-features`."""
    return rules if args.rule_features else None


def hyper(args: argparse.Namespace) -> dict[str, Any]:
    """The training settings from the command line (stored with the weights)."""
    return {
        "folds": args.folds,
        "epochs": args.epochs,
        "rate": args.rate,
        "l2": args.l2,
        "min_count": args.min_count,
        "seed": args.seed,
        "max_false": args.max_false,
        "max_lost": args.max_lost,
    }


def settings(args: argparse.Namespace) -> dict[str, Any]:
    """What the weights file records of how it was trained."""
    return {
        **hyper(args),
        "labellers": args.labellers,
        "rule_features": args.rule_features,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = training_parser(
        (__doc__ or "").splitlines()[0], labellers="ABDEFHIJKLMOPQS", out=WEIGHTS_PATH
    )
    parser.add_argument("--max-false", type=float, default=0.005)
    parser.add_argument("--max-lost", type=float, default=0.03)
    # 2026.11-11: the rules' flags as features too. Left out of the shipped model:
    # leaving one labeller out, the model alone found more (mean recall .52 -> .62)
    # but what ships did worse (.773 / 3.0 % false -> .763 / 3.7 %): a model that
    # leans on the rule's own flag cannot veto it.
    parser.add_argument("--rule-features", action="store_true")
    args = parser.parse_args(argv)
    turns = training_turns(args.labellers, args.gold)
    if args.cross:
        sys.stdout.write(cross_report(turns, args) + "\n")
        return 0
    if args.report and args.by_labeller:
        sys.stdout.write(labeller_report(turns, args) + "\n")
        return 0
    rules = rule_flags(turns)
    models, decisions = train(turns, **hyper(args), rules=_given(args, rules))
    payload = {
        "trained_by": "python manage.py train_flag_model",
        "settings": settings(args),
        "examples": len(turns),
        "models": models,
    }
    args.out.write_text(json.dumps(payload, indent=0, sort_keys=True) + "\n")
    if args.report:
        sys.stdout.write(report(turns, decisions, models, rules) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
