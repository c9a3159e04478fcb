"""Train the guard's meaning classifier: `python -m patients.simulation.guard_train`.

Data, all written by this project (never licensed data):
- `guard_corpus/ai_admission*.txt`, `therapist_voice*.txt`: replies out of role;
- `guard_corpus/clean*.txt`: in-role replies, many of them chosen because they
  look suspicious (computers, acting, "you should", questions to the counsellor);
- every sentence the offline patient says in the scripted sessions of every
  bundled case, as a committed snapshot (`guard_offline.txt`,
  rewritten by `--refresh-offline`): a change to the offline patient's wording
  does not move the guard's thresholds until a guard round retrains on purpose
  (`bench/guard_blind.py --offline` checks the current replies against the
  guard meanwhile); and every case's own voice lines (its opening line
  included).

- the labelled reply sets the project keeps as development data
  (`tests/patients/simulation/data/guard_*.jsonl`: blind sets written by people
  who never saw the guard, and the team's own). A reply is labelled as a whole,
  the model reads sentences, so a reply is read as multiple-instance data: every
  sentence of an in-role reply is in role, and of an admission (or a lesson) the
  one sentence a model trained on the corpus alone scores highest is taken as
  the out-of-role one (the rest of such a reply is often in role: "Sad. Heavy.
  I'm only playing the part of her."). `--without g13` leaves a set (and the
  team's sets written after it, `guard_g13own*`) out, for the
  leave-one-set-out measure in `bench/guard_loso.py`.

Two one-versus-rest logistic regressions (L2, stochastic gradient descent with
a fixed shuffle), each read on the sentence as the guard reads it (comparisons
and the things of the patient's world masked for admissions, what others said
masked for the counsellor's voice). Each is the average of the fold models of
three shuffled 5-fold cross-validations (bagging), and its thresholds are read
off the held-out scores of all three pooled: the score above which at most
`--max-false` (threshold), `--pair-false` (two sentences of a reply) or
`--lean-false` (a lean that another signal must confirm) of the held-out in-role
sentences lie, as the mean log-odds of the scores around that rank. The
cross-validated catch rate and false-trip rate are printed and stored with the
weights (`guard_weights.json`), which `guard_model` reads.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from patients.simulation.case import bundled_cases
from patients.simulation.guard_model import KINDS, WEIGHTS_PATH, features, masked_for
from patients.simulation.harness import run_session
from patients.simulation.policies import POLICIES
from patients.simulation.text import split_sentences

CORPUS = Path(__file__).with_name("guard_corpus")
REPLY_SETS = Path(__file__).parents[2] / "tests" / "patients" / "simulation" / "data"
Example = tuple[list[str], str]  # (features, label)


def read_corpus(name: str) -> list[str]:
    """The lines of `name.txt` and of its later rounds (`name_2.txt`, ...), in a
    fixed order so that training is reproducible."""
    lines: list[str] = []
    for path in sorted(CORPUS.glob(f"{name}*.txt")):
        lines += path.read_text(encoding="utf-8").splitlines()
    return [s.strip() for s in lines if s.strip() and not s.startswith("#")]


# Beside the weights, not in `guard_corpus/` (whose words the fact reader's
# lexicon reads): generated text, not authored.
OFFLINE_SNAPSHOT = Path(__file__).with_name("guard_offline.txt")


def offline_sentences() -> list[str]:
    """The offline patient's sentences the guard is trained on (the snapshot)."""
    return OFFLINE_SNAPSHOT.read_text(encoding="utf-8").splitlines()


def session_sentences() -> list[str]:
    """Every sentence of the offline patient in the scripted sessions, now."""
    found: set[str] = set()
    for case in bundled_cases():
        for policy in sorted(POLICIES):
            for seed in (0, 1):
                trace = run_session(case, policy, 14, seed=seed)
                for turn in trace.patient_turns:
                    found.update(split_sentences(turn.text))
    return sorted(found)


def case_voice_sentences() -> list[str]:
    """The patient's own lines as each bundled case's author wrote them (the
    opening line, the voice lines of every layer and situation)."""
    found: set[str] = set()
    for case in bundled_cases():
        v = case.voice
        lines = [case.opening_line, *v.presenting, *v.intermediate, *v.core]
        lines += [*v.deflect, *v.yes_but, *v.tangent, *v.risk]
        for s in case.situations:
            sv = s.voice
            lines += [*sv.situation, *sv.thought, *sv.emotion, *sv.behavior]
        for line in lines:
            found.update(split_sentences(line))
    return sorted(found)


def dataset() -> list[tuple[str, str]]:
    rows = [(t, "ai_admission") for t in read_corpus("ai_admission")]
    rows += [(t, "therapist_voice") for t in read_corpus("therapist_voice")]
    clean = set(read_corpus("clean")) | set(offline_sentences())
    clean |= set(case_voice_sentences())
    rows += [(t, "clean") for t in sorted(clean)]
    return rows


