"""Write use cases for cohorts: create, add and remove people, bulk add from CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q

from accounts.access import may_act_on
from accounts.audit import record_event
from accounts.models import AuditEvent, Role, User
from accounts.services import create_account

from .models import Cohort

if TYPE_CHECKING:
    from django.http import HttpRequest


@dataclass(frozen=True)
class RowResult:
    line: int
    identifier: str
    outcome: str  # "created" | "skipped" | "error"
    message: str
    password_link: str = ""


@dataclass
class BulkAddReport:
    rows: list[RowResult] = field(default_factory=list)

    def of(self, outcome: str) -> list[RowResult]:
        return [r for r in self.rows if r.outcome == outcome]

    @property
    def created(self) -> list[RowResult]:
        return self.of("created")

    @property
    def skipped(self) -> list[RowResult]:
        return self.of("skipped")

    @property
    def errors(self) -> list[RowResult]:
        return self.of("error")


@transaction.atomic
def create_cohort(*, name: str, created_by: User | None) -> Cohort:
    """Create a cohort and record who did."""
    cohort = Cohort.objects.create(name=name)
    record_event(
        actor=created_by,
        verb=AuditEvent.Verb.CREATED,
        target_type="cohort",
        target_id=cohort.uuid,
        target_label=cohort.name,
    )
    return cohort


def _members_of(cohort: Cohort, user: User) -> object:
    return cohort.supervisors if user.role == Role.SUPERVISOR else cohort.trainees


@transaction.atomic
def add_member(*, cohort: Cohort, user: User, added_by: User | None) -> bool:
    """Add a trainee or supervisor (by their role); False if already a member.

    Raises ValueError for a program admin: they run the program, not a cohort.
    """
    if user.role == Role.PROGRAM_ADMIN:
        msg = f"{user.username} is a program admin; only trainees and supervisors join cohorts."
        raise ValueError(msg)
    members = _members_of(cohort, user)
    if members.filter(pk=user.pk).exists():  # type: ignore[attr-defined]
        return False
    members.add(user)  # type: ignore[attr-defined]
    record_event(
        actor=added_by,
        verb=AuditEvent.Verb.ADDED,
        target_type="cohort",
        target_id=cohort.uuid,
        target_label=cohort.name,
        summary=f"{user.username} ({user.get_role_display()})",
    )
    return True


@transaction.atomic
def remove_member(*, cohort: Cohort, user: User, removed_by: User | None) -> None:
    """Take a person out of a cohort. Their assignments and sessions stay."""
    cohort.trainees.remove(user)
    cohort.supervisors.remove(user)
    record_event(
        actor=removed_by,
        verb=AuditEvent.Verb.REMOVED,
        target_type="cohort",
        target_id=cohort.uuid,
        target_label=cohort.name,
        summary=user.username,
    )


def parse_identifiers(text: str) -> list[tuple[int, str]]:
    """(line, identifier) pairs from CSV text: the first cell of each row.

    A header row ("username" or "email") and blank lines are ignored, so a
    spreadsheet export and a pasted list both work.
    """
    rows: list[tuple[int, str]] = []
    for line, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        cell = row[0].strip() if row else ""
        if not cell or (line == 1 and cell.lower() in {"username", "email", "user"}):
            continue
        rows.append((line, cell))
    return rows


@transaction.atomic
def bulk_add_members(
    *,
    cohort: Cohort,
    text: str,
    added_by: User | None,
    create_missing: bool = False,
    request: HttpRequest | None = None,
) -> BulkAddReport:
    """Add people listed by username or email; report created, skipped and errors.

    With `create_missing`, an unknown email address becomes a new trainee
    account with a one-time password-set link in the report. Good rows are
    added even when other rows fail: each failure is reported on its line.
    """

    report = BulkAddReport()
    seen: set[int] = set()
    for line, ident in parse_identifiers(text):
        user = User.objects.filter(
            Q(username__iexact=ident) | Q(email__iexact=ident)
        ).first()
        link = ""
        if user is None:
            if not (create_missing and "@" in ident):
                report.rows.append(
                    RowResult(
                        line, ident, "error", "No account with this username or email."
                    )
                )
                continue
            try:
                validate_email(ident)
            except ValidationError:
                report.rows.append(
                    RowResult(line, ident, "error", "Not a valid email address.")
                )
                continue
            username = _free_username(ident.split("@", 1)[0])
            account = create_account(
                username=username,
                email=ident,
                role=Role.TRAINEE,
                created_by=added_by,
                request=request,
            )
            user, link = account.user, account.password_link
        if user.pk in seen:
            report.rows.append(RowResult(line, ident, "skipped", "Listed twice."))
            continue
        if added_by is not None and not may_act_on(added_by, user):
            # Only a superuser acts on a superuser.
            report.rows.append(
                RowResult(line, ident, "error", "You may not change this account.")
            )
            continue
        seen.add(user.pk)
        try:
            added = add_member(cohort=cohort, user=user, added_by=added_by)
        except ValueError as error:
            report.rows.append(RowResult(line, ident, "error", str(error)))
            continue
        if not added:
            report.rows.append(
                RowResult(line, ident, "skipped", "Already in this cohort.")
            )
            continue
        note = (
            f"New trainee account {user.username}."
            if link
            else f"Added as {user.get_role_display().lower()}."
        )
        report.rows.append(RowResult(line, ident, "created", note, link))
    return report


def _free_username(base: str) -> str:
    stem = "".join(c for c in base if c.isalnum() or c in "._-+")[:140] or "trainee"
    candidate, n = stem, 2
    while User.objects.filter(username__iexact=candidate).exists():
        candidate, n = f"{stem}{n}", n + 1
    return candidate
