"""The patient's own material: the case's voice lines and CCD fields, per layer.

Pure (no Django). `material(case, situation, layer)` returns the lines a reply may
draw on for one disclosure layer (0 presenting problem, 1 situation, 2 automatic
thought, 3 emotions, 4 behaviour, 5 intermediate belief, 6 core belief): the author's
`voice` lines where they exist, otherwise frames built around the case's own fields,
so a reply only states what the case says. `case_names` is the set of proper nouns
that keep their capital letter when a line is lower-cased after a lead.
"""

from __future__ import annotations

from patients.simulation.case import CaseSpec, Situation
from patients.simulation.text import ensure_period, lower_first, proper_nouns

from .phrasebook import GENERIC_PRESENTING

_NAMES: dict[int, frozenset[str]] = {}
_CALENDAR = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March "
    "April May June July August September October November December Christmas".split()
)


def case_names(case: CaseSpec) -> frozenset[str]:
    key = id(case)
    if key not in _NAMES:
        texts = [case.history, case.name, *case.voice.presenting, *case.voice.yes_but]
        for s in case.situations:
            texts += [s.situation, *s.evidence, *s.voice.situation, *s.voice.behavior]
        _NAMES[key] = proper_nouns(*texts) | frozenset(case.name.split()) | _CALENDAR
    return _NAMES[key]


def _feelings(situation: Situation) -> str:
    names = [label.split(",")[0].strip() for label in situation.emotions]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def unquote(text: str) -> str:
    return text.strip().strip('"').rstrip()


def material(case: CaseSpec, situation: Situation, layer: int) -> list[str]:
    """The patient's own lines for one layer, else frames around the CCD field."""
    v, sv = case.voice, situation.voice
    if layer <= 0:
        return list(v.presenting) or list(GENERIC_PRESENTING)
    if layer == 1:
        return list(sv.situation) or [
            f"It's about this: {ensure_period(situation.situation)}",
            f"What keeps coming back is this. {ensure_period(situation.situation)}",
        ]
    if layer == 2:
        thought = unquote(situation.auto_thought)
        return list(sv.thought) or [
            f'I just keep thinking, "{ensure_period(thought)}"',
            f'What goes through my head is, "{ensure_period(thought)}"',
        ]
    if layer == 3:
        feelings = _feelings(situation)
        return list(sv.emotion) or [
            f"I feel {feelings}.",
            f"Mostly I just feel {feelings}.",
        ]
    if layer == 4:
        return list(sv.behavior) or [
            f"What I end up doing is this: {lower_first(situation.behavior, case_names(case))}.",
            f"And then, well. {ensure_period(situation.behavior)}",
        ]
    if layer == 5:
        lines = list(v.intermediate)
        if not lines:
            lines = [
                f"I've always lived by this: {ensure_period(case.intermediate_belief)}"
            ]
            if case.intermediate_belief_depression:
                lines.append(
                    "Lately it's more like this: "
                    + ensure_period(case.intermediate_belief_depression)
                )
        return lines
    lines = list(v.core)
    if not lines:
        lines = [f"Deep down I think {lower_first(b)}." for b in case.core_beliefs]
    return lines
