"""Agreement metrics in plain Python: precision, recall, F1, Cohen's kappa, confusion.

Conventions (the same as scikit-learn's defaults, so numbers are comparable):
- per-label precision is 0 when nothing was predicted for the label, recall is 0 when
  the label never occurs in the gold data, and F1 is 0 when both are 0;
- macro-F1 averages over the labels that occur in the gold data or the predictions;
- Cohen's kappa is 0 when expected agreement is 1 (a single label everywhere);
- quadratic weights are (i - j)^2 / (k - 1)^2 over the ordered label list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TypedDict


class LabelScores(TypedDict):
    precision: float
    recall: float
    f1: float
    support: int


def labels_of(gold: Sequence[Hashable], pred: Sequence[Hashable]) -> list[Hashable]:
    """Sorted union of the labels seen (sorted by their string form if mixed types)."""
    seen = set(gold) | set(pred)
    try:
        return sorted(seen)  # type: ignore[type-var]
    except TypeError:
        return sorted(seen, key=str)


def confusion_matrix(
    gold: Sequence[Hashable], pred: Sequence[Hashable], labels: Sequence[Hashable]
) -> list[list[int]]:
    """Rows are gold labels, columns predicted labels, in `labels` order."""
    _check(gold, pred)
    index = {label: i for i, label in enumerate(labels)}
    matrix = [[0] * len(labels) for _ in labels]
    for g, p in zip(gold, pred, strict=True):
        if g in index and p in index:
            matrix[index[g]][index[p]] += 1
    return matrix


def per_label_scores(
    gold: Sequence[Hashable],
    pred: Sequence[Hashable],
    labels: Sequence[Hashable] | None = None,
) -> dict[Hashable, LabelScores]:
    _check(gold, pred)
    labels = list(labels) if labels is not None else labels_of(gold, pred)
    gold_n = Counter(gold)
    pred_n = Counter(pred)
    hits = Counter(g for g, p in zip(gold, pred, strict=True) if g == p)
    out: dict[Hashable, LabelScores] = {}
    for label in labels:
        tp = hits[label]
        precision = tp / pred_n[label] if pred_n[label] else 0.0
        recall = tp / gold_n[label] if gold_n[label] else 0.0
        f1 = (
            2 * precision * recall / (precision + recall) if precision + recall else 0.0
        )
        out[label] = {
            "precision": precision,
            "recall": recall,
            "f1": f1,
            "support": gold_n[label],
        }
    return out


def macro_f1(
    gold: Sequence[Hashable],
    pred: Sequence[Hashable],
    labels: Sequence[Hashable] | None = None,
) -> float:
    scores = per_label_scores(gold, pred, labels)
    if not scores:
        return 0.0
    return sum(s["f1"] for s in scores.values()) / len(scores)


def accuracy(gold: Sequence[Hashable], pred: Sequence[Hashable]) -> float:
    _check(gold, pred)
    if not gold:
        return 0.0
    return sum(g == p for g, p in zip(gold, pred, strict=True)) / len(gold)


def cohen_kappa(
    gold: Sequence[Hashable],
    pred: Sequence[Hashable],
    *,
    labels: Sequence[Hashable] | None = None,
    weights: str | None = None,
) -> float:
    """Cohen's kappa; `weights="quadratic"` for ordinal labels (order = `labels`)."""
    _check(gold, pred)
    labels = list(labels) if labels is not None else labels_of(gold, pred)
    k = len(labels)
    n = len(gold)
    if n == 0 or k < 2:
        return 0.0
    matrix = confusion_matrix(gold, pred, labels)
    row = [sum(r) for r in matrix]
    col = [sum(matrix[i][j] for i in range(k)) for j in range(k)]
    total = sum(row)
    if total == 0:
        return 0.0

    def weight(i: int, j: int) -> float:
        if weights is None:
            return 0.0 if i == j else 1.0
        if weights == "quadratic":
            return (i - j) ** 2 / (k - 1) ** 2
        if weights == "linear":
            return abs(i - j) / (k - 1)
        raise ValueError(f"unknown weights: {weights}")

    observed = (
        sum(weight(i, j) * matrix[i][j] for i in range(k) for j in range(k)) / total
    )
    expected = (
        sum(weight(i, j) * row[i] * col[j] for i in range(k) for j in range(k))
        / total**2
    )
    if expected == 0:
        return 0.0
    return 1.0 - observed / expected


def _check(gold: Sequence[Hashable], pred: Sequence[Hashable]) -> None:
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} items, predictions {len(pred)}")
