"""`manage.py train_socratic_model`: regenerate `feedback/rubrics/socratic_weights.json`.

A thin wrapper over `feedback.rubrics.socratic_train` (also runnable without Django as
`python -m feedback.rubrics.socratic_train`); the same options, e.g. `--report` for the
leave-one-labeller-out figures.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from feedback.rubrics import socratic_train


class Command(BaseCommand):
    help = (
        "Train the Socratic-type model on the project's gold corpus and write "
        "feedback/rubrics/socratic_weights.json (byte-identical on every run)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "args", nargs="*", help="options of socratic_train, after --"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        code = socratic_train.main(list(args))
        if code:
            raise SystemExit(code)