def reply_set_paths(without: Sequence[str] = ()) -> list[Path]:
    """The labelled reply sets, less those named in `without` ("g13" leaves out
    guard_g13.jsonl and the team's guard_g13own*.jsonl written after it)."""
    return [
        path
        for path in sorted(REPLY_SETS.glob("guard_*.jsonl"))
        # A set kept untuned is a check of how far the guard carries, never
        # trained on (guard_g13own_untuned.jsonl, guard_g15own_untuned.jsonl).
        if not path.stem.endswith("_untuned")
        and not any(path.stem.startswith(f"guard_{name}") for name in without)
    ]


def _strongest(
    sentences: list[str], kind: str, bias: float, w: dict[str, float]
) -> str:
    return max(sentences, key=lambda s: _score(bias, w, features(masked_for(kind, s))))


def reply_rows(
    paths: Sequence[Path], base: dict[str, tuple[float, dict[str, float]]]
) -> list[tuple[str, str]]:
    """Sentences from labelled replies: every sentence of a clean reply, and the
    strongest sentence (by the corpus-only `base` model) of an admission or a
    lesson. Leaks, format and language are other checks' business."""
    rows: list[tuple[str, str]] = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            sentences = split_sentences(row["reply"]) or [row["reply"]]
            if row["kind"] == "clean":
                rows += [(s, "clean") for s in sentences]
            elif row["kind"] in base:
                bias, weights = base[row["kind"]]
                rows.append(
                    (_strongest(sentences, row["kind"], bias, weights), row["kind"])
                )
    return rows


def _base_models(
    rows: Sequence[tuple[str, str]], args: argparse.Namespace
) -> dict[str, tuple[float, dict[str, float]]]:
    """One model per kind fitted on the corpus alone, to pick the out-of-role
    sentence of a labelled reply."""
    base: dict[str, tuple[float, dict[str, float]]] = {}
    for kind in KINDS:
        xs = _prune([features(masked_for(kind, t)) for t, _ in rows], args.min_count)
        ys = [int(label == kind) for _, label in rows]
        base[kind] = train_binary(
            xs, ys, epochs=args.epochs, l2=args.l2, rate=args.rate
        )
    return base


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def train_binary(
    xs: Sequence[list[str]],
    ys: Sequence[int],
    *,
    epochs: int = 20,
    rate: float = 0.2,
    l2: float = 1e-4,
) -> tuple[float, dict[str, float]]:
    """Logistic regression by stochastic gradient descent (a fixed shuffle, so
    the weights are reproducible); the classes are weighted to count equally."""
    pos = sum(ys)
    neg = len(ys) - pos
    cw = {1: len(ys) / (2 * max(pos, 1)), 0: len(ys) / (2 * max(neg, 1))}
    weights: dict[str, float] = {}
    bias = 0.0
    order = list(range(len(xs)))
    shuffle = random.Random(7)
    for epoch in range(epochs):
        shuffle.shuffle(order)
        step = rate / (1 + epoch)
        for i in order:
            feats, y = xs[i], ys[i]
            z = bias + sum(weights.get(f, 0.0) for f in feats)
            g = (_sigmoid(z) - y) * cw[y]
            bias -= step * g
            for f in feats:
                w = weights.get(f, 0.0)
                weights[f] = w - step * (g + l2 * w)
    return bias, weights


def _score(bias: float, weights: dict[str, float], feats: list[str]) -> float:
    return _sigmoid(bias + sum(weights.get(f, 0.0) for f in feats))


def _prune(xs: Sequence[list[str]], min_count: int) -> list[list[str]]:
    counts: Counter[str] = Counter(f for feats in xs for f in set(feats))
    return [[f for f in feats if counts[f] >= min_count] for feats in xs]


def _cut(clean_scores: Sequence[float], rate: float, width: int) -> float:
    """The score above which `rate` of the held-out in-role scores lie (sorted
    high to low), estimated as the mean log-odds of the scores within `width`
    ranks of that rank rather than from the one at it, which a few corpus
    lines can move."""
    rank = int(rate * len(clean_scores))
    window = clean_scores[max(0, rank - width) : rank + width + 1]
    logits = [
        math.log(p / (1 - p)) for p in (min(max(q, 1e-9), 1 - 1e-9) for q in window)
    ]
    return max(0.5, _sigmoid(sum(logits) / len(logits)) + 1e-6)


