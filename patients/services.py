"""Write use cases for the case library."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.db import transaction

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
    from patients.simulation import bundled_cases

    return [publish_case_version(spec=spec, bundled=True) for spec in bundled_cases()]


@lru_cache(maxsize=256)
def _spec_for_version_id(version_id: int) -> CaseSpec:
    # Versions are immutable, so a parsed spec can be cached for the process.
    return CaseVersion.objects.get(pk=version_id).spec


def spec_for_version(version: CaseVersion) -> CaseSpec:
    return _spec_for_version_id(version.pk)
