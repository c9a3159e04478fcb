"""Annotator-versus-supervisor agreement: per-code 2×2 tables and Cohen's kappa.

Pure (no Django). A supervisor reviewing a session sees every utterance the annotator
coded; an utterance they did not correct counts as agreement, one they corrected counts
with the supervisor's codes. Per code, the unit is an utterance and the label is
"has the code" (yes/no), so kappa is the binary Cohen's kappa for that code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

# Per code: [both yes, annotator only, supervisor only, both no].
Table = list[int]


def code_tables(
    pairs: Iterable[tuple[Sequence[str], Sequence[str]]], codes: Sequence[str]
) -> dict[str, Table]:
    """2×2 tables per code from (annotator codes, supervisor codes) per utterance."""
    tables = {code: [0, 0, 0, 0] for code in codes}
    for machine, human in pairs:
        m, h = set(machine), set(human)
        for code in codes:
            if code in m and code in h:
                tables[code][0] += 1
            elif code in m:
                tables[code][1] += 1
            elif code in h:
                tables[code][2] += 1
            else:
                tables[code][3] += 1
    return tables


def add_tables(into: dict[str, Table], other: Mapping[str, Sequence[int]]) -> None:
    for code, table in other.items():
        current = into.setdefault(code, [0, 0, 0, 0])
        for i in range(4):
            current[i] += int(table[i])


def kappa(table: Sequence[int]) -> float | None:
    """Cohen's kappa of a 2×2 table; None when chance agreement is total (undefined)."""
    both, machine_only, human_only, neither = table
    n = both + machine_only + human_only + neither
    if n == 0:
        return None
    observed = (both + neither) / n
    machine_yes = (both + machine_only) / n
    human_yes = (both + human_only) / n
    expected = machine_yes * human_yes + (1 - machine_yes) * (1 - human_yes)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1 - expected)
