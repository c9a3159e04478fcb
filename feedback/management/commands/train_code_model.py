"""`manage.py train_code_model`: regenerate `feedback/rubrics/code_weights.json`.

A thin wrapper over `feedback.rubrics.code_train` (also runnable without Django as
`python -m feedback.rubrics.code_train`); the same options, e.g. `--report` for the
out-of-fold figures or `--cross` for train-on-one-labeller, score-the-other.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from feedback.rubrics import code_train


class Command(BaseCommand):
    help = (
        "Train the code models on the project's gold corpus and write "
        "feedback/rubrics/code_weights.json (byte-identical on every run)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("args", nargs="*", help="options of code_train, after --")

    def handle(self, *args: Any, **options: Any) -> None:
        code = code_train.main(list(args))
        if code:
            raise SystemExit(code)
