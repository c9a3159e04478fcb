"""The move vocabulary and the classifier signature the engine depends on.

Pure (no Django). `Move` is the closed set of labels from PATIENT_MODEL.md, in
vocabulary order (`MOVES`, the order every classifier returns its labels in);
`SOCRATIC` is the subset the transitions treat as Socratic questioning of the thought.
`MoveClassifier` is all the engine knows about a classifier.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from patients.simulation.dialogue import Utterance

Move = Literal[
    "open_question",
    "closed_question",
    "simple_reflection",
    "complex_reflection",
    "summary",
    "validation",
    "socratic_evidence",
    "socratic_alternatives",
    "socratic_consequences",
    "socratic_synthesis",
    "advice",
    "advice_with_permission",
    "information",
    "confrontation",
    "leading_question",
    "collusion",
    "reading_in",
    "off_topic",
    "role_break",
    "risk_question",
    "other",
]
MOVES: tuple[str, ...] = Move.__args__  # type: ignore[attr-defined]
SOCRATIC = frozenset(
    {"socratic_evidence", "socratic_alternatives", "socratic_consequences"}
)


class MoveClassifier(Protocol):
    def __call__(self, text: str, history: Sequence[Utterance]) -> tuple[str, ...]: ...
