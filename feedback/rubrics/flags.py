"""Flags for the classic trainee failures, and the emotional-disclosure detector.

- `problem_solving_after_disclosure` (RUBRICS.md §5.2): the patient's last utterance is
  an emotional disclosure, and the trainee's turn gives advice with no reflection or
  validation in the same turn.
- `collusion`: the patient voices a distorted belief ("I'm a total failure") and the
  trainee agrees with it as fact.
- `unexpressed_feeling`: the trainee asserts, without tentative framing, a feeling the
  patient never expressed in this conversation.
- `leading_question` (§3.2): a question that points to the trainee's preferred answer
  ("Don't you think...?").
- `missed_risk_cue`: the patient mentions self-harm or suicide (or, in a case known to
  carry risk, a veiled cue) and the trainee's turn does not address it.

`is_emotional_disclosure(text)` is public: the patient engine and the session scoring
use it to compute `PS_after_emotion` and `reflect_after_emotion`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx
from .schema import Flag, TurnContext, UtteranceCode, last_patient_text

_TENTATIVE = re.compile(
    r"\b(?:i wonder|maybe|perhaps|might|may|could|sounds? like|seems?|i guess|"
    r"i imagine|i'?m guessing|is that|am i right|if i'?m hearing|kind of|sort of|"
    r"a bit|a little)\b",
    re.IGNORECASE,
)
_ASSERTED_FEELING = re.compile(
    r"\b(?:you(?:'re| are)|you (?:feel|felt|must (?:be|feel)|were)|you(?:'ve| have) "
    r"been)\s+(?:(?:so|really|very|quite|clearly|obviously|just|feeling|pretty|"
    r"deeply|incredibly) )*(\w+)",
    re.IGNORECASE,
)


def is_emotional_disclosure(text: str) -> bool:
    """True when `text` shares a negative or positive feeling (BOLT's client codes)."""
    if not text:
        return False
    if lx.DISCLOSURE_PHRASES.search(text) or lx.RISK_CUE.search(text):
        return True
    ws = lx.words(text)
    has_feeling = any(w in lx.FEELING_WORDS for w in ws)
    if has_feeling and lx.FIRST_PERSON_FEELING.search(text):
        return True
    # "Everything is falling apart and I'm exhausted" without an "I feel" frame.
    return has_feeling and any(w in {"i", "i'm", "me", "my", "i've"} for w in ws)


def _patient_texts(ctx: TurnContext) -> list[str]:
    texts = [u.text for u in ctx.history if u.speaker == "patient"]
    if ctx.previous_patient_text:
        texts.append(ctx.previous_patient_text)
    return texts


def _feeling_families(texts: Sequence[str]) -> set[str]:
    return {
        lx.EMOTION_TO_FAMILY[w]
        for t in texts
        for w in lx.words(t)
        if w in lx.EMOTION_TO_FAMILY
    }


def find_flags(ctx: TurnContext, utterances: Sequence[UtteranceCode]) -> list[Flag]:
    flags: list[Flag] = []
    patient = last_patient_text(ctx)
    codes = {c for u in utterances for c in u.codes}
    gives_advice = bool(codes & {"persuade", "persuade_with_permission"})
    validates = bool(
        codes & {"simple_reflection", "complex_reflection", "affirm", "support"}
    )
    if patient and is_emotional_disclosure(patient) and gives_advice and not validates:
        flags.append("problem_solving_after_disclosure")

    if patient and lx.DISTORTION.search(patient):
        first = utterances[0].text if utterances else ""
        if lx.AGREEMENT.search(lx.LEADING_MARKERS.sub("", first).strip() or first):
            flags.append("collusion")

    families = _feeling_families(_patient_texts(ctx))
    for u in utterances:
        if not (
            u.is_reflection or "other" in u.codes or "giving_information" in u.codes
        ):
            continue
        if _TENTATIVE.search(u.text):
            continue
        for m in _ASSERTED_FEELING.finditer(u.text):
            word = m.group(1).lower()
            fam = lx.EMOTION_TO_FAMILY.get(word)
            if word in lx.FEELING_WORDS and fam and fam not in families:
                flags.append("unexpressed_feeling")
                break

    if any(u.is_question and lx.LEADING_Q.search(_core(u.text)) for u in utterances):
        flags.append("leading_question")

    recent = " ".join(_patient_texts(ctx)[-2:])
    risk = bool(lx.RISK_CUE.search(recent)) or (
        ctx.case_has_risk and bool(lx.VEILED_RISK_CUE.search(recent))
    )
    if risk and not lx.RISK_RESPONSE.search(ctx.trainee_text):
        flags.append("missed_risk_cue")
    return flags


def _core(text: str) -> str:
    return lx.LEADING_MARKERS.sub("", text).strip() or text


_SUGGESTIONS: dict[str, str] = {
    "missed_risk_cue": (
        "Stop and ask about safety directly, for example: \"You said you don't see the "
        'point any more. Are you having thoughts of ending your life?"'
    ),
    "problem_solving_after_disclosure": (
        'Reflect the feeling before offering ideas, for example: "It sounds like this '
        'has left you feeling really worn down." Then ask what they would find helpful.'
    ),
    "collusion": (
        'Acknowledge the feeling without endorsing the belief, for example: "It feels '
        "like you're failing at everything right now. What makes it feel that way?\""
    ),
    "leading_question": (
        "Ask an open question that leaves the conclusion to the patient, for example: "
        '"How do you see it?" instead of "Don\'t you think...?"'
    ),
    "unexpressed_feeling": (
        'Offer the feeling tentatively and check it, for example: "I wonder if part of '
        'you feels angry about that. Does that fit?"'
    ),
}


def suggestion_for(flags: Sequence[Flag]) -> str | None:
    """A better-response hint for the most serious flag (risk first)."""
    for key in _SUGGESTIONS:
        if key in flags:
            return _SUGGESTIONS[key]
    return None
