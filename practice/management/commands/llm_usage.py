"""`manage.py llm_usage [--since DATE] [--json]`: model calls and cost per role."""

from __future__ import annotations

import json
from datetime import date, datetime, time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from practice.metering import guard_trips, outcomes, totals_by_role
from practice.models import ModelCall


class Command(BaseCommand):
    help = (
        "Totals of every model call (accepted, rejected, retried, fallback, failed, "
        "cut) per role: calls, prompt and completion tokens, estimated cost."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--since", help="Only calls on or after this date (YYYY-MM-DD)."
        )
        parser.add_argument("--json", action="store_true", help="Print JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        calls = ModelCall.objects.all()
        if options["since"]:
            try:
                day = date.fromisoformat(options["since"])
            except ValueError as error:
                raise CommandError(f"--since must be YYYY-MM-DD: {error}") from None
            start = timezone.make_aware(datetime.combine(day, time.min))
            calls = calls.filter(created_at__gte=start)
        totals = totals_by_role(calls)
        if options["json"]:
            self.stdout.write(json.dumps(totals, indent=2))
            return
        for role, row in totals.items():
            self.stdout.write(
                f"{role:<10} {row['calls']:>7} calls  {row['prompt_tokens']:>11,} prompt  "
                f"{row['completion_tokens']:>10,} completion  {row['cost']:>10.4f}"
            )
        self.stdout.write(f"outcomes: {outcomes(calls)}")
        self.stdout.write(f"guard trips: {guard_trips(calls)}")
