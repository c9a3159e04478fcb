"""Publish the bundled case library (a new version only where a case changed)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from patients.services import sync_bundled_cases


class Command(BaseCommand):
    help = "Publish the cases shipped in patients/cases/ (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        versions = sync_bundled_cases()
        self.stdout.write(
            self.style.SUCCESS(f"{len(versions)} bundled cases are published.")
        )
