"""Guided discovery read by the parts a move is made of, not by its phrasing (stop 22).

Pure (no Django). `discovery.py` and `discovery_forms.py` list the shapes three blind
writers gave each Socratic move; every fresh writer built them differently again
("What makes it seem so likely to you?", "What might not fit with it?", "What do you
think Michael or Claire would say, hearing that?", "Laying it all out: some
experiences seem to support the thought, while other facts sit awkwardly with it...").
What those forms share is not their words but their parts, so each move is read here
as a combination of small slots that any wording has to fill:

- examining the evidence: a question (wh- or "is there anything") about the thought
  (it / that / the thought / the worry ...) with a predicate of truth (true, likely,
  accurate, convincing) or of fit (support, confirm, fit, match, account for,
  against, leave out);
- another viewpoint: a third person (a name, "your mum", "a customer", he / she /
  they) and a question of what you would say to them or what they would say, think
  or make of it;
- implications (the downward arrow): "if the thought were true / right / so" and
  what it would mean, follow or say about you;
- synthesis: a question asking the patient to put it (say, put, word, tell
  yourself) with a quality (balanced, fair, kind, believable, accurate, instead), or
  to conclude from everything held together (both, all of it, side by side, weigh);
- the summary (Padesky's third stage) names what the patient has told: two sides of
  the evidence (what makes it feel true, what does not fit, what you would tell
  someone else), or three parts of the cycle (situation, thought, feeling, action).

The last part keeps session tasks from reading as advice: an imperative whose object
is the session's material ("Rate the original thought again for me", "Let's say the
thought were accurate", "tell me where I'm wrong", "Try to catch the thought as it
came") asks for the patient's own words and tells them nothing about their life.

The slots are read only in turns with no advice, confrontation or leading question
(see `classifier.py`): the lecturer who supplies the view and the cross-examiner
keep their codes.
"""

from __future__ import annotations

import re

from .discovery import _cue
from .patterns import _rx

# The thought as the object of the question (the patient voiced it earlier).
_THOUGHT = (
    r"(?:it|that|this|so|the (?:\w+ )?(?:thought|belief|idea|worry|fear|prediction|"
    r"version|one)|th(?:at|is) (?:\w+ )?(?:thought|belief|idea|worry|fear))"
)
_TRUTH = (
    # "right" as an adverb of time or place ("the thought right then") is no truth.
    r"(?:true|truth|right(?! (?:then|now|there|away|before|after|at|when|in)\b)|accurate|correct|likely|real|convincing|convinced|"
    r"believable|solid|certain|valid|holds? up|stands? up|holds? water|stacks? up)"
)
_FIT = (
    r"(?:support\w*|confirm\w*|prov(?:e|es|ed)|back(?:s|ed)? (?:it |that |this )?up|"
    r"points? (?:to|towards|the other way)|(?:don'?t|doesn'?t|does not|do not|didn'?t|"
    r"might not|may not|wouldn'?t|not) (?:\w+ )?(?:fit|match|square|sit|add up|account|"
    r"explain|agree|line up|support)|against|contradict\w*|leaves? out|overlook\w*|"
    r"(?:be )?missing|exceptions?|weighs? (?:up )?against|skips? (?:past|over)|"
    r"ignores?|discounts?)"
)
# A question of that kind: an interrogative head somewhere in the sentence, or a
# yes/no question about the thought itself ("Does that thought hold up?").
_ASKS = (
    r"(?:what|why|which|where|how come|how (?:does|do|did|would)|is there|are there|"
    r"anything|any )"
)

_YES_NO = (
    r"(?:does|do|is|would|could|did) (?:that|the|this) (?:\w+ )?(?:thought|belief|"
    r"worry|fear)"
)
EXAMINES_EVIDENCE = _cue(
    "true|truth|right|accurate|correct|likely|real|convinc|believ|solid|certain|valid|"
    "support|confirm|prov|back|point|fit|match|square|sit|add up|account|explain|agree|"
    "line up|against|contradict|leave|overlook|missing|exception|hold|stand|stack",
    r"\b"
    + _ASKS
    + r"\b[^?]{0,80}\b"
    + _THOUGHT
    + r"\b[^?]{0,60}\b(?:"
    + _TRUTH
    + r"|"
    + _FIT
    + r")\b",
    r"\b" + _ASKS + r"\b[^?]{0,60}\b(?:" + _FIT + r")\b[^?]{0,30}\b" + _THOUGHT + r"\b",
    r"\b" + _YES_NO + r"\b[^?]{0,40}\b(?:" + _TRUTH + r"|" + _FIT + r")\b",
)
# A fact weighed for what it shows ("What does getting an interview tell you?",
# "What does following that advice say about you as a mum?").
WEIGHS_A_FACT = _cue(
    "tell you|say about|suggest|show you",
    r"\bwhat (?:does|do|did|might|could|would) (?:that|this|it|(?:\w+ ){1,4}?)"
    r"(?:tell you|say about|suggest|show you)\b",
)
# Asking how strongly it is believed is a rating, not an examination.
RATING_ITSELF = _rx(
    r"\bhow (?:true|much|strongly|far|sure|certain|convinced|real|right|likely)\b",
    r"\b(?:out of|from|on a scale)\b[^?]{0,20}\b(?:100|10|ten|hundred)\b|\b0\s*(?:-|to)"
    r"\s*100\b|\bpercent(?:age)?\b|%|\bwhat number\b|\bwhere (?:would|does|do) (?:you|it)"
    r" (?:\w+ )?(?:put|land|sit|stand)\b",
)

