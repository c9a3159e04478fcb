"""What every responder takes and yields."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from llm.types import Usage
from patients.simulation.case import CaseSpec
from patients.simulation.dialogue import Utterance
from patients.simulation.direction import StageDirection
from patients.simulation.state import PatientState


@dataclass(frozen=True, slots=True)
class ReplyContext:
    """Everything a responder may use. Never rubrics or feedback.

    `history` is the transcript up to and including the trainee turn being
    answered; `state` and `direction` come from `advance()` for that turn.
    """

    case: CaseSpec
    state: PatientState
    direction: StageDirection
    history: Sequence[Utterance]
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Token:
    text: str


@dataclass(frozen=True, slots=True)
class Final:
    """The reply to save. If it differs from the streamed tokens (a guard caught
    the stream), the caller re-renders the turn from `text`."""

    text: str
    responder: str
    usage: Usage = field(default_factory=Usage)
    guard_flags: tuple[str, ...] = ()


class Responder(Protocol):
    name: str

    def stream(self, ctx: ReplyContext) -> AsyncIterator[Token | Final]:
        """Tokens, then exactly one Final."""
        ...
