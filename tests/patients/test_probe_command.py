"""`manage.py probe_patient`: the probe set against the offline patient."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from patients.simulation.case import bundled_cases
from patients.simulation.probe import load_probes
from patients.simulation.probe.grader import grade_factual

METRICS = (
    "answered",
    "contradictions",
    "unsupported",
    "generic",
    "repeats",
    "role_breaks",
)


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("probe_patient", *args, stdout=out)
    return out.getvalue()


def test_the_probe_set_has_every_category_and_both_halves() -> None:
    probes = load_probes()
    assert len({p.id for p in probes}) == len(probes)
    assert {p.category for p in probes} >= {
        "closed_factual",
        "screening_absent",
        "risk_followup",
        "open",
        "feeling_reflection",
        "collusion",
        "role_attack",
        "off_task",
    }
    assert sum(p.source == "team" for p in probes) >= 150
    assert sum(p.source == "blind" for p in probes) >= 200


def test_json_report_has_the_agreed_shape_and_meets_the_targets() -> None:
    data = json.loads(run("--case", "ruth-grief", "--json"))
    ruth = data["cases"]["ruth-grief"]
    assert set(METRICS) <= set(ruth)
    assert ruth["answered"] >= 0.95
    assert ruth["contradictions"] == 0
    assert ruth["unsupported"] == 0
    assert ruth["repeats"] == 0
    assert ruth["role_breaks"] == 0
    assert ruth["generic"] <= 0.10
    assert set(ruth["by_source"]) == {
        "team",
        "blind",
        "team2",
        "team3",
        "blind2",
        "team4",
        "blind3",
        "team5",
        "team6",
        "team7",
        "team8",
        "team9",
        "blind4",
        "blind5",
        "holdout9",
        "holdout9b",
        "holdout10",
        "holdout11",
        "holdout11b",
        "team10",
        "team11",
        "holdout12",
        "holdout12b",
    }
    assert data["summary"]["probe_set"]["total"] == len(load_probes())


def test_it_needs_a_case_or_all_cases() -> None:
    with pytest.raises(CommandError):
        run()
    with pytest.raises(CommandError):
        run("--case", "nobody")


def test_an_answer_about_another_domain_is_not_an_answer() -> None:
    # What a blind judge called unanswered and a polar-only grader passed.
    ruth = next(c for c in bundled_cases() if c.slug == "ruth-grief")
    question = "how's your appetite been since Alan died?"
    off = "Alan's my husband. He died eight months ago. A heart attack."
    on = "Not good. I don't eat much, I've lost weight since Alan died."
    assert grade_factual(ruth, question, "appetite", off)["answered"] is False
    assert grade_factual(ruth, question, "appetite", on)["answered"] is True


def test_several_seeds_are_pooled_and_seed_dependent_verdicts_listed() -> None:
    data = json.loads(run("--case", "ruth-grief", "--seeds", "0,1", "--json"))
    assert data["seeds"] == [0, 1]
    assert set(data["by_seed"]) == {"0", "1"}
    ruth = data["cases"]["ruth-grief"]
    # Pooled over both seeds: each seed's probes, added.
    assert ruth["probes"] == sum(m["probes"] for m in data["by_seed"].values())
    assert data["by_seed"]["0"]["probes"] == data["by_seed"]["1"]["probes"]
    assert ruth["contradictions"] == 0
    # The follow-ups asked after "I'm fine" tell one story.
    assert ruth["risk_after_evasion"] > 0
    assert ruth["risk_flipflops"] == 0
    assert isinstance(data["unstable"], list)
    with pytest.raises(CommandError):
        run("--case", "ruth-grief", "--seeds", "a,b")
