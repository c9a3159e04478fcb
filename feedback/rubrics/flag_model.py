"""A second opinion on the failure flags: small linear models trained on the gold corpus.

The rule flags (`flags.find_flags`) catch the wordings someone wrote a pattern for.
Labellers flag by meaning, and the same failure comes in many wordings ("yeah that's
really shit of them", "honestly if he forgot your anniversary, that does say
something"). Per flag, one logistic regression scores the turn. `revise` (called by
the offline annotator after `find_flags`) adds a flag in `ADDS` when its score
reaches a threshold chosen out of fold for at most 0.5 % false flags, and drops a
rule's flag in `VETOES` when the score falls under what almost every labelled flag
scored out of fold. An added flag must also meet its precondition (`gate`) and the
rubric's exceptions (`flag_gates`). Which flags may be added or dropped was chosen
by the out-of-fold figures in docs/annotation.md.

Features are self-contained here on purpose (no import of the rule lexicons): the
weights file must be reproducible from the corpus alone, whatever later edits to the
rules' word lists. They are:

- words and word pairs of the trainee's turn (contractions expanded);
- cue classes of the patient's last line (risk, feeling, self-condemning belief,
  denied feeling, asking for advice) and of the turn (advice, validation, agreement,
  risk response, leading forms, tentative framing, a named feeling);
- the crosses of the two (a risk cue with no risk response; a feeling disclosed and
  advice given without validation; a self-condemning belief and agreement), which
  are what the flags are about.

Weights: `flag_weights.json` beside this module, written by
`python manage.py train_flag_model` (or `python -m feedback.rubrics.flag_train`)
from the project's own gold corpus only (never the licensed datasets). Pure Python,
no Django: the offline annotator calls it on every turn.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import get_args

from .flag_gates import rubric_allows
from .linear_model import probabilities, weight_table
from .memo import per_turn
from .schema import FLAGS, Flag, TurnContext

__all__ = [
    "ADDS",
    "VETOES",
    "WEIGHTS_PATH",
    "features",
    "gate",
    "patient_features",
    "revise",
    "scores",
]

WEIGHTS_PATH = Path(__file__).with_name("flag_weights.json")
# On by default since 2026.11-8. Until then it was opt-in: trained on labellers A and
# B, on a third, independent labeller's 300 turns it raised flag recall 0.581 ->
# 0.629 but false flags 2.0 % -> 5.3 %, mostly "reading in" on reflections judged
# accurate. Retrained on A, B and the development files of a blind-writing labeller
# D, it beat the rules by file-level folds on every labeller (recall A +0.006, B
# +0.071, D +0.013, false flags +0.3, -2.0, +0.5 points) and on D's held-out file
# (recall 0.510 -> 0.608, false flags 6.7 % -> 5.0 %); see docs/annotation.md.
# `FLAG_MODEL_WEIGHTS=none` runs the rules alone, a path scores a fold's weights,
# unset or `shipped` uses the shipped weights.
_ENV = "FLAG_MODEL_WEIGHTS"

_CAN_WONT = (
    (re.compile(r"\bcan'?t\b"), "can not"),
    (re.compile(r"\bwon'?t\b"), "will not"),
)
# Contractions typed without the apostrophe: whole words, one pass.
_BARE = {
    "dont": "do not",
    "didnt": "did not",
    "isnt": "is not",
    "thats": "that is",
    "its": "it is",
    "im": "i am",
    "youre": "you are",
}
_BARE_RX = re.compile(r"\b(?:" + "|".join(_BARE) + r")\b")
# Only tried when the text has an apostrophe (most turns typed fast have none).
_APOSTROPHE = (
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"\bi'm\b"), "i am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"'s\b"), " s"),
)
_CURLY = re.compile(r"[\u2018\u2019]")
_WORDS = re.compile(r"[a-z]+")


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b")


# Cue classes, read on the normalised text (lower case, contractions expanded).
_PATIENT_CUES: dict[str, re.Pattern[str]] = {
    "risk": _rx(
        r"better off without me",
        r"better off (?:not )?(?:having|with)",
        r"(?:what|see) (?:is )?the point",
        r"no point",
        r"not wake up",
        r"disappear\w*",
        r"still here",
        r"carry(?:ing)? on (?:like this|any ?more)",
        r"(?:can not|point in|point of) (?:carry|carrying|go|going|keep|keeping) (?:on|going)",
        r"end (?:it|things|my life)",
        r"kill\w*",
        r"suicid\w*",
        r"(?:want|wish|wanted|rather) (?:to |i (?:had|could|would) |just )?"
        r"(?:die|died|be dead|not be alive)",
        r"better off dead",
        r"hurt(?:ing)? myself",
        r"waste of space",
        r"why i bother",
        r"give up",
        r"tired of (?:living|everything|it all)",
        r"can not do this any ?more",
        r"nobody would (?:notice|care|miss)",
        r"burden",
    ),
    "feeling": _rx(
        r"feel\w*",
        r"sad|lonely|alone|scared|afraid|anxious|worried|terrified|panic\w*",
        r"angry|furious|annoyed|upset|hurt|guilty|ashamed|embarrassed|stupid",
        r"hopeless|helpless|exhausted|tired|overwhelmed|stressed|miserable|awful",
        r"heartbroken|devastated|numb|empty|jealous|frustrated|rubbish|crap",
        r"cry\w*|cried|tears|pounding|shaking",
    ),
    "belief": _rx(
        r"i am (?:a |such a |so |just a |the )?(?:total |complete |terrible )?"
        r"(?:failure|useless|worthless|idiot|stupid|mess|burden|rubbish|"
        r"terrible|pathetic|loser|disgrace|bad)",
        r"nobody|no one|everyone|everybody",
        r"always|never",
        r"(?:he|she|they) (?:would rather|hate|think|do not care)",
        r"not (?:good|clever|smart) enough",
        r"not worth",
        r"forgotten me",
        r"going to (?:fail|leave|lose)",
        r"can not even",
        r"what kind of",
        r"i should have",
        r"my fault",
        r"missed it",
    ),
    "denied": _rx(
        r"i am (?:fine|ok|okay|alright|good)",
        r"not (?:really |exactly )?(?:lonely|sad|angry|upset|bothered|worried)",
        r"do not (?:really )?(?:feel|mind|care)",
    ),
    "asks": _rx(
        r"what (?:should|can|do) i do",
        r"any (?:ideas|advice|tips)",
        r"tell me what",
        r"how do i",
        r"should i",
    ),
}
_TURN_CUES: dict[str, re.Pattern[str]] = {
    "advice": _rx(
        r"you should\w*",
        r"you (?:could|might|need to|have to|must|ought)",
        r"(?:why|how about|what about) (?:do not you|not|you)",
        r"have you (?:thought about|tried|considered)",
        r"maybe (?:you|try|just)",
        r"try\w*",
        r"next time",
        r"i would",
        r"if i were you",
        r"the best (?:bet|thing)",
        r"just (?:go|tell|ask|do|say)",
        r"go (?:along|to|for)",
        r"it (?:will|can) not (?:actually )?",
        r"getting a",
    ),
    "valid": _rx(
        r"sounds?|seems?",
        r"must (?:be|have been|feel)",
        r"hard|tough|awful|painful|difficult|rough|heavy|a lot",
        r"sorry",
        r"makes sense|of course|no wonder|understandabl\w*",
        r"i hear",
    ),
    "agree": _rx(
        r"yeah|yes|right|true|exactly|totally|definitely|fair",
        r"honestly|tbh|to be honest",
        r"you are right",
        r"does (?:say|sound|seem)",
        r"they (?:have|did|do|are)",
        r"(?:he|she) (?:is|does|has|did)",
        r"do (?:miss|take)",
        r"since you are",
        r"pretty|really",
    ),
    "riskresp": _rx(
        r"safe\w*",
        r"suicid\w*",
        r"kill\w*",
        r"end(?:ing)? (?:your|it|things)",
        r"hurt(?:ing)? yourself",
        r"harm\w*",
        r"thoughts of",
        r"not (?:wanting|want) to (?:be here|live|wake)",
        r"better off without",
        r"(?:still )?here",
        r"when you say",
        r"what do you mean",
        r"the point",
    ),
    "leading": _rx(
        r"do not you",
        r"is not it",
        r"surely",
        r"would not you",
        r"you would agree",
        r"(?:are|is|do|does|did|have|has|would|could|will|can) (?:not )?"
        r"(?:you|it|they|that)\s*\??\s*$",
    ),
    "tentative": _rx(
        r"i wonder",
        r"maybe|perhaps|might",
        r"is that right|am i right|does that fit",
        r"kind of|sort of",
    ),
    "named": _rx(
        r"angry|furious|resent\w*|relieved|relief|guilty|ashamed|jealous|lonely",
        r"sad\w*|scared|afraid|anxious|hurt|liar|embarrassed|happy|proud",
        r"picking up|sensing|i can (?:hear|see|tell)",
        r"you (?:must )?(?:feel|felt|are) (?:so |really |such )",
    ),
    "question": re.compile(r"\?"),
    "self": _rx(r"i was|my (?:dad|mum|mother|father|friend|uni)|happened to me|i get"),
}
# Words too common to tell what the patient talked about (the overlap and the
# patient-word features skip them).
_STOP = frozenset(
    "the and you that this was for are not with have but just they what she her "
    "him his your all can would will about there their them then than when been "
    "did does its out get got like really know think one some how who why too very "
    "from were had has our any more much also even still yeah well".split()
)
_PIVOTS = frozenset("ok okay so right anyway alright well cool great fine".split())
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
# A sentence opening with an auxiliary, "not" and a subject: "do not you think",
# "is not it", "would not that" (contractions are expanded by `normalise`).
_NEG_INTERROGATIVE = re.compile(
    r"^(?:\w+,? )?(?:do|does|did|is|are|was|were|would|could|should|can|will|have|"
    r"has) not (?:you|it|that|they|he|she|this|there|we)\b"
)
# A statement closed by a tag asking for agreement.
_TAG = re.compile(
    r",\s*(?:right|yeah|yes|no|ok|okay|surely|is not it|do not you|would not it|"
    r"was not it|are not you|does not it|is that not so)\s*\?"
)
_CROSSES = (
    ("risk", "riskresp"),
    ("feeling", "advice"),
    ("feeling", "valid"),
    ("belief", "agree"),
    ("belief", "advice"),
    ("belief", "question"),
    ("denied", "named"),
    ("feeling", "named"),
    ("asks", "advice"),
)


@per_turn
def normalise(text: str) -> str:
    """Lower case with contractions expanded (curly quotes are unified last, as
    the weights were trained)."""
    text = text.lower()
    if "can" in text or "won" in text:
        for pattern, repl in _CAN_WONT:
            text = pattern.sub(repl, text)
    text = _BARE_RX.sub(lambda m: _BARE[m.group(0)], text)
    if "'" in text:
        for pattern, repl in _APOSTROPHE:
            text = pattern.sub(repl, text)
    if "\u2018" in text or "\u2019" in text:
        text = _CURLY.sub("'", text)
    return text


def features(ctx: TurnContext, rule_flags: Sequence[str] = ()) -> list[str]:
    """The turn's feature names (with repeats removed, in a stable order). 2026.11-11:
    with the flags the rules raised (`r:<flag>`), so the model learns where a rule
    is trusted by every labeller and where it is not, as well as what it misses."""
    turn = normalise(ctx.trainee_text)
    patient_lines = [u.text for u in ctx.history if u.speaker == "patient"]
    if ctx.previous_patient_text:
        patient_lines.append(ctx.previous_patient_text)
    last = normalise(patient_lines[-1]) if patient_lines else ""
    # Risk said earlier still has to be answered (the rule reads the last two).
    recent = normalise(" ".join(patient_lines[-2:]))
    words = _WORDS.findall(turn)
    out = [f"w:{w}" for w in words]
    out += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    out.append(f"len:{min(len(words) // 8, 4)}")
    p_cues = {
        name
        for name, pattern in _PATIENT_CUES.items()
        if pattern.search(recent if name == "risk" else last)
    }
    if ctx.case_has_risk:
        p_cues.add("caserisk")
    t_cues = {name for name, pattern in _TURN_CUES.items() if pattern.search(turn)}
    out += [f"p:{c}" for c in sorted(p_cues)]
    out += [f"t:{c}" for c in sorted(t_cues)]
    for p, t in _CROSSES:
        if p in p_cues:
            out.append(f"x:{p}+{t}" if t in t_cues else f"x:{p}-{t}")
    if "feeling" in p_cues and "advice" in t_cues and "valid" not in t_cues:
        out.append("x:feeling+advice-valid")
    if "risk" in p_cues and "riskresp" not in t_cues and "advice" in t_cues:
        out.append("x:risk+advice-riskresp")
    out += _pair_features(words, turn, last, p_cues, t_cues)
    out += [f"r:{f}" for f in sorted(rule_flags)]
    return list(dict.fromkeys(out))


def _content(words: Sequence[str]) -> list[str]:
    return [w for w in words if len(w) > 2 and w not in _STOP]


def _pair_features(
    words: Sequence[str],
    turn: str,
    last: str,
    p_cues: set[str],
    t_cues: set[str],
) -> list[str]:
    """2026.12-3: what the patient said, and what the turn does with it.

    Missed risk cues and premature problem solving are about the pair, and fresh
    writers voice the cue in words no cue class lists ("I hope I don't wake up",
    "I drove home so tired I don't remember the drive"). So the patient's own
    content words are features (the model learns which signal a flag from many
    writers), and so is the shape of the reply: a question or plan that takes none
    of the patient's words up and opens with a pivot ("ok", "so", "anyway") moves
    on. Leading questions as forms, not phrases: a negative interrogative opening a
    sentence, a verdict closed by a tag ("..., right?").
    """
    said = _content(_WORDS.findall(last))
    out = [f"pw:{w}" for w in said]
    shared = set(said) & set(_content(words))
    overlap = "none" if not shared else "one" if len(shared) == 1 else "more"
    out.append(f"ov:{overlap}")
    if words and words[0] in _PIVOTS:
        out.append("t:pivot")
    asks = "question" in t_cues
    if asks and overlap == "none":
        out.append("t:moveon")
    for sentence in _SENTENCE.split(turn):
        if _NEG_INTERROGATIVE.match(sentence.strip()):
            out.append("t:negq")
    if _TAG.search(turn):
        out.append("t:tag")
    for cue in sorted(p_cues):
        if overlap == "none":
            out.append(f"x:{cue}+noecho")
        if asks and overlap == "none":
            out.append(f"x:{cue}+moveon")
        if "advice" in t_cues and overlap == "none":
            out.append(f"x:{cue}+advice-echo")
    return out


@dataclass(frozen=True, slots=True)
class _Models:
    flags: tuple[str, ...]
    bias: tuple[float, ...]
    threshold: dict[str, float]  # add the flag at or above
    veto: dict[str, float]  # drop a rule's flag below
    # feature -> its weight in each flag's model (one look-up per feature).
    table: dict[str, tuple[float, ...]]


@cache
def _load(path: str) -> _Models | None:
    if path == "none" or not Path(path).is_file():
        return None
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    models = {f: m for f, m in data["models"].items() if f in FLAGS}
    flags = tuple(models)
    bias, table = weight_table(models, flags)
    return _Models(
        flags=flags,
        bias=bias,
        threshold={f: float(models[f]["threshold"]) for f in flags},
        veto={f: float(models[f].get("veto", 0.0)) for f in flags},
        table=table,
    )


def _models() -> _Models | None:
    choice = os.environ.get(_ENV) or "shipped"
    return _load(str(WEIGHTS_PATH) if choice == "shipped" else choice)


def _probabilities(models: _Models, feats: Sequence[str]) -> dict[str, float]:
    return probabilities(models.flags, models.bias, models.table, feats)


def scores(ctx: TurnContext) -> dict[str, float]:
    """flag -> the model's probability for this turn ({} when switched off)."""
    models = _models()
    return _probabilities(models, features(ctx)) if models else {}