# Another person's viewpoint: a hypothetical frame and a question of what the
# patient would say or want them to hear (a pronoun for them in the question), or
# what they (a name, "your mum", he / she / they) would say, think or make of it.
_HYPOTHETICAL = (
    r"\b(?:if|imagine|suppose|supposing|picture|pretend|say|hearing|heard)\b"
)
_THIRD = r"(?:him|her|them)"
_NAME = r"(?-i:[A-Z][a-z]{2,})"
OTHER_VIEWPOINT = _cue(
    "would|might|could|'d",
    # "If Ryan were worrying like this..., what would you say to him?", "Imagine a
    # customer confided ... What would you want her to hear?"
    _HYPOTHETICAL + r"[^?]{0,240}?\b(?:what|how)\b[^?]{0,40}\b(?:would|might|could)\b"
    r"[^?]{0,40}\b" + _THIRD + r"\b",
    # "What do you think Michael or Claire would say, hearing that?"
    r"\bwhat (?:do you (?:think|reckon|imagine|guess) )?(?:"
    + _NAME
    + r"|your \w+|he|she"
    r"|they)(?: (?:or|and) (?:" + _NAME + r"|your \w+))?(?:\s+(?:would|might|could)|'d)"
    r" (?:have )?(?:\w+ )?(?:say|said|think|thought|tell you|make of|see|seen|notice|"
    r"noticed)\b",
    # "What would you tell Mai if she felt like this?"
    r"\b(?:what|how) (?:would|might|could) you (?:\w+ ){0,2}(?:say|tell|respond|reply)"
    r"\b(?: to)? (?:" + _NAME + r"|him|her|them|your \w+)\b[^?]{0,80}\bif\b",
)

IMPLICATIONS = _cue(
    "if|suppos|say|imagine|assum|to you",
    r"\b(?:if|suppose|supposing|say|imagine|assuming|let'?s say)\b[^?]{0,40}\b"
    + _THOUGHT
    + r" (?:were|was|is|turned out(?: to be)?|proved|did (?:turn out|prove)"
    r")(?: \w+)? (?:" + _TRUTH + r"|so|the case)\b[^?]{0,80}\b(?:mean|say about|"
    r"follow|so bad|worst|hardest|happen)\w*\b",
    # "What's carrying that thought around doing to you?"
    r"\bwhat(?:'?s| is| does| do| has)\b[^?]{0,40}\b(?:thought|believing|belief|"
    r"worry)\b[^?]{0,30}\b(?:do|doing|done) to you\b",
)

_QUALITY = (
    r"(?:balanced|fair|fairer|kind|kinder|realistic|accurate|believable|helpful|"
    r"compassionate|true to|truer|gentler|whole picture|instead|differently)"
)
FORMULATES_VIEW = _cue(
    "balanced|fair|kind|realistic|accurate|believable|helpful|compassionate|true|"
    "gentler|whole|instead|differently|yourself",
    # The friend's view turned round ("So how might you say that about yourself?").
    r"\b(?:how|what) (?:\w+ ){0,2}(?:would|might|could|can) you (?:say|put|tell)\b"
    r"[^?]{0,30}\b(?:about|to) yourself\b",
    r"\b(?:say|put|word|phrase|tell|sum|state|(?:re)?write|describe|think|reword|"
    r"rephrase|reframe)\b[^?]{0,60}\b" + _QUALITY + r"\b",
    r"\b" + _QUALITY + r"\b[^?]{0,60}\b(?:say|put|word|phrase|tell yourself|sum|"
    r"state|(?:re)?write|describe|reword|rephrase)\b",
)
_HELD_TOGETHER = (
    r"(?:both|all (?:of )?(?:it|that|this|these)|everything|together|side by side|"
    r"weigh\w*|lay(?:ing)? (?:it |them |this )?(?:all )?out|against each other)"
)
CONCLUDES = _cue(
    "both|all|everything|together|side by side|weigh|lay|against each other",
    r"\b"
    + _HELD_TOGETHER
    + r"\b[^?]{0,120}\b(?:what (?:do|would|might|can) you (?:\w+ )?"
    r"(?:make of|conclude|notice|think|see|take from|draw|come to|say)|what conclusion|"
    r"what comes (?:up|to mind)|how do you (?:make sense|see it))\b",
    r"\b(?:what (?:do|would|might|can) you (?:\w+ )?(?:make of|conclude|notice|take "
    r"from)|what conclusion)\b[^?]{0,80}\b" + _HELD_TOGETHER + r"\b",
)

