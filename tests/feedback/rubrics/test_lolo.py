"""Leave one labeller out through the real annotator (`feedback.rubrics.lolo`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feedback.rubrics.lolo import main


def test_it_refuses_to_train_on_a_double_coder() -> None:
    # R codes P's ids: trained on R, a run holding P out would have seen P's turns.
    with pytest.raises(SystemExit):
        main(["--flag-labellers", "ABR", "--held", "P"])


def test_it_scores_the_held_out_labeller_with_models_trained_without_it(
    tmp_path: Path,
) -> None:
    out = tmp_path / "lolo.json"
    assert (
        main(
            [
                "--flag-labellers",
                "DJ",
                "--code-labellers",
                "DJ",
                "--held",
                "J",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    result = json.loads(out.read_text(encoding="utf-8"))
    assert set(result) == {"J"}
    assert result["J"]["n_turns"] == 240
    assert 0.0 <= result["J"]["flags"]["false_flag_rate"] <= 1.0
