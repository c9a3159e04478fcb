"""A fast, in-process classifier of trainee moves (no model, ~0.3 ms a turn).

Labels come from the move vocabulary in PATIENT_MODEL.md. Where a move is the same
concept as one of the annotator's offline codes (`feedback.rubrics.code_turn`:
MITI question open/closed, reflection simple/complex, persuade with or without
permission, affirm, confront, giving information; the Padesky synthesising and
summary stages; the leading-question and collusion flags) it is derived from
those codes, so the feedback report and the simulated patient read a turn the
same way. Regular expressions remain for what the annotator does not code (see
`classify_moves`). The engine only depends on the `MoveClassifier` signature.

A turn is split into utterances (the annotator's segmentation); each may carry
several labels, and the turn's labels are their union, in vocabulary order.

Layout:

    labels.py           Move, MOVES (vocabulary order), SOCRATIC, MoveClassifier
    patterns.py         the regular-expression tables, and role_break_kind
    classifier.py       classify_moves, from the annotator's codes plus the patterns
"""

from __future__ import annotations

from .classifier import classify_moves
from .labels import MOVES, SOCRATIC, Move, MoveClassifier
from .patterns import role_break_kind

__all__ = [
    "MOVES",
    "SOCRATIC",
    "Move",
    "MoveClassifier",
    "classify_moves",
    "role_break_kind",
]