# What a flag presupposes on the patient's side (RUBRICS.md: problem solving is
# premature after a disclosure; a risk cue must have been voiced to be missed). The
# model adds a flag only when its precondition is there, so word overlap with a
# flagged turn cannot raise it after, say, a small-talk opener.
_NEEDS: dict[str, tuple[str, ...]] = {
    "missed_risk_cue": ("p:risk", "p:caserisk"),
    "problem_solving_after_disclosure": ("p:feeling", "p:risk", "p:belief"),
}


# Which flags the model may add and which rule flags it may drop, chosen by the
# out-of-fold figures in docs/annotation.md (both cross-validation schemes):
# - added: collusion, unexpressed feeling and missed risk cue, where it found more
#   labelled flags than it raised false ones. Not premature problem solving (no
#   flag found out of fold that the rules missed) nor leading questions (the rules
#   raise no false ones; the model raised more false than it found).
# - dropped: only where its veto removed more false flags than true ones; never a
#   risk flag (a missed risk cue costs far more than a false one) nor a leading
#   question (the veto only lost true ones).
# - 2026.11-11, leaving one labeller out over seven (A, B, D, E, F, H, I), letting
#   the model add premature problem solving and leading questions too was tried and
#   left out: summed over the seven, its additions found 13 problem-solving flags the
#   rules missed for 7 false ones and 17 leading questions for 11 false ones, a
#   precision (.65, .61) well under the rules' own (.84, .96), though mean recall
#   rose .773 -> .803 (false-flag turns 3.0 % -> 3.9 %).
# - 2026.12-3 (stop 22), with the pair features and O, P, Q and S in training, left
#   out one at a time through the real annotator (`feedback.rubrics.lolo`, L, M, O,
#   P, Q, S): letting the model add premature problem solving found 9 more labelled
#   flags for 2 false ones (mean recall .807 -> .820, false-flag turns 3.7 % ->
#   3.8 %), so it may now; leading questions still not (7 found for 4 false ones,
#   L's false flags 3.3 % -> 4.2 %).
ADDS = frozenset(
    {
        "collusion",
        "unexpressed_feeling",
        "missed_risk_cue",
        "problem_solving_after_disclosure",
    }
)
VETOES = frozenset(
    {"problem_solving_after_disclosure", "collusion", "unexpressed_feeling"}
)


