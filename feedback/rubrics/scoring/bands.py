"""How a number becomes a band, a 0-100 score or a displayed value.

Pure (no Django). Shared by the MITI metrics, the emotion metrics and the skill scores:
`band_for` puts a value against its published fair/good thresholds, `scale` maps a
metric piecewise-linearly onto 0-100 (fair → 50, good → 75), and the small helpers
guard the divisions and format percentages the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

Band = Literal["good", "fair", "below_fair"]
BAND_LABELS: dict[str, str] = {
    "good": "Good",
    "fair": "Fair",
    "below_fair": "Below fair",
    "insufficient": "Too few utterances for a band",
}


def scale(value: float, *, fair: float, good: float, top: float) -> float:
    """Map a metric onto 0-100 so that fair → 50, good → 75 and top (or more) → 100."""
    if value <= 0:
        return 0.0
    if value < fair:
        return 50.0 * value / fair
    if value < good:
        return 50.0 + 25.0 * (value - fair) / (good - fair)
    if value < top:
        return 75.0 + 25.0 * (value - good) / (top - good)
    return 100.0


def band_for(value: float | None, *, fair: float, good: float) -> Band | None:
    if value is None:
        return None
    if value >= good:
        return "good"
    if value >= fair:
        return "fair"
    return "below_fair"


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def ratio(num: int, den: int) -> float | None:
    # RUBRICS.md §1.4: guard the divisions; undefined is None, never 0.
    return num / den if den else None


def pct(value: float | None) -> str:
    return f"{value * 100:.0f} %" if value is not None else "—"
