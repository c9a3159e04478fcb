"""The logistic models shared by the flag model and the code model: scoring (used on
every annotation), training (`flag_train`, `code_train`) and the command-line options
both trainers take.

One place for the sigmoid, the weight table, the trainer, the file folds and the
training corpus, so the two models cannot drift apart (they did: each had its own
copy of the sigmoid and of the argument parser). Pure Python, no Django.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # Scoring runs inside every annotation; the corpus reader (which imports the
    # evaluation package, and through it the annotators) only when training.
    from .evaluation.gold import GoldTurn

Vector = list[int]
Table = dict[str, tuple[float, ...]]

# The blind labellers' development files (project-written text): D's 01-03
# (2026.11-8) and E's 01-06 (2026.11-10, written blind to the rules for the weak
# codes and the flags). D's file 04 is kept out, as a held-out check.
BLIND_DIR = Path(__file__).resolve().with_name("gold_blind")


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


# --- scoring -----------------------------------------------------------------------


def weight_table(
    models: dict[str, dict[str, Any]], labels: Sequence[str]
) -> tuple[tuple[float, ...], Table]:
    """One logistic model per label, stored as {label: {"bias", "weights"}}, turned
    into the biases and a feature -> per-label weights table (one look-up per
    feature when scoring)."""
    names = sorted({name for label in labels for name in models[label]["weights"]})
    bias = tuple(float(models[label]["bias"]) for label in labels)
    table = {
        name: tuple(float(models[label]["weights"].get(name, 0.0)) for label in labels)
        for name in names
    }
    return bias, table


def probabilities(
    labels: Sequence[str], bias: Sequence[float], table: Table, feats: Sequence[str]
) -> dict[str, float]:
    """label -> the probability its model gives the features."""
    z = list(bias)
    for f in feats:
        row = table.get(f)
        if row is not None:
            for k, w in enumerate(row):
                z[k] += w
    return {label: sigmoid(z[k]) for k, label in enumerate(labels)}


def score(bias: float, weights: dict[int, float], feats: Vector) -> float:
    """One model's probability for indexed features (training and folds)."""
    return sigmoid(bias + sum(weights.get(f, 0.0) for f in feats))


# --- training ----------------------------------------------------------------------


def train_binary(
    xs: Sequence[Vector],
    ys: Sequence[int],
    *,
    epochs: int,
    rate: float = 0.3,
    l2: float = 1e-3,
    seed: int = 7,
) -> tuple[float, dict[int, float]]:
    """Logistic regression by SGD; the classes are weighted to count equally (a flag
    or a weak code is on few turns, so unweighted the model would learn to say
    nothing). The fixed shuffle makes the weights byte-identical on every run."""
    pos = sum(ys)
    neg = len(ys) - pos
    cw = {1: len(ys) / (2 * max(pos, 1)), 0: len(ys) / (2 * max(neg, 1))}
    weights: dict[int, float] = {}
    bias = 0.0
    order = list(range(len(xs)))
    shuffle = random.Random(seed)
    for epoch in range(epochs):
        shuffle.shuffle(order)
        step = rate / (1 + epoch)
        for i in order:
            feats, y = xs[i], ys[i]
            z = bias + sum(weights.get(f, 0.0) for f in feats)
            g = (sigmoid(z) - y) * cw[y]
            bias -= step * g
            for f in feats:
                w = weights.get(f, 0.0)
                weights[f] = w - step * (g + l2 * w)
    return bias, weights


def training_turns(labellers: str, path: Path | None = None) -> list[GoldTurn]:
    """The labelled turns of `labellers` (in file order; first code of an id wins):
    those under `path`, or by default the gold corpus and `BLIND_DIR`."""
    from .evaluation.gold import GOLD_DIR, read_gold

    seen: set[str] = set()
    out = []
    corpus = read_gold(path) if path else read_gold(GOLD_DIR) + read_gold(BLIND_DIR)
    for t in corpus:
        if t.labeller in labellers and t.context.trainee_text and t.id not in seen:
            seen.add(t.id)
            out.append(t)
    return out


def fold_of(turns: Sequence[GoldTurn], folds: int) -> list[int]:
    """Fold per turn, by file batch (the id's file), so a fold is whole files."""
    files = sorted({(t.labeller, t.id[:1], _batch(t)) for t in turns})
    which = {f: k % folds for k, f in enumerate(files)}
    return [which[(t.labeller, t.id[:1], _batch(t))] for t in turns]


def _batch(t: GoldTurn) -> int:
    # Ids run in file order, 60 to a file (A0001-A0060 are labeller_A_01).
    digits = "".join(ch for ch in t.id if ch.isdigit())
    return (int(digits or 0) - 1) // 60


def training_parser(
    description: str, labellers: str, out: Path
) -> argparse.ArgumentParser:
    """The options both trainers take; each adds its own after."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--folds", type=int, default=6)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--min-count", type=int, default=2)
    parser.add_argument("--labellers", default=labellers)
    parser.add_argument("--gold", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--cross", action="store_true")
    # Leave one labeller out: train on all labellers but one, score the one left out,
    # for each labeller in turn (with --report). Labellers differ in convention more
    # than files of one labeller do, so this is the figure to choose settings by.
    parser.add_argument("--by-labeller", action="store_true")
    return parser


def labellers_of(turns: Sequence[GoldTurn]) -> list[str]:
    """The labellers with turns in `turns`, in name order (the held-out folds)."""
    return sorted({t.labeller for t in turns})
