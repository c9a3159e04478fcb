"""A second opinion on the weak behaviour codes: small linear models beside the rules.

The rules (`codes.code_turn`, `moves.relational_moves`) recognise a code by the
phrasings someone wrote a pattern for. On a labeller the rules were not written
against, support, affirm, confront, advice with permission, information, seeking
collaboration and complex reflections are found 40-65 % of the time: the same move
comes in wordings nobody listed. Per code, one logistic regression reads the whole
turn; `add_codes` (called by the offline annotator right after the rules) adds a code
in `ADDS` the rules did not give when the turn's score reaches a threshold chosen out
of fold for precision, on the utterance of the turn that scores highest for it.
The model never removes a rule's code.

Features are self-contained (words, word pairs, each sentence's opening words, the
question mark, the overlap with the patient's last line, whether the patient asked
for advice), so the weights are reproducible from the corpus alone whatever later
edits to the rules' word lists. Weights: `code_weights.json` beside this module,
written by `python manage.py train_code_model` from the project's gold corpus only
(never the licensed datasets). Pure Python, no Django.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .flag_model import normalise
from .linear_model import probabilities, weight_table
from .schema import BEHAVIOUR_CODES, TurnContext, UtteranceCode, last_patient_text

__all__ = [
    "ADDS",
    "WEIGHTS_PATH",
    "add_codes",
    "features",
    "scores",
    "trained_codes",
]

WEIGHTS_PATH = Path(__file__).with_name("code_weights.json")
# `CODE_MODEL_WEIGHTS`: unset or `shipped` uses the shipped weights, `none` the rules
# alone, a path scores another weights file (a training fold's, for the figures).
_ENV = "CODE_MODEL_WEIGHTS"

_WORDS = re.compile(r"[a-z]+")
_SENTENCE = re.compile(r"[.!?\n]+")
# Words too common to say anything about overlap with the patient's line.
_STOP = frozenset(
    "i you a the and to of it is that in was for on my me be have are not with "
    "so do at this but just they what he she we your or if all as can would".split()
)
_ASKS = re.compile(
    r"\b(?:what (?:should|can|do) i do|any (?:ideas|advice|tips|suggestions)|"
    r"tell me what|how do i|should i|what would you do|what do you think i)\b"
)

_ASSENT = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|sure|ok|okay|fine|alright|please|go on|go ahead|go for "
    r"it|i guess|if you (?:want|like)|why not|tell me)\b\W*){1,4}$"
)


def _overlap(words: Sequence[str], patient: str) -> int:
    """How much of the turn's content words came from the patient's line (0-3)."""
    content = [w for w in words if w not in _STOP and len(w) > 2]
    if not content or not patient:
        return 0
    theirs = set(_WORDS.findall(patient))
    share = sum(w in theirs for w in content) / len(content)
    return min(int(share * 6), 3)


def features(text: str, patient: str) -> list[str]:
    """Feature names of a trainee text (a turn or one utterance) after `patient`'s
    last line, repeats removed, in a stable order."""
    turn = normalise(text)
    last = normalise(patient) if patient else ""
    words = _WORDS.findall(turn)
    out = [f"w:{w}" for w in words]
    out += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    for sentence in _SENTENCE.split(turn):
        head = _WORDS.findall(sentence)[:2]
        if head:
            out.append(f"s:{head[0]}")
            out.append(f"s:{'_'.join(head)}")
    out.append(f"len:{min(len(words) // 8, 4)}")
    out.append(f"ov:{_overlap(words, last)}")
    if "?" in turn:
        out.append("q:any")
        if turn.rstrip().endswith("?"):
            out.append("q:end")
    if _ASKS.search(last):
        out.append("p:asks")
    if "?" in last:
        out.append("p:question")
    if _ASSENT.match(last):
        # "Sure." / "Yeah, go on.": leave given to what the trainee offered.
        out.append("p:assent")
    return list(dict.fromkeys(out))


@dataclass(frozen=True, slots=True)
class _Models:
    codes: tuple[str, ...]
    bias: tuple[float, ...]
    threshold: dict[str, float]
    # feature -> its weight in each code's model (one look-up per feature).
    table: dict[str, tuple[float, ...]]


@cache
def _load(path: str) -> _Models | None:
    if path == "none" or not Path(path).is_file():
        return None
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    # The codes the file was trained for (`ADDS` when shipped; a report may train
    # other candidates).
    models = {c: m for c, m in data["models"].items() if c in BEHAVIOUR_CODES}
    codes = tuple(sorted(models))
    bias, table = weight_table(models, codes)
    return _Models(
        codes=codes,
        bias=bias,
        threshold={c: float(models[c]["threshold"]) for c in codes},
        table=table,
    )


def _models() -> _Models | None:
    choice = os.environ.get(_ENV) or "shipped"
    return _load(str(WEIGHTS_PATH) if choice == "shipped" else choice)


def trained_codes() -> tuple[str, ...]:
    """The codes the active model may add (() when it is switched off)."""
    models = _models()
    return models.codes if models else ()


def _probabilities(models: _Models, feats: Sequence[str]) -> dict[str, float]:
    return probabilities(models.codes, models.bias, models.table, feats)


def scores(ctx: TurnContext) -> dict[str, float]:
    """code -> the model's probability that the turn carries it ({} when off)."""
    models = _models()
    if not models:
        return {}
    return _probabilities(models, features(ctx.trainee_text, last_patient_text(ctx)))


