"""Train the Socratic-type model: `python manage.py train_socratic_model` (or
`python -m feedback.rubrics.socratic_train`).

Data: the project's own gold corpus (`linear_corpus.training_turns`: `gold/` and
`gold_blind/`, first label of an id wins, so the double-coders N and R, who re-label
other labellers' ids, are never counted twice), never the licensed datasets in
`shared/data`. The offline annotator with the model switched off finds the questions
the rules type; each becomes a training example labelled with the turn's gold type:
the only typed question of the turn, or, when a turn asks several, the one the rules
gave the gold type to (else the last), and every one of them when the gold type is
`informational` (no question of the turn asks more). Turns whose gold type is `none`
are left out: labellers P, Q and S leave plain information questions untyped where
the others write `informational`, and the model only types what the rules found.
One logistic regression per type (`linear_model.train_binary`: fixed shuffle, so the
weights file is byte-identical on every run); the type with the highest probability
replaces the rules' when it reaches `--threshold` and the rules' cue is not one of
their reliable ones (`socratic_model.overrules`).

`--report --by-labeller` leaves one labeller out at a time (trained on all the
others) and prints, per labeller and on average, the Socratic κ and the accuracy on
turns that carry a type, rules alone against rules + model: the figure every
setting was chosen by (docs/annotation.md, "Stop 22: Socratic type").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .annotators import OfflineAnnotator
from .evaluation.gold import GoldTurn, predicted
from .evaluation.metrics import cohen_kappa
from .linear_corpus import environ_set, labellers_of, training_parser, training_turns
from .linear_model import Table, probabilities, train_binary, weight_table
from .schema import SOCRATIC_TYPES
from .socratic_model import _ENV, WEIGHTS_PATH, features, overrules

# Every labeller who wrote turns of their own (N and R only re-label others' ids).
LABELLERS = "ABCDEFHIJKLMOPQS"
_SPECIFIC = frozenset(SOCRATIC_TYPES) - {"informational"}


@dataclass(frozen=True, slots=True)
class Typed:
    """One gold turn as the rules read it: its rule-typed questions and turn type."""

    turn: GoldTurn
    questions: tuple[tuple[str, str], ...]  # (utterance text, the rules' type)
    rules: str  # the turn's Socratic type by the rules (evaluation.gold.predicted)


def read_typed(turns: Sequence[GoldTurn]) -> list[Typed]:
    """The rules' reading of every turn (the model switched off)."""
    with environ_set(_ENV, "none"):
        annotator = OfflineAnnotator()
        out = []
        for t in turns:
            ann = annotator.annotate(t.context)
            questions = tuple(
                (u.text, u.socratic_type) for u in ann.utterances if u.socratic_type
            )
            out.append(Typed(t, questions, str(predicted(ann)["socratic"])))
        return out


def examples(typed: Typed) -> list[tuple[list[str], str]]:
    """(features, label) of the turn's training questions (see the module doc)."""
    gold = typed.turn.socratic
    qs = typed.questions
    if gold == "none" or not qs:
        return []
    if gold == "informational":
        chosen = list(qs)
    else:
        same = [q for q in qs if q[1] == gold]
        chosen = [same[-1] if same else qs[-1]]
    return [(features(text, rule), gold) for text, rule in chosen]


def train(
    pairs: Sequence[tuple[list[str], str]],
    *,
    epochs: int,
    rate: float,
    l2: float,
    seed: int,
    min_count: int,
) -> dict[str, dict[str, Any]]:
    """One model per type seen, over the features in at least `min_count` examples."""
    counts = Counter(f for feats, _ in pairs for f in feats)
    vocab = sorted(f for f, n in counts.items() if n >= min_count)
    index = {f: i for i, f in enumerate(vocab)}
    xs = [[index[f] for f in feats if f in index] for feats, _ in pairs]
    models: dict[str, dict[str, Any]] = {}
    for label in SOCRATIC_TYPES:
        ys = [int(y == label) for _, y in pairs]
        if not any(ys):
            continue
        bias, weights = train_binary(xs, ys, epochs=epochs, rate=rate, l2=l2, seed=seed)
        models[label] = {
            "bias": round(bias, 6),
            "weights": {
                vocab[i]: round(w, 6)
                for i, w in sorted(weights.items())
                if round(w, 6) != 0.0
            },
        }
    return models