def gate(
    flag: str, feats: Sequence[str], patient_side: dict[str, float] | None = None
) -> bool:
    """Whether the model may add `flag` to a turn with these features.

    2026.12-3: or, for a flag with a precondition, when the model's own score of
    the patient's side alone (cue classes and the patient's words, `patient_side`)
    reaches one half: the patient line reads like the lines the labellers flagged
    after, in words no cue class lists ("I nodded off with her on my chest")."""
    needs = _NEEDS.get(flag)
    if needs is None or any(f in feats for f in needs):
        return True
    return patient_side is not None and patient_side.get(flag, 0.0) >= _PATIENT_SIDE


# The patient-side score at which a line counts as the flag's precondition.
_PATIENT_SIDE = 0.5


def patient_features(feats: Sequence[str]) -> list[str]:
    """The features that describe the patient's side only."""
    return [f for f in feats if f.startswith(("p:", "pw:"))]


def revise(ctx: TurnContext, rule_flags: Sequence[Flag]) -> list[Flag]:
    """The rules' flags, less those in `VETOES` the model scores below its veto,
    plus those in `ADDS` it scores at or above its threshold where the flag's
    preconditions hold (appended in `FLAGS` order)."""
    models = _models()
    if not models:
        return list(rule_flags)
    feats = features(ctx, rule_flags)
    probability = _probabilities(models, feats)
    patient_side = _probabilities(models, patient_features(feats))
    kept = [
        f
        for f in rule_flags
        if f not in VETOES or f not in probability or probability[f] >= models.veto[f]
    ]
    added = [
        f
        for f in get_args(Flag)
        if f in ADDS
        and f in probability
        and f not in kept
        and probability[f] >= models.threshold[f]
        and gate(f, feats, patient_side)
        and rubric_allows(f, ctx)
        and not (f in _NOT_WITH and _NOT_WITH[f] & set(kept))
    ]
    return kept + added


# 2026.12-3: a question the rules read as leading offers a view ("have you
# considered that maybe they were busy?"), not a plan: the model does not add
# premature problem solving to it (stop 21's rule, `flag_cues.INTERPRETATION_OFFERED`).
_NOT_WITH: dict[str, frozenset[str]] = {
    "problem_solving_after_disclosure": frozenset({"leading_question"}),
}
