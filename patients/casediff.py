"""A field-by-field diff between two case versions (plain data, no Django)."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from patients.simulation.case import CaseSpec

# Readable names for the case fields an author edits (the form's own labels).
FIELD_LABELS: dict[str, str] = {
    "slug": "Slug",
    "name": "Name",
    "age": "Age",
    "gender": "Gender",
    "presenting_problem": "Presenting problem",
    "style": "Conversational style",
    "allowed_styles": "Allowed styles",
    "difficulty": "Difficulty",
    "risk_flags": "Risk flags",
    "opening_line": "Opening line",
    "history": "History",
    "helpless_belief": "Helpless core beliefs",
    "unlovable_belief": "Unlovable core beliefs",
    "worthless_belief": "Worthless core beliefs",
    "intermediate_belief": "Intermediate belief",
    "intermediate_belief_depression": "Intermediate belief (depression)",
    "coping_strategies": "Coping strategies",
    "situations": "Situation",
    "situation": "Situation",
    "auto_thought": "Automatic thought",
    "emotions": "Emotions",
    "behavior": "Behaviour",
    "evidence": "Evidence",
    "alternative_view": "Alternative view",
    "voice": "Patient's words",
    "presenting": "presenting problem",
    "intermediate": "intermediate belief",
    "core": "core belief",
    "deflect": "deflecting",
    "yes_but": "“yes, but”",
    "tangent": "tangents",
    "risk": "risk",
    "thought": "automatic thought",
    "emotion": "emotions",
    "source": "Source",
    "attribution": "Attribution",
    "id": "Id",
}
_PART = re.compile(r"^(?P<key>[a-z_]+)(?:\[(?P<n>\d+)\])?$")


@dataclass(frozen=True)
class FieldChange:
    path: str
    before: str | None
    after: str | None

    @property
    def label(self) -> str:
        """ "situations[2].auto_thought" → "Situation 2 · Automatic thought"."""
        parts = []
        for part in self.path.split("."):
            match = _PART.match(part)
            if match is None:
                parts.append(part)
                continue
            name = FIELD_LABELS.get(
                match["key"], match["key"].replace("_", " ").capitalize()
            )
            parts.append(f"{name} {match['n']}" if match["n"] else name)
        label = " · ".join(parts)
        return label[0].upper() + label[1:] if label else label

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


def normalise(data: dict[str, Any]) -> dict[str, Any]:
    """The case as the engine reads it: defaults filled in, line endings and
    surrounding blanks evened out, so a diff shows only what an author changed
    (an imported version and a form-saved one differ in those, not in content)."""
    # An old version that no longer validates is compared as stored.
    with contextlib.suppress(ValidationError):
        data = CaseSpec.model_validate(data).model_dump(mode="json")
    tidy: dict[str, Any] = _tidy(data)
    return tidy


# Fields the form edits as sets of checkboxes: a browser sends them back in the
# vocabulary's order, which is not an edit.
UNORDERED = frozenset(
    {
        "emotions",
        "allowed_styles",
        "risk_flags",
        "helpless_belief",
        "unlovable_belief",
        "worthless_belief",
    }
)


def _tidy(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: sorted(_tidy(v)) if k in UNORDERED and isinstance(v, list) else _tidy(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_tidy(v) for v in value]
    if isinstance(value, str):
        return "\n".join(
            line.rstrip() for line in value.replace("\r\n", "\n").split("\n")
        ).strip()
    return value


def diff_cases(before: dict[str, Any], after: dict[str, Any]) -> list[FieldChange]:
    """Changed, added and removed fields, in the order of the newer version."""
    a, b = flatten(normalise(before)), flatten(normalise(after))
    changes = [
        FieldChange(path, a.get(path), value)
        for path, value in b.items()
        if a.get(path) != value and not (path not in a and value == "")
    ]
    changes += [
        FieldChange(path, value, None)
        for path, value in a.items()
        if path not in b and value != ""
    ]
    return changes