# The codes the model may add, chosen by the out-of-fold figures in
# docs/annotation.md: trained on labeller A and scored on B, and by six folds of
# files, each of these raised B's recall without lowering its precision. Not seeking
# collaboration (its additions cost precision on both labellers) or `other` (the
# model found next to nothing the rules missed, or cost precision); confrontation
# then too, until the corpus had thirteen labellers (below).
# 2026.11-10: information, once labeller E's 300 blind turns were in the corpus: by
# file folds it raised recall and precision on A, B, E and as judged by C.
# 2026.12-3 (codes15): persuade and confront, by leaving one labeller out (L, M, O,
# P, Q, S; docs/annotation.md): each raised mean recall (.749 -> .767, .599 -> .646)
# at equal or higher precision, no writer losing. Seeking collaboration raised
# recall more (.745 -> .827) but its additions were right 8 of 12 times, below
# the rules' precision, and cost O and P precision; simple reflection and autonomy
# found no threshold precise enough to add anything.
ADDS: frozenset[str] = frozenset(
    {
        "affirm",
        "complex_reflection",
        "confront",
        "giving_information",
        "persuade",
        "persuade_with_permission",
        "support",
    }
)


def _placed(code: str, u: UtteranceCode, forbidden: bool) -> UtteranceCode | None:
    """`u` with `code` added, or None when the rubric does not let it carry it."""
    codes = list(u.codes)
    if codes == ["other"]:
        # Greetings, thanks and acknowledgements are the rules' call: words of
        # warmth in a pleasantry ("thanks so much, take care") are not validation.
        return None
    if code == "complex_reflection":
        # A question stays a question, a "reflection" that carries disapproval is
        # Confront (MITI), and a sentence that endorses a distorted belief is never
        # shown as a reflection (`collusion.py`). (Not excluded: a sentence the
        # rules read as self-disclosure; AnnoMI's labellers often heard a
        # reflection there, kappa fell without it.)
        if u.is_question or forbidden or "confront" in codes:
            return None
        codes = [c for c in codes if c != "simple_reflection"]
        codes.append("complex_reflection")
        return u.model_copy(update={"codes": codes, "reflection": "complex"})
    if code == "persuade" and forbidden:
        # Agreeing with a distorted belief ("you probably should have known") is
        # collusion, not advice (`collusion.py`; test_collusion_earlier_belief).
        return None
    if code == "confront":
        # MITI: disapproval is Confront even in a reflection's shape ("if you keep
        # hiding behind emails..."), the mirror of the rule above.
        codes = [
            c for c in codes if c not in ("simple_reflection", "complex_reflection")
        ]
        codes.append("confront")
        return u.model_copy(update={"codes": codes, "reflection": None})
    if code == "persuade_with_permission":
        # The same advice with permission, not a second piece of advice.
        codes = [c for c in codes if c != "persuade"]
    codes.append(code)  # type: ignore[arg-type]
    return u.model_copy(update={"codes": codes})


def add_codes(
    ctx: TurnContext,
    utterances: list[UtteranceCode],
    *,
    collusive: frozenset[int] | set[int] = frozenset(),
) -> list[UtteranceCode]:
    """The rules' utterances plus the codes in `ADDS` the model scores at or above
    their threshold and the rules did not give (each on the utterance scoring
    highest for it)."""
    models = _models()
    if not models or not utterances:
        return utterances
    patient = last_patient_text(ctx) or ""
    turn = _probabilities(models, features(ctx.trainee_text, patient))
    present = {c for u in utterances for c in u.codes}
    wanted = [
        c for c in models.codes if c not in present and turn[c] >= models.threshold[c]
    ]
    if not wanted:
        return utterances
    out = list(utterances)
    per_utterance = (
        [_probabilities(models, features(u.text, patient)) for u in out]
        if len(out) > 1
        else [turn]
    )
    for code in wanted:
        ranked = sorted(range(len(out)), key=lambda i: -per_utterance[i][code])
        for i in ranked:
            placed = _placed(code, out[i], i in collusive)
            if placed is not None:
                out[i] = placed
                break
    return out
