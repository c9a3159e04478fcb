"""Agreement metrics against values computed by hand (worked in the comments)."""

from __future__ import annotations

import pytest

from feedback.rubrics.evaluation.metrics import (
    accuracy,
    cohen_kappa,
    confusion_matrix,
    macro_f1,
    per_label_scores,
)

GOLD = ["a", "a", "b", "b", "c", "c"]
PRED = ["a", "b", "b", "b", "c", "a"]


def test_it_builds_a_confusion_matrix_with_gold_rows() -> None:
    assert confusion_matrix(GOLD, PRED, ["a", "b", "c"]) == [
        [1, 1, 0],
        [0, 2, 0],
        [1, 0, 1],
    ]


def test_it_computes_per_label_precision_recall_and_f1() -> None:
    scores = per_label_scores(GOLD, PRED)
    # a: predicted twice, right once -> P 1/2; gold twice, found once -> R 1/2.
    assert scores["a"]["precision"] == pytest.approx(0.5)
    assert scores["a"]["recall"] == pytest.approx(0.5)
    assert scores["a"]["f1"] == pytest.approx(0.5)
    # b: predicted 3 times, right twice -> P 2/3, R 1, F1 = 2*(2/3)/(5/3) = 0.8.
    assert scores["b"]["precision"] == pytest.approx(2 / 3)
    assert scores["b"]["f1"] == pytest.approx(0.8)
    # c: P 1, R 1/2, F1 2/3.
    assert scores["c"]["f1"] == pytest.approx(2 / 3)
    assert scores["c"]["support"] == 2


def test_it_averages_f1_over_labels_for_macro_f1() -> None:
    assert macro_f1(GOLD, PRED) == pytest.approx((0.5 + 0.8 + 2 / 3) / 3)


def test_it_computes_unweighted_cohen_kappa() -> None:
    # po = 4/6; pe = (2*2 + 2*3 + 2*1)/36 = 12/36; kappa = (2/3-1/3)/(2/3) = 0.5.
    assert cohen_kappa(GOLD, PRED) == pytest.approx(0.5)


def test_it_computes_quadratic_weighted_kappa_for_ordinal_levels() -> None:
    gold = [0, 1, 2, 0]
    pred = [0, 2, 2, 1]
    # Weights (i-j)^2/4. Observed disagreement (1/4 + 1/4)/4 = 1/8. Expected:
    # rows (2,1,1) x cols (1,1,2): (0.5+4 + 0.25+0.5 + 1+0.25)/16 = 6.5/16.
    # kappa = 1 - (1/8)/(6.5/16) = 1 - 4/13 = 9/13.
    assert cohen_kappa(gold, pred, labels=[0, 1, 2], weights="quadratic") == (
        pytest.approx(9 / 13)
    )
    # Unweighted on the same data: po 1/2, pe 5/16 -> 3/11.
    assert cohen_kappa(gold, pred, labels=[0, 1, 2]) == pytest.approx(3 / 11)


def test_it_gives_kappa_one_for_agreement_and_minus_one_for_systematic_swaps() -> None:
    assert cohen_kappa(["x", "y", "x"], ["x", "y", "x"]) == pytest.approx(1.0)
    assert cohen_kappa(["x", "y"], ["y", "x"]) == pytest.approx(-1.0)


def test_it_returns_zero_kappa_when_only_one_label_occurs() -> None:
    assert cohen_kappa(["x", "x"], ["x", "x"]) == 0.0


def test_it_scores_a_label_that_was_never_predicted_as_zero() -> None:
    scores = per_label_scores(["a", "b"], ["a", "a"])
    assert scores["b"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "support": 1}


def test_it_refuses_gold_and_predictions_of_different_lengths() -> None:
    with pytest.raises(ValueError, match="items"):
        accuracy(["a"], ["a", "b"])


def test_it_rejects_unknown_weightings() -> None:
    with pytest.raises(ValueError, match="weights"):
        cohen_kappa([0, 1], [1, 0], weights="cubic")
