"""Evaluate an annotator on one labelled dataset; returns the JSON-shaped result.

Result shape: {"dataset", "annotator", "n", "tasks": {task: {"kappa", "macro_f1",
"per_label", "accuracy", "labels", "confusion", "gold_distribution", "weights",
["human_ceiling", "ceiling_fraction"]}}, "seconds", "turns_per_second"}.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..annotators import Annotator
from ..schema import TurnAnnotation, UtteranceCode
from . import datasets as ds
from .metrics import (
    accuracy,
    cohen_kappa,
    confusion_matrix,
    labels_of,
    per_label_scores,
)

Predict = Callable[[TurnAnnotation], Hashable]


@dataclass(frozen=True, slots=True)
class Task:
    name: str
    predict: Predict
    labels: tuple[Hashable, ...] | None = None  # fixed order (needed for weighting)
    weights: str | None = None
    human_ceiling: float | None = None


# --- mappings from an annotation to each scheme ---------------------------------------

_SOCRATIQ = {
    "clarification": "clarity",
    "assumptions": "assumptions",
    "reasons_evidence": "reasons_evidence",
    "viewpoints": "alternate_viewpoints_perspectives",
    "implications": "implication_consequences",
    "question_about_question": "others",
    # SoQG has no fact-gathering class; a plain information request is closest to a
    # request for clarification of the context.
    "informational": "clarity",
}


def socratiq_type(ann: TurnAnnotation) -> str:
    types = ann.socratic_types
    if not types:
        return "others"
    # The most specific type wins over "informational" when a reply asks several.
    specific = [t for t in types if t != "informational"]
    return _SOCRATIQ[(specific or types)[-1]]


# MITI codes a question as a question even when it carries a suggestion ("Have you
# talked to your doctor?"), so the question code comes before the persuade codes.
_MI_GOLD_ORDER: tuple[str, ...] = (
    "confront",
    "question",
    "persuade",
    "persuade_with_permission",
    "emphasize_autonomy",
    "affirm",
    "self_disclosure",
    "support",
    "complex_reflection",
    "simple_reflection",
    "giving_information",
    "seek_collaboration",
    "other",
)


def _mi_gold_label(u: UtteranceCode) -> str:
    codes = set(u.codes)
    for code in _MI_GOLD_ORDER:
        if code not in codes:
            continue
        if code == "persuade":
            if u.advice_form == "direct":
                return "Direct"
            if u.advice_form == "warn":
                return "Warn"
            return "Advise without Permission"
        return {
            "confront": "Confront",
            "persuade_with_permission": "Advise with Permission",
            "emphasize_autonomy": "Emphasize Autonomy",
            "question": "Open Question" if u.question == "open" else "Closed Question",
            "affirm": "Affirm",
            "self_disclosure": "Self-Disclose",
            "support": "Support",
            "complex_reflection": "Complex Reflection",
            "simple_reflection": "Simple Reflection",
            "giving_information": "Give Information",
        }.get(code, "Other")
    return "Other"


def mi_gold_label(ann: TurnAnnotation) -> str:
    """One label for a single sentence: the most telling utterance code."""
    labels = [_mi_gold_label(u) for u in ann.utterances] or ["Other"]
    for label in labels:
        if label != "Other":
            return label
    return "Other"


def _bolt(code: str) -> Predict:
    return lambda ann: int(code in ann.bolt_codes)


TASKS: dict[str, tuple[Callable[[Path], Iterator[ds.Item]], tuple[Task, ...]]] = {
    "annomi": (
        ds.read_annomi,
        (
            Task("main_behaviour", lambda a: a.main_behaviour, human_ceiling=0.737),
            Task(
                "question_subtype",
                lambda a: a.question_kind or "none",
                ("none", "open", "closed"),
                human_ceiling=0.740,
            ),
            Task(
                "reflection_subtype",
                lambda a: a.reflection_kind or "none",
                ("none", "simple", "complex"),
                human_ceiling=0.496,
            ),
        ),
    ),
    "epitome": (
        ds.read_epitome,
        (
            Task("ER", lambda a: a.emotional_reactions, (0, 1, 2), "quadratic"),
            Task("IP", lambda a: a.interpretations, (0, 1, 2), "quadratic"),
            Task("EX", lambda a: a.explorations, (0, 1, 2), "quadratic"),
        ),
    ),
    "esconv": (ds.read_esconv, (Task("strategy", lambda a: a.esconv_strategy),)),
    "socratiq": (ds.read_socratiq, (Task("question_type", socratiq_type),)),
    "bolt": (ds.read_bolt, tuple(Task(c, _bolt(c), (0, 1)) for c in ds.BOLT_LABELS)),
    "mi_gold": (ds.read_mi_gold, (Task("miti_label", mi_gold_label),)),
}
DATASETS: tuple[str, ...] = tuple(TASKS)


def score_task(
    task: Task, gold: Sequence[Hashable], pred: Sequence[Hashable]
) -> dict[str, Any]:
    labels = list(task.labels) if task.labels else labels_of(gold, pred)
    # Labels absent from both gold and predictions do not enter macro-F1 (sklearn rule).
    present = [lab for lab in labels if lab in set(gold) | set(pred)]
    scores = per_label_scores(gold, pred, present)
    kappa = cohen_kappa(gold, pred, labels=labels, weights=task.weights)
    result: dict[str, Any] = {
        "kappa": round(kappa, 4),
        "macro_f1": round(sum(s["f1"] for s in scores.values()) / len(scores), 4)
        if scores
        else 0.0,
        "per_label": {
            str(lab): {
                k: round(v, 4) if isinstance(v, float) else v for k, v in s.items()
            }
            for lab, s in scores.items()
        },
        "accuracy": round(accuracy(gold, pred), 4),
        "weights": task.weights or "none",
        "labels": [str(lab) for lab in labels],
        "confusion": confusion_matrix(gold, pred, labels),
        "gold_distribution": {str(k): v for k, v in Counter(gold).most_common()},
    }
    if task.human_ceiling is not None:
        result["human_ceiling"] = task.human_ceiling
        result["ceiling_fraction"] = round(kappa / task.human_ceiling, 4)
    return result


def evaluate(
    dataset: str,
    path: Path | str,
    annotator: Annotator,
    *,
    limit: int | None = None,
    keep_predictions: bool = False,
    half: str | None = None,
) -> dict[str, Any]:
    """Run `annotator` over every item of `dataset` at `path` and score each task.

    `half` ("A" or "B") keeps only the items of one conversation-grouped half, the
    check that a rule change helps on both halves before it is kept.
    """
    if dataset not in TASKS:
        raise ValueError(
            f"unknown dataset {dataset!r}; choose from {', '.join(DATASETS)}"
        )
    reader, tasks = TASKS[dataset]
    items: Iterable[ds.Item] = reader(Path(path))
    gold: dict[str, list[Hashable]] = {t.name: [] for t in tasks}
    pred: dict[str, list[Hashable]] = {t.name: [] for t in tasks}
    ids: list[str] = []
    n = 0
    start = time.perf_counter()
    for item in items:
        if limit is not None and n >= limit:
            break
        if half is not None and item.half != half:
            continue
        ann = annotator.annotate(item.context)
        for t in tasks:
            gold[t.name].append(item.gold[t.name])
            pred[t.name].append(t.predict(ann))
        ids.append(item.id)
        n += 1
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        "dataset": dataset,
        "annotator": getattr(annotator, "name", type(annotator).__name__),
        "n": n,
        "half": half or "all",
        "tasks": {t.name: score_task(t, gold[t.name], pred[t.name]) for t in tasks},
        "seconds": round(seconds, 3),
        "turns_per_second": round(n / seconds, 1) if seconds else None,
    }
    if keep_predictions:
        result["predictions"] = {
            t.name: list(zip(ids, gold[t.name], pred[t.name], strict=True))
            for t in tasks
        }
    return result
