"""Seeded choice of a line that avoids what was already said in the session.

Pure (no Django). `Picker` wraps the reply's seeded `random.Random` and the set of
sentences the patient has said so far; every frame and voice line goes through it, so
a session is reproducible and never repeats a told sentence verbatim (a repeat is
introduced as one: "Like I said, ..."). `norm` is the comparison form of a sentence.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import lru_cache

from patients.simulation.text import ensure_period, lower_first, split_sentences

from .phrasebook import RESTATE_LEADS

# "So in the meeting..." -> "Like I said, in the meeting...".
DISCOURSE_LEAD = re.compile(
    r"^(?:so|and|well|basically|honestly|i mean|anyway|look|yeah)[,.]?\s+", re.I
)


def norm(sentence: str) -> str:
    return " ".join(sentence.lower().split())


@lru_cache(maxsize=4096)
def _sentence_norms(option: str) -> tuple[str, ...]:
    # Sentences of three words or more: "Anyway." or "Sorry." may recur, a told
    # fact may not.
    return tuple(norm(x) for x in split_sentences(option) if len(x.split()) >= 3)


class Picker:
    """Seeded choice that avoids sentences already said in this session.

    An option is stale when it, or any of its sentences, was said before: voice
    lines are often two sentences, and a line whose first half was already said
    would repeat it verbatim.
    """

    def __init__(self, rng: random.Random, said: set[str]) -> None:
        self.rng = rng
        self.said = said
        self.used: set[str] = set()

    def _stale(self, option: str, seen: set[str]) -> bool:
        return norm(option) in seen or any(x in seen for x in _sentence_norms(option))

    def fresh(self, options: Sequence[str]) -> list[str]:
        return [
            o
            for o in options
            if not self._stale(o, self.said) and not self._stale(o, self.used)
        ]

    def pick(self, options: Sequence[str]) -> str:
        pool = self.fresh(options) or [
            o for o in options if not self._stale(o, self.used)
        ]
        choice = self.rng.choice(pool or list(options))
        self.used.add(norm(choice))
        self.used.update(_sentence_norms(choice))
        return choice

    def restate(self, options: Sequence[str], names: frozenset[str]) -> str:
        """A fresh line, or an already-told one introduced as a repeat."""
        if self.fresh(options):
            return self.pick(options)
        line = DISCOURSE_LEAD.sub("", self.pick(options))
        return f"{self.pick(RESTATE_LEADS)} {ensure_period(lower_first(line, names))}"

    def chance(self, p: float) -> bool:
        return self.rng.random() < p
