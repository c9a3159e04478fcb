"""Annotations of trainee turns. Stored results are never recomputed: a new
rubric version or another annotator adds rows next to the old ones."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from django.db import models

if TYPE_CHECKING:
    from feedback.rubrics import TurnAnnotation


class Annotation(models.Model):
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    turn = models.ForeignKey(
        "practice.Turn", on_delete=models.CASCADE, related_name="annotations"
    )
    annotator = models.CharField(max_length=60)
    rubric_version = models.CharField(max_length=40)
    # The engine's TurnAnnotation as JSON.
    data = models.JSONField()
    # True when an LLM result was rejected and the offline result kept instead.
    fallback = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["turn", "-created_at"]
        constraints = [
            # A redelivered task cannot add a second row for the same work.
            models.UniqueConstraint(
                fields=["turn", "annotator", "rubric_version"],
                name="feedback_annotation_unique_per_version",
            )
        ]

    def __str__(self) -> str:
        return f"{self.turn} · {self.annotator} {self.rubric_version}"

    @property
    def view(self) -> dict[str, object]:
        from .presenters import annotation_view

        return annotation_view(self.data)

    @property
    def result(self) -> TurnAnnotation:
        from feedback.rubrics import TurnAnnotation

        return TurnAnnotation.model_validate(self.data)
