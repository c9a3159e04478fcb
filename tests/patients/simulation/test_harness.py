"""The simulation harness: skilled trainees get further than unskilled ones."""

from __future__ import annotations

import io
import json

import pytest

from patients.simulation import bundled_cases
from patients.simulation.harness import main, run_session
from patients.simulation.policies import SKILLED, UNSKILLED

CASES = bundled_cases()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.slug)
def test_skilled_trainees_end_with_more_alliance_and_deeper_disclosure(
    case: object,
) -> None:
    results = {
        p: run_session(case, p, 12).final_state  # type: ignore[arg-type]
        for p in (*SKILLED, *UNSKILLED)
    }
    for skilled in SKILLED:
        for unskilled in UNSKILLED:
            assert results[skilled].alliance > results[unskilled].alliance, (
                skilled,
                unskilled,
            )
            assert results[skilled].disclosure > results[unskilled].disclosure, (
                skilled,
                unskilled,
            )


def test_only_socratic_regularly_reaches_an_alternative_view() -> None:
    reached = {
        p: sum(
            run_session(c, p, 12).final_state.alternative_view is not None
            for c in CASES
        )
        for p in (*SKILLED, *UNSKILLED, "role-breaker")
    }
    assert reached["socratic"] >= len(CASES) // 2
    assert all(n == 0 for p, n in reached.items() if p != "socratic")


def test_a_skilled_trainee_in_their_own_words_reaches_an_alternative_view() -> None:
    # Issue 9: with free phrasing (not the built-in policy's), guided discovery
    # still works in at least half of the cases.
    reached = [
        c.slug
        for c in CASES
        if run_session(c, "socratic-free", 16).final_state.alternative_view is not None
    ]
    assert len(reached) >= len(CASES) / 2, reached


def test_json_output_has_turns_with_speaker_text_and_state_and_a_final_state() -> None:
    out = io.StringIO()
    assert (
        main(
            [
                "--case",
                "marcus-job-loss",
                "--trainee",
                "interrogator",
                "--turns",
                "3",
                "--json",
            ],
            out=out,
        )
        == 0
    )
    payload = json.loads(out.getvalue())
    assert len(payload["turns"]) == 6
    assert [t["speaker"] for t in payload["turns"]] == ["trainee", "patient"] * 3
    assert all({"speaker", "text", "state"} <= set(t) for t in payload["turns"])
    assert payload["final_state"]["turn"] == 3
    assert payload["final_state"] == payload["turns"][-1]["state"]


def test_all_cases_prints_a_transcript_and_trajectory_per_case() -> None:
    out = io.StringIO()
    assert (
        main(["--all-cases", "--trainee", "reflective", "--turns", "2"], out=out) == 0
    )
    text = out.getvalue()
    assert all(f"# {c.slug}" in text for c in CASES)
    assert "alliance=" in text and "patient [" in text


def test_the_same_seed_replays_the_same_session() -> None:
    case = CASES[0]
    a = run_session(case, "socratic", 8, seed=4).to_json()
    b = run_session(case, "socratic", 8, seed=4).to_json()
    assert a["turns"] == b["turns"] and a["final_state"] == b["final_state"]
    c = run_session(case, "socratic", 8, seed=5).to_json()
    assert c["turns"] != a["turns"]