# The parts of a summary: what the patient has told, given back.
_CYCLE_PARTS = {
    "situation": r"\b(?:moment|situation|something happened|it happened|the trigger|"
    r"set (?:it|you) off|you noticed|the scene)\b",
    "thought": r"\b(?:your mind|the thoughts?|thoughts|you thought|you told yourself|"
    r"that thought|a (?:particular )?thought)\b",
    "feeling": r"\b(?:feelings?|emotions?|you felt|you rated|anxiety rose)\b",
    "action": r"\b(?:you did|what you did|you coped|you responded|you handled|you got "
    r"through|you reacted|you ended up)\b",
}
_SIDES = {
    "for": r"\b(?:reasons?|experiences?|what makes|stuff that makes|bits? that makes?|"
    r"things? that makes?|evidence)\b[^.?!]{0,60}\b(?:" + _TRUTH + r"|support\w*|"
    r"feels?|weigh\w*)\b|\bsupports? (?:the|that|this) (?:thought|belief)\b",
    "against": r"\b(?:" + _FIT + r")\b",
    "other": r"\b(?:you'?d|you would|you might) (?:\w+ )?(?:say|tell|talk|speak)\b|\b"
    r"(?:would|'d) say\b|\bdifferently (?:to|from|than)\b",
}
_CYCLE_RX = {k: re.compile(v, re.I) for k, v in _CYCLE_PARTS.items()}
_SIDES_RX = {k: re.compile(v, re.I) for k, v in _SIDES.items()}

DIRECTIVE_SYNTHESIS = (
    r"^\W*(?:(?:so|now|ok|okay|then|and)[,.]?\s+)*(?:(?:let'?s|try(?: to)?|can you|"
    r"could you) )?(?:put(?:ting)? together|come up with|writ(?:e|ing)|(?:re)?word(?:ing)?"
    r"|sum(?:ming)? up)\b[^.?!]{0,40}\b(?:balanced|fairer|fair|kinder|realistic|new|"
    r"alternative)\b[^.?!]{0,20}\b(?:statement|version|thought|view|way|sentence)\b"
)
_DIRECTIVE_SYNTHESIS = re.compile(DIRECTIVE_SYNTHESIS, re.I)
# An imperative whose object is the session's material: asks for words, tells
# nothing about the patient's life.
SESSION_TASK = _rx(
    r"^\W*(?:(?:and|so|ok|okay|now|then|just|please)[,.]?\s+)*(?:re-?rate|rate|score|"
    r"give)\b[^.?!]{0,60}\b(?:thought|feeling|emotion|it|that|number|one|anxiety)\b",
    r"\btell me (?:if|where|whether|what|how)\b",
    # A directive to formulate the view ("Put together a balanced statement."):
    # the synthesising question in the imperative.
    DIRECTIVE_SYNTHESIS,
    r"^\W*(?:(?:and|so|ok|okay|now)[,.]?\s+)*let'?s (?:say|suppose|imagine|assume|"
    r"follow|see|pretend|try|hold|put|gather|pull)\b",
    r"\b(?:try to |see if you can )?(?:catch|notice|name|find|put) (?:the|that|this|"
    r"those) (?:\w+ )?(?:thought|words|feeling)s?\b",
    r"\b(?:it|that) can help (?:to|if)\b|\bhere(?:'s| is) (?:what i'?ve|my understanding)",
    r"\b(?:give|put) (?:each one |it |them )?a (?:number|score|rating)\b",
)
# Telling the patient what to do or think (the lecturer) is advice whatever the object.
OBLIGATION = _rx(
    r"\b(?:should|must|need to|have to|has to|ought|why don'?t you|my advice|i suggest|"
    r"stop|repeat|remind yourself|every (?:morning|day|night)|this week)\b",
)


