"""Time the offline patient: advance() + OfflineResponder.reply() per turn.

    .venv/bin/python bench/offline_responder.py [--turns 12] [--repeat 5]

Runs every bundled case against every scripted policy and prints the median,
95th percentile and maximum milliseconds per turn (target: <= 5 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time

from patients.simulation import (
    OfflineResponder,
    ReplyContext,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation.policies import POLICIES, TraineeView


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    responder = OfflineResponder()
    samples: list[float] = []
    # CPU time of this thread as well: on a shared machine the wall-clock p95
    # measures the scheduler (other processes), not the patient's code.
    cpu: list[float] = []
    for seed in range(args.repeat):
        for case in bundled_cases():
            for policy in POLICIES.values():
                state = initial_state(case, seed=seed)
                history: list[Utterance] = []
                memory: dict[str, object] = {}
                for n in range(1, args.turns + 1):
                    line = policy(TraineeView(n, case.public_view(), history, memory))
                    started = time.perf_counter()
                    cpu_started = time.thread_time()
                    step = advance(case, state, line, history)
                    turn_history = [*history, Utterance("trainee", line)]
                    reply = responder.reply(
                        ReplyContext(
                            case, step.state, step.direction, turn_history, seed
                        )
                    )
                    samples.append(time.perf_counter() - started)
                    cpu.append(time.thread_time() - cpu_started)
                    history = [*turn_history, Utterance("patient", reply)]
                    state = step.state
    for label, values in (("wall", samples), ("cpu", cpu)):
        ms = sorted(s * 1000 for s in values)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        print(
            f"{len(ms)} turns ({label}): median {statistics.median(ms):.3f} ms, "
            f"p95 {p95:.3f} ms, max {ms[-1]:.3f} ms per turn (advance + reply)"
        )


if __name__ == "__main__":
    main()
