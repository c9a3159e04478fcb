"""Demo data for embedded mode: three users, a cohort, the bundled cases, assignments."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from accounts.models import Role, User
from patients.models import Case
from patients.services import sync_bundled_cases
from practice.models import Assignment, Cohort, Mode

DEMO_USERS = [
    ("trainee", "Taylor Trainee", Role.TRAINEE),
    ("supervisor", "Sam Supervisor", Role.SUPERVISOR),
    ("admin", "Alex Admin", Role.PROGRAM_ADMIN),
]
# Assigned to the demo trainee: (case slug preference order, days until due, mode)
DEMO_ASSIGNMENTS = [(3, Mode.PRACTICE), (7, Mode.PRACTICE), (14, Mode.ASSESSMENT)]


class Command(BaseCommand):
    help = "Create the demo users, cohort, bundled cases and assignments (embedded mode only)."

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.EMBEDDED_MODE:
            msg = "seed_demo refuses to run with production settings: it creates known passwords."
            raise CommandError(msg)
        password = settings.DEMO_PASSWORD
        with transaction.atomic():
            versions = sync_bundled_cases()
            users: dict[str, User] = {}
            for username, name, role in DEMO_USERS:
                user, _ = User.objects.get_or_create(username=username)
                user.display_name = name
                user.role = role
                user.is_staff = role == Role.PROGRAM_ADMIN
                user.is_superuser = role == Role.PROGRAM_ADMIN
                user.set_password(password)
                user.save()
                users[username] = user
            cohort, _ = Cohort.objects.get_or_create(name="Demo cohort")
            cohort.trainees.add(users["trainee"])
            cohort.supervisors.add(users["supervisor"])
            cases = list(
                Case.objects.filter(pk__in=[v.case_id for v in versions]).order_by(
                    "current_version__difficulty", "slug"
                )
            )
            for case, (days, mode) in zip(cases, DEMO_ASSIGNMENTS, strict=False):
                Assignment.objects.get_or_create(
                    trainee=users["trainee"],
                    case=case,
                    status__in=[
                        Assignment.Status.PENDING,
                        Assignment.Status.IN_PROGRESS,
                    ],
                    defaults={
                        "cohort": cohort,
                        "mode": mode,
                        "status": Assignment.Status.PENDING,
                        "due_at": timezone.now() + timedelta(days=days),
                        "created_by": users["admin"],
                    },
                )
        self.stdout.write(self.style.SUCCESS(f"Seeded {len(versions)} cases."))
        self.stdout.write(f"Demo logins (password: {password}):")
        for username, _, role in DEMO_USERS:
            self.stdout.write(f"  {username:<11} {Role(role).label}")
