"""Word lists and patterns for the form of an utterance: fillers, openers, questions
and reflections (RUBRICS.md §0.4, §1.1).

Part of the lexicon (`lexicon.py` re-exports every name). Every list was written from
the rubric definitions and ordinary English usage; none is mined from a dataset.
Patterns are compiled once at import time: the offline annotator must code well over a
thousand turns per second.
"""

from __future__ import annotations

import re

from .memo import per_turn


def words(text: str) -> list[str]:
    return list(_words(text))


@per_turn
def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(text.lower()))


_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")


def rx(*alternatives: str) -> re.Pattern[str]:
    """One case-insensitive pattern matching any alternative at word boundaries."""
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


# --- fillers, backchannels, structuring -----------------------------------------------

FILLER_WORDS = frozenset(
    """
    ok okay okey alright all right mm mmm hmm mhm mm-hmm uh-huh uh huh um umm uh er ah
    oh yeah yes yep yup yap no nope right sure cool good great fine fair nice wow well
    so and but i see gotcha got it exactly absolutely definitely totally true indeed
    thanks thank you hi hello hey bye goodbye welcome sorry pardon really
    """.split()
)

# Leading discourse markers stripped before an utterance is classified. Transcripts mark
# interrupted speech with a leading dash ("-and then..."), stripped as well.
LEADING_MARKERS = re.compile(
    r"^[\s\-–—.,…]*(?:(?:ok(?:ay)?|alright|all right|mm+(?:-?hmm+)?|m+hm+|hmm+|uh-huh|"
    r"uh|um+|er|ah|oh|"
    r"yeah|yes|yep|right|sure|well|so|and|but|now|I see|I hear you|gotcha|good|great|"
    r"wow|huh|no|okay then|like(?=,?\s+(?:what|how|why|when|where|who|which|have|has|"
    r"had|do|does|did|is|are|was|were|can|could|would|will)\b))\b[\s,.!:;-]*)*",
    re.IGNORECASE,
)

# The opening connective of an utterance, looked for under fillers ("Okay. So you...").
OPENER = re.compile(
    r"^[\W_]*(?:(?:ok(?:ay)?|alright|all right|right|yeah|yes|mm+-?hmm+|mm+|uh-huh|um+|"
    r"uh|well|oh)\b[\s,.!:;-]+)*(and|but|because|'?cause|so|or|which|even|until)\b",
    re.IGNORECASE,
)

GREETING = rx(
    r"hi|hello|hey|good (?:morning|afternoon|evening|night)|bye|goodbye|"
    r"take care|nice to (?:meet|see|talk)|welcome|have a (?:good|great|nice)",
    r"thanks? (?:you )?(?:for|so much)|thank you|you'?re welcome|no problem",
)

# --- questions ------------------------------------------------------------------------

WH_OPEN = re.compile(
    r"^(?:what|how|why|where(?=[^?]*\bcome from\b)|in what way|tell me|describe|"
    r"walk me through|help me understand|"
    r"say more|talk (?:to me )?about)\b",
    re.IGNORECASE,
)
# Wh-questions that ask for a short fact are closed (AnnoMI: "a yes/no or a short
# fact").
WH_CLOSED = re.compile(
    r"^(?:how (?:many|much|long|often|old|far|soon)|what (?:time|day|year|age|number|"
    r"kind of \w+ do)|when|where(?![^?]*\bcome from\b)|who|whom|which|whose)\b",
    re.IGNORECASE,
)
AUX_START = re.compile(
    r"^(?:do|does|did|is|are|was|were|am|have|has|had|can|could|would|will|should|"
    r"shall|"
    r"may|might|must|ca|wo|is n't|are n't|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|"
    r"wasn'?t|"
    r"weren'?t|haven'?t|hasn'?t|can'?t|couldn'?t|wouldn'?t|won'?t|shouldn'?t)\b",
    re.IGNORECASE,
)
# Embedded questions without a question mark ("I wonder what...", "I'm curious how...").
EMBEDDED_OPEN = re.compile(
    r"\b(?:i(?:'m| am)? (?:wonder(?:ing)?|curious)|i'd (?:like|love) to (?:know|hear)|"
    r"i want to (?:know|hear|understand))\b[^.?!]*?\b(?:what|how|why)\b",
    re.IGNORECASE,
)
EMBEDDED_CLOSED = re.compile(
    r"\b(?:i(?:'m| am)? (?:wonder(?:ing)?|curious)|i'd like to know)\b[^.?!]*?"
    r"\b(?:if|whether)\b",
    re.IGNORECASE,
)
TELL_ME = re.compile(
    r"^(?:can you |could you |would you )?(?:please )?(?:tell me|say more|"
    r"talk (?:to me )?"
    r"about|describe|walk me through|help me understand|share (?:a bit|more))\b",
    re.IGNORECASE,
)
# Tag questions that turn a declarative reflection into a check (RUBRICS.md §0.4).
TAG_QUESTION = re.compile(
    r"(?:,|—|-|\s)\s*(?:is that (?:right|correct|true|it|fair)|"
    r"(?:am i|did i get that|have i got that) right|right|correct|yeah|no|huh|"
    r"is(?:n't| not) it|do(?:n't| not) you|does(?:n't| not) it|are(?:n't| not) you|"
    r"have(?:n't| not) you|did(?:n't| not) you|was(?:n't| not) it|would(?:n't| not) it|"
    r"or not|or is it something else|does that sound right|does that fit)\s*\?+$",
    re.IGNORECASE,
)
LEADING_Q = re.compile(
    r"^(?:but |so |and )?(?:don'?t you (?:think|agree|feel|want|see)|"
    r"wouldn'?t you (?:agree|say|rather|think)|"
    r"isn'?t it (?:true|obvious|clear|better|possible)|aren'?t you (?:just|being)|"
    r"shouldn'?t you|wouldn'?t it (?:be (?:better|easier|wiser|good|worth)|help)|"
    r"isn'?t it time|(?:isn'?t|wouldn'?t) (?:that|it) (?:just )?(?:be )?(?:better|"
    r"easier)|"
    # A negative yes/no question about the patient's situation presupposes its
    # answer ("Wasn't it nice to...", "Isn't asking for help the clever thing?").
    r"(?:isn'?t|wasn'?t|wouldn'?t|aren'?t|shouldn'?t|doesn'?t) (?:it|that|this|asking|"
    r"hiding|there|she|he|they|everyone|a|the)\b|you'?d agree|surely|"
    r"can'?t you see|surely|you (?:do )?realize|isn'?t that (?:just|a bit))\b",
    re.IGNORECASE,
)

