"""The rubric's exceptions that a flag added by the trained model must respect.

The flag model (`flag_model`) scores a turn from its words and the patient's last
line. It cannot know the exceptions RUBRICS.md writes out and the rules encode:
advice the patient asked for or agreed to hear is not premature; a feeling the
patient named earlier in the session, or one their situation implies, is not read
in; a feeling offered tentatively is the skill, not the failure. These checks reuse
the rules' own facts (the disclosure detector, the consent and asking patterns, the
feeling families), so a model flag never contradicts a rule's explicit exception.

They are applied when the model adds a flag, never when it is trained: the weights
file stays reproducible from the corpus alone.
"""

from __future__ import annotations

import re

from . import flag_cues as fc
from . import flag_forms as ff
from . import lexicon as lx
from .codes import CONSENT, PATIENT_ASKS_ADVICE
from .collusion import FRAMED
from .flags import (
    asks_for_ideas,
    felt_words,
    is_emotional_disclosure,
    reading_in_families,
)
from .normalize import normalize
from .schema import TurnContext, last_patient_text

__all__ = ["rubric_allows"]

# Stop 21: warm pacing ("there's no rush", "take your time", "we can go slowly",
# "whenever you're ready", "I'm here") sides with no belief and no avoidance: a turn
# made of nothing else is never collusion, whatever the model's words say.
_PACING = re.compile(
    r"\b(?:(?:there'?s|theres|there is) no (?:rush|hurry|pressure)(?: at all)?|no "
    r"(?:rush|hurry|pressure)(?: at all)?|take (?:your|all the|as much) time(?: you "
    r"need)?|(?:we|you) can (?:go|take (?:it|this)) (?:slow(?:ly)?|at your (?:own )?"
    r"pace|step by step)|whenever you'?re ready|i'?m (?:here|listening)|(?:it'?s|that'?s"
    r"|thats) (?:totally |completely |perfectly )?(?:ok|okay|fine|alright))\b",
    re.IGNORECASE,
)


def _pacing_only(text: str) -> bool:
    rest = _PACING.sub(" ", text)
    return bool(_PACING.search(text)) and len(re.findall(r"[a-z']+", rest, re.I)) <= 2


_SIDES = re.compile(
    r"\b(?:you'?re (?:right|not wrong)|fair enough|(?:totally|to be) fair|no wonder|"
    r"i (?:can )?(?:see|get|understand) why|understandabl\w*|fine|safe\w*|wise|no "
    r"point|trust your gut|right to|unfair|hurtful|(?:yeah|honestly|i mean|totally|"
    r"well yeah)\b)",
)

_TENTATIVE = re.compile(
    r"\b(?:i wonder|maybe|perhaps|might|could it be|i guess|i imagine|"
    r"i'?m guessing|is that right|am i right|does that fit|if i'?m hearing)\b",
    re.IGNORECASE,
)


def _invited(patient: str) -> bool:
    # The same test as the rule's (`flags.find_flags`): asked for advice, asked for
    # ideas ("I need some ideas", 2026.11-11: the model may now add this flag), or
    # agreed to hear it.
    first = re.split(r"(?<=[.!?])\s+", patient.strip(), maxsplit=1)[0]
    return bool(
        PATIENT_ASKS_ADVICE.search(patient)
        or asks_for_ideas(patient)
        or CONSENT.match(first)
    )


def _reads_in(ctx: TurnContext) -> bool:
    """The turn names, without tentative framing or an explicit check, a feeling
    whose family the patient has neither named (not negated) nor implied anywhere
    in the session (the rules' own set, `flags.reading_in_families`). 2026.11-8: a
    turn naming no feeling word the rules know is not flagged by the model either
    (before, it was: that is where its false reading-in flags came from)."""
    text = ctx.trainee_text
    if _TENTATIVE.search(text) or ff.CHECKED.search(text):
        return False
    if ff.NATURAL_REACTION.search(text):
        return False
    families = reading_in_families(ctx, last_patient_text(ctx))
    named = {
        lx.EMOTION_TO_FAMILY[w]
        for w in felt_words(text)
        if w in lx.FEELING_WORDS and w in lx.EMOTION_TO_FAMILY
    } | {ff.EXTRA_FEELINGS[w] for w in lx.words(text) if w in ff.EXTRA_FEELINGS}
    return bool(named - families)


def rubric_allows(flag: str, ctx: TurnContext) -> bool:
    """Whether the model may add `flag` to this turn under the rubric's exceptions."""
    if flag == "problem_solving_after_disclosure":
        patient = last_patient_text(ctx)
        return is_emotional_disclosure(patient) and not _invited(patient)
    if flag == "unexpressed_feeling":
        return _reads_in(ctx)
    if flag == "missed_risk_cue":
        # Stop 21: a turn that says it is concerned, or reflects the cue as a thought
        # ("this thought that you're a burden"), took the cue up (the rules' test).
        # Nor one that asks about safety, method or the thoughts themselves.
        text = ctx.trainee_text
        return not (
            fc.RISK_ACK_S21.search(text)
            or ff.RISK_STRONG_RESPONSE.search(text)
            or ff.RISK_RESPONSE_2026_12.search(text)
        )
    if flag == "collusion":
        # 2026.12-1: not a turn that frames the belief as the patient's feeling or
        # thought ("it's hard when you feel you're not good enough"), the rules'
        # own exception.
        # Unless the turn also sides with it ("I can see why you feel...", "no
        # wonder you feel...", "fair enough"): framed collusion is still collusion.
        text = normalize(ctx.trainee_text).lower()
        if _pacing_only(text):
            return False
        return not FRAMED.search(text) or bool(_SIDES.search(text))
    if flag == "missed_risk_cue":
        # 2026.12-1: not when the turn asks after the thoughts, the means or a
        # safety plan (the rules' strongest signs that the cue was taken up).
        text = ctx.trainee_text
        return not (
            ff.RISK_STRONG_RESPONSE.search(text)
            or ff.RISK_RESPONSE_2026_12.search(text)
        )
    return True
