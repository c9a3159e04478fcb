"""The probe set under several session seeds, pooled.

A session's seed draws its starting beliefs and feelings, the transition's
chances and the reply's wording. A probe that passes at seed 0 and fails at seed
1 is a miss a trainee meets in one session of three, so one seed hides it. This
runs `run_all` once per seed, pools the tallies (every figure is over probes ×
seeds) and lists the probes whose verdict depends on the seed (`unstable`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from patients.simulation.case import CaseSpec

from .runner import CATEGORIES, Probe, ProbeResult, Tally, run_all


def run_seeds(
    cases: Sequence[CaseSpec], probes: Sequence[Probe], seeds: Sequence[int]
) -> tuple[dict[str, Any], dict[int, dict[str, list[ProbeResult]]]]:
    """Pooled report over `seeds`, and each seed's per-probe results.

    The report has the shape of `run_all`'s (`cases`, `summary`), every share
    taken over all seeds, plus `seeds`, `by_seed` (each seed's summary) and
    `unstable`: per probe that fails at some seeds and not others, which
    notes at which seed."""
    per_case: dict[str, Tally] = defaultdict(Tally)
    per_case_long: dict[str, int] = defaultdict(int)
    by_category: dict[str, Tally] = defaultdict(Tally)
    by_source: dict[str, Tally] = defaultdict(Tally)
    by_seed: dict[str, Any] = {}
    details: dict[int, dict[str, list[ProbeResult]]] = {}
    verdicts: dict[tuple[str, str], dict[int, list[str]]] = defaultdict(dict)
    for seed in seeds:
        report, results = run_all(cases, probes, seed=seed)
        details[seed] = results
        by_seed[str(seed)] = report["summary"]
        for slug, rs in results.items():
            per_case_long[slug] += report["cases"][slug]["long_session_repeats"]
            for r in rs:
                per_case[slug].add(r.tally)
                by_category[r.probe.category].add(r.tally)
                by_source[r.probe.source].add(r.tally)
                verdicts[(slug, r.probe.id)][seed] = r.notes
    cases_out: dict[str, Any] = {}
    overall = Tally()
    for case in cases:
        t = per_case[case.slug]
        t.repeats += per_case_long[case.slug]
        overall.add(t)
        cases_out[case.slug] = t.metrics()
    summary = overall.metrics()
    summary["cases"] = len(cases)
    summary["by_source"] = {s: t.metrics() for s, t in sorted(by_source.items())}
    summary["by_category"] = {
        c: by_category[c].metrics() for c in CATEGORIES if c in by_category
    }
    unstable = [
        {"case": slug, "id": pid, "notes": {str(k): v for k, v in notes.items()}}
        for (slug, pid), notes in sorted(verdicts.items())
        if len({bool(v) for v in notes.values()}) > 1
    ]
    summary["unstable"] = len(unstable)
    report_out = {
        "seeds": list(seeds),
        "cases": cases_out,
        "summary": summary,
        "by_seed": by_seed,
        "unstable": unstable,
    }
    return report_out, details
