"""`manage.py train_flag_model`: regenerate `feedback/rubrics/flag_weights.json`.

A thin wrapper over `feedback.rubrics.flag_train` (also runnable without Django as
`python -m feedback.rubrics.flag_train`); the same options, e.g. `--report` for the
out-of-fold figures or `--cross` for train-on-one-labeller, score-the-other.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from feedback.rubrics import flag_train


class Command(BaseCommand):
    help = (
        "Train the flag models on the project's gold corpus and write "
        "feedback/rubrics/flag_weights.json (byte-identical on every run)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("args", nargs="*", help="options of flag_train, after --")

    def handle(self, *args: Any, **options: Any) -> None:
        code = flag_train.main(list(args))
        if code:
            raise SystemExit(code)
