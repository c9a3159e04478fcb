"""`manage.py simulate`: run a scripted trainee against a bundled case.

A thin wrapper: the harness lives in `patients.simulation.harness` (pure code).
"""

from __future__ import annotations

from typing import Any, TextIO, cast

from django.core.management.base import BaseCommand, CommandError, CommandParser

from patients.simulation.harness import main
from patients.simulation.policies import POLICIES


class Command(BaseCommand):
    help = (
        "Simulate a practice session: a scripted trainee policy talks to a bundled "
        "case; prints the transcript and the state trajectory (or JSON)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--case", help="slug of a bundled case")
        parser.add_argument("--all-cases", action="store_true", help="run every case")
        parser.add_argument("--trainee", default="socratic", choices=sorted(POLICIES))
        parser.add_argument("--turns", type=int, default=12)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument(
            "--responder", default="offline", choices=["offline", "llm"]
        )
        parser.add_argument("--json", action="store_true")
        parser.add_argument(
            "--report",
            action="store_true",
            help="outcome table for every case and policy",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        argv = [
            "--trainee",
            options["trainee"],
            "--turns",
            str(options["turns"]),
            "--seed",
            str(options["seed"]),
            "--responder",
            options["responder"],
        ]
        if options["case"]:
            argv += ["--case", options["case"]]
        for flag in ("all_cases", "json", "report"):
            if options[flag]:
                argv.append("--" + flag.replace("_", "-"))
        if not (options["case"] or options["all_cases"] or options["report"]):
            raise CommandError("give --case <slug>, --all-cases or --report")
        try:
            # OutputWrapper quacks like the TextIO the harness writes to.
            main(argv, out=cast(TextIO, self.stdout))
        except SystemExit as exc:  # argparse errors (unknown case, missing key)
            if exc.code:
                raise CommandError(f"simulate failed (exit {exc.code})") from None
