"""PATIENT-Psi import and export: both variants, grouping, round trips, rejection."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from patients.simulation import (
    CaseValidationError,
    bundled_cases,
    export_patient_psi,
    import_patient_psi,
)

ABE = Path("/work/shared/data/anchors/patient-psi/abe_ccd_profiles.json")


def _abe_records() -> list[dict[str, Any]]:
    if ABE.exists():
        return json.loads(ABE.read_text())
    # The reference file lives outside the repo; rebuild its shape from the bundle.
    abe = next(c for c in bundled_cases() if c.slug == "abe-reference")
    records = export_patient_psi(abe)
    for r in records:
        r["intermediate_belief"] += "\n[during depression]\n" + r.pop(
            "intermediate_belief_depression"
        )
        r["helpless_belief"] = ["I am incompetent.", "I am a failture."]
    return records


def _dataset_record(**overrides: Any) -> dict[str, Any]:
    """A record in the 106-case dataset variant (written for this test)."""
    record = {
        "name": "Nora",
        "id": "7-1",
        "type": [
            "plain",
            "hostile",
            "guarded",
            "go off on tangents",
            "ingratiating",
            "verbose",
        ],
        "history": "Nora is a retired nurse who moved to a new town after her divorce.",
        "helpless_belief": [],
        "unlovable_belief": ["I am bound to be alone."],
        "worthless_belief": ["I am worthless, waste."],
        "intermediate_belief": "People leave when they see the real you.",
        "intermediate_belief_depression": "If I reach out, I will be turned away.",
        "coping_strategies": "Stays home and keeps busy with crosswords.",
        "situation": "A neighbour did not wave back.",
        "auto_thought": "She doesn't want to know me.",
        "emotion": ["hurt", "sad, down, lonely, unhappy"],
        "behavior": "Went inside and drew the curtains.",
    }
    record.update(overrides)
    return record


def test_it_imports_the_abe_records_as_one_case_with_three_situations() -> None:
    (case,) = import_patient_psi(_abe_records())
    assert case.name == "Abe" and len(case.situations) == 3
    assert case.helpless_belief == ["I am incompetent.", "I am a failure, loser."]
    # The inlined "[during depression]" rule is split into its own field.
    assert "[during depression]" not in case.intermediate_belief
    assert case.intermediate_belief_depression.startswith("(1) If I avoid challenges")
    assert case.situations[0].auto_thought == "What if I run out of money?"
    assert case.source == "patient-psi"


def test_it_imports_the_dataset_variant_and_maps_its_style_names() -> None:
    (case,) = import_patient_psi(_dataset_record())
    assert set(case.allowed_styles) == {
        "plain",
        "upset",
        "reserved",
        "tangent",
        "pleasing",
        "verbose",
    }
    assert (
        case.intermediate_belief_depression == "If I reach out, I will be turned away."
    )
    assert case.situations[0].emotions == ["hurt", "sad, down, lonely, unhappy"]


def test_it_accepts_the_current_suffixed_belief_keys() -> None:
    record = _dataset_record()
    for key in ("helpless_belief", "unlovable_belief", "worthless_belief"):
        record[f"{key}_current"] = record.pop(key)
    (case,) = import_patient_psi(record)
    assert case.unlovable_belief == ["I am bound to be alone."]


def test_it_imports_the_generator_variant_with_core_beliefs_and_cognitive_models() -> (
    None
):
    record = {
        "name": "Ivo",
        "history": "Ivo is a student who recently failed his driving test twice.",
        "core_beliefs": ["I am incompetent.", "I am unlovable."],
        "intermediate_belief": "If I fail, people will laugh at me.",
        "coping_strategies": "Avoids practising in front of others.",
        "cognitive_models": [
            {
                "situation": "Booked another test.",
                "automatic_thoughts": "I'll fail again.",
                "emotion": ["anxious"],
                "behavior": "Cancelled the booking.",
            },
            {
                "situation": "Friend offered a lift.",
                "automatic_thoughts": ["They pity me."],
                "emotion": "ashamed",
                "behavior": "Said no.",
            },
        ],
    }
    (case,) = import_patient_psi(record)
    assert case.helpless_belief == ["I am incompetent."]
    assert case.unlovable_belief == ["I am unlovable."]
    assert [s.auto_thought for s in case.situations] == [
        "I'll fail again.",
        "They pity me.",
    ]
    assert case.situations[1].emotions == ["ashamed, embarrassed, humiliated"]
    assert case.intermediate_belief_depression == ""


def test_it_groups_situations_by_patient_and_keeps_patients_apart() -> None:
    records = [
        _dataset_record(id="7-1"),
        _dataset_record(id="7-2", situation="Her son cancelled a visit."),
        _dataset_record(id="8-1", name="Ola", history="Ola is a chef with a new baby."),
    ]
    cases = import_patient_psi(records)
    assert [(c.name, len(c.situations)) for c in cases] == [("Nora", 2), ("Ola", 1)]
    assert len({c.slug for c in cases}) == 2


def test_it_rejects_a_file_whole_naming_record_field_and_reason() -> None:
    records = [
        _dataset_record(id="7-1"),
        _dataset_record(id="7-2", emotion=["bored"]),
        _dataset_record(id="8-1", name="Ola", worthless_belief=["I am a genius."]),
        _dataset_record(id="9-1", name="Pim", history=None),
    ]
    with pytest.raises(CaseValidationError) as exc:
        import_patient_psi(records)
    got = {(e.record, e.field) for e in exc.value.errors}
    assert ("record 2 (id 7-2)", "emotion[0]") in got
    assert ("record 3 (id 8-1)", "worthless_belief[0]") in got
    assert ("record 4 (id 9-1)", "history") in got
    reasons = " ".join(e.reason for e in exc.value.errors)
    assert "'bored'" in reasons and "'I am a genius.'" in reasons


def test_it_rejects_situations_of_one_patient_that_disagree() -> None:
    records = [
        _dataset_record(id="7-1"),
        _dataset_record(id="7-2", coping_strategies="Goes running."),
    ]
    with pytest.raises(CaseValidationError) as exc:
        import_patient_psi(records)
    (error,) = exc.value.errors
    assert error.record == "record 2 (id 7-2)" and error.field == "coping_strategies"
    assert "record 1 (id 7-1)" in error.reason


@pytest.mark.parametrize("data", [[], "nope", 3, [1, 2]])
def test_it_rejects_data_that_is_not_records(data: object) -> None:
    with pytest.raises(CaseValidationError):
        import_patient_psi(data)


def test_export_writes_one_canonical_record_per_situation() -> None:
    for case in bundled_cases():
        records = export_patient_psi(case)
        assert len(records) == len(case.situations)
        assert [r["id"] for r in records] == [
            f"1-{k}" for k in range(1, len(records) + 1)
        ]
        for r in records:
            assert set(r) == {
                "name",
                "id",
                "type",
                "history",
                "helpless_belief",
                "unlovable_belief",
                "worthless_belief",
                "intermediate_belief",
                "intermediate_belief_depression",
                "coping_strategies",
                "situation",
                "auto_thought",
                "emotion",
                "behavior",
            }
            json.dumps(r)


@pytest.mark.parametrize("case", bundled_cases(), ids=lambda c: c.slug)
def test_export_then_import_round_trips(case: Any) -> None:
    # With our extension fields the round trip is lossless.
    assert import_patient_psi(export_patient_psi(case, with_extensions=True)) == [case]
    # Without them, every PATIENT-Psi field survives.
    (plain,) = import_patient_psi(json.loads(json.dumps(export_patient_psi(case))))
    ccd = (
        "name",
        "history",
        "helpless_belief",
        "unlovable_belief",
        "worthless_belief",
        "intermediate_belief",
        "intermediate_belief_depression",
        "coping_strategies",
        "allowed_styles",
    )
    assert {f: getattr(plain, f) for f in ccd} == {f: getattr(case, f) for f in ccd}
    assert [
        (s.situation, s.auto_thought, s.emotions, s.behavior) for s in plain.situations
    ] == [
        (s.situation, s.auto_thought, s.emotions, s.behavior) for s in case.situations
    ]


def test_an_invalid_extension_block_is_reported_against_its_record() -> None:
    case = bundled_cases()[0]
    records = copy.deepcopy(export_patient_psi(case, with_extensions=True))
    records[0]["practice_sim"]["difficulty"] = "impossible"
    with pytest.raises(CaseValidationError) as exc:
        import_patient_psi(records)
    assert any(
        e.field == "difficulty" and e.record.startswith("record 1")
        for e in exc.value.errors
    )
