"""Throughput of the offline annotator on one core.

    .venv/bin/python bench/annotator_throughput.py [--turns 20000]
        [--datasets ../shared/data]

Prints turns per second on turns written for this benchmark (mixed lengths, with and
without patient context). With --datasets it also runs the evaluation over all six
labelled datasets and prints the time each took (the target is under two minutes in
total). The target for the first number is at least 1,000 turns per second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from feedback.rubrics import OfflineAnnotator, TurnContext, Utterance  # noqa: E402
from feedback.rubrics.evaluation import evaluate  # noqa: E402

# Our own sentences: (patient said, trainee answered).
PAIRS: tuple[tuple[str | None, str], ...] = (
    (None, "Hi, thanks for coming in today. What would you like to focus on?"),
    ("I've been so tired lately.", "You're worn out."),
    (
        "I can't stop thinking about the exam.",
        "It sounds like the exam is taking up a lot "
        "of room in your head. What goes through your mind at night?",
    ),
    ("I feel so alone since the divorce.", "You should join a club."),
    ("I'm a complete failure.", "You're right, things have gone badly."),
    (
        "Everyone at work thinks I'm lazy.",
        "What tells you they think that? Is there anything that doesn't fit?",
    ),
    (
        "I drink most nights, but it's under control.",
        "Part of you enjoys the evenings, "
        "and part of you wonders whether it's getting out of hand.",
    ),
    (
        "What should I do?",
        "Some people find a short walk after dinner helps. You'd "
        "know best whether that fits.",
    ),
    (
        "Sometimes I think they'd be better off without me.",
        "What are your plans for the weekend?",
    ),
    (
        "I finally told my dad.",
        "You did it, even though you were dreading it; that took "
        "real courage. How was that for you?",
    ),
    (None, "Mm-hmm."),
    ("I keep putting it off.", "Whether and when you start is completely your call."),
    ("My sister ignored me at the party.", "Don't you think you're overreacting?"),
    (
        "I always freeze in meetings.",
        "Let me pull this together: you said you always "
        "freeze, and you also told me about two meetings where you spoke and it went "
        "fine. Looking at those together, how does that fit with 'I always freeze'?",
    ),
    (
        "It's been a rough week.",
        "I'm sorry to hear that. I went through something "
        "similar last year, and it was hard.",
    ),
)


def make_contexts(n: int) -> list[TurnContext]:
    history = tuple(
        Utterance("patient" if i % 2 else "trainee", text or "")
        for i, (text, _) in enumerate(PAIRS[:6])
    )
    out = []
    for i in range(n):
        patient, trainee = PAIRS[i % len(PAIRS)]
        out.append(TurnContext(trainee, patient, history=history if i % 3 else ()))
    return out


def bench_turns(n: int, repeats: int) -> None:
    annotator = OfflineAnnotator()
    contexts = make_contexts(n)
    annotator.annotate(contexts[0])  # warm the regex caches
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        for ctx in contexts:
            annotator.annotate(ctx)
        rates.append(n / (time.perf_counter() - start))
    words = sum(len(c.trainee_text.split()) for c in contexts) / n
    print(f"offline annotator: {n} turns x {repeats} runs, {words:.1f} words/turn")
    print(
        f"  turns/second: median {statistics.median(rates):,.0f}  "
        f"min {min(rates):,.0f}  max {max(rates):,.0f}  (target >= 1,000)"
    )


def bench_datasets(root: Path) -> None:
    folders = {
        "annomi": "annomi",
        "epitome": "epitome",
        "esconv": "esconv",
        "socratiq": "socratiq_mturk",
        "bolt": "bolt_labeled",
        "mi_gold": "mi_peer_support_gold",
    }
    total = 0.0
    print("evaluation over the labelled datasets (reading + annotating + scoring):")
    for name, folder in folders.items():
        start = time.perf_counter()
        result = evaluate(name, root / folder, OfflineAnnotator())
        seconds = time.perf_counter() - start
        total += seconds
        print(
            f"  {name:<9} n={result['n']:>6}  {seconds:6.2f}s  "
            f"{result['turns_per_second']:>9,.0f} turns/s annotating"
        )
    print(f"  total {total:.2f}s  (target < 120s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--datasets", type=Path, default=None)
    args = parser.parse_args()
    bench_turns(args.turns, args.repeats)
    if args.datasets:
        bench_datasets(args.datasets)


if __name__ == "__main__":
    main()
