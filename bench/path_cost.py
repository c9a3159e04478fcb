"""The pure work a chat message's first word waits for, counted in instructions.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=map_next \\
        .venv/bin/python bench/path_cost.py [bench|N]

Wall-clock and even CPU time follow the machine's load; instruction counts do not,
so two trees can be compared on a busy machine. As a server process meets it: the
case caches warmed (`warm_up`, what the socket's `warm_engine` does), then chats
processed in order, each message once. Only what runs inside `map()` is counted:
per message, the stored state validated, `advance`, the new state dumped for the
INSERT, and the offline reply (the database, the render and the socket are not).

`bench`: the eight lines of `bench/ws_latency.py`, 16 messages a case. `N`: every Nth
development probe (`patients/probes/*.jsonl`, never the held-out sets), one chat per
case. Without valgrind it prints the thread CPU per message instead.
"""

from __future__ import annotations

import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.clients import TRAINEE_LINES  # noqa: E402
from patients.simulation import (  # noqa: E402
    OfflineResponder,
    ReplyContext,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation.case import CaseSpec  # noqa: E402
from patients.simulation.engine import warm_up  # noqa: E402
from patients.simulation.state import PatientState  # noqa: E402

PROBES = Path(__file__).resolve().parent.parent / "patients" / "probes"
# The transcript a reply is checked against, at most (a long session's last turns).
HISTORY = 24


def lines(kind: str) -> list[str]:
    if kind == "bench":
        return [TRAINEE_LINES[i % len(TRAINEE_LINES)] for i in range(16)]
    texts = [
        json.loads(line)["text"]
        for path in sorted(PROBES.glob("*.jsonl"))  # glob: never held_out/
        for line in path.read_text().splitlines()
        if line.strip()
    ]
    return texts[:: int(kind)]


def main(kind: str) -> None:
    responder = OfflineResponder()
    cases = bundled_cases()
    for case in cases:
        warm_up(case)
    chats: dict[str, tuple[dict[str, object], list[Utterance]]] = {
        case.slug: (
            initial_state(case, seed=0).model_dump(mode="json"),
            [Utterance("patient", case.opening_line)],
        )
        for case in cases
    }
    cpu: list[float] = []

    def step(item: tuple[CaseSpec, int, str]) -> None:
        case, n, line = item
        started = time.thread_time()
        stored, history = chats[case.slug]
        state = PatientState.model_validate(stored)
        moved = advance(case, state, line, history)
        dumped = moved.state.model_dump(mode="json")
        told = [*history, Utterance("trainee", line)]
        reply = responder.reply(
            ReplyContext(case, moved.state, moved.direction, told, n)
        )
        chats[case.slug] = (dumped, [*told, Utterance("patient", reply)][-HISTORY:])
        cpu.append(time.thread_time() - started)

    items = [(case, n, line) for case in cases for n, line in enumerate(lines(kind))]
    collections.deque(map(step, items), maxlen=0)
    cpu.sort()
    print(
        f"{len(items)} messages; thread CPU per message: mean "
        f"{sum(cpu) / len(cpu) * 1000:.3f} ms, p50 {cpu[len(cpu) // 2] * 1000:.3f} ms",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bench")
