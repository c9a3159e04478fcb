"""`manage.py probe_patient`: run the probe set against the offline patient.

A thin wrapper around `patients.simulation.probe` (pure code). Embedded mode: the
offline engine, no model, no database.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from patients.simulation.case import bundled_cases
from patients.simulation.probe import load_probes, run_all
from patients.simulation.probe.seeds import run_seeds


class Command(BaseCommand):
    help = (
        "Run the probe set (patients/probes/*.jsonl) against bundled cases and report "
        "answered / contradictions / unsupported / generic / repeats / role_breaks."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--case", help="slug of a bundled case")
        parser.add_argument("--all-cases", action="store_true", help="run every case")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument(
            "--seeds",
            help="comma-separated session seeds (e.g. 0,1,2): every figure pooled "
            "over them, plus each seed's summary and the probes whose verdict "
            "depends on the seed",
        )
        parser.add_argument("--json", action="store_true")
        parser.add_argument(
            "--failures", action="store_true", help="list failing probes and replies"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        cases = bundled_cases()
        if options["case"]:
            cases = [c for c in cases if c.slug == options["case"]]
            if not cases:
                raise CommandError(f"no bundled case {options['case']!r}")
        elif not options["all_cases"]:
            raise CommandError("give --case SLUG or --all-cases")
        if options["seeds"]:
            self._seeds(cases, options)
            return
        report, details = run_all(cases, load_probes(), seed=options["seed"])
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
            return
        cols = (
            "answered",
            "contradictions",
            "unsupported",
            "generic",
            "repeats",
            "role_breaks",
        )
        self.stdout.write(f"{'case':32} " + " ".join(f"{c:>14}" for c in cols))
        rows = [*report["cases"].items(), ("OVERALL", report["summary"])]
        for slug, m in rows:
            self.stdout.write(_row(slug, m, cols))
        for source, m in report["summary"]["by_source"].items():
            self.stdout.write(_row("source " + source, m, cols))
        if options["failures"]:
            for slug, results in details.items():
                self._failures(f"[{slug}]", results)

    def _seeds(self, cases: list[Any], options: dict[str, Any]) -> None:
        try:
            seeds = [int(x) for x in options["seeds"].split(",") if x.strip()]
        except ValueError as exc:
            raise CommandError(f"--seeds takes integers: {options['seeds']!r}") from exc
        if not seeds:
            raise CommandError("--seeds needs at least one seed")
        report, details = run_seeds(cases, load_probes(), seeds)
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
            return
        cols = (
            "answered",
            "contradictions",
            "unsupported",
            "generic",
            "repeats",
            "role_breaks",
        )
        self.stdout.write(
            f"{'seeds ' + ','.join(map(str, seeds)):32} "
            + " ".join(f"{c:>14}" for c in cols)
        )
        rows = [
            *((f"seed {k}", m) for k, m in report["by_seed"].items()),
            ("POOLED", report["summary"]),
        ]
        for label, m in rows:
            self.stdout.write(_row(label, m, cols))
        self.stdout.write(
            f"probes whose verdict depends on the seed: {len(report['unstable'])}"
        )
        for u in report["unstable"]:
            self.stdout.write(f"  [{u['case']}] {u['id']} {u['notes']}")
        if options["failures"]:
            for seed, per_case in details.items():
                for slug, results in per_case.items():
                    self._failures(f"[seed {seed}] [{slug}]", results)

    def _failures(self, prefix: str, results: list[Any]) -> None:
        for r in results:
            if r.notes:
                self.stdout.write(
                    f"{prefix} {r.probe.id} {r.probe.category} {'; '.join(r.notes)}\n"
                    f"   T: {r.probe.text}\n   P: {r.reply}"
                )


def _row(label: str, metrics: dict[str, Any], cols: tuple[str, ...]) -> str:
    return f"{label:32} " + " ".join(f"{_fmt(metrics[c]):>14}" for c in cols)


def _fmt(value: object) -> str:
    return "-" if value is None else str(value)
