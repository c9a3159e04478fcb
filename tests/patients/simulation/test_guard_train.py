"""The guard's meaning classifier is reproducible: retraining from the corpus
gives `guard_weights.json` byte for byte, so a weights change in a commit is
always the corpus's or the code's, never chance. The training also reads the
offline patient's replies and the cases' voice lines: when those change, this
fails until `python -m patients.simulation.guard_train` is run again."""

from __future__ import annotations

from pathlib import Path

import pytest

from patients.simulation.guard_model import WEIGHTS_PATH
from patients.simulation.guard_train import main


# Training reads the labelled reply sets too since stop 22 (about 8,000
# sentences): about 45 s on an idle two-core machine, more on a shared one.
@pytest.mark.timeout(400)
def test_retraining_reproduces_the_committed_weights(tmp_path: Path) -> None:
    out = tmp_path / "weights.json"
    assert main(["--out", str(out)]) == 0
    assert out.read_bytes() == WEIGHTS_PATH.read_bytes()
