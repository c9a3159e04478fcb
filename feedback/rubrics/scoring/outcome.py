"""The patient outcome, read from the PatientState JSON stored after each turn.

Pure (no Django). Belief change on the thought the session ended on, core-belief
change, alliance at the start and end, the deepest disclosure layer reached, and the
first turn at which the patient voiced an alternative view. Scored sessions and
too-short ones both carry it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .records import LAYER_NAMES, Outcome, TurnRecord


def outcome(ordered: Sequence[TurnRecord]) -> Outcome:
    states = [t.state for t in ordered if t.state]
    if not states:
        return Outcome()
    first, last = states[0], states[-1]
    topic = str(last.get("topic", ""))
    belief = last.get("belief") or {}
    belief_start = last.get("belief_start") or first.get("belief") or {}
    out = Outcome(
        alliance_start=_float(first.get("alliance")),
        alliance_end=_float(last.get("alliance")),
        deepest_disclosure=int(last.get("disclosure", 0) or 0),
    )
    out.deepest_disclosure_name = LAYER_NAMES[min(out.deepest_disclosure, 6)]
    # The thought the session ended on; its conviction at the start of the session.
    if topic in belief and topic in belief_start:
        out.belief_start = float(belief_start[topic])
        out.belief_end = float(belief[topic])
        out.belief_change = round(out.belief_end - out.belief_start, 1)
    core, core_start = last.get("core_belief"), last.get("core_belief_start")
    if core is not None and core_start is not None:
        out.core_belief_change = round(float(core) - float(core_start), 1)
    for turn in ordered:
        if turn.state and turn.state.get("alternative_view"):
            out.alternative_view = True
            out.alternative_view_turn = turn.index
            break
    return out


def _float(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None
