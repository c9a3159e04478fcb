"""The engine's warm-up (run when a chat socket connects) changes no reply.

`warm_up` runs one throw-away step so that the first real message of a session
finds the per-case caches filled; it must leave every later step exactly as it
would have been without it.
"""

from __future__ import annotations

import pytest

from patients.simulation import Utterance, advance, initial_state
from patients.simulation.case import CaseSpec, bundled_cases, load_case
from patients.simulation.engine import warm_up

LINES = (
    "Hi, thanks for coming in today. What brings you here?",
    "It sounds like this has been weighing on you for a while.",
    "Have you ever thought about ending your life?",
    "What would it mean about you if that were true?",
    "You should just try to get more sleep.",
)


def _walk(case: CaseSpec) -> list[tuple[object, ...]]:
    state = initial_state(case, seed=7)
    history = [Utterance(speaker="patient", text=case.opening_line)]
    out: list[tuple[object, ...]] = []
    for line in LINES:
        step = advance(case, state, line, history)
        out.append((step.moves, step.direction, step.state.model_dump()))
        state = step.state
        history += [
            Utterance(speaker="trainee", text=line),
            Utterance(speaker="patient", text="I suppose so."),
        ]
    return out


@pytest.mark.parametrize("case", bundled_cases()[:4], ids=lambda c: c.slug)
def test_a_warmed_up_case_gives_the_same_steps_as_a_cold_one(case: CaseSpec) -> None:
    # Two separate parses of the same case: the engine's caches are per object,
    # so one is walked cold and the other after the warm-up.
    cold = load_case(case.model_dump(mode="json"))
    warm = load_case(case.model_dump(mode="json"))
    warm_up(warm)
    assert _walk(warm) == _walk(cold)