# --- reflections ----------------------------------------------------------------------

REFLECTION_STEM = re.compile(
    r"^(?:it )?(?:sounds? (?:like|as if|as though)|seems? (?:like|as if|that)|"
    r"it (?:sounds|seems|feels|looks) (?:like|as if)|you(?:'re| are) (?:saying|"
    r"telling me|"
    r"feeling|worried|concerned|wondering|thinking)|what i(?:'m| am) hearing|"
    r"i(?:'m| am)? hear(?:ing)? (?:you|that)|if i (?:understand|hear)|so you|you feel|"
    r"you(?:'ve| have) been|you(?:'re| are) not sure|part of you|on the one hand|"
    r"you (?:really |just )?(?:want|need|wish|hope|think|believe|know|worry|don'?t|"
    r"can'?t|didn'?t|wanted|felt|said|mentioned|were|had|noticed|find|found|see|value|"
    r"care|miss|love|hate|like|enjoy)|your (?:\w+ )?(?:is|are|was|were|has|have|"
    r"seems?))\b",
    re.IGNORECASE,
)
# An evaluative acknowledgement ("That's true.", "Sounds good.", "That's okay."): the
# listener agrees with or approves of what was said, but reflects none of its content,
# so it is not a reflection (MITI: a reflection captures what the client said).
ACKNOWLEDGEMENT = re.compile(
    r"^(?:(?:that|it|this)(?:'s| is| was| sounds?| seems?)?|sounds?) (?:(?:so|really|"
    r"very|pretty|quite|certainly|definitely|totally|all|perfectly) )?(?:good|great|"
    r"fine|okay|ok|true|right|fair|cool|nice|perfect|excellent|wonderful|awesome|"
    r"reasonable|fantastic|alright|all right)(?: (?:to me|then|too|enough))?[\s.!,]*$",
    re.IGNORECASE,
)
# A reflection framed as the listener's perception ("I can tell this has worn you
# down", "I can see that you care about her"): first person in form, about the client.
PERCEPTION_STEM = re.compile(
    r"\bi (?:can |could )?(?:really |definitely |totally |truly |already |just )?"
    r"(?:tell|see|sense|feel|imagine|hear|get the (?:sense|feeling|impression)|"
    r"understand|know)(?: that| how| why| what)?(?: it| this| that)?"
    r"(?: (?:has|is|was|must|might|would|could|can|makes?|made))?(?: \w+){0,2} "
    r"(?:you|your|you're|you've|you'd)\b",
    re.IGNORECASE,
)
COMPLEX_MARKERS = re.compile(
    r"\b(?:part of you|on the one hand|on the other hand|at the same time|"
    r"and yet|even though|sounds? like|it seems|as if|as though|almost like|"
    r"kind of like|"
    r"important to you|matters? to you|means? a lot|you value|you care|deep down|"
    r"what you really|you(?:'re| are) (?:afraid|scared|worried|torn)|"
    r"you(?:'re| are) (?:starting|beginning) to|you(?:'ve| have) (?:decided|realized)|"
    r"you don'?t want to|you want to be|you(?:'d| would) like to be|"
    r"for you|the kind of person|wonder if|i guess|i imagine|i suspect|"
    r"(?:feel|feeling|felt)s? (?:like|as if))\b",
    re.IGNORECASE,
)
SUMMARY_MARKERS = re.compile(
    r"\b(?:let me (?:just |quickly |try (?:and|to) )?(?:see if i|pull|summari[sz]e|"
    r"sum)|to sum up|so far|in summary|"
    r"you(?:'ve| have) (?:told|said|mentioned) (?:me )?(?:a few|several|that)|"
    r"(?:so )?on the one hand|let me (?:check|make sure) i|putting (?:that|this|it) "
    r"together|if i put (?:that|this|it) together|what i(?:'m| am) hearing is)\b",
    re.IGNORECASE,
)
