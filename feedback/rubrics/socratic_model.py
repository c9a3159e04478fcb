"""A second reader of the Socratic type: a small linear model beside the rules.

The rules (`socratic.socratic_type`) read a question's type from the phrasings someone
wrote a pattern for. On writers they were not written against they were right on
about half the typed questions (issue 10): evidence asked as "do you have any...",
other views asked as "could it be...", and implications read into any "would". Here
one logistic regression per type (one against the rest) reads the question itself:
its words and word pairs, how it opens ("do you have", "could it be", "what would
happen"), whether it ends in a question mark, and the rules' own type as one more
feature (so the model learns where the rules are reliable). `retype` (called by the
offline annotator after the code model) replaces the rules' type of each question
the rules typed when the model's best type scores at least the file's threshold,
unless one of the rules' reliable cues typed it (`socratic.RELIABLE_CUES`); it never
types a sentence the rules did not read as an inquiring question.

Weights: `socratic_weights.json` beside this module, written by
`python manage.py train_socratic_model` (`socratic_train`) from the project's gold
corpus only (never the licensed datasets). Pure Python, no Django.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

from .flag_model import normalise
from .linear_model import probabilities, weight_table
from .schema import SOCRATIC_TYPES, SocraticType, UtteranceCode
from .socratic import RELIABLE_CUES, socratic_cue

__all__ = [
    "WEIGHTS_PATH",
    "features",
    "overrules",
    "retype",
    "type_scores",
]

WEIGHTS_PATH = Path(__file__).with_name("socratic_weights.json")
# `SOCRATIC_MODEL_WEIGHTS`: unset or `shipped` uses the shipped weights, `none` the
# rules alone, a path scores another weights file (a training fold's, for the figures).
_ENV = "SOCRATIC_MODEL_WEIGHTS"

_WORDS = re.compile(r"[a-z]+")
# Discourse openers a trainee puts before the question proper ("so, okay, and what
# would..."): the opening that tells the type is the one after them.
_LEAD = frozenset("so and but ok okay well right hmm um yeah then now just".split())


def _opening(words: Sequence[str]) -> list[str]:
    k = 0
    while k < len(words) - 1 and words[k] in _LEAD:
        k += 1
    head = words[k : k + 3]
    return [f"o:{'_'.join(head[:n])}" for n in range(1, len(head) + 1)]


def features(question: str, rule_type: str | None) -> list[str]:
    """Feature names of one question utterance (with the rules' type), repeats
    removed, in a stable order."""
    text = normalise(question)
    words = _WORDS.findall(text)
    out = [f"w:{w}" for w in words]
    out += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    out += _opening(words)
    out.append(f"len:{min(len(words) // 6, 4)}")
    if text.rstrip().endswith("?"):
        out.append("q:end")
    if rule_type:
        out.append(f"r:{rule_type}")
    return list(dict.fromkeys(out))


@dataclass(frozen=True, slots=True)
class _Model:
    types: tuple[str, ...]
    bias: tuple[float, ...]
    threshold: float
    table: dict[str, tuple[float, ...]]


@cache
def _load(path: str) -> _Model | None:
    if path == "none" or not Path(path).is_file():
        return None
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    types = tuple(t for t in SOCRATIC_TYPES if t in data["models"])
    bias, table = weight_table(data["models"], types)
    return _Model(types, bias, float(data["threshold"]), table)


def _model() -> _Model | None:
    choice = os.environ.get(_ENV) or "shipped"
    return _load(str(WEIGHTS_PATH) if choice == "shipped" else choice)


def type_scores(question: str, rule_type: str | None) -> dict[str, float]:
    """type -> the model's probability for one question ({} when switched off)."""
    model = _model()
    if model is None:
        return {}
    feats = features(question, rule_type)
    return probabilities(model.types, model.bias, model.table, feats)


def overrules(
    question: str, rule_type: str, best: str, p_best: float, threshold: float
) -> bool:
    """Whether the model's best type replaces the rules' for one question: a
    different type, scored at least `threshold`, against a rule cue that is not one
    of the reliable ones."""
    return (
        best != rule_type
        and p_best >= threshold
        and socratic_cue(question) not in RELIABLE_CUES
    )


def retype(utterances: list[UtteranceCode]) -> list[UtteranceCode]:
    """The utterances with each rule-typed question's type replaced by the model's
    best type where it `overrules` the rules."""
    model = _model()
    if model is None:
        return utterances
    out = []
    for u in utterances:
        if u.socratic_type is not None:
            probs = probabilities(
                model.types,
                model.bias,
                model.table,
                features(u.text, u.socratic_type),
            )
            # Ties go to the earlier type in the rubric's order (deterministic).
            best = max(model.types, key=lambda t: probs[t])
            if overrules(u.text, u.socratic_type, best, probs[best], model.threshold):
                u = u.model_copy(update={"socratic_type": cast(SocraticType, best)})
        out.append(u)
    return out
