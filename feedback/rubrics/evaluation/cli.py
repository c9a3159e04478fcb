"""Argument parsing and output shared by the Django command and `python -m`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import Any

from ..annotators import Annotator, OfflineAnnotator
from .datasets import DatasetFormatError
from .report import render
from .run import DATASETS, evaluate


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dataset", required=True, choices=DATASETS)
    parser.add_argument("--path", required=True, help="the dataset folder")
    parser.add_argument("--annotator", choices=("offline", "llm"), default="offline")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--limit", type=int, default=None, help="first N items only")


def run(
    options: dict[str, Any],
    *,
    llm_factory: Callable[[], Annotator] | None = None,
) -> str:
    """Evaluate as the options say and return the text to print."""
    annotator: Annotator
    if options["annotator"] == "llm":
        if llm_factory is None:
            raise SystemExit(
                "--annotator llm needs a configured model: run it through "
                "`manage.py evaluate_annotator`, which builds one from the settings."
            )
        annotator = llm_factory()
    else:
        annotator = OfflineAnnotator()
    result = evaluate(
        options["dataset"], options["path"], annotator, limit=options.get("limit")
    )
    if options.get("json"):
        return json.dumps(
            {k: result[k] for k in ("dataset", "annotator", "n", "tasks")}, indent=None
        )
    return render(result)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m feedback.rubrics.evaluation",
        description="Measure an annotator against a human-labelled dataset.",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        output = run(vars(args))
    except DatasetFormatError as exc:
        parser.exit(2, f"error: {exc}\n")
    print(output)  # noqa: T201 - a command-line entry point prints
