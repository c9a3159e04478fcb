"""Write use cases for the case library."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from django.db import transaction

from accounts.audit import record_event
from accounts.models import AuditEvent
from patients.simulation import (
    CaseError,
    CaseValidationError,
    bundled_cases,
    import_patient_psi,
)
from patients.simulation.case import load_case_noted
from patients.simulation.engine import warm_up
from patients.simulation.facts import DOMAINS, FactSheet
from practice.models import Assignment, PracticeSession

from . import limits
from .models import Case, CaseVersion

if TYPE_CHECKING:
    from accounts.models import User
    from patients.simulation import CaseSpec


@transaction.atomic
def publish_case_version(
    *, spec: CaseSpec, created_by: User | None = None, bundled: bool = False
) -> CaseVersion:
    """Store `spec` as the next immutable version of its case (creating the case).

    Publishing identical data again returns the current version unchanged, so
    re-running the seed or an import is harmless.
    """
    data = spec.model_dump(mode="json")
    case, _ = Case.objects.select_for_update().get_or_create(
        slug=spec.slug, defaults={"created_by": created_by, "bundled": bundled}
    )
    current = case.current_version
    if current is not None and current.data == data:
        return current
    number = (current.number + 1) if current is not None else 1
    version = CaseVersion.objects.create(
        case=case,
        number=number,
        data=data,
        title=spec.name,
        presenting_problem=spec.presenting_problem,
        style=spec.style,
        difficulty=spec.difficulty,
        has_risk=bool(spec.risk_flags),
        created_by=created_by,
    )
    case.current_version = version
    case.save(update_fields=["current_version"])
    return version


def sync_bundled_cases() -> list[CaseVersion]:
    """Publish every case shipped in patients/cases/ (new versions only on change)."""

    return [publish_case_version(spec=spec, bundled=True) for spec in bundled_cases()]


# Versions whose case the engine has been run on in this process (warm_engine).
_WARMED: set[int] = set()


def warm_engine(version_id: int) -> None:
    """Parse the version's case and run the patient engine on it once, so the
    first message of a session does not pay for it: called when a chat socket
    connects, before the trainee can send. Once per version per process."""
    if version_id in _WARMED:
        return
    warm_up(spec_for_version_id(version_id))
    _WARMED.add(version_id)


@lru_cache(maxsize=256)
def _spec_for_version_id(version_id: int) -> CaseSpec:
    # Versions are immutable, so a parsed spec can be cached for the process.
    return CaseVersion.objects.get(pk=version_id).spec


def spec_for_version(version: CaseVersion) -> CaseSpec:
    return _spec_for_version_id(version.pk)


def spec_for_version_id(version_id: int) -> CaseSpec:
    """The parsed case of a version, by id: a caller that holds only the id (the
    chat's hot path) need not load the version's JSON at all after the first time."""
    return _spec_for_version_id(version_id)


# --- authoring, import and the case lifecycle (program admin area) -----------------


class CaseInUse(Exception):
    """A case that sessions or assignments point at is archived, never deleted."""


class SlugTaken(Exception):
    """A new case must not silently become a new version of another case."""


@dataclass(frozen=True)
class Published:
    version: CaseVersion
    changed: bool
    new_case: bool


def _publish(
    *, spec: CaseSpec, author: User | None, verb: AuditEvent.Verb, summary: str = ""
) -> Published:
    existing = (
        Case.objects.filter(slug=spec.slug).select_related("current_version").first()
    )
    before = (
        existing.current_version.number if existing and existing.current_version else 0
    )
    version = publish_case_version(spec=spec, created_by=author)
    changed = version.number != before
    if changed:
        record_event(
            actor=author,
            verb=verb,
            target_type="case",
            target_id=spec.slug,
            target_label=spec.name,
            summary=summary or f"Version {version.number}",
            detail={"version": version.number},
        )
    return Published(version=version, changed=changed, new_case=existing is None)


@transaction.atomic
def author_case(*, spec: CaseSpec, author: User | None, new: bool) -> Published:
    """Publish an authored case as its next immutable version.

    Sessions already running keep the version they started on. Raises SlugTaken
    when `new` and the slug belongs to another case.
    """
    if new and Case.objects.filter(slug=spec.slug).exists():
        raise SlugTaken(spec.slug)
    return _publish(spec=spec, author=author, verb=AuditEvent.Verb.PUBLISHED)


def parse_case_file(raw: bytes, *, filename: str, fmt: str = "auto") -> list[CaseSpec]:
    """Cases from an uploaded file: PATIENT-Psi JSON or our own, record or list.

    All or nothing: raises CaseValidationError listing every (record, field,
    reason) in the file, and returns only when every record is valid.
    """
    return parse_case_file_noted(raw, filename=filename, fmt=fmt)[0]


def parse_case_file_noted(
    raw: bytes, *, filename: str, fmt: str = "auto"
) -> tuple[list[CaseSpec], dict[str, list[str]]]:
    """`parse_case_file`, plus per slug the fact-sheet domains the file left out,
    which are saved as absent and listed to the author (PATIENT-Psi has no fact
    sheet: every domain is listed)."""

    def refuse(reason: str) -> CaseValidationError:
        return CaseValidationError([CaseError(filename, "(file)", reason)])

    problem = limits.size_problem(len(raw))
    if problem:
        raise refuse(problem)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise refuse(f"not valid UTF-8 text: {error}") from None
    # Depth is checked on the raw text, before json.loads recurses into it.
    problem = limits.depth_problem(text)
    if problem:
        raise refuse(problem)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise refuse(f"not valid JSON: {error}") from None
    problem = limits.count_problem(data) or limits.text_problem(data)
    if problem:
        raise refuse(problem)
    if fmt == "auto":
        first = data[0] if isinstance(data, list) and data else data
        fmt = (
            "ours"
            if isinstance(first, dict) and "slug" in first and "situations" in first
            else "psi"
        )
    gaps: dict[str, list[str]] = {}
    if fmt == "psi":
        specs = import_patient_psi(data)
        # Plain PATIENT-Psi has no fact sheet (our own export carries it under
        # its extension key): a case with the default sheet has every domain
        # absent by default, and the author sees that.
        gaps = {s.slug: list(DOMAINS) for s in specs if s.facts == FactSheet()}
    else:
        records = data if isinstance(data, list) else [data]
        if not records:
            raise CaseValidationError(
                [CaseError(filename, "(root)", "the list is empty")]
            )
        errors: list[CaseError] = []
        specs = []
        for index, record in enumerate(records, start=1):
            label = f"record {index}"
            if isinstance(record, dict) and record.get("slug"):
                label += f" ({record['slug']})"
            try:
                spec, missing = load_case_noted(record, record=label)
                specs.append(spec)
                if missing:
                    gaps[spec.slug] = missing
            except CaseValidationError as error:
                errors.extend(error.errors)
        if errors:
            raise CaseValidationError(errors)
    slugs = [s.slug for s in specs]
    duplicates = sorted({s for s in slugs if slugs.count(s) > 1})
    if duplicates:
        raise CaseValidationError(
            [
                CaseError(filename, "slug", f"{s!r} appears more than once")
                for s in duplicates
            ]
        )
    return specs, gaps


@transaction.atomic
def import_cases(*, specs: list[CaseSpec], imported_by: User | None) -> list[Published]:
    """Publish validated specs in one transaction: nothing is partly imported."""
    return [
        _publish(spec=spec, author=imported_by, verb=AuditEvent.Verb.IMPORTED)
        for spec in specs
    ]


def case_in_use(case: Case) -> bool:
    return (
        PracticeSession.objects.filter(case_version__case=case).exists()
        or Assignment.objects.filter(case=case).exists()
    )


@transaction.atomic
def set_case_status(
    *, case: Case, status: Case.Status, changed_by: User | None
) -> Case:
    """Archive (hide from trainees and new assignments) or restore a case."""
    case = Case.objects.select_for_update().get(pk=case.pk)
    if case.status == status:
        return case
    case.status = status
    case.save(update_fields=["status"])
    verb = (
        AuditEvent.Verb.ARCHIVED
        if status == Case.Status.ARCHIVED
        else AuditEvent.Verb.RESTORED
    )
    record_event(
        actor=changed_by,
        verb=verb,
        target_type="case",
        target_id=case.slug,
        target_label=str(case),
    )
    return case


@transaction.atomic
def delete_case(*, case: Case, deleted_by: User | None) -> None:
    """Delete a case nobody has used; raises CaseInUse otherwise (archive it)."""
    case = Case.objects.select_for_update().get(pk=case.pk)
    if case_in_use(case):
        raise CaseInUse(case.slug)
    record_event(
        actor=deleted_by,
        verb=AuditEvent.Verb.DELETED,
        target_type="case",
        target_id=case.slug,
        target_label=str(case),
    )
    # The case points at its current version and the versions at the case
    # (both PROTECT), so unhook first, then delete versions, then the case.
    case.current_version = None
    case.save(update_fields=["current_version"])
    CaseVersion.objects.filter(case=case).delete()
    case.delete()
