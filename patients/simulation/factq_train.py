"""Train the question-domain classifier: `python -m patients.simulation.factq_train`.

Data, all written by this project:
- `factq_corpus/questions.txt`: questions over every domain, and "none"
  questions (feelings, thoughts, the story, the session);
- the team probe sets (`patients/probes/team*.jsonl`): factual and screening
  probes with their domain, the other categories as "none". The suicidal-thought
  follow-ups ("How often?") are left out: they mean something only inside a risk
  conversation, which `factq_risk.py` handles.

Never the blind or holdout probe sets (`blind*.jsonl`, `holdout*.jsonl`): they
are measures that get reported (a team probe identical to one is dropped too).

One multinomial logistic regression (softmax, L2), trained by stochastic gradient
descent over a fixed shuffle, so the weights are reproducible; rounded to four
places and written with sorted keys to `factq_weights.json`. The 5-fold
cross-validated accuracy is printed and stored with them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from patients.simulation.factq_model import (
    LEXICON_PATH,
    WEIGHTS_PATH,
    features,
    vocabulary_of,
)
from patients.simulation.facts import SCREENING_DOMAINS

# Every *.txt file in factq_corpus/ is read, in name order.
CORPUS = Path(__file__).with_name("factq_corpus") / "questions.txt"
PROBES = Path(__file__).resolve().parents[1] / "probes"
TRAIN_SOURCES = ("team.jsonl", "team2.jsonl", "team3.jsonl")
# Categories whose probes have no fact-sheet domain.
_NONE_CATEGORIES = frozenset(
    {"open", "feeling_reflection", "collusion", "role_attack", "off_task"}
)

Weights = dict[str, dict[str, float]]


def corpus_files() -> list[Path]:
    # The question files only: lexicon.txt beside them is a word list.
    return sorted(CORPUS.parent.glob("questions*.txt"))


def corpus_rows(files: Sequence[Path] | None = None) -> list[tuple[str, str]]:
    rows = []
    lines = [
        line
        for path in (corpus_files() if files is None else files)
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        label, _, text = line.partition("|")
        rows.append((text.strip(), label.strip()))
    return rows


def probe_rows() -> list[tuple[str, str]]:
    rows = []
    for name in TRAIN_SOURCES:
        for line in (PROBES / name).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            domain = row.get("domain")
            if domain and (not domain.startswith("si_")):
                rows.append((row["text"], domain))
            elif not domain and row["category"] in _NONE_CATEGORIES:
                rows.append((row["text"], "none"))
    return rows


def held_out() -> set[str]:
    """The blind and holdout probe texts: a stock question a team set shares
    with them word for word ("What's your job?") is left out, so they stay
    unseen. The holdout sets became development data once revealed, but their
    figures are still reported, so no trainer ever fits them either."""
    texts = set()
    paths = [*PROBES.glob("blind*.jsonl"), *PROBES.glob("holdout*.jsonl")]
    for path in sorted(paths):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.add(_key(json.loads(line)["text"]))
    return texts


# Project-written text whose words are real words: a typo is read as a known
# word only when it is none of these (`factq_spelling.py`). The training
# questions, the team probe sets, the guard's corpus and the case files; never
# the blind sets.
_CASES = Path(__file__).resolve().parents[1] / "cases"
_GUARD_CORPUS = Path(__file__).with_name("guard_corpus")


# Written with typos on purpose ("how do you slepe", one of the two writers of
# questions_writers.txt): not real words.
_TYPO_SETS = frozenset({"team6.jsonl", "questions_writers.txt"})


def lexicon() -> str:
    """The known words, one a line, sorted."""
    files = [path for path in corpus_files() if path.name not in _TYPO_SETS]
    texts = [text for text, _ in corpus_rows(files) + probe_rows()]
    for path in sorted(PROBES.glob("team*.jsonl")):
        if path.name in _TYPO_SETS:
            continue
        texts += [
            json.loads(line)["text"]
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
    for path in [*sorted(_GUARD_CORPUS.glob("*.txt")), *sorted(_CASES.glob("*.json"))]:
        texts.append(path.read_text(encoding="utf-8"))
    return "".join(f"{word}\n" for word in sorted(vocabulary_of(texts)))


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def dataset() -> list[tuple[str, str]]:
    # Deduplicated and sorted: the order of the files never changes the weights.
    unseen = held_out()
    rows = set(corpus_rows()) | set(probe_rows())
    return sorted(row for row in rows if _key(row[0]) not in unseen)


def train(
    xs: Sequence[list[str]],
    ys: Sequence[str],
    classes: Sequence[str],
    *,
    epochs: int = 30,
    rate: float = 0.3,
    l2: float = 1e-4,
) -> tuple[dict[str, float], Weights]:
    bias = dict.fromkeys(classes, 0.0)
    weights: Weights = {}
    order = list(range(len(xs)))
    rng = random.Random(0)
    for epoch in range(epochs):
        rng.shuffle(order)
        step = rate / (1.0 + 0.1 * epoch)
        for i in order:
            scores = dict(bias)
            for f in xs[i]:
                for label, w in weights.get(f, {}).items():
                    scores[label] += w
            top = max(scores.values())
            exp = {k: math.exp(v - top) for k, v in scores.items()}
            total = sum(exp.values())
            for label in classes:
                grad = exp[label] / total - (1.0 if label == ys[i] else 0.0)
                if abs(grad) < 1e-3:
                    continue
                bias[label] -= step * grad
                for f in xs[i]:
                    row = weights.setdefault(f, {})
                    w = row.get(label, 0.0)
                    row[label] = w - step * (grad + l2 * w)
    return bias, weights


def _predict(
    bias: dict[str, float], weights: Weights, feats: list[str]
) -> tuple[str, float]:
    scores = dict(bias)
    for f in feats:
        for label, w in weights.get(f, {}).items():
            scores[label] += w
    label = max(scores, key=lambda k: (scores[k], k))
    total = sum(math.exp(v - scores[label]) for v in scores.values())
    return label, 1.0 / total


# The probabilities the fact-question reader acts on (`factq.py`): a domain is
# taken at 0.6, overrules a regex at 0.85, a screening domain needs 0.9.
THRESHOLDS = (0.6, 0.85, 0.9)


def _at_thresholds(held: list[tuple[str, float, str]]) -> dict[str, str]:
    """Cross-validated precision of the domains the reader would act on: at
    each threshold, right/taken among held-out predictions other than "none"
    (all, and screening alone), so a threshold is judged by its own errors."""
    out = {}
    for t in THRESHOLDS:
        taken = [(p, y) for p, prob, y in held if p != "none" and prob >= t]
        screen = [(p, y) for p, y in taken if p in SCREENING_DOMAINS]
        out[f"{t}"] = (
            f"{sum(p == y for p, y in taken)}/{len(taken)}, screening "
            f"{sum(p == y for p, y in screen)}/{len(screen)}"
        )
    return out


def build(folds: int = 5, epochs: int = 30) -> dict[str, object]:
    return fit(
        dataset(),
        trained_by="python -m patients.simulation.factq_train",
        at_thresholds=_at_thresholds,
        folds=folds,
        epochs=epochs,
    )


def fit(
    rows: list[tuple[str, str]],
    *,
    trained_by: str,
    at_thresholds: Callable[[list[tuple[str, float, str]]], dict[str, str]],
    folds: int = 5,
    epochs: int = 30,
) -> dict[str, object]:
    """Cross-validate, train on every row and return the weights file's payload:
    the domain model's and the risk follow-up model's (`factq_risk_train`) one
    procedure; `at_thresholds` reports held-out precision as each model acts."""
    # The real words of the project's text are never read as typos
    # (`factq_model`); the training questions typed with typos on purpose are
    # read as a trainee's would be.
    known = frozenset(lexicon().split())
    xs = [features(text, known) for text, _ in rows]
    ys = [label for _, label in rows]
    classes = sorted(set(ys))
    right = 0
    # (predicted, probability, true) for every held-out row.
    held: list[tuple[str, float, str]] = []
    for fold in range(folds):
        train_idx = [i for i in range(len(rows)) if i % folds != fold]
        bias, weights = train(
            [xs[i] for i in train_idx],
            [ys[i] for i in train_idx],
            classes,
            epochs=epochs,
        )
        for i in range(len(rows)):
            if i % folds == fold:
                label, probability = _predict(bias, weights, xs[i])
                right += label == ys[i]
                held.append((label, probability, ys[i]))
    bias, weights = train(xs, ys, classes, epochs=epochs)
    kept: Weights = {}
    for f in sorted(weights):
        # Small weights barely move a probability; dropping them keeps the file
        # (and the per-turn lookups) small.
        row = {k: round(w, 3) for k, w in sorted(weights[f].items()) if abs(w) >= 0.05}
        if row:
            kept[f] = row
    return {
        "trained_by": trained_by,
        "examples": dict(sorted(Counter(ys).items())),
        "cv_accuracy": f"{right}/{len(rows)}",
        "cv_precision_at": at_thresholds(held),
        "classes": classes,
        "bias": {k: round(v, 4) for k, v in sorted(bias.items())},
        "weights": kept,
    }


def dump(payload: dict[str, object]) -> str:
    """JSON with one feature a line: readable diffs, a small file."""
    head = {k: v for k, v in payload.items() if k != "weights"}
    weights = payload["weights"]
    assert isinstance(weights, dict)
    lines = [
        f"{json.dumps(f)}: {json.dumps(row, sort_keys=True)}"
        for f, row in sorted(weights.items())
    ]
    body = json.dumps(head, indent=0, sort_keys=True)[:-2]
    return body + ',\n"weights": {\n' + ",\n".join(lines) + "\n}\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    parser.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args(argv)
    payload = build(epochs=args.epochs)
    args.out.write_text(dump(payload))
    LEXICON_PATH.write_text(lexicon(), encoding="utf-8")
    sys.stderr.write(
        f"factq model: {sum(payload['examples'].values())} examples, "  # type: ignore[attr-defined]
        f"cross-validated accuracy {payload['cv_accuracy']}, "
        f"precision at thresholds {payload['cv_precision_at']}, "
        f"{len(payload['weights'])} features\n"  # type: ignore[arg-type]
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