def _fit(
    kind: str,
    xs: Sequence[list[str]],
    ys: Sequence[int],
    labels: Sequence[str],
    args: argparse.Namespace,
) -> dict[str, object]:
    """One kind's model: the average of the fold models of `args.repeats`
    shuffled k-fold splits, and thresholds from their held-out scores.

    Averaging the fold models (bagging) and pooling the held-out scores of all
    the repeats keep a few corpus lines from moving the line: a single model
    fitted to all the data puts in-role and out-of-role sentences at 0.99+,
    and a threshold read off one split's seventh-highest in-role score moved
    by 0.015 between two shuffles of the same corpus.
    """
    summed: dict[str, float] = {}
    bias_sum = 0.0
    fits = 0
    per_repeat: list[float] = []
    clean_pool: list[float] = []
    positive_pool: list[float] = []
    n_clean = sum(1 for label in labels if label == "clean")
    for repeat in range(args.repeats):
        order = list(range(len(xs)))
        random.Random(11 + repeat).shuffle(order)
        fold_of = {i: k % args.folds for k, i in enumerate(order)}
        oof = [0.0] * len(xs)
        for fold in range(args.folds):
            train = [i for i in order if fold_of[i] != fold]
            bias, weights = train_binary(
                [xs[i] for i in train],
                [ys[i] for i in train],
                epochs=args.epochs,
                l2=args.l2,
                rate=args.rate,
            )
            for i in order:
                if fold_of[i] == fold:
                    oof[i] = _score(bias, weights, xs[i])
            bias_sum += bias
            for f, w in weights.items():
                summed[f] = summed.get(f, 0.0) + w
            fits += 1
        clean = sorted((oof[i] for i in order if labels[i] == "clean"), reverse=True)
        per_repeat.append(_cut(clean, args.max_false, 0))
        clean_pool += clean
        positive_pool += [oof[i] for i in order if ys[i]]
    clean_pool.sort(reverse=True)
    width = 3 * args.repeats
    threshold = _cut(clean_pool, args.max_false, width)
    pair_threshold = min(threshold, _cut(clean_pool, args.pair_false, width))
    lean_threshold = min(threshold, _cut(clean_pool, args.lean_false, width))
    caught = sum(1 for p in positive_pool if p >= threshold)
    false = sum(1 for p in clean_pool if p >= threshold)
    kept = {
        f: round(w / fits, 4)
        for f, w in sorted(summed.items())
        if abs(w / fits) >= 0.01
    }
    sys.stderr.write(
        f"{kind}: threshold {threshold:.3f} (pair {pair_threshold:.3f}; single "
        f"splits {', '.join(f'{t:.3f}' for t in per_repeat)}), cross-validated catch "
        f"{caught}/{len(positive_pool)}, false trips {false}/{len(clean_pool)}, "
        f"{len(kept)} weights\n"
    )
    return {
        "bias": round(bias_sum / fits, 4),
        "threshold": round(threshold, 4),
        "pair_threshold": round(pair_threshold, 4),
        "lean_threshold": round(lean_threshold, 4),
        "cv_catch": f"{caught}/{len(positive_pool)}",
        "cv_false_trips": f"{false}/{n_clean * args.repeats}",
        "cv_single_split_thresholds": [round(t, 4) for t in per_repeat],
        "weights": kept,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--max-false", type=float, default=0.003)
    # The rate at which single in-role sentences may reach the pair threshold;
    # two of them in one reply are needed to trip it.
    parser.add_argument("--pair-false", type=float, default=0.03)
    # The rate for a lean: the guard's other checks ask the model only to lean
    # the same way (the counsellor's-voice check with the move classifier).
    parser.add_argument("--lean-false", type=float, default=0.01)
    parser.add_argument("--epochs", type=int, default=20)
    # Strong enough that the held-out scores of in-role and out-of-role
    # sentences spread out below 0.99 (1e-4 put the thresholds at 0.98-0.996).
    parser.add_argument("--l2", type=float, default=1e-2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rate", type=float, default=0.2)
    # Features seen in fewer examples than this are dropped.
    parser.add_argument("--min-count", type=int, default=2)
    parser.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        help="leave a labelled reply set out (g13: guard_g13*.jsonl); repeatable",
    )
    parser.add_argument(
        "--no-replies",
        action="store_true",
        help="train on the corpus alone, without the labelled reply sets",
    )
    parser.add_argument(
        "--refresh-offline",
        action="store_true",
        help="rewrite the offline patient's sentences from the scripted sessions first",
    )
    args = parser.parse_args(argv)
    if args.refresh_offline:
        OFFLINE_SNAPSHOT.write_text(
            "\n".join(session_sentences()) + "\n", encoding="utf-8"
        )

    rows = dataset()
    if not args.no_replies:
        base = _base_models(rows, args)
        rows += reply_rows(reply_set_paths(args.without), base)
    labels = [label for _, label in rows]
    models: dict[str, object] = {}
    for kind in KINDS:
        # Trained on what the guard reads: the sentence with comparisons and the
        # things of the patient's world masked (admissions), or with what
        # others said masked (the counsellor's voice).
        xs = _prune([features(masked_for(kind, t)) for t, _ in rows], args.min_count)
        ys = [int(label == kind) for label in labels]
        models[kind] = _fit(kind, xs, ys, labels, args)
    payload = {
        "trained_by": "python -m patients.simulation.guard_train",
        "examples": dict(Counter(labels)),
        "reply_sets": []
        if args.no_replies
        else [p.name for p in reply_set_paths(args.without)],
        "models": models,
    }
    args.out.write_text(json.dumps(payload, indent=0, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
