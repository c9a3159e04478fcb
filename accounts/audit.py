"""The audit trail: one call per thing program staff did.

Services call `record_event` inside their own transaction, so an action that
rolls back leaves no trace and one that commits always does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .models import AuditEvent

if TYPE_CHECKING:
    from .models import User


def record_event(
    *,
    actor: User | None,
    verb: AuditEvent.Verb,
    target_type: str,
    target_label: str,
    target_id: object = "",
    summary: str = "",
    detail: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event; `target_id` is the object's uuid or slug (not its pk)."""
    return AuditEvent.objects.create(
        actor=actor,
        verb=verb,
        target_type=target_type,
        target_id=str(target_id)[:64],
        target_label=target_label[:200],
        summary=summary[:300],
        detail=detail or {},
    )
