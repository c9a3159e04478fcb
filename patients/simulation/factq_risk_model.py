"""Which part of the suicidal thoughts a follow-up asks about, by meaning.

After a question about suicidal thoughts the trainee follows up: how often,
whether there is a plan, whether they would act, the means, past attempts, what
stops them, who knows (the `si_*` fields of the fact sheet). `factq_risk.py`
reads the wordings someone thought of; a follow-up put through a frame ("For
some, the wish turns into working out a method... has it gone that far for
you?") or in words of its own ("Who in your life could you be honest with about
these thoughts?") slips past them and was read as the thoughts in general, so
the patient said her first line again.

This is the fallback for those turns: a multinomial logistic regression over the
question classifier's features (`factq_model.features`: stems, concepts, word
pairs), classes the seven `si_*` fields and "suicidal_thoughts" (the thoughts
themselves: "have you had thoughts of ending it?", which keeps the first line).
Trained by `python -m patients.simulation.factq_risk_train` on
`factq_corpus/risk_followups.txt`, the project's questions about the thoughts
and the team probe sets' risk follow-ups; never on the blind probe sets. The
weights live in `factq_risk_weights.json`.

Pure Python and no Django; read only inside a risk conversation, on a turn the
patterns did not place.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from patients.simulation.factq_model import features

__all__ = [
    "RISK_MODEL_PROBABILITY",
    "RISK_WEIGHTS_PATH",
    "classify_risk",
    "risk_probabilities",
    "risk_scores",
]

RISK_WEIGHTS_PATH = Path(__file__).with_name("factq_risk_weights.json")
# A field is taken at this probability or above; below it the turn stays about
# the thoughts in general (the patient's first line, never a wrong "no").
# Cross-validated precision at it: `factq_risk_weights.json`, cv_precision_at.
RISK_MODEL_PROBABILITY = 0.9


@cache
def _model() -> tuple[tuple[str, ...], dict[str, float], dict[str, dict[str, float]]]:
    data = json.loads(RISK_WEIGHTS_PATH.read_text(encoding="utf-8"))
    return tuple(data["classes"]), data["bias"], data["weights"]


def risk_scores(
    bias: dict[str, float], weights: dict[str, dict[str, float]], feats: list[str]
) -> dict[str, float]:
    """Each class's score (the trainer's cross-validation scores the same way)."""
    scores = dict(bias)
    for feature in feats:
        for label, weight in weights.get(feature, {}).items():
            scores[label] += weight
    return scores


def risk_probabilities(text: str) -> dict[str, float]:
    """Softmax probability of each `si_*` field (and "suicidal_thoughts")."""
    classes, bias, weights = _model()
    scores = risk_scores(bias, weights, features(text))
    top = max(scores.values())
    exp = {label: math.exp(score - top) for label, score in scores.items()}
    total = sum(exp.values())
    return {label: exp[label] / total for label in classes}


def classify_risk(text: str) -> tuple[str, float]:
    """The most probable field of one follow-up, and its probability."""
    probs = risk_probabilities(text)
    label = max(probs, key=lambda k: (probs[k], k))
    return label, probs[label]