def turn_type(
    typed: Typed,
    types: Sequence[str],
    bias: Sequence[float],
    table: Table,
    threshold: float,
) -> str:
    """The turn's Socratic type with the model's retyping (as `socratic_model.retype`
    then `evaluation.gold.predicted` would give it)."""
    if not typed.questions:
        return typed.rules
    out = []
    for text, rule in typed.questions:
        probs = probabilities(types, bias, table, features(text, rule))
        best = max(types, key=lambda t: probs[t])
        out.append(
            best if overrules(text, rule, best, probs[best], threshold) else rule
        )
    specific = [t for t in out if t in _SPECIFIC]
    return (specific or out)[-1]


def figures(gold: Sequence[str], pred: Sequence[str]) -> tuple[float, float]:
    """Socratic κ (over every turn) and accuracy where the gold type is present."""
    labels = ("none", *SOCRATIC_TYPES)
    kappa = cohen_kappa(gold, pred, labels=labels)
    present = [(g, p) for g, p in zip(gold, pred, strict=True) if g != "none"]
    acc = sum(g == p for g, p in present) / len(present) if present else 0.0
    return kappa, acc


def settings_of(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "epochs": args.epochs,
        "rate": args.rate,
        "l2": args.l2,
        "seed": args.seed,
        "min_count": args.min_count,
    }


def _fit(
    typed: Sequence[Typed], args: argparse.Namespace
) -> tuple[tuple[str, ...], tuple[float, ...], Table]:
    pairs = [p for t in typed for p in examples(t)]
    models = train(pairs, **settings_of(args))
    types = tuple(t for t in SOCRATIC_TYPES if t in models)
    bias, table = weight_table(models, types)
    return types, bias, table


def labeller_report(typed: Sequence[Typed], args: argparse.Namespace) -> str:
    """Leave one labeller out: per labeller and on average, κ and accuracy where
    present, rules alone against rules + model trained without that labeller."""
    lines = [
        f"{'left out':8s} {'n':>4s} {'typed':>5s}  kappa rules -> model   acc rules -> model"
    ]
    rows = []
    for held in labellers_of([t.turn for t in typed]):
        train_set = [t for t in typed if t.turn.labeller != held]
        test = [t for t in typed if t.turn.labeller == held]
        model = _fit(train_set, args)
        gold = [t.turn.socratic for t in test]
        rules = [t.rules for t in test]
        both = [turn_type(t, *model, args.threshold) for t in test]
        k0, a0 = figures(gold, rules)
        k1, a1 = figures(gold, both)
        rows.append((k0, a0, k1, a1))
        n_typed = sum(g != "none" for g in gold)
        lines.append(
            f"{held:8s} {len(test):4d} {n_typed:5d}  {k0:.3f} -> {k1:.3f}"
            f"        {a0:.3f} -> {a1:.3f}"
        )
    n = len(rows)
    mean = [sum(r[k] for r in rows) / n for k in range(4)]
    lines.append(
        f"{'mean':8s} {'':4s} {'':5s}  {mean[0]:.3f} -> {mean[2]:.3f}"
        f"        {mean[1]:.3f} -> {mean[3]:.3f}"
    )
    return "\n".join(lines)


def payload(models: dict[str, dict[str, Any]], settings: dict[str, Any], n: int) -> str:
    data = {
        "trained_by": "python manage.py train_socratic_model",
        "data": "feedback/rubrics/gold + gold_blind (project-owned, blind-labelled)",
        "settings": settings,
        "n_examples": n,
        "threshold": settings["threshold"],
        "models": models,
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = training_parser(
        (__doc__ or "").splitlines()[0], labellers=LABELLERS, out=WEIGHTS_PATH
    )
    parser.add_argument("--threshold", type=float, default=0.7)
    args = parser.parse_args(argv)
    typed = read_typed(training_turns(args.labellers, args.gold))
    if args.report:
        sys.stdout.write(labeller_report(typed, args) + "\n")
        return 0
    pairs = [p for t in typed for p in examples(t)]
    models = train(pairs, **settings_of(args))
    settings = {
        **settings_of(args),
        "labellers": args.labellers,
        "threshold": args.threshold,
    }
    args.out.write_text(payload(models, settings, len(pairs)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
