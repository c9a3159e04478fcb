"""The transcript as the engine sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Speaker = Literal["trainee", "patient"]


@dataclass(frozen=True, slots=True)
class Utterance:
    speaker: Speaker
    text: str
