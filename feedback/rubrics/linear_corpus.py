"""The training side of the shared logistic models (`linear_model`): the corpus of
labelled turns, its folds by file and by labeller, and the options both trainers
(`flag_train`, `code_train`) take.

Apart from `linear_model` because it reads the gold corpus through the evaluation
package, which imports the annotators, which score with `linear_model`: kept in one
module, that was an import cycle inside the app (tests/test_architecture.py).
Pure Python, no Django.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .evaluation.gold import GOLD_DIR, GoldTurn, read_gold

# The blind labellers' development files (project-written text): D's 01-03
# (2026.11-8) and E's 01-06 (2026.11-10, written blind to the rules for the weak
# codes and the flags). D's file 04 is kept out, as a held-out check.
BLIND_DIR = Path(__file__).resolve().with_name("gold_blind")


def training_turns(labellers: str, path: Path | None = None) -> list[GoldTurn]:
    """The labelled turns of `labellers` (in file order; first code of an id wins):
    those under `path`, or by default the gold corpus and `BLIND_DIR`."""
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


@contextmanager
def environ_set(name: str, value: str) -> Iterator[None]:
    """`name` set to `value` for the block, then put back as it was: the trainers
    score the annotator with a model switched off or another weights file, and the
    models read their weights setting from the environment."""
    previous = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if previous is None:
            del os.environ[name]
        else:
            os.environ[name] = previous
