"""Relational moves added by rubric 2026.11-6: confrontation, validation, affirmation.

`confronts(text)` says whether a sentence argues with, blames or shames the patient;
`relational_moves(text, codes, question)` returns the support and affirm codes to add
beside a sentence's own code. The patterns are in `lexicon_moves.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx
from .schema import BehaviourCode, QuestionKind


def confronts(core: str, raw: str = "") -> bool:
    """`core` is the sentence without leading markers; `raw` keeps them ("but you
    said...", "well, you did...")."""
    # "It's not your fault" reassures; the blaming patterns must not read it.
    blames = lx.CONFRONT.search(core) and not lx.NOT_BLAMING.search(core)
    return bool(
        blames
        or lx.CONFRONT_ARGUE.search(core)
        or lx.CHALLENGE.search(raw or core)
        or lx.CONFRONT_MORE.search(raw or core)
    )


def relational_moves(
    core: str, codes: Sequence[BehaviourCode], question: QuestionKind | None = None
) -> list[BehaviourCode]:
    """Validation (support) and affirmation added beside the sentence's own code.

    "No wonder you're exhausted" is a reflection and validation at once; "I'm so sorry,
    how long ago was it?" is sympathy before a question (only the words before the
    question clause are read then). Adding keeps the reflection or question that the
    public schemes read.
    """
    scope = core if question is None else _QUESTION_CLAUSE.sub("", core)
    if question and _CONDITION.match(scope):
        # "If the health visitor thinks you're doing well, what follows?" builds the
        # question's premise; it does not validate.
        scope = ""
    added: list[BehaviourCode] = []
    if "support" not in codes and (
        lx.VALIDATION.search(scope)
        or lx.VALIDATION_ALONE.search(scope)
        or lx.COMFORT.search(scope)
    ):
        added.append("support")
    if "affirm" not in codes and question is None and lx.STRENGTH.search(core):
        added.append("affirm")
    if (
        question is None
        and codes
        and list(codes) != ["other"]
        and "giving_information" not in codes
        and lx.INFORMATION_MORE.search(core)
    ):
        # Normalising facts ("guilt is really common in carers") inform as well as
        # support or mirror.
        added.append("giving_information")
    return added


_CONDITION = re.compile(
    r"^\W*(?:(?:so|and|but|ok|okay),? )?(?:if|when|whenever|suppose)\b", re.I
)
# The last clause of a question utterance: what follows the last , . ! ; or dash.
_QUESTION_CLAUSE = re.compile(r"(?:^|(?<=[,.!;:\-–—]))[^,.!;:\-–—]*$")
