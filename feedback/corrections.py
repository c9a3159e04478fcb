"""The current annotation of a turn: the annotator's reading with the supervisor's
corrections applied, in every family.

A `CodeOverride` holds a supervisor's whole reading of one utterance (behaviour codes,
question kind, reflection depth, Socratic type, Padesky stage); a `TurnCorrection`
their EPITOME levels and flags for the turn. Everything that shows or scores a turn
(the transcripts, the report, key moments, practice targets, the rescoring, the
agreement tables) reads the turn through `effective_data`, so there is one verdict per
turn. Corrections that repeat the annotator's reading change nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from feedback.rubrics.agreement import kappa
from feedback.rubrics.schema import (
    BEHAVIOUR_CODES,
    FLAGS,
    PADESKY_STAGES,
    SOCRATIC_TYPES,
)
from feedback.rubrics.turn_moves import annotation_moves

from .models import CodeOverride, TurnCorrection
from .presenters import plain_label, turn_codes

UTTERANCE_FIELDS = ("question", "reflection", "socratic_type", "padesky_stage")
LEVEL_FIELDS = ("emotional_reactions", "interpretations", "explorations")
LEVEL_KEYS = {
    "emotional_reactions": "ER",
    "interpretations": "IP",
    "explorations": "EX",
}


@dataclass
class Corrections:
    """The corrections of a set of annotations, keyed by annotation id."""

    utterances: dict[int, dict[int, CodeOverride]] = field(default_factory=dict)
    turns: dict[int, TurnCorrection] = field(default_factory=dict)

    def for_annotation(
        self, annotation_id: int
    ) -> tuple[dict[int, CodeOverride], TurnCorrection | None]:
        return self.utterances.get(annotation_id, {}), self.turns.get(annotation_id)


def load(annotation_ids: Iterable[int]) -> Corrections:
    """The corrections of these annotations (two queries)."""
    ids = list(annotation_ids)
    found = Corrections()
    if not ids:
        return found
    for o in CodeOverride.objects.filter(annotation_id__in=ids):
        found.utterances.setdefault(o.annotation_id, {})[o.utterance_index] = o
    for t in TurnCorrection.objects.filter(annotation_id__in=ids):
        found.turns[t.annotation_id] = t
    return found


def reading(o: CodeOverride) -> dict[str, Any]:
    """A supervisor's reading of an utterance in the engine's terms ("" → None)."""
    return {
        "codes": list(o.codes),
        "question": o.question or None,
        "reflection": o.reflection or None,
        "socratic_type": o.socratic_type or None,
        "padesky_stage": o.padesky_stage or None,
    }


def effective_data(
    machine: dict[str, Any],
    overrides: dict[int, CodeOverride],
    turn: TurnCorrection | None,
) -> tuple[dict[str, Any], list[str]]:
    """(the current annotation as TurnAnnotation JSON, what the supervisor changed).

    The changes are plain sentences for the page; an empty list means the corrections
    (if any) agree with the annotator and the annotation is shown as it was.
    """
    utterances = list(machine.get("utterances", []))
    corrected = []
    for i, u in enumerate(utterances):
        o = overrides.get(i)
        corrected.append({**u, **reading(o)} if o is not None else dict(u))
    data = {**machine, "utterances": corrected}
    if turn is not None:
        for name in LEVEL_FIELDS:
            data[name] = int(getattr(turn, name))
        data["flags"] = list(turn.flags)
    changes = describe_changes(machine, data)
    if not changes:
        return dict(machine), []
    # The annotator's suggestion and rationale were written for its own reading.
    data["suggestion"] = None
    data["rationale"] = "Corrected by a supervisor: " + "; ".join(changes) + "."
    return data, changes


def _label(code: str, utterances: Sequence[dict[str, Any]]) -> str:
    if code == "question":
        kinds = sorted(
            {
                str(u["question"])
                for u in utterances
                if u.get("question") and "question" in u.get("codes", [])
            }
        )
        return " and ".join(plain_label(f"question.{k}") for k in kinds) or plain_label(
            "question"
        )
    return plain_label(code)


def describe_changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two readings of a turn, in plain words."""
    changes: list[str] = []
    b_utt, a_utt = before.get("utterances", []), after.get("utterances", [])
    b_codes, a_codes = turn_codes(b_utt), turn_codes(a_utt)
    b_labels = [_label(c, b_utt) for c in b_codes]
    a_labels = [_label(c, a_utt) for c in a_codes]
    if b_labels != a_labels:
        was = ", ".join(b_labels) or "nothing to code"
        now = ", ".join(a_labels) or "nothing to code"
        changes.append(f"{now} (the annotator said: {was})")
    for name, family in (("socratic_type", "socratic"), ("padesky_stage", "padesky")):
        was_set = [u.get(name) for u in b_utt if u.get(name)]
        now_set = [u.get(name) for u in a_utt if u.get(name)]
        if was_set != now_set:
            now = ", ".join(plain_label(f"{family}.{v}") for v in now_set) or "none"
            was = ", ".join(plain_label(f"{family}.{v}") for v in was_set) or "none"
            kind = "question type" if family == "socratic" else "guided-discovery step"
            changes.append(f"{kind}: {now} (the annotator said: {was})")
    levels = {0: "not shown", 1: "some", 2: "strong"}
    for name in LEVEL_FIELDS:
        b, a = int(before.get(name, 0)), int(after.get(name, 0))
        if a != b:
            label = plain_label(f"empathy.{LEVEL_KEYS[name]}")
            changes.append(f"{label}: {levels[a]} (the annotator said: {levels[b]})")
    b_flags, a_flags = list(before.get("flags", [])), list(after.get("flags", []))
    for flag in a_flags:
        if flag not in b_flags:
            changes.append(f"added the flag “{plain_label(f'flag.{flag}')}”")
    for flag in b_flags:
        if flag not in a_flags:
            changes.append(f"removed the flag “{plain_label(f'flag.{flag}')}”")
    return changes


