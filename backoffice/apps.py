from __future__ import annotations

from django.apps import AppConfig


class BackofficeConfig(AppConfig):
    """The program admin area at /manage/: cohorts, people, cases, assignments,
    usage and audit. It depends on the other apps; nothing but config imports it."""

    name = "backoffice"
    verbose_name = "Program admin"
