"""Train the risk follow-up classifier: `python -m patients.simulation.factq_risk_train`.

Data, all written for this project and none of it a blind probe set:
- `factq_corpus/risk_followups.txt`: the blind writers' risk follow-ups (they
  worked from the case sheets and the field list, never the code or the probes);
- the `suicidal_thoughts` questions of `factq_corpus/questions*.txt`: the
  thoughts themselves, the class that keeps the patient's first line;
- the team probe sets the question classifier trains on (`factq_train.
  TRAIN_SOURCES`): their risk follow-ups and suicidal-thought questions.

A text identical to a blind probe's is dropped (`factq_train.held_out`). Same
learner as the question classifier (`factq_train.train`: softmax, L2, a fixed
shuffle, so the weights are reproducible), written with sorted keys to
`factq_risk_weights.json` with the 5-fold cross-validated accuracy.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from patients.simulation.factq_risk_model import (
    RISK_MODEL_PROBABILITY,
    RISK_WEIGHTS_PATH,
)
from patients.simulation.factq_train import (
    PROBES,
    TRAIN_SOURCES,
    corpus_files,
    corpus_rows,
    dump,
    fit,
    held_out,
    probe_rows,
)
from patients.simulation.facts import SI_FIELDS

# The blind writers' follow-ups and the project's own (`risk_followups*.txt`).
FOLLOW_UPS = sorted(
    (Path(__file__).with_name("factq_corpus")).glob("risk_followups*.txt")
)
# Every "none" question is kept. One in four reads more new follow-ups
# (cross-validated at 0.9: 151/153 against 125/129), but the three in four left
# out showed what it costs: everyday questions asked inside a risk
# conversation ("have you ever taken anything recreationally", "who do you
# turn to...") read as follow-ups. Cross-validated, all of them: 2 of 1855
# "none" questions taken for a field at 0.9.
NONE_EVERY = 1
CLASSES = frozenset({*SI_FIELDS, "suicidal_thoughts"})


def risk_rows() -> list[tuple[str, str]]:
    rows = corpus_rows([*FOLLOW_UPS, *corpus_files()]) + probe_rows()
    for name in TRAIN_SOURCES:
        for line in (PROBES / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if str(row.get("domain")).startswith("si_"):
                    rows.append((row["text"], row["domain"]))
    # "none": every other question the question classifier learns from, about
    # the patient's life ("How are you sleeping?") or about feelings, thoughts
    # and the story ("What was that like for you?"). Inside a risk
    # conversation they are still asked, and are no follow-up.
    return [(text, label if label in CLASSES else "none") for text, label in rows]


def dataset() -> list[tuple[str, str]]:
    # Deduplicated and sorted: the order of the files never changes the weights.
    unseen = held_out()
    rows = sorted(
        row
        for row in set(risk_rows())
        if " ".join(row[0].lower().split()) not in unseen
    )
    none = [row for row in rows if row[1] == "none"][::NONE_EVERY]
    return sorted([row for row in rows if row[1] != "none"] + none)


def _precision_at(held: list[tuple[str, float, str]]) -> dict[str, str]:
    """Cross-validated precision of the fields the reader would act on (an
    `si_*` label at or above each probability): right/taken."""
    out = {}
    for t in (0.8, RISK_MODEL_PROBABILITY, 0.95):
        taken = [(p, y) for p, prob, y in held if p in SI_FIELDS and prob >= t]
        out[f"{t}"] = f"{sum(p == y for p, y in taken)}/{len(taken)}"
    return out


def build(folds: int = 5, epochs: int = 30) -> dict[str, object]:
    return fit(
        dataset(),
        trained_by="python -m patients.simulation.factq_risk_train",
        at_thresholds=_precision_at,
        folds=folds,
        epochs=epochs,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RISK_WEIGHTS_PATH)
    args = parser.parse_args(argv)
    payload = build()
    args.out.write_text(dump(payload))
    sys.stderr.write(
        f"risk follow-up model: {len(dataset())} examples, cross-validated "
        f"accuracy {payload['cv_accuracy']}, precision of si_* labels at "
        f"thresholds {payload['cv_precision_at']}\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
