"""Measure an annotator against the human-labelled datasets (RUBRICS.md §7).

Entry points: `evaluate(dataset, path, annotator)` in run.py, the Django command
`manage.py evaluate_annotator`, and `python -m feedback.rubrics.evaluation`.
"""

from __future__ import annotations

from .run import DATASETS, evaluate

__all__ = ["DATASETS", "evaluate"]
