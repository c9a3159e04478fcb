"""The gold-corpus evaluation: invented fixture files, and the corpus shipped in the repo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.evaluation.cli import main
from feedback.rubrics.evaluation.datasets import DatasetFormatError
from feedback.rubrics.evaluation.gold import (
    GOLD_DIR,
    evaluate_gold,
    labeller_agreement,
    read_gold,
)
from feedback.rubrics.linear_corpus import BLIND_DIR

FIXTURE = Path(__file__).parent / "fixtures" / "gold"


def test_it_scores_each_half_apart_and_keeps_labeller_c_out_of_the_score() -> None:
    result = evaluate_gold(OfflineAnnotator(), FIXTURE)
    assert result["n_turns"] == 4  # A's two and B's two; C only double-codes
    assert set(result["halves"]) == {"A (dev)", "B (test)"}
    assert result["halves"]["A (dev)"]["n_turns"] == 2
    assert result["halves"]["B (test)"]["n_turns"] == 2
    question = result["per_code"]["question"]
    assert question["support"] == 2 and question["recall"] == 1.0
    flags = result["flags"]
    assert flags["per_flag"]["collusion"]["found"] == 1
    assert flags["per_flag"]["problem_solving_after_disclosure"]["found"] == 1
    assert flags["recall"] == 1.0 and flags["false_flag_rate"] == 0.0
    assert flags["collusion_shown_as_reflection_without_flag"] == 0


def test_it_computes_the_labellers_agreement_on_the_double_coded_ids() -> None:
    agreement = evaluate_gold(OfflineAnnotator(), FIXTURE)["labeller_agreement"]
    assert agreement["n_double_coded"] == 2
    families = agreement["families"]
    assert families["question_kind"]["kappa"] == 1.0
    # informational/clarification and informational/informational: po = 1/2,
    # pe = (2 x 1) / 4 = 1/2, so kappa = 0.
    assert families["socratic"]["kappa"] == 0.0
    assert families["ex"]["kappa"] == 1.0


def test_any_later_labeller_double_codes_and_only_feeds_the_agreement(
    tmp_path: Path,
) -> None:
    # Held-out sets carry their own double-coder (N on L's ids), not only C on A/B.
    for name in ("A_01", "C_01"):
        source = (FIXTURE / f"labeller_{name}.jsonl").read_text(encoding="utf-8")
        letter = {"A": "L", "C": "N"}[name[0]]
        (tmp_path / f"labeller_{letter}_01.jsonl").write_text(source, encoding="utf-8")
    result = evaluate_gold(OfflineAnnotator(), tmp_path)
    # L's two, and N's t4 (an id nobody else coded); N's t1 only feeds agreement.
    assert result["n_turns"] == 3
    agreement = result["labeller_agreement"]
    assert agreement["n_double_coded"] == 1
    assert agreement["families"]["question_kind"]["accuracy"] == 1.0


def test_the_double_coders_pair_with_their_first_labellers_in_the_development_folder() -> (
    None
):
    # Stop 21 moved L, M and N, stop 22 P, Q and R, from gold_held_out/ into
    # gold_blind/: N codes 120 of L's and M's ids second and R 120 of P's, so they
    # feed the agreement and not the score.
    turns = read_gold(BLIND_DIR)
    first = {t.id: t.labeller for t in reversed(turns)}
    n_ids = {t.id for t in turns if t.labeller == "N"}
    r_ids = {t.id for t in turns if t.labeller == "R"}
    assert len(n_ids) == 120 and {first[i] for i in n_ids} == {"L", "M"}
    assert len(r_ids) == 120 and {first[i] for i in r_ids} == {"P"}
    assert labeller_agreement(turns)["n_double_coded"] == 240


def test_the_command_runs_the_shipped_corpus_without_a_path(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--dataset", "gold", "--json"])
    out = json.loads(capsys.readouterr().out)
    for key in (
        "n_turns",
        "per_code",
        "families",
        "flags",
        "halves",
        "labeller_agreement",
    ):
        assert key in out
    assert out["n_turns"] >= 1000
    assert {"A (dev)", "B (test)"} <= set(out["halves"])
    for family in ("question_kind", "reflection_kind", "socratic", "padesky"):
        assert "kappa" in out["families"][family]
    for level in ("er", "ip", "ex"):
        assert out["families"][level]["weights"] == "quadratic"
    assert "recall" in out["flags"] and "false_flag_rate" in out["flags"]


def test_the_shipped_corpus_keeps_labeller_and_id() -> None:
    turns = read_gold()
    assert {t.labeller for t in turns} >= {"A", "B"}
    ids = [(t.labeller, t.id) for t in turns]
    assert len(ids) == len(set(ids))
    assert all(f.name.startswith("labeller_") for f in GOLD_DIR.glob("*.jsonl"))


def test_a_broken_line_is_a_format_error(tmp_path: Path) -> None:
    (tmp_path / "labeller_A_01.jsonl").write_text("{not json\n", encoding="utf-8")
    with pytest.raises(DatasetFormatError):
        read_gold(tmp_path)


def test_public_datasets_can_be_scored_on_one_half(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = Path(__file__).parent / "fixtures" / "annomi"
    main(["--dataset", "annomi", "--path", str(folder), "--json", "--half", "A"])
    half_a = json.loads(capsys.readouterr().out)
    main(["--dataset", "annomi", "--path", str(folder), "--json", "--half", "B"])
    half_b = json.loads(capsys.readouterr().out)
    main(["--dataset", "annomi", "--path", str(folder), "--json"])
    whole = json.loads(capsys.readouterr().out)
    assert half_a["n"] + half_b["n"] == whole["n"]
    assert half_a["half"] == "A" and "half" not in whole


def test_a_corpus_of_other_labellers_is_scored_not_dropped(tmp_path: Path) -> None:
    # A programme's own corpus (`--path`) need not use the A/B/C letters: its
    # turns are scored, not silently left out as if the corpus were empty.
    for source in sorted(FIXTURE.glob("labeller_[AB]_*.jsonl")):
        target = tmp_path / source.name.replace("labeller_A", "labeller_H").replace(
            "labeller_B", "labeller_H"
        )
        with target.open("a", encoding="utf-8") as fh:
            fh.write(source.read_text(encoding="utf-8"))
    result = evaluate_gold(OfflineAnnotator(), tmp_path)
    assert result["n_turns"] == 4
    assert set(result["halves"]) == {"H (other)"}
    assert result["per_code"]["question"]["recall"] == 1.0
