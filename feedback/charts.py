"""Server-rendered SVG charts: geometry here, markup in templates/feedback/partials.

Pure (no Django): the functions turn numbers into coordinates and SVG path strings
built from numbers only, so the templates that draw them never interpolate user text
into markup. Every chart the pages draw is paired with a data table (the fallback for
screen readers and for anyone who prefers numbers).

Series colours are the Okabe-Ito palette (readable with colour-vision deficiency);
each series also has its own dash pattern, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

PALETTE: tuple[tuple[str, str], ...] = (
    # (colour, dash pattern)
    ("#0072B2", ""),
    ("#D55E00", "6 4"),
    ("#009E73", "2 3"),
    ("#CC79A7", "8 3 2 3"),
    ("#8a5a00", "1 0"),
)


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: float
    label: str


@dataclass(frozen=True)
class Series:
    label: str
    colour: str
    dash: str
    path: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Band:
    y: float
    height: float
    css: str
    label: str
    label_y: float


@dataclass(frozen=True)
class Tick:
    pos: float
    label: str
    # SVG text-anchor: the first and last x labels hug the plot's edges so they
    # are never cut off by the chart's border ("23 No…").
    anchor: str = "middle"


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    left: int
    top: int
    right: int
    bottom: int
    series: tuple[Series, ...]
    bands: tuple[Band, ...] = ()
    x_ticks: tuple[Tick, ...] = ()
    y_ticks: tuple[Tick, ...] = ()
    markers: tuple[Tick, ...] = field(default_factory=tuple)

    @property
    def plot_width(self) -> int:
        return self.right - self.left

    @property
    def plot_height(self) -> int:
        return self.bottom - self.top

    @property
    def label_x(self) -> int:
        return self.right - 4

    @property
    def axis_x(self) -> int:
        return self.left - 6

    @property
    def compact(self) -> bool:
        return not self.y_ticks

    @property
    def empty(self) -> bool:
        return not any(s.points for s in self.series)


def line_chart(
    x_labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    y_max: float = 100.0,
    bands: tuple[float, float] | None = None,
    width: int = 640,
    height: int = 220,
    compact: bool = False,
) -> LineChart:
    """A line chart over 0..y_max; `bands` = (fair, good) draws the three bands.

    `compact` drops axes and margins (sparklines in a table cell).
    """
    left, top = (2, 2) if compact else (40, 12)
    right, bottom = (width - 2, height - 2) if compact else (width - 12, height - 28)
    n = len(x_labels)

    def x_at(i: int) -> float:
        if n <= 1:
            return (left + right) / 2
        return left + (right - left) * i / (n - 1)

    def y_at(v: float) -> float:
        v = max(0.0, min(y_max, v))
        return bottom - (bottom - top) * v / y_max

    out_series = []
    for k, (label, values) in enumerate(series):
        colour, dash = PALETTE[k % len(PALETTE)]
        points = tuple(
            Point(round(x_at(i), 1), round(y_at(v), 1), v, x_labels[i])
            for i, v in enumerate(values)
            if v is not None
        )
        path = " ".join(
            f"{'M' if j == 0 else 'L'}{p.x:.1f},{p.y:.1f}" for j, p in enumerate(points)
        )
        out_series.append(Series(label, colour, dash, path, points))
    out_bands: list[Band] = []
    if bands is not None:
        fair, good = bands
        for low, high, css, name in (
            (0.0, fair, "band-below", "below fair"),
            (fair, good, "band-fair", "fair"),
            (good, y_max, "band-good", "good"),
        ):
            y_top, y_bottom = y_at(high), y_at(low)
            out_bands.append(
                Band(
                    round(y_top, 1),
                    round(y_bottom - y_top, 1),
                    css,
                    name,
                    round(y_top + 11, 1),
                )
            )
    y_ticks: tuple[Tick, ...] = ()
    x_ticks: tuple[Tick, ...] = ()
    if not compact:
        y_ticks = tuple(
            Tick(round(y_at(v), 1), f"{v:g}") for v in (0, y_max / 2, y_max)
        )
        # About one label per 64 px of plot, so date labels never overlap.
        fit = max(2, (right - left) // 64)
        step = max(1, -(-n // fit))
        shown = list(range(0, n, step))
        if n > 1 and shown[-1] != n - 1:
            # Always label the newest point; drop the one before if it would collide.
            if (n - 1) - shown[-1] < step and len(shown) > 1:
                shown.pop()
            shown.append(n - 1)
        x_ticks = tuple(
            Tick(
                round(x_at(i), 1),
                x_labels[i],
                "middle"
                if n <= 1
                else "start"
                if i == 0
                else "end"
                if i == n - 1
                else "middle",
            )
            for i in shown
        )
    return LineChart(
        width=width,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        series=tuple(out_series),
        bands=tuple(out_bands),
        x_ticks=x_ticks,
        y_ticks=y_ticks,
    )


def heat_class(value: float | None, *, fair: float, good: float) -> str:
    """The CSS class of a heat-map cell (the number is always printed too)."""
    if value is None:
        return "heat-none"
    if value >= good:
        return "heat-good"
    if value >= fair:
        return "heat-fair"
    return "heat-below"