def digest(entries: Iterable[tuple[int, dict[str, Any]]]) -> str:
    """Fingerprint of the corrected turns of a session ("" when nothing is corrected).

    `entries`: (turn id, current annotation) of the turns whose reading a supervisor
    changed. Two rescorings with the same corrections have the same fingerprint.
    """
    rows = sorted(entries, key=lambda e: e[0])
    if not rows:
        return ""
    keep = ("utterances", *LEVEL_FIELDS, "flags")
    payload = [[turn_id, {k: data.get(k) for k in keep}] for turn_id, data in rows]
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def moves_from(data: dict[str, Any]) -> tuple[str, ...]:
    """The patient engine's move names for a corrected turn, so the key moments say
    what the supervisor's reading says the trainee did (not the engine's guess)."""
    return annotation_moves(data)


# --- agreement: annotator versus supervisor, per family ---------------------------------

# Families whose labels are exclusive per unit (one value each, "none" included): the
# dashboard computes Cohen's kappa over the categories from the per-label tables.
# Behaviour codes and flags are multi-label: pooled kappa over the summed tables.
FAMILIES: dict[str, str] = {
    "behaviour": "Behaviour code",
    "question": "Question: open or closed",
    "reflection": "Reflection: simple or complex",
    "socratic": "Socratic question type",
    "padesky": "Padesky stage",
    "empathy.ER": "Empathy: emotional reactions",
    "empathy.IP": "Empathy: interpretations",
    "empathy.EX": "Empathy: explorations",
    "flag": "Flags",
}
EXCLUSIVE = {
    "question",
    "reflection",
    "socratic",
    "padesky",
    "empathy.ER",
    "empathy.IP",
    "empathy.EX",
}


def family_of(key: str) -> str:
    """The family of an agreement-table key ("question.open" → "question")."""
    if key.startswith("empathy."):
        return key.rsplit(".", 1)[0]
    head = key.split(".", 1)[0]
    return head if "." in key else "behaviour"


def utterance_labels(u: dict[str, Any]) -> set[str]:
    """One utterance's labels in every utterance family ("<family>.none" when unset)."""
    labels = set(u.get("codes", []))
    for name, family in (
        ("question", "question"),
        ("reflection", "reflection"),
        ("socratic_type", "socratic"),
        ("padesky_stage", "padesky"),
    ):
        labels.add(f"{family}.{u.get(name) or 'none'}")
    return labels


def turn_labels(data: dict[str, Any]) -> set[str]:
    """A turn's labels in the turn families (EPITOME levels, flags)."""
    labels = {f"empathy.{LEVEL_KEYS[n]}.{int(data.get(n, 0))}" for n in LEVEL_FIELDS}
    labels |= {f"flag.{f}" for f in data.get("flags", [])}
    return labels


def label_keys() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(utterance-level keys, turn-level keys) of the agreement tables."""

    utterance = (
        *BEHAVIOUR_CODES,
        "question.open",
        "question.closed",
        "question.none",
        "reflection.simple",
        "reflection.complex",
        "reflection.none",
        *(f"socratic.{t}" for t in SOCRATIC_TYPES),
        "socratic.none",
        *(f"padesky.{s}" for s in PADESKY_STAGES),
        "padesky.none",
    )
    turn = (
        *(f"empathy.{k}.{level}" for k in ("ER", "IP", "EX") for level in (0, 1, 2)),
        *(f"flag.{f}" for f in FLAGS),
    )
    return utterance, turn


@dataclass
class FamilyAgreement:
    family: str
    label: str
    kappa: float | None
    agree: float
    n: int
    corrected: int


def family_agreements(total: dict[str, list[int]]) -> list[FamilyAgreement]:
    """Annotator-vs-supervisor kappa per family, from the summed per-label tables.

    Exclusive families (question kind, reflection depth, Socratic type, Padesky stage,
    each EPITOME level; one value per unit, "none" included) get Cohen's kappa over
    their categories: observed = sum of the "both" cells / units, chance = sum over
    categories of annotator share × supervisor share. Behaviour codes and flags are
    multi-label, so they get the kappa of their pooled 2×2 table.
    """

    grouped: dict[str, dict[str, list[int]]] = {}
    for key, table in total.items():
        if key == "other":
            continue
        grouped.setdefault(family_of(key), {})[key] = table
    out = []
    for family, label in FAMILIES.items():
        tables = grouped.get(family)
        if not tables:
            continue
        if family in EXCLUSIVE:
            units = max(sum(t) for t in tables.values())
            if not units:
                continue
            observed = sum(t[0] for t in tables.values()) / units
            chance = sum(
                ((t[0] + t[1]) / units) * ((t[0] + t[2]) / units)
                for t in tables.values()
            )
            value = None if chance >= 1.0 else (observed - chance) / (1 - chance)
            # A unit the supervisor changed disagrees in two categories' tables.
            corrected = sum(t[1] for t in tables.values())
            agree = observed
        else:
            table = [0, 0, 0, 0]
            for t in tables.values():
                for i in range(4):
                    table[i] += int(t[i])
            units = sum(table)
            if not units or not (table[0] + table[1] + table[2]):
                continue
            value = kappa(table)
            corrected = table[1] + table[2]
            agree = (table[0] + table[3]) / units
        out.append(
            FamilyAgreement(
                family=family,
                label=label,
                kappa=None if value is None else round(value, 2),
                agree=round(agree, 3),
                n=units,
                corrected=corrected,
            )
        )
    return out
