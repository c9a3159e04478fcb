"""Import and export of PATIENT-Psi CCD JSON.

PATIENT-Psi stores one record per (patient, situation), repeating the
patient-level fields in each. Two naming variants exist in the wild:

- app examples and the 106-case dataset: `auto_thought`, the three core-belief
  lists `helpless_belief` / `unlovable_belief` / `worthless_belief` (once with a
  `_current` suffix), `intermediate_belief_depression` present or inlined after a
  "[during depression]" marker, styles in `type` (dataset names such as "hostile");
- the transcript-to-CCD generator: `core_beliefs` and `cognitive_models`, a list of
  `{situation, automatic_thoughts, emotion, behavior}`.

Import accepts both, single records or lists, groups the situations of one
patient into one case, and is all or nothing: every problem in the file is
collected into one CaseValidationError. Export writes the canonical variant.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from patients.simulation.case import (
    CaseError,
    CaseSpec,
    CaseValidationError,
    errors_from_pydantic,
)
from patients.simulation.vocab import (
    DATASET_STYLE_NAMES,
    STYLES,
    match_core_belief,
    match_emotion,
)

# Our own fields ride along under this key, so export -> import is lossless for
# our cases while PATIENT-Psi tools simply ignore the key.
EXTENSION_KEY = "practice_sim"

_DEPRESSION_MARKER = re.compile(r"\s*\[during depression\]\s*", re.IGNORECASE)
_PATIENT_FIELDS = (
    "name",
    "history",
    "helpless_belief",
    "unlovable_belief",
    "worthless_belief",
    "intermediate_belief",
    "intermediate_belief_depression",
    "coping_strategies",
)


class _Collector:
    def __init__(self) -> None:
        self.errors: list[CaseError] = []

    def add(self, record: str, field: str, reason: str) -> None:
        self.errors.append(CaseError(record=record, field=field, reason=reason))


def _label(index: int, raw: dict[str, Any]) -> str:
    rid = raw.get("id")
    return f"record {index}" + (f" (id {rid})" if rid is not None else "")


def _text(raw: dict[str, Any], key: str, label: str, out: _Collector) -> str:
    value = raw.get(key)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(v.strip() for v in value)
    if not isinstance(value, str) or not value.strip():
        out.add(
            label, key, "missing" if value is None else "must be a non-empty string"
        )
        return ""
    return value.strip()


def _first_key(raw: dict[str, Any], *keys: str) -> str | None:
    return next((k for k in keys if k in raw), None)


def _core_beliefs(
    raw: dict[str, Any], label: str, out: _Collector
) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"helpless": [], "unlovable": [], "worthless": []}
    items: list[tuple[str, Any]] = []
    if "core_beliefs" in raw:
        value = raw["core_beliefs"]
        if isinstance(value, dict):
            items = [(f"core_beliefs.{k}", v) for k, v in value.items()]
        else:
            items = [("core_beliefs", value)]
    else:
        for category in found:
            key = _first_key(raw, f"{category}_belief", f"{category}_belief_current")
            if key is None:
                out.add(label, f"{category}_belief", "missing")
                continue
            items.append((key, raw[key]))
    for field, value in items:
        if isinstance(value, str):
            value = [value] if value.strip() else []
        if not isinstance(value, list):
            out.add(label, field, "must be a list of core-belief statements")
            continue
        for i, statement in enumerate(value):
            match = match_core_belief(statement) if isinstance(statement, str) else None
            if match is None:
                out.add(
                    label,
                    f"{field}[{i}]",
                    f"not in the core-belief vocabulary: {statement!r}",
                )
                continue
            category, canonical = match
            if canonical not in found[category]:
                found[category].append(canonical)
    if not any(found.values()) and not any(e.record == label for e in out.errors):
        out.add(label, "core beliefs", "no core belief given")
    return found


def _intermediate(raw: dict[str, Any], label: str, out: _Collector) -> tuple[str, str]:
    belief = _text(raw, "intermediate_belief", label, out)
    depression = raw.get("intermediate_belief_depression")
    if depression is None:
        # The Abe records inline the depression variant after a marker.
        parts = _DEPRESSION_MARKER.split(belief, maxsplit=1)
        if len(parts) == 2:
            return parts[0].strip(), parts[1].strip()
        return belief, ""
    if not isinstance(depression, str):
        out.add(label, "intermediate_belief_depression", "must be a string")
        return belief, ""
    return belief, depression.strip()


def _emotions(value: Any, field: str, label: str, out: _Collector) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        out.add(
            label, field, "missing" if value is None else "must be a non-empty list"
        )
        return []
    labels: list[str] = []
    for i, raw in enumerate(value):
        match = match_emotion(raw) if isinstance(raw, str) else None
        if match is None:
            out.add(label, f"{field}[{i}]", f"not in the emotion vocabulary: {raw!r}")
        elif match not in labels:
            labels.append(match)
    return labels


def _styles(raw: dict[str, Any], label: str, out: _Collector) -> list[str]:
    value = raw.get("type", list(STYLES))
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        out.add(label, "type", "must be a list of style names")
        return list(STYLES)
    styles: list[str] = []
    for i, name in enumerate(value):
        style = DATASET_STYLE_NAMES.get(
            str(name).strip().lower(), str(name).strip().lower()
        )
        if style not in STYLES:
            out.add(label, f"type[{i}]", f"unknown conversational style: {name!r}")
        elif style not in styles:
            styles.append(style)
    return styles or list(STYLES)


def _situation(
    raw: dict[str, Any], prefix: str, label: str, out: _Collector
) -> dict[str, Any]:
    thought_key = _first_key(raw, "auto_thought", "automatic_thoughts", "auto_thoughts")
    if thought_key is None:
        out.add(label, f"{prefix}auto_thought", "missing")
        thought = ""
    else:
        thought = _text(raw, thought_key, label, out)
    return {
        "situation": _text(raw, "situation", label, out),
        "auto_thought": thought,
        "emotions": _emotions(raw.get("emotion"), f"{prefix}emotion", label, out),
        "behavior": _text(raw, "behavior", label, out),
    }


def _slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "patient"


def _patient_key(raw: dict[str, Any]) -> str:
    rid = raw.get("id")
    if isinstance(rid, str | int) and "-" in str(rid):
        return "id:" + str(rid).split("-", 1)[0]
    return f"name:{raw.get('name')}|{raw.get('history')}"


def import_patient_psi(data: object) -> list[CaseSpec]:
    """Cases from PATIENT-Psi JSON (a record or a list); all or nothing.

    Raises CaseValidationError listing every (record, field, reason) found.
    """
    out = _Collector()
    if isinstance(data, dict):
        records: list[Any] = [data]
    elif isinstance(data, list) and data:
        records = data
    else:
        raise CaseValidationError(
            [
                CaseError(
                    "file", "(root)", "expected a record object or a non-empty list"
                )
            ]
        )

    groups: dict[str, dict[str, Any]] = {}
    for index, raw in enumerate(records, start=1):
        if not isinstance(raw, dict):
            out.add(f"record {index}", "(record)", "expected a JSON object")
            continue
        label = _label(index, raw)
        name = _text(raw, "name", label, out)
        beliefs = _core_beliefs(raw, label, out)
        inter, inter_dep = _intermediate(raw, label, out)
        patient = {
            "name": name,
            "history": _text(raw, "history", label, out),
            "helpless_belief": beliefs["helpless"],
            "unlovable_belief": beliefs["unlovable"],
            "worthless_belief": beliefs["worthless"],
            "intermediate_belief": inter,
            "intermediate_belief_depression": inter_dep,
            "coping_strategies": _text(raw, "coping_strategies", label, out),
        }
        if "cognitive_models" in raw:
            models = raw["cognitive_models"]
            if not isinstance(models, list) or not models:
                out.add(label, "cognitive_models", "must be a non-empty list")
                models = []
            situations = []
            for j, model in enumerate(models):
                if not isinstance(model, dict):
                    out.add(label, f"cognitive_models[{j}]", "expected an object")
                    continue
                situations.append(
                    _situation(model, f"cognitive_models[{j}].", label, out)
                )
        else:
            situations = [_situation(raw, "", label, out)]
        styles = _styles(raw, label, out)
        extension = raw.get(EXTENSION_KEY)
        if extension is not None and not isinstance(extension, dict):
            out.add(label, EXTENSION_KEY, "must be an object")
            extension = None

        key = _patient_key(raw)
        group = groups.get(key)
        if group is None:
            groups[key] = {
                "label": label,
                "patient": patient,
                "styles": styles,
                "situations": situations,
                "extension": extension,
                "number": key.split(":", 1)[1] if key.startswith("id:") else None,
                "situation_extensions": [extension],
            }
            continue
        # Patient-level fields repeat in each record; they must agree.
        for field in _PATIENT_FIELDS:
            if patient[field] != group["patient"][field]:
                out.add(
                    label, field, f"differs from {group['label']} of the same patient"
                )
        group["situations"].extend(situations)
        group["situation_extensions"].append(extension)

    if out.errors:
        raise CaseValidationError(out.errors)

    cases: list[CaseSpec] = []
    used_slugs: set[str] = set()
    for group in groups.values():
        spec = _build_spec(group, used_slugs, out)
        if spec is not None:
            cases.append(spec)
            used_slugs.add(spec.slug)
    if out.errors:
        raise CaseValidationError(out.errors)
    return cases


def _build_spec(
    group: dict[str, Any], used_slugs: set[str], out: _Collector
) -> CaseSpec | None:
    patient = group["patient"]
    ext: dict[str, Any] = dict(group["extension"] or {})
    situation_ext = ext.pop("situations", None)
    situations = group["situations"]
    if isinstance(situation_ext, list) and len(situation_ext) == len(situations):
        # Our per-situation fields (voice, evidence, alternative view, id).
        situations = [
            {**s_ext, **s} for s, s_ext in zip(situations, situation_ext, strict=True)
        ]
    styles = group["styles"]
    number = group["number"]
    slug = ext.pop("slug", None) or _slugify(patient["name"]) + (
        f"-{number}" if number else ""
    )
    base, n = slug, 2
    while slug in used_slugs:
        slug, n = f"{base}-{n}", n + 1
    first = situations[0]["situation"].rstrip(".") if situations else ""
    defaults: dict[str, Any] = {
        "presenting_problem": f"Imported PATIENT-Psi case. Recently troubled by: {first}.",
        "style": "plain" if "plain" in styles else styles[0],
        "opening_line": "I'm not really sure where to start.",
        "source": "patient-psi",
    }
    data = {
        **defaults,
        **ext,
        **patient,
        "slug": slug,
        "allowed_styles": styles,
        "situations": situations,
    }
    try:
        return CaseSpec.model_validate(data)
    except ValidationError as exc:
        out.errors.extend(errors_from_pydantic(exc, group["label"]))
        return None


def export_patient_psi(
    case: CaseSpec, *, patient_number: int = 1, with_extensions: bool = False
) -> list[dict[str, Any]]:
    """One canonical PATIENT-Psi record per situation of `case`.

    With `with_extensions`, our own fields travel under `practice_sim`, so that
    importing the export gives back an equal case.
    """
    records = []
    ours = case.model_dump(
        mode="json",
        exclude={*_PATIENT_FIELDS, "allowed_styles", "situations"},
    )
    for k, s in enumerate(case.situations, start=1):
        record: dict[str, Any] = {
            "name": case.name,
            "id": f"{patient_number}-{k}",
            "type": list(case.allowed_styles),
            "history": case.history,
            "helpless_belief": list(case.helpless_belief),
            "unlovable_belief": list(case.unlovable_belief),
            "worthless_belief": list(case.worthless_belief),
            "intermediate_belief": case.intermediate_belief,
            "intermediate_belief_depression": case.intermediate_belief_depression,
            "coping_strategies": case.coping_strategies,
            "situation": s.situation,
            "auto_thought": s.auto_thought,
            "emotion": list(s.emotions),
            "behavior": s.behavior,
        }
        if with_extensions and k == 1:
            record[EXTENSION_KEY] = {
                **ours,
                "situations": [
                    s2.model_dump(
                        mode="json",
                        include={"id", "voice", "evidence", "alternative_view"},
                    )
                    for s2 in case.situations
                ],
            }
        records.append(record)
    return records
