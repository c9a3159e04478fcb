"""The evaluation command on small fixture files with hand-computed metrics.

The fixture files under fixtures/ use each dataset's exact file format, with rows
invented for these tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feedback.rubrics import OfflineAnnotator, TurnAnnotation, TurnContext
from feedback.rubrics.evaluation import DATASETS, evaluate
from feedback.rubrics.evaluation import datasets as ds
from feedback.rubrics.evaluation.cli import main
from feedback.rubrics.evaluation.datasets import DatasetFormatError

FIXTURES = Path(__file__).parent / "fixtures"
FOLDERS = {
    "annomi": "annomi",
    "epitome": "epitome",
    "esconv": "esconv",
    "socratiq": "socratiq_mturk",
    "bolt": "bolt_labeled",
    "mi_gold": "mi_peer_support_gold",
}


class ScriptedAnnotator:
    """Returns fixed empathy levels per response text (for hand-made metrics)."""

    name = "scripted"
    rubric_version = "test"

    def __init__(self, levels: dict[str, tuple[int, int, int]]) -> None:
        self.levels = levels

    def annotate(self, ctx: TurnContext) -> TurnAnnotation:
        er, ip, ex = self.levels[ctx.trainee_text]
        return TurnAnnotation(
            emotional_reactions=er,
            interpretations=ip,
            explorations=ex,  # type: ignore[arg-type]
        )


def test_it_scores_annomi_against_hand_computed_kappa_and_f1() -> None:
    result = evaluate("annomi", FIXTURES / "annomi", OfflineAnnotator())
    assert result["n"] == 6
    main = result["tasks"]["main_behaviour"]
    # Gold: question, other, question, input, reflection, reflection; the annotator
    # calls the last "Okay." other. po = 5/6; pe = (1*2+2*2+2*1+1*1)/36 = 1/4;
    # kappa = (5/6 - 1/4)/(3/4) = 7/9. F1: other 2/3, question 1, reflection 2/3,
    # input 1 -> macro 5/6.
    assert main["kappa"] == pytest.approx(7 / 9, abs=1e-4)
    assert main["macro_f1"] == pytest.approx(5 / 6, abs=1e-4)
    assert main["confusion"][main["labels"].index("reflection")] == [1, 0, 1, 0]
    assert main["ceiling_fraction"] == pytest.approx((7 / 9) / 0.737, abs=1e-3)
    # Question subtype agrees everywhere (blank and "n/a" both read as none).
    assert result["tasks"]["question_subtype"]["kappa"] == pytest.approx(1.0)
    # Reflection subtype: none 4/4, simple missed, complex found. po 5/6,
    # pe = (4*5 + 1*0 + 1*1)/36 = 21/36 -> kappa = (30-21)/(36-21) = 0.6;
    # F1 none 8/9, simple 0, complex 1 -> macro 17/27.
    refl = result["tasks"]["reflection_subtype"]
    assert refl["kappa"] == pytest.approx(0.6, abs=1e-4)
    assert refl["macro_f1"] == pytest.approx(17 / 27, abs=1e-4)


def test_it_scores_epitome_with_quadratic_weights() -> None:
    annotator = ScriptedAnnotator(
        {
            "Exams are only one measure.": (0, 2, 0),
            "Oh no, hugs.": (2, 0, 1),
            "I'm so sad to hear you feel forgotten.": (2, 2, 0),
            "What goes through your mind the night before an interview?": (1, 0, 2),
        }
    )
    result = evaluate("epitome", FIXTURES / "epitome", annotator)
    er = result["tasks"]["ER"]
    # Gold ER 0,1,2,0 vs predicted 0,2,2,1: quadratic kappa 9/13 (see test_metrics);
    # F1: level 0 2/3, level 1 0, level 2 2/3 -> macro 4/9.
    assert er["weights"] == "quadratic"
    assert er["kappa"] == pytest.approx(9 / 13, abs=1e-4)
    assert er["macro_f1"] == pytest.approx(4 / 9, abs=1e-4)
    assert result["tasks"]["IP"]["kappa"] == pytest.approx(1.0)
    assert result["tasks"]["EX"]["kappa"] == pytest.approx(1.0)


def test_it_reads_esconv_supporter_turns_with_the_last_seeker_words() -> None:
    items = list(ds.read_esconv(FIXTURES / "esconv"))
    assert [i.gold["strategy"] for i in items] == [
        "Question",
        "Reflection of feelings",
        "Providing Suggestions",
        "Others",
    ]
    # A supporter's second message in a row still answers the seeker's last words.
    assert (
        items[2].context.previous_patient_text == "My manager keeps adding deadlines."
    )
    assert items[2].context.history[-1].speaker == "trainee"


def test_it_gives_annomi_no_previous_patient_text_after_a_therapist_turn() -> None:
    items = list(ds.read_annomi(FIXTURES / "annomi"))
    assert items[0].context.previous_patient_text == (
        "I don't know why I'm here, my wife made me come."
    )
    assert items[-1].context.trainee_text == "Okay."
    assert items[-1].context.previous_patient_text is None


@pytest.mark.parametrize("dataset", DATASETS)
def test_it_evaluates_every_dataset_format_with_the_offline_annotator(
    dataset: str,
) -> None:
    result = evaluate(dataset, FIXTURES / FOLDERS[dataset], OfflineAnnotator())
    assert result["dataset"] == dataset
    assert result["n"] > 0
    for task in result["tasks"].values():
        assert -1.0 <= task["kappa"] <= 1.0
        assert 0.0 <= task["macro_f1"] <= 1.0
        assert sum(map(sum, task["confusion"])) == result["n"]


def test_it_gets_the_clear_fixture_rows_right_on_every_scheme() -> None:
    esconv = evaluate("esconv", FIXTURES / "esconv", OfflineAnnotator())
    assert esconv["tasks"]["strategy"]["macro_f1"] == pytest.approx(1.0)
    socratiq = evaluate("socratiq", FIXTURES / "socratiq_mturk", OfflineAnnotator())
    assert socratiq["tasks"]["question_type"]["macro_f1"] == pytest.approx(1.0)
    mi_gold = evaluate("mi_gold", FIXTURES / "mi_peer_support_gold", OfflineAnnotator())
    assert mi_gold["tasks"]["miti_label"]["macro_f1"] == pytest.approx(1.0)
    bolt = evaluate("bolt", FIXTURES / "bolt_labeled", OfflineAnnotator())
    assert bolt["tasks"]["problem_solving"]["kappa"] == pytest.approx(1.0)
    assert bolt["tasks"]["questions_on_emotions"]["kappa"] == pytest.approx(1.0)


def test_it_prints_one_json_object_with_the_agreed_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--dataset", "annomi", "--path", str(FIXTURES / "annomi"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"dataset", "annotator", "n", "tasks"}
    assert out["annotator"] == "offline-rules"
    assert set(out["tasks"]) == {
        "main_behaviour",
        "question_subtype",
        "reflection_subtype",
    }
    assert {"kappa", "macro_f1", "per_label"} <= set(out["tasks"]["main_behaviour"])


def test_it_prints_a_readable_table_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--dataset", "epitome", "--path", str(FIXTURES / "epitome")])
    out = capsys.readouterr().out
    assert "== ER: kappa (quadratic)" in out
    assert "precision  recall" in out
    assert "confusion (rows gold, columns predicted)" in out


def test_it_reports_the_human_ceiling_fraction_for_annomi(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--dataset", "annomi", "--path", str(FIXTURES / "annomi")])
    assert "human ceiling 0.737" in capsys.readouterr().out


def test_it_rejects_a_file_without_the_expected_columns() -> None:
    with pytest.raises(DatasetFormatError, match="missing columns"):
        list(ds.read_epitome(FIXTURES / "broken"))
    with pytest.raises(DatasetFormatError, match="not found"):
        list(ds.read_socratiq(FIXTURES / "broken"))


def test_it_exits_with_an_error_on_a_malformed_dataset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--dataset", "epitome", "--path", str(FIXTURES / "broken")])
    assert exc.value.code == 2
    assert "missing columns" in capsys.readouterr().err


def test_the_manage_command_prints_the_same_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("django")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import call_command

    try:
        call_command(
            "evaluate_annotator",
            "--dataset",
            "annomi",
            "--path",
            str(FIXTURES / "annomi"),
            "--json",
        )
    except ImproperlyConfigured:
        pytest.skip("Django settings are not configured in this run")
    out = json.loads(capsys.readouterr().out)
    assert out["n"] == 6
    assert out["tasks"]["main_behaviour"]["kappa"] == pytest.approx(7 / 9, abs=1e-4)
