"""Case schema, the bundled library, public view and strict prompt rendering."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jinja2
import pytest

from patients.simulation import (
    CaseSpec,
    CaseValidationError,
    advance,
    bundled_cases,
    initial_state,
    load_case,
    render_system_prompt,
)
from patients.simulation.case import CASES_DIR
from patients.simulation.direction import StageDirection
from patients.simulation.prompts import TURN_TEMPLATE, render_stable_prompt
from patients.simulation.vocab import EMOTIONS, STYLES

CASES = bundled_cases()
ORIGINAL = [c for c in CASES if c.source == "original"]


def _raw(slug: str) -> dict[str, Any]:
    return json.loads((CASES_DIR / f"{slug}.json").read_text())


def test_it_bundles_at_least_twelve_original_cases() -> None:
    assert len(ORIGINAL) >= 12
    assert len({c.slug for c in CASES}) == len(CASES)


def test_the_library_covers_every_category_emotion_style_and_difficulty() -> None:
    assert all(
        any(getattr(c, f) for c in ORIGINAL)
        for f in ("helpless_belief", "unlovable_belief", "worthless_belief")
    )
    emotions = {e for c in ORIGINAL for s in c.situations for e in s.emotions}
    assert emotions == set(EMOTIONS)
    assert {c.style for c in ORIGINAL} == set(STYLES)
    assert {c.difficulty for c in ORIGINAL} == {"easy", "medium", "hard"}
    assert all(2 <= len(c.situations) <= 3 for c in ORIGINAL)
    assert any("passive_si" in c.risk_flags for c in ORIGINAL)


def test_every_original_case_has_material_for_the_offline_patient() -> None:
    for case in ORIGINAL:
        assert case.voice.presenting and case.voice.intermediate and case.voice.core
        assert case.voice.yes_but
        for s in case.situations:
            assert s.voice.situation and s.voice.thought and s.voice.emotion
            assert s.voice.behavior
            assert len(s.evidence) >= 2 and s.alternative_view


def test_the_abe_reference_case_carries_its_attribution() -> None:
    abe = next(c for c in CASES if c.slug == "abe-reference")
    assert abe.source == "patient-psi"
    assert abe.attribution and "Beck Institute" in abe.attribution
    assert "MIT" in abe.attribution


def test_public_view_never_reveals_the_formulation() -> None:
    for case in CASES:
        view = case.public_view()
        assert set(view) == {
            "slug",
            "name",
            "age",
            "gender",
            "presenting_problem",
            "style",
            "style_label",
            "difficulty",
            "content_warning",
        }
        text = json.dumps(view).lower()
        for secret in [
            *case.core_beliefs,
            case.intermediate_belief,
            *(s.auto_thought for s in case.situations),
        ]:
            assert secret.lower() not in text


def test_a_risk_case_carries_a_content_warning() -> None:
    ruth = next(c for c in CASES if "passive_si" in c.risk_flags)
    assert "risk" in (ruth.public_view()["content_warning"] or "").lower()
    assert all(
        c.public_view()["content_warning"] is None for c in CASES if not c.risk_flags
    )


@pytest.mark.parametrize(
    ("mutate", "field", "reason"),
    [
        (
            lambda d: d["situations"][0].update(emotions=["bored"]),
            "situations.0.emotions.0",
            "Input should be",
        ),
        (
            lambda d: d.update(helpless_belief=["I am bad at maths."]),
            "helpless_belief.0",
            "Input should be",
        ),
        (lambda d: d.pop("history"), "history", "Field required"),
        (lambda d: d.update(style="grumpy"), "style", "Input should be"),
        (lambda d: d.update(risk_flags=["passive_si"]), "(record)", "voice.risk"),
        (lambda d: d.update(unexpected=1), "unexpected", "Extra inputs"),
        (
            lambda d: d.update(
                helpless_belief=[], unlovable_belief=[], worthless_belief=[]
            ),
            "(record)",
            "core belief",
        ),
    ],
)
def test_it_rejects_an_invalid_case_naming_the_field_and_reason(
    mutate: Any, field: str, reason: str
) -> None:
    data = copy.deepcopy(_raw("marcus-job-loss"))
    mutate(data)
    with pytest.raises(CaseValidationError) as exc:
        load_case(data, record="marcus-job-loss.json")
    errors = exc.value.errors
    assert any(
        e.record == "marcus-job-loss.json" and e.field == field and reason in e.reason
        for e in errors
    ), errors


def test_it_reports_every_error_of_a_file_at_once() -> None:
    data = copy.deepcopy(_raw("marcus-job-loss"))
    data["situations"][0]["emotions"] = ["bored"]
    data["situations"][1]["auto_thought"] = ""
    del data["opening_line"]
    with pytest.raises(CaseValidationError) as exc:
        load_case(data)
    fields = {e.field for e in exc.value.errors}
    assert {
        "situations.0.emotions.0",
        "situations.1.auto_thought",
        "opening_line",
    } <= fields


def test_bundled_cases_rejects_a_broken_file_in_the_folder(tmp_path: Path) -> None:
    (tmp_path / "good.json").write_text(json.dumps(_raw("marcus-job-loss")))
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(CaseValidationError) as exc:
        bundled_cases(tmp_path)
    assert exc.value.errors[0].record == "broken.json"


def _directions(case: CaseSpec) -> list[tuple[Any, StageDirection]]:
    """A state/direction pair for every act, on the deepest state reachable."""
    state = initial_state(case, seed=3)
    state = state.model_copy(
        update={
            "alliance": 0.95,
            "disclosure": 6,
            "risk_disclosed": bool(case.risk_flags),
            "topic_depth": {s.id: 4 for s in case.situations},
            "evidence": list(case.situations[0].evidence),
            "alternative_view": case.situations[0].alternative_view,
        }
    )
    lines = [
        "What happened next?",
        "You should exercise more.",
        "Come on, that's silly.",
        "You sound furious.",
        "Are you an AI?",
        "Did you see the game last night?",
        "Do you sleep well?",
        "Have you had thoughts of ending your life?",
        "What tells you that's true?",
        "Looking at all of that, how does it fit with the thought?",
    ]
    return [
        (step.state, step.direction)
        for step in (advance(case, state, line, []) for line in lines)
    ]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.slug)
def test_every_case_renders_through_the_strict_template(case: CaseSpec) -> None:
    start = initial_state(case, seed=0)
    first = advance(case, start, "Hi.", [])
    prompts = [render_system_prompt(case, first.state, first.direction)]
    prompts += [render_system_prompt(case, s, d) for s, d in _directions(case)]
    for prompt in prompts:
        assert "undefined" not in prompt.lower()
        assert case.name.split()[0] in prompt
        assert case.history in prompt
    deepest = prompts[-1]
    for belief in case.core_beliefs:
        assert belief in deepest
    assert case.situations[0].auto_thought in deepest
    assert case.intermediate_belief in deepest


def test_the_first_prompt_holds_no_layer_the_patient_may_not_voice_yet() -> None:
    for case in CASES:
        state = initial_state(case, seed=0)
        step = advance(case, state, "Hi.", [])
        prompt = render_system_prompt(case, step.state, step.direction)
        for belief in case.core_beliefs:
            assert belief not in prompt
        assert all(s.auto_thought not in prompt for s in case.situations)
        assert case.intermediate_belief not in prompt


def test_the_template_fails_loudly_on_a_missing_field() -> None:
    with pytest.raises(jinja2.UndefinedError):
        TURN_TEMPLATE.render(name="Abe")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.slug)
def test_the_prompt_opens_with_the_same_bytes_on_every_turn(case: CaseSpec) -> None:
    """The stable part comes first and never varies, so a prompt cache can hold it."""

    stable = render_stable_prompt(case)
    prompts = [render_system_prompt(case, s, d) for s, d in _directions(case)]
    assert len({p[: len(stable)] for p in prompts}) == 1
    assert all(p.startswith(stable) for p in prompts)
