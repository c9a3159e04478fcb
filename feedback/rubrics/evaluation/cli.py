"""Argument parsing and output shared by the Django command and `python -m`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..annotators import Annotator, OfflineAnnotator
from .datasets import DatasetFormatError
from .gold import evaluate_gold
from .report import render, render_gold
from .run import DATASETS, evaluate


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dataset", required=True, choices=(*DATASETS, "gold"))
    parser.add_argument(
        "--path",
        default=None,
        help="the dataset folder (gold: defaults to the corpus shipped in the repo)",
    )
    parser.add_argument("--annotator", choices=("offline", "llm"), default="offline")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--limit", type=int, default=None, help="first N items only")
    parser.add_argument(
        "--half",
        choices=("A", "B"),
        default=None,
        help="public datasets: only one conversation-grouped half (md5 parity)",
    )


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
    if options["dataset"] == "gold":
        path = Path(options["path"]) if options.get("path") else None
        gold = evaluate_gold(annotator, path, limit=options.get("limit"))
        return json.dumps(gold) if options.get("json") else render_gold(gold)
    if not options.get("path"):
        raise DatasetFormatError(f"--dataset {options['dataset']} needs --path")
    result = evaluate(
        options["dataset"],
        options["path"],
        annotator,
        limit=options.get("limit"),
        half=options.get("half"),
    )
    if options.get("json"):
        return json.dumps(
            {k: result[k] for k in ("dataset", "annotator", "n", "tasks")}
            | ({"half": result["half"]} if options.get("half") else {}),
            indent=None,
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
