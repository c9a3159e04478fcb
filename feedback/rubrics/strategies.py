"""Turn-level schemes derived from the utterance codes: ESConv strategy and BOLT codes.

ESConv (RUBRICS.md §6) gives each supporter turn one of eight helping-skills strategies;
BOLT (§5) tags a therapist utterance with any of 13 codes. Both are mapped from the MITI
codes (§1.6) plus a few phrasings the MITI does not separate (normalising, planning).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from . import lexicon as lx
from .codes import content_words
from .normalize import normalize
from .questions import is_declarative_form
from .schema import BoltCode, EsconvStrategy, UtteranceCode

_NORMALIZING = re.compile(
    r"\b(?:(?:it'?s|that'?s|it is|that is) (?:completely |totally |perfectly |very |"
    r"so |"
    r"really |quite )?(?:normal|natural|common|understandable|okay to|ok to|"
    r"alright to|fine to|valid)|makes (?:a lot of |total |perfect )?sense|"
    r"(?:a lot of|many|most) (?:people|others|of us)|you(?:'re| are) not (?:alone|the "
    r"only)|anyone would|(?:it )?happens to (?:everyone|the best|all of us|a lot)|"
    r"your feelings are valid|no wonder|of course you)\b",
    re.IGNORECASE,
)
_PLANNING = re.compile(
    r"\b(?:plan|next step|this week|next week|tomorrow|by (?:monday|the weekend|next)|"
    r"goal|set (?:a|some)|schedule|when (?:will|would|could) you|first step|"
    r"what (?:will|would|could) you do|how (?:will|would|could) you (?:go about|start)|"
    r"commit|try (?:it|this) (?:out|for)|let'?s (?:plan|set|agree))\b",
    re.IGNORECASE,
)
_PSYCHO = re.compile(
    r"\b(?:anxiety|depression|stress|thoughts?|feelings?|emotions?|brain|body|mood|"
    r"sleep|habit|cravings?|withdrawal|trauma|grief|cbt|therapy|coping|mindfulness|"
    r"nervous system|fight or flight|cycle|pattern)\b",
    re.IGNORECASE,
)
_NEEDS = re.compile(
    r"\b(?:need|needs|want|wanted|wants|looking for|hoping for|longing|would like|"
    r"wish|crave)\b",
    re.IGNORECASE,
)
_VALUES = re.compile(
    r"\b(?:important to you|matters? (?:to you|a lot)|value|values|priority|care "
    r"(?:about|deeply)|means? (?:a lot|so much|everything)|the kind of (?:person|"
    r"parent|partner|friend)|believe in|principles?)\b",
    re.IGNORECASE,
)
_CONSEQUENCES = re.compile(
    r"\b(?:when you \w+[^.?!]*,|if you \w+[^.?!]*,|because of (?:that|this|it)|"
    r"leads? to|ends? up|affect(?:s|ing|ed)?|impact|costs? you|as a result|"
    r"so (?:then|now) you|takes? a toll|cause[sd]?)\b",
    re.IGNORECASE,
)
_CONFLICTS = re.compile(
    r"\b(?:part of you|on the one hand|on the other|but (?:at the same time|also)|"
    r"torn|conflicted|mixed feelings|and yet|even though|both|at the same time|"
    r"ambivalen\w*|pulled)\b",
    re.IGNORECASE,
)
_STRENGTHS = re.compile(
    r"\b(?:strength|strong|resilien\w*|capable|managed|able to|you(?:'ve| have) "
    r"(?:done|made|got|kept|stayed|gotten)|resource\w*|support (?:from|of)|skills?|"
    r"determin\w*|courage|proud)\b",
    re.IGNORECASE,
)
_Q_EMOTION = re.compile(
    r"\b(?:how (?:are|do|did|does) (?:you|that|it|this) (?:feel|feeling)|how (?:are|"
    r"were)"
    r" you (?:doing|holding up)|what (?:are|were) you feeling|what(?:'s| is) (?:that|"
    r"it) like (?:for you)?|how (?:was|is) that for you|what feelings?|"
    r"feel(?:ing)? (?:right )?now)\b",
    re.IGNORECASE,
)
_Q_PERSPECTIVE = re.compile(
    r"\b(?:what do you think|how do you see|how would (?:\w+ ){0,2}see|what (?:would|"
    r"might) (?:\w+ ){0,2}(?:say|think)|perspective|point of view|another way|what "
    r"(?:does|would) (?:that|this|it) mean (?:to|for) you|what do you make of|"
    r"what sense do you make|how important|why (?:is|does) (?:that|this|it) matter|"
    r"what would (?:it|that) (?:take|mean)|how do you (?:feel|think) about)\b",
    re.IGNORECASE,
)


_DIFFICULTY = re.compile(
    r"\b(?:hard|difficult|tough|painful|rough|stressful|frustrating|scary|upsetting|"
    r"heartbreaking|overwhelming|exhausting|draining|lonely|awful|terrible|horrible)\b",
    re.IGNORECASE,
)


_AGREEING = re.compile(r"\b(?:true|right|fair)\b", re.I)
_SELF_TALK = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my)\b", re.I)
_YOU = re.compile(r"\b(?:you|your|you're|you've|you'd|you'll|yourself|u|ur)\b", re.I)


def _names_feeling(text: str) -> bool:
    return bool(
        any(w in lx.FEELING_WORDS for w in lx.words(text)) or _DIFFICULTY.search(text)
    )


def _feeling_reflection(text: str, seeker_words: set[str] | None) -> bool:
    """Names a feeling, and not only the feelings the seeker already named.

    ESConv's Restatement rephrases what the seeker said, their named feelings
    included ("So you feel lonely?" after "I'm so lonely"); Reflection of feelings
    articulates a feeling they described without naming it.
    """
    if not _names_feeling(text):
        return False
    if not seeker_words:
        return True
    named = {lx.EMOTION_TO_FAMILY[w] for w in seeker_words if w in lx.EMOTION_TO_FAMILY}
    mine = [w for w in lx.words(text) if w in lx.FEELING_WORDS]
    difficulty = {m.lower() for m in _DIFFICULTY.findall(text)} - set(mine)
    if difficulty - seeker_words:
        return True
    return not mine or any(
        lx.EMOTION_TO_FAMILY[w] not in named and w not in seeker_words for w in mine
    )


def _utterance_strategy(
    u: UtteranceCode, patient_words: set[str] | None = None
) -> EsconvStrategy:
    codes = set(u.codes)
    text = normalize(u.text)
    if "question" in codes:
        if "persuade" in codes or "persuade_with_permission" in codes:
            return "Providing Suggestions"
        if is_declarative_form(text):
            return (
                "Reflection of feelings"
                if _feeling_reflection(text, patient_words)
                else "Restatement or Paraphrasing"
            )
        return "Question"
    if codes & {"persuade", "persuade_with_permission"}:
        return "Providing Suggestions"
    if "self_disclosure" in codes:
        return "Self-disclosure"
    # Naming what the seeker did ("you went even though you were terrified") keeps
    # the strategy of the sentence it sits in (a reflection, information...): ESConv's
    # Affirmation and Reassurance is praise and reassurance, which lx.AFFIRM covers.
    if codes & {"emphasize_autonomy"} or (
        "affirm" in codes
        and not (lx.AFFIRM_DOING.search(text) and not lx.AFFIRM.search(text))
    ):
        return "Affirmation and Reassurance"
    if "support" in codes:
        if lx.WELL_WISHING.search(text) and not lx.SUPPORT_REASSURANCE.search(
            lx.WELL_WISHING.sub("", text)
        ):
            return "Others"
        # "I understand how hard this is" names the feeling; "You've got this" does not.
        if (
            _names_feeling(text)
            and not lx.SUPPORT_REASSURANCE.search(text)
            and not lx.ENCOURAGEMENT.search(text)
        ):
            return "Reflection of feelings"
        return "Affirmation and Reassurance"
    if codes & {"simple_reflection", "complex_reflection"}:
        if _NORMALIZING.search(text):
            # "That's completely normal": validation, whatever its MITI form.
            return "Affirmation and Reassurance"
        if _feeling_reflection(text, patient_words):
            return "Reflection of feelings"
        mirrored = lx.REFLECTION_STEM.match(text) or lx.SUMMARY_MARKERS.search(text)
        if mirrored or patient_words is None:
            return "Restatement or Paraphrasing"
        mine = content_words(text)
        if mine and len(mine & patient_words) / len(mine) >= 0.3:
            return "Restatement or Paraphrasing"
        # A remark about the seeker that does not mirror their words is, in a support
        # chat, usually an evaluative or encouraging comment rather than a paraphrase.
        # A remark that neither mirrors nor addresses them is information only when it
        # carries an informational cue; otherwise it is conversation ("Others").
        if not _YOU.search(text):
            return "Information" if lx.INFORMATION.search(text) else "Others"
        return "Affirmation and Reassurance"
    if "giving_information" in codes:
        if _NORMALIZING.search(text):
            return "Affirmation and Reassurance"
        if lx.INFORMATION.search(text):
            return "Information"
        # The supporter talking about themself or the chat ("I'm happy to listen",
        # "I hope so too"), with no disclosure of a similar experience and no facts,
        # is conversation, not information.
        if _SELF_TALK.search(text):
            return "Others"
        return "Information"
    ack = lx.ACKNOWLEDGEMENT.match(lx.LEADING_MARKERS.sub("", text).strip())
    if ack and not _AGREEING.search(ack.group(0)):
        # "That's great!", "That's okay.": approval and reassurance in a support chat,
        # though the MITI codes neither (it reflects nothing). Plain agreement
        # ("That's true.") is conversation.
        return "Affirmation and Reassurance"
    return "Others"


# When a turn mixes strategies, the one that takes up most of the message wins; on a
# tie, the more specific helping skill is the one supporters chose to label: a
# suggestion, a disclosure or a reflection outweighs a trailing question, which
# outweighs generic reassurance.
_PRIORITY: tuple[EsconvStrategy, ...] = (
    "Providing Suggestions",
    "Self-disclosure",
    "Reflection of feelings",
    "Restatement or Paraphrasing",
    "Question",
    "Affirmation and Reassurance",
    "Information",
    "Others",
)


def esconv_strategy(
    utterances: Sequence[UtteranceCode], patient_text: str | None = None
) -> EsconvStrategy:
    """One strategy for the turn; `patient_text` separates paraphrase from comment."""
    words = content_words(patient_text) if patient_text is not None else None
    counts: Counter[EsconvStrategy] = Counter(
        s for s in (_utterance_strategy(u, words) for u in utterances) if s != "Others"
    )
    if not counts:
        return "Others"
    # The strategy that takes up most of the message; ties go to the more specific
    # helping skill (the priority order above).
    top = max(counts.values())
    for s in _PRIORITY:
        if counts.get(s) == top:
            return s
    return "Others"


def bolt_codes(utterances: Sequence[UtteranceCode]) -> list[BoltCode]:
    out: list[BoltCode] = []
    for u in utterances:
        t = u.text
        if u.is_question:
            if _Q_EMOTION.search(t):
                out.append("questions_on_emotions")
            elif _Q_PERSPECTIVE.search(t) or u.socratic_type in {
                "viewpoints",
                "implications",
                "assumptions",
            }:
                out.append("questions_on_perspectives")
            elif "persuade" not in u.codes:
                out.append("questions_on_experiences")
            if _PLANNING.search(t):
                out.append("planning")
        if u.is_reflection:
            if any(w in lx.FEELING_WORDS for w in lx.words(t)):
                out.append("reflections_on_emotions")
            if _CONFLICTS.search(t):
                out.append("reflections_on_conflicts")
            if _VALUES.search(t):
                out.append("reflections_on_values")
            elif _NEEDS.search(t):
                out.append("reflections_on_needs")
            if _CONSEQUENCES.search(t):
                out.append("reflections_on_consequences")
        if "affirm" in u.codes or (u.is_reflection and _STRENGTHS.search(t)):
            out.append("reflections_on_strengths")
        if {"persuade", "persuade_with_permission"} & set(u.codes):
            out.append("planning" if _PLANNING.search(t) else "problem_solving")
        if _NORMALIZING.search(t) or "support" in u.codes:
            out.append("normalizing")
        if "giving_information" in u.codes and _PSYCHO.search(t):
            out.append("psychoeducation")
    return list(dict.fromkeys(out))
