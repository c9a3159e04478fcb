"""Sympathy with and without the patient's content (stop 21, `docs/annotation.md`).

"That sounds so hard" is sympathy (MISC support). It becomes a reflection only when it
gives back something of the patient's: a feeling beyond the generic plight words, the
situation ("...finding out with no time to plan"), or the thought. Blind labellers code
the bare form `support` alone (RUBRICS.md 1.1: a reflection adds meaning to what the
client said); the same frame carrying content stays a complex reflection + support.

Pure: no Django, regexes and word sets only.
"""

from __future__ import annotations

import re

from . import lexicon as lx
from .normalize import normalize

# The plight frame: "that/it/this is/sounds/must be (so) <hard...>". Shared with
# `codes.py`, where a frame that carries content is read as a reflection.
SYMPATHY_FRAME = re.compile(
    r"\b(?:that|it|this)(?:'s| is| was| has been| (?:must|would|can|could|sounds?|"
    r"seems?)(?: be| have been| feel)?) (?:such an? |an? )?(?:so |really |very |"
    r"incredibly |pretty |quite |extremely )?(?:hard|tough|awful|"
    r"difficult|painful|scary|frustrating|overwhelming|stressful|exhausting|lonely|"
    r"upsetting|heartbreaking|rough|draining|confusing)\b",
    re.IGNORECASE,
)
# Exclamations of sympathy ("What a horrible week.", "What a week you've had!",
# "How awful."): statements, not questions, when they do not end in "?".
EXCLAMATION = re.compile(
    r"^\W*(?:(?:oh|gosh|god|wow|ugh|aw+|oof|man|jeez)\W+)*(?:what an?|such an?) "
    r"(?:(?:really |truly |absolutely )?(?:horrible|awful|terrible|rough|hard|tough|"
    r"difficult|horrendous|dreadful|miserable|stressful|grim|brutal|crap|shit|"
    r"rubbish|nightmare|painful|rotten|lousy|crappy|hellish|gruelling|grueling|"
    r"heavy|long|bad|mad|crazy|upsetting) )?(?:week|day|time|month|year|"
    r"night|morning|weekend|few (?:days|weeks|months)|nightmare|ordeal|thing to go "
    r"through)\b|^\W*how (?:awful|horrible|terrible|hard|rough|dreadful|scary|"
    r"painful|sad)\b",
    re.IGNORECASE,
)
# Generic plight words: they say the patient's lot is bad, not what the patient
# feels. "That sounds lonely / scary / exhausting" names a feeling (the labellers code
# those reflections), so only these make a frame bare.
_PLIGHT_WORDS = (
    "hard tough awful difficult painful upsetting heartbreaking rough horrible "
    "terrible horrendous dreadful miserable grim brutal crap shit rubbish bad heavy "
    "tricky nightmare ordeal devastating distressing hurtful rotten lousy crappy "
    "hellish gruelling grueling long mad crazy"
)
_GENERIC = frozenset(_PLIGHT_WORDS.split())
# The same frame with any generic plight word ("that sounds grim"): bare sympathy only.
_PLIGHT_FRAME = re.compile(
    SYMPATHY_FRAME.pattern.rsplit("(?:hard|", 1)[0]
    + "(?:"
    + "|".join(sorted(_GENERIC))
    + r")\b",
    re.IGNORECASE,
)
# Words that add nothing of the patient's: interjections, intensifiers, the frame's
# verbs, "I'm sorry", "for you", "to hear/deal with", a span of time.
_EMPTY = frozenset(
    (
        _PLIGHT_WORDS + " oh gosh god ugh aw aww awww wow yeah yes yikes man honestly "
        "really so very such just genuinely truly oof no ok okay hmm mm mmm jeez "
        "blimey crikey hey well alright love hun mate too pretty quite incredibly "
        "extremely absolutely i i'm im am sorry for you to hear that that's it it's "
        "this a an the and must be been being sounds sound sounded seems seem is was "
        "has have had you've what how deal with handle cope go through going live "
        "sit all at once right now lately week day time month year night morning "
        "weekend few days weeks months situation thing things stuff lot of feel "
        "would could can thing"
    ).split()
)
# A name or endearment said to the patient at either end ("..., Jo.", "Tom, ...").
_VOCATIVE = re.compile(r"(?:^\W*[a-z]+\s*,|,\s*[a-z]+\W*$)", re.IGNORECASE)


def bare_sympathy(core: str) -> bool:
    """True for sympathy that gives back nothing of the patient's ("That sounds so
    hard.", "oh that must be awful", "What a horrible week.", "that's rough").

    "That sounds so hard, finding out with no time to plan" names the situation and
    "that must be awful, you must feel panicky" names a feeling: both are reflections.
    """
    frame = (
        SYMPATHY_FRAME.search(core)
        or _PLIGHT_FRAME.search(core)
        or EXCLAMATION.search(core)
    )
    if frame is None or "?" in core:
        return False
    if any(
        lx.words(m.group(0))[-1] not in _GENERIC for m in SYMPATHY_FRAME.finditer(core)
    ):
        return False  # "that sounds really lonely": a named feeling, a reflection
    rest = _PLIGHT_FRAME.sub(" ", SYMPATHY_FRAME.sub(" ", EXCLAMATION.sub(" ", core)))
    for m in _VOCATIVE.finditer(rest):
        said = lx.words(m.group(0))
        # A feeling word after the comma ("..., scared") is content, not a name.
        if len(said) == 1 and said[0] not in lx.FEELING_WORDS:
            rest = rest.replace(m.group(0), " ")
    return all(w in _EMPTY for w in lx.words(rest))


def is_bare_sympathy(text: str) -> bool:
    """`bare_sympathy` on an utterance as typed ("thats rough" -> "that's rough")."""
    return bare_sympathy(normalize(text.strip()))
