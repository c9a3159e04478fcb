"""EPITOME empathy levels (RUBRICS.md §4.1): ER, IP and EX, each 0 (none) to 2 (strong).

- Emotional Reactions: the responder's own warmth or concern. Strong when the responder
  names their own feeling ("I'm so sad to hear..."); weak when it is alluded to
  ("Sending hugs", "hang in there", "I'm here for you").
- Interpretations: understanding of the seeker's feelings or experience. Strong when the
  inferred feeling or experience is named ("It sounds like the move left you lonely"),
  or the responder relates a similar experience of their own; weak when generic
  ("I understand how you feel").
- Explorations: questions about what the seeker has not said. Strong when specific to
  the seeker's situation; weak when generic ("What happened?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx
from .schema import Level, UtteranceCode

_ER_STRONG = re.compile(
    r"\b(?:i(?:'m| am) (?:so |really |very |truly |deeply |just )*(?:sad|saddened|"
    r"heartbroken|angry|upset|worried|concerned|scared|afraid|sorry (?:for|that)|"
    r"devastated|furious|moved|touched|shocked|horrified)|i feel (?:so |really )?"
    r"(?:sad|bad|terrible|awful|sorry) (?:for|about|that)|(?:breaks|broke|hurts) my "
    r"heart|my heart (?:goes out|breaks|aches|hurts)|heartbreaking|it (?:makes|made) "
    r"me (?:sad|angry|so)|i(?:'m| am) (?:so |really )?sorry (?:to hear|you|for|that|"
    r"about))\b",
    re.IGNORECASE,
)
_ER_WEAK = re.compile(
    r"\b(?:sorry|hugs?|<3|hang in there|stay strong|here for you|not alone|i hope|"
    r"hope (?:you|things|it|this)|wish(?:ing)? you|good luck|best of luck|take care|"
    r"(?:you can|feel free to) (?:always )?(?:pm|dm|message|talk to|reach out)|"
    r"pm me|dm me|message me|people (?:who )?care|i care|we care|you (?:matter|"
    r"deserve)|"
    r"that (?:sucks|'s (?:rough|tough|awful|terrible|horrible))|(?:this|that|it) sucks|"
    r"ugh|damn|wow|oh no|i feel (?:you|for you)|much love|love you|you(?:'re| are) "
    r"(?:worth|loved|important|valued|strong|brave)|you(?:'ve| have) got this|you got "
    r"this|you can do (?:it|this)|it(?:'ll| will) (?:be|get) (?:ok|okay|better|fine)|"
    r"things (?:will|do) get better|proud of you|glad you|welcome|congrat\w*|"
    r"good for you)\b",
    re.IGNORECASE,
)
_IP_GENERIC = re.compile(
    r"\b(?:i (?:totally |completely |really |truly )?(?:understand|get it|get that|"
    r"get you|know how you feel|know the feeling|know what you mean|know that feeling|"
    r"hear you|feel you|can relate|relate)|i know how (?:it|that|hard)|"
    r"i can (?:only )?imagine|that makes sense|understandable|i see (?:what|why)|"
    r"familiar|i know (?:the|that) feeling|same here|me too|"
    # 2026.11-5: agreement and resonance without saying what was understood.
    r"i (?:really )?resonate|i (?:completely |totally )?agree|(?:so|how) true|"
    r"i (?:could|can) understand|i know how \w+ (?:it|that) (?:feels|is|can be))\b|"
    r"^(?:exactly|definitely|absolutely|totally)\b",
    re.IGNORECASE,
)
_IP_SPECIFIC = re.compile(
    r"\b(?:(?:it )?sounds? like you|seems? like you|you (?:must|might|may) (?:be|feel|"
    r"have)|you(?:'re| are) (?:feeling|going through|dealing with|struggling)|"
    r"that (?:must|would) (?:be|feel|have)|i(?:'ve| have) (?:been|gone|felt|had|dealt|"
    r"struggled|experienced|lost|suffered|done|tried)|i (?:was|went|had|used to|felt|"
    r"struggled|lost|also|too|suffer|struggle|deal|know what it'?s like)|when i was|"
    r"(?:in )?my (?:experience|case|own)|same (?:here|thing|boat|situation)|me too|"
    r"i(?:'m| am) (?:also|in the same|going through|the same)|for me|happened to me|"
    r"i know what it(?:'s| is) like|i(?:'ve| have) been there|been there)\b",
    re.IGNORECASE,
)
_EX_GENERIC = re.compile(
    r"^(?:(?:so |and |but |well,? )?(?:what happened|why|how come|what(?:'s| is) "
    r"(?:wrong|up|going on)|are you (?:ok|okay|alright|all right)|how are you|"
    r"do you want to talk(?: about it)?|wanna talk|what do you mean|how so|"
    r"(?:and )?then what|like what|such as)\s*\??)$",
    re.IGNORECASE,
)
_ABOUT_SEEKER = re.compile(r"\b(?:you|your|you're|you've|yourself|u|ur)\b", re.I)


def emotional_reactions(text: str) -> Level:
    if _ER_STRONG.search(text):
        return 2
    if _ER_WEAK.search(text) or lx.SUPPORT.search(text):
        return 1
    return 0


_SORRY_YOU = re.compile(r"\bsorry (?:that |to hear )?(?:you|u)\b[^.!?]*", re.I)


def interpretations(text: str, utterances: Sequence[UtteranceCode]) -> Level:
    # "I'm sorry you're feeling this way" is a reaction (ER), not an interpretation.
    text = _SORRY_YOU.sub("", text)
    generic = _IP_GENERIC.search(text)
    if generic and len(text.split()) <= 12:
        # A short "I understand" or "I know the feeling" is generic understanding,
        # even though it is phrased in the first person.
        return 1
    # Relating a similar experience of one's own is the commonest strong form in
    # peer support ("Same here, I lie awake until three most nights"). It takes an
    # explicit "same here" or at least two first-person statements: a single one is
    # often an aside ("I work nights, but have you tried...").
    if lx.SHARED_EXPERIENCE.search(text) or len(lx.OWN_EXPERIENCE.findall(text)) >= 2:
        return 2
    if _IP_SPECIFIC.search(text):
        return 2
    if _IP_GENERIC.search(text):
        return 1
    # A tentative complex reflection names the inferred feeling or experience.
    if any(
        "complex_reflection" in u.codes and lx.REFLECTION_STEM.match(u.text)
        for u in utterances
    ):
        return 2
    return 0


_NOT_EXPLORING = frozenset({"persuade", "persuade_with_permission"})


def explorations(utterances: Sequence[UtteranceCode]) -> Level:
    asked = False
    for u in utterances:
        # Advice or argument in question form explores nothing (2026.11-6).
        if not u.is_question or _NOT_EXPLORING & set(u.codes):
            continue
        if "confront" in u.codes and lx.LEADING_Q.search(u.text):
            # A rhetorical challenge ("Isn't that a bit selfish?") carries its answer.
            continue
        asked = True
        core = lx.LEADING_MARKERS.sub("", u.text).strip()
        generic = _EX_GENERIC.match(core) or len(core.split()) <= 3
        if not generic and _ABOUT_SEEKER.search(core):
            return 2
    return 1 if asked else 0


def empathy_levels(
    text: str, utterances: Sequence[UtteranceCode]
) -> tuple[Level, Level, Level]:
    """(ER, IP, EX) for a whole response."""
    return (
        emotional_reactions(text),
        interpretations(text, utterances),
        explorations(utterances),
    )