# Asking for the thought, or leave to ask, is not examining it.
ASKS_FOR_IT = _rx(
    r"\bwhat (?:was|is|were|are) (?:the|that|your|those) (?:\w+ )?thoughts?\b"
    r"(?! (?:that|which)\b)",
    r"\b(?:can|could|may) i (?:ask|check|try)\b",
    # "And what did your head tell you that meant?" asks for the thought.
    r"\bwhat (?:did|does|was|is|do) (?:your|ur) (?:mind|head|brain|inner voice|gut)\b",
)


# Leave to answer freely ("no right answer", "your words not mine"): the opposite
# of supplying the answer, though "? no ..." reads like a self-answered question.
AUTONOMY = _rx(
    r"\b(?:there'?s |there is )?no (?:right|wrong) (?:or wrong |or right )?answers?"
    r"(?: here)?\b",
    r"\byour words,? not mine\b",
)


def _is_question(text: str) -> bool:
    return "?" in text and not ASKS_FOR_IT.search(text)


def discovery_labels(sentence: str) -> set[str]:
    """Socratic labels of one question by its parts (empty for a statement)."""
    if not _is_question(sentence):
        return set()
    labels: set[str] = set()
    rating = bool(RATING_ITSELF.search(sentence))
    if FORMULATES_VIEW.search(sentence) or CONCLUDES.search(sentence):
        labels.add("socratic_synthesis")
    if not rating and (
        EXAMINES_EVIDENCE.search(sentence) or WEIGHS_A_FACT.search(sentence)
    ):
        labels.add("socratic_evidence")
    if OTHER_VIEWPOINT.search(sentence):
        labels.add("socratic_alternatives")
    if IMPLICATIONS.search(sentence):
        labels.add("socratic_consequences")
    return labels


# The examination announced in one sentence and asked in the next ("Let's look at
# the other side. What have your director and the team said about your work?").
ANNOUNCED_EXAMINATION = _cue(
    "side|evidence|thought|test|examine|check|ledger|weigh",
    r"\b(?:let'?s|let us|we could|can we|could we|i'?d like (?:us )?to|now to)\s+"
    r"(?:\w+\s+)?(?:look at|examine|test|check|weigh(?: up)?|turn to|consider)\b"
    r"[^.?!]{0,40}\b(?:(?:the )?other side|the evidence|the (?:thought|rule|belief|"
    r"idea|worry|prediction)|that (?:thought|rule|belief|idea|worry))\b[^?]*[.!:;]"
    r"\s+[^?]{3,200}\?",
)


def announced_examination(text: str) -> bool:
    return bool(ANNOUNCED_EXAMINATION.search(text))


def asks_for_view(text: str) -> bool:
    """The synthesising question over the whole turn, or as a directive ("Put
    together a balanced version of the thought. How would you say it?")."""
    sentences = re.split(r"(?<=[.?!])\s+", text.strip())
    return any(_DIRECTIVE_SYNTHESIS.search(x) for x in sentences)


def other_viewpoint(text: str) -> bool:
    """The viewpoint question over the whole turn: the person and the question
    often sit in two sentences."""
    return bool(OTHER_VIEWPOINT.search(text))


def summary_parts(text: str) -> set[str]:
    """The parts of the patient's account a turn gives back, from its statements
    (the question it ends with asks; it does not summarise)."""
    statements = " ".join(s for s in re.split(r"(?<=[.?!:])\s+", text) if "?" not in s)
    parts = {k for k, rx in _CYCLE_RX.items() if rx.search(statements)}
    parts |= {f"side:{k}" for k, rx in _SIDES_RX.items() if rx.search(statements)}
    return parts


def gives_back_summary(text: str) -> bool:
    """A summary by its content: two sides of the evidence, or three parts of the
    cycle, told back in statements."""
    parts = summary_parts(text)
    sides = {p for p in parts if p.startswith("side:")}
    return len(sides) >= 2 or len(parts - sides) >= 3


AGREEMENT = _rx(
    r"\byou'?re (?:right|correct|not wrong)\b|\bi agree\b|\bthat'?s (?:true|right|so "
    r"true)\b|\b(?:exactly|absolutely|of course)\b"
)


def balanced_summary(text: str) -> bool:
    """A summary that gives back what does not fit the thought beside the rest of
    the account agrees with nothing (unless it says it agrees)."""
    return (
        gives_back_summary(text)
        and "side:against" in summary_parts(text)
        and not AGREEMENT.search(text)
    )


def session_task(sentence: str) -> bool:
    return bool(SESSION_TASK.search(sentence)) and not OBLIGATION.search(sentence)
