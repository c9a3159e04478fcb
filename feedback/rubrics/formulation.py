"""The case-formulation exercise (PATIENT-Psi's trainer): a trainee's CCD against the case.

Pure (no Django). `score_formulation(answer, key)` compares the trainee's cognitive
conceptualization diagram with the hidden one and returns a 0-100 match per field and a
mean. Text fields are compared by content-word overlap (F1 over lightly stemmed words):
a trainee who writes "I let him die, I should have seen it was his heart" for the thought
"I should have known it was his heart. I let him die." scores high without copying it.
Situation-level fields (situation, thought, emotions, behaviour) are compared with the
situation that best matches the trainee's situation text, so a trainee may pick any of
the case's situations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

CATEGORIES: tuple[str, ...] = ("helpless", "unlovable", "worthless")

FIELDS: tuple[tuple[str, str], ...] = (
    ("situation", "Situation"),
    ("auto_thought", "Automatic thought"),
    ("emotions", "Emotions"),
    ("behavior", "Behaviour"),
    ("core_belief_category", "Core-belief category"),
    ("core_belief", "Core belief"),
    ("intermediate_belief", "Intermediate belief"),
    ("coping_strategies", "Coping strategies"),
)

_STOP = frozenset(
    """a an the and or but so if then than that this these those it its is are was were be
    been being am i me my you your he him his she her they them their we us our to of in on
    at for with about as by from up out into just very too also not no do does did have has
    had will would can could should what when where why how who which there here all any
    some more most much one thing things get got really after before while because""".split()
)
_WORD = re.compile(r"[a-z']+")


class FormulationAnswer(BaseModel):
    """What the trainee submits (all free text except the closed vocabularies)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    situation: str = ""
    auto_thought: str = ""
    emotions: list[str] = Field(default_factory=list)  # emotion keys ("guilty", "sad")
    behavior: str = ""
    core_belief_category: str = ""  # helpless | unlovable | worthless
    core_belief: str = ""
    intermediate_belief: str = ""
    coping_strategies: str = ""


class KeySituation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    situation: str
    auto_thought: str
    emotions: list[str]  # emotion keys
    behavior: str


class FormulationKey(BaseModel):
    """The hidden answer, taken from the case's CCD."""

    model_config = ConfigDict(extra="forbid")

    situations: list[KeySituation]
    core_beliefs: dict[str, list[str]]  # category -> beliefs
    intermediate_belief: str
    coping_strategies: str


class FieldScore(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str
    label: str
    score: int  # 0-100
    answer: str
    expected: str


class FormulationResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fields: list[FieldScore]
    total: int
    situation_index: int


def _stem(word: str) -> str:
    # Plural first, then one verb or adverb ending: "meetings" and "meeting" → "meet".
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    for suffix in ("ing", "ed", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    return {
        _stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1
    }


def text_match(answer: str, expected: str) -> float:
    """F1 of content words (0-1); 0 when either side is empty."""
    a, e = content_words(answer), content_words(expected)
    if not a or not e:
        return 0.0
    overlap = len(a & e)
    if not overlap:
        return 0.0
    precision, recall = overlap / len(a), overlap / len(e)
    return 2 * precision * recall / (precision + recall)


def set_match(answer: Sequence[str], expected: Sequence[str]) -> float:
    """Jaccard of two label sets (0-1)."""
    a, e = set(answer), set(expected)
    if not a and not e:
        return 1.0
    return len(a & e) / len(a | e)


def _pct(value: float) -> int:
    # Content-word F1 of a fair paraphrase is about 0.5-0.6: scale so that 0.6 reads as
    # a full match, which keeps a good paraphrase from looking like a near-miss.
    return round(100 * min(1.0, value / 0.6))


def _text_field(key: str, label: str, answer: str, expected: str) -> FieldScore:
    """A free-text field scored by word overlap with the hidden answer."""
    return FieldScore(
        key=key,
        label=label,
        score=_pct(text_match(answer, expected)),
        answer=answer,
        expected=expected,
    )


def score_formulation(
    answer: FormulationAnswer, key: FormulationKey
) -> FormulationResult:
    """Per-field match (0-100) of the trainee's CCD against the case's, and the mean."""
    best = max(
        range(len(key.situations)),
        key=lambda i: (
            text_match(answer.situation, key.situations[i].situation)
            + text_match(answer.auto_thought, key.situations[i].auto_thought)
        ),
    )
    sit = key.situations[best]
    beliefs_in = key.core_beliefs.get(answer.core_belief_category, [])
    all_beliefs = [b for bs in key.core_beliefs.values() for b in bs]
    categories = [c for c, bs in key.core_beliefs.items() if bs]
    if answer.core_belief in all_beliefs:
        belief_score = 100
    elif answer.core_belief:
        belief_score = max(
            (_pct(text_match(answer.core_belief, b)) for b in all_beliefs), default=0
        )
        belief_score = min(belief_score, 75)  # near, not the vocabulary belief itself
    else:
        belief_score = 0
    if beliefs_in and belief_score < 100 and answer.core_belief in beliefs_in:
        belief_score = 100
    fields = [
        _text_field("situation", "Situation", answer.situation, sit.situation),
        _text_field(
            "auto_thought", "Automatic thought", answer.auto_thought, sit.auto_thought
        ),
        FieldScore(
            key="emotions",
            label="Emotions",
            score=round(100 * set_match(answer.emotions, sit.emotions)),
            answer=", ".join(answer.emotions),
            expected=", ".join(sit.emotions),
        ),
        _text_field("behavior", "Behaviour", answer.behavior, sit.behavior),
        FieldScore(
            key="core_belief_category",
            label="Core-belief category",
            score=100 if answer.core_belief_category in categories else 0,
            answer=answer.core_belief_category,
            expected=", ".join(categories),
        ),
        FieldScore(
            key="core_belief",
            label="Core belief",
            score=belief_score,
            answer=answer.core_belief,
            expected=" ".join(all_beliefs),
        ),
        _text_field(
            "intermediate_belief",
            "Intermediate belief",
            answer.intermediate_belief,
            key.intermediate_belief,
        ),
        _text_field(
            "coping_strategies",
            "Coping strategies",
            answer.coping_strategies,
            key.coping_strategies,
        ),
    ]
    total = round(sum(f.score for f in fields) / len(fields))
    return FormulationResult(fields=fields, total=total, situation_index=best)
