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
        # One "Like I said," a reply: a second one stacked in the same reply
        # ("As I said, ... Well, like I said, ...") reads as a loop.
        self.restated = False

    def _stale(self, option: str, seen: set[str]) -> bool:
        return norm(option) in seen or any(x in seen for x in _sentence_norms(option))

    def fresh(self, options: Sequence[str]) -> list[str]:
        return [
            o
            for o in options
            if not self._stale(o, self.said) and not self._stale(o, self.used)
        ]

    def pick(self, options: Sequence[str]) -> str:
        if self.fresh(options):
            return self._pick(options)
        # Every option was said already (a long session, a withdrawn patient): say
        # one again the way people do, as a repeat ("Like I said, ..."), in a
        # wording not yet used, before falling back to saying it verbatim.
        return self._as_repeat(options) or self._pick(options)

    def restate(self, options: Sequence[str], names: frozenset[str]) -> str:
        """A fresh line, or an already-told one introduced as a repeat."""
        if self.fresh(options):
            return self._pick(options)
        return self._as_repeat(options, names) or self._lead(self._pick(options), names)

    def _pick(self, options: Sequence[str]) -> str:
        pool = self.fresh(options) or [
            o for o in options if not self._stale(o, self.used)
        ]
        choice = self.rng.choice(pool or list(options))
        self._mark(choice)
        return choice

    def _mark(self, line: str) -> None:
        self.used.add(norm(line))
        self.used.update(_sentence_norms(line))

    def _lead(self, line: str, names: frozenset[str]) -> str:
        if self.restated:
            return line
        self.restated = True
        line = DISCOURSE_LEAD.sub("", line)
        return f"{self._pick(RESTATE_LEADS)} {ensure_period(lower_first(line, names))}"

    def _as_repeat(
        self, options: Sequence[str], names: frozenset[str] = frozenset()
    ) -> str | None:
        """A told one-sentence option behind a restating lead, in a combination
        not said yet (a multi-sentence option would still repeat its tail); none
        once this reply has restated something."""
        if self.restated:
            return None
        combos = [
            f"{lead} {ensure_period(lower_first(DISCOURSE_LEAD.sub('', o), names))}"
            for o in options
            if len(split_sentences(o)) == 1
            for lead in RESTATE_LEADS
        ]
        unsaid = [
            c
            for c in combos
            if not self._stale(c, self.said) and not self._stale(c, self.used)
        ]
        if not unsaid:
            return None
        choice = self.rng.choice(unsaid)
        self._mark(choice)
        self.restated = True
        return choice

    def chance(self, p: float) -> bool:
        return self.rng.random() < p
