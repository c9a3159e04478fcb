"""The case library: a case and its immutable, numbered versions.

A practice session points at a version, never at the case, so editing and
publishing a case later never changes what an old session was about.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models

from patients.simulation import load_case

if TYPE_CHECKING:
    from patients.simulation import CaseSpec


class Case(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        ARCHIVED = "archived", "Archived"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    slug = models.SlugField(max_length=80, unique=True)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    current_version = models.ForeignKey(
        "CaseVersion",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    bundled = models.BooleanField(
        default=False, help_text="Shipped with the product (patients/cases/)."
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


class CaseVersion(models.Model):
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="versions")
    number = models.PositiveIntegerField()
    # The whole CaseSpec as JSON; validated through the engine's pydantic model.
    data = models.JSONField()
    # Denormalised for listing and filtering without parsing `data`.
    title = models.CharField(max_length=200)
    presenting_problem = models.TextField()
    style = models.CharField(max_length=20)
    difficulty = models.CharField(max_length=10)
    has_risk = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["case", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["case", "number"], name="patients_caseversion_unique_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.case.slug} v{self.number}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Versions are immutable history: sessions and reports depend on them.
        if not self._state.adding and not kwargs.pop("_allow_update", False):
            msg = "Case versions are immutable; publish a new version instead."
            raise ValueError(msg)
        super().save(*args, **kwargs)

    @property
    def spec(self) -> CaseSpec:
        return load_case(self.data)
