"""A field-by-field diff between two case versions (plain data, no Django)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FieldChange:
    path: str
    before: str | None
    after: str | None

    @property
    def kind(self) -> str:
        if self.before is None:
            return "added"
        if self.after is None:
            return "removed"
        return "changed"


def flatten(data: Any, prefix: str = "") -> dict[str, str]:
    """{"situations[1].emotions": "sad, ...; hurt", ...}: lists of text join into one line."""
    out: dict[str, str] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, list) and any(isinstance(v, dict | list) for v in data):
        for i, value in enumerate(data, start=1):
            out.update(flatten(value, f"{prefix}[{i}]"))
    elif isinstance(data, list):
        out[prefix] = "\n".join(str(v) for v in data)
    else:
        out[prefix] = "" if data is None else str(data)
    return out


def diff_cases(before: dict[str, Any], after: dict[str, Any]) -> list[FieldChange]:
    """Changed, added and removed fields, in the order of the newer version."""
    a, b = flatten(before), flatten(after)
    changes = [
        FieldChange(path, a.get(path), value)
        for path, value in b.items()
        if a.get(path) != value and not (path not in a and value == "")
    ]
    changes += [
        FieldChange(path, value, None) for path, value in a.items() if path not in b and value != ""
    ]
    return changes
