"""`manage.py evaluate_annotator`: measure an annotator against a labelled dataset.

A thin wrapper: the readers, metrics and report live in `feedback.rubrics.evaluation`
(also runnable without Django as `python -m feedback.rubrics.evaluation`). This command
adds only what needs settings: building the LLM annotator from the configured model.
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from config.llm import annotator_model
from feedback.rubrics import Annotator, LLMAnnotator, OfflineAnnotator
from feedback.rubrics.evaluation.cli import add_arguments, run
from feedback.rubrics.evaluation.datasets import DatasetFormatError


class Command(BaseCommand):
    help = (
        "Measure an annotator against a human-labelled dataset: per-label precision, "
        "recall and F1, macro-F1, Cohen's kappa and a confusion matrix."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            output = run(options, llm_factory=_llm_annotator)
        except DatasetFormatError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(output)


def _llm_annotator() -> Annotator:
    model = annotator_model()
    if model is None:
        raise CommandError("--annotator llm needs OPENAI_API_KEY (and a model) set.")
    return LLMAnnotator(model, fallback=OfflineAnnotator())
