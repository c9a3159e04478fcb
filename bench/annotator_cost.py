"""Instructions per offline annotation, counted by callgrind (load does not change them).

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=map_next \\
        .venv/bin/python bench/annotator_cost.py

Only the `map` that annotates is counted (as in `bench/path_cost.py`): 150 of the
throughput bench's turns and every 40th turn of `feedback/rubrics/gold` (183 turns),
after one warm-up annotation. Without valgrind it prints the CPU per turn.
"""

from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.annotator_throughput import make_contexts  # noqa: E402
from feedback.rubrics import OfflineAnnotator, TurnContext  # noqa: E402
from feedback.rubrics.evaluation.gold import read_gold  # noqa: E402


def annotate_all(annotator: OfflineAnnotator, contexts: list[TurnContext]) -> None:
    # callgrind toggles on the C function map_next: only this map is counted.
    collections.deque(map(annotator.annotate, contexts), maxlen=0)


def main() -> None:
    annotator = OfflineAnnotator()
    gold = Path(__file__).resolve().parent.parent / "feedback" / "rubrics" / "gold"
    contexts = make_contexts(150) + [t.context for t in read_gold(gold)[::40]]
    annotator.annotate(contexts[0])
    started = time.process_time()
    annotate_all(annotator, contexts)
    spent = (time.process_time() - started) / len(contexts)
    print(f"{len(contexts)} turns; CPU per turn {spent * 1000:.3f} ms", file=sys.stderr)


if __name__ == "__main__":
    main()
