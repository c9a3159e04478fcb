"""The logistic models shared by the flag model and the code model: scoring (used on
every annotation) and training (`flag_train`, `code_train`). The training corpus,
its folds and the trainers' options are in `linear_corpus`.

One place for the sigmoid, the weight table, the trainer, the file folds and the
training corpus, so the two models cannot drift apart (they did: each had its own
copy of the sigmoid and of the argument parser). Pure Python, no Django.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import reduce
from operator import add
from typing import Any

Vector = list[int]
Table = dict[str, tuple[float, ...]]


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
    rows = [row for row in map(table.get, feats) if row is not None]
    if rows:
        # Each label's sum runs in C (`reduce`), in the same order as a loop adding
        # one feature at a time, so the floats are the same to the last bit
        # (`math.fsum` or `sum` on Python 3.12+ would round differently).
        z: Sequence[float] = [
            reduce(add, column, b)
            for b, column in zip(bias, zip(*rows, strict=True), strict=True)
        ]
    else:
        z = bias
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
    # A flat list indexed by feature (not a dict): the same float operations in the
    # same order, so the same weights to the last bit, about twice as fast (the
    # leave-one-labeller-out runs train dozens of models). Only the features seen
    # in some example are returned, as the dict version did.
    size = 1 + max((f for feats in xs for f in feats), default=-1)
    table = [0.0] * size
    bias = 0.0
    order = list(range(len(xs)))
    shuffle = random.Random(seed)
    for epoch in range(epochs):
        shuffle.shuffle(order)
        step = rate / (1 + epoch)
        for i in order:
            feats = xs[i]
            g = (sigmoid(bias + sum(map(table.__getitem__, feats))) - ys[i]) * cw[ys[i]]
            bias -= step * g
            for f in feats:
                w = table[f]
                table[f] = w - step * (g + l2 * w)
    seen = sorted({f for feats in xs for f in feats})
    return bias, {f: table[f] for f in seen}
