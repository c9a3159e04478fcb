from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Annotation

if TYPE_CHECKING:
    from practice.models import Turn


def latest_annotation(turn: Turn) -> Annotation | None:
    return Annotation.objects.filter(turn=turn).order_by("-created_at").first()
