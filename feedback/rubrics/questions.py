"""The form of an utterance: question or statement, open or closed, declarative form.

Split from `codes.py` (which applies the decision rules) so that each module stays
readable: these helpers only look at the wording of one utterance (RUBRICS.md §0.4).
"""

from __future__ import annotations

import re

from . import lexicon as lx
from .memo import per_turn
from .schema import QuestionKind

SECOND_PERSON = re.compile(
    r"\b(?:you|your|you're|you've|you'd|you'll|yourself)\b", re.I
)


_WH_ANY = re.compile(
    r"\b(?:what|how|why|when|where|who|which)\b\s+(?:\w+\s+){0,2}?"
    r"(?:do|does|did|is|are|was|were|would|could|can|will|should|have|has|you|it|that|"
    r"made|makes|happened|happens|else)\b",
    re.IGNORECASE,
)
AUX_YOU = re.compile(
    r"^(?:do|does|did|are|were|have|has|can|could|would|will|is|was|should)\s+"
    r"(?:you|it|that|this|there|they|he|she|we|i|your|anyone|anything|someone)\b",
    re.IGNORECASE,
)


_OR_QUESTION = re.compile(r"\bor\b[^?]*\?$|,\s*or\?$|\bor not\b", re.I)
# A support phrase that names the difficulty is also a reflection ("That sounds hard").


@per_turn
def strip_markers(text: str) -> str:
    return lx.LEADING_MARKERS.sub("", text.strip()).strip()


def question_kind(core: str) -> QuestionKind:
    """Open invites an elaborated answer; closed a yes/no or a short fact."""
    clauses = [core] + [c.strip() for c in re.split(r"[,;:]\s+|\s+(?:and|so)\s+", core)]
    for clause in clauses:
        c = strip_markers(clause)
        if lx.WH_CLOSED.match(c):
            return "closed"
        if lx.WH_OPEN.match(c) or lx.TELL_ME.match(c):
            if _OR_QUESTION.search(core) and not c.lower().startswith(("how", "why")):
                return "closed"
            return "open"
        if lx.AUX_START.match(c):
            return "closed"
    if lx.EMBEDDED_OPEN.search(core):
        return "open"
    if re.search(r"\b(?:what|how|why)\b", core, re.I) and not _OR_QUESTION.search(core):
        # "So when that happens, what goes through your mind?"
        return "open"
    return "closed"


def is_interrogative(core: str) -> bool:
    """An interrogative form without a question mark (spoken transcripts)."""
    if lx.TELL_ME.match(core) or lx.EMBEDDED_OPEN.search(core):
        return True
    if lx.EMBEDDED_CLOSED.search(core) and not WONDER_REFLECTION.search(core):
        return True
    if AUX_YOU.match(core):
        return True
    if _SUBORDINATE.match(core):
        # "When I was job hunting...", "What I'm hearing is...": a clause, not a
        # question.
        return False
    if _LATER_WH.search(core):
        # "If everyone saw one error, what would they conclude about you": the
        # question comes after a conditional clause.
        return True
    first = core.split(" ", 1)[0].lower().strip(",")
    return first in {"what", "how", "why", "where", "when", "who", "which"} and bool(
        _WH_ANY.match(core)
    )


def is_declarative_form(text: str) -> bool:
    """True for a statement-shaped utterance, whatever its final punctuation.

    "So you feel left out?" is declarative in form: a reflection spoken with rising
    intonation. Schemes without the text convention of RUBRICS.md §0.4 (ESConv) code it
    as a restatement, so the strategy mapping needs to know the form.
    """
    core = strip_markers(text.rstrip(" ?!.\"'")) or text
    if _ANY_WH.search(core):
        return False
    for i, clause in enumerate(re.split(r"[,;:]\s*|\s+(?:and|so|but|or)\s+", core)):
        c = strip_markers(clause)
        # Inside the sentence an auxiliary opens a question only before its subject
        # (", have you lost..."), not in a coordinated verb phrase ("...and have lost
        # touch", "but did nothing").
        aux = lx.AUX_START if i == 0 else _AUX_SUBJECT
        if c and (is_interrogative(c) or aux.match(c)):
            return False
    return bool(
        SECOND_PERSON.search(core)
        or lx.REFLECTION_STEM.match(core)
        or opening_word(text) == "so"
    )


# "I wonder if you felt relieved" offers a guess about the client's inner state: a
# tentative (complex) reflection, not a request for a yes or no.


WONDER_REFLECTION = re.compile(
    r"\bi(?:'m| am)? wonder(?:ing)? (?:if|whether) (?:part of you|(?:you|you'?re|"
    r"you'?ve|you'?d) (?:\w+ )?(?:felt|feel|feeling|were|are|was|might|may|could|"
    r"find|found|carry|carrying|hold|holding|miss|missed|blame|worry|wanted|want))",
    re.IGNORECASE,
)


_LATER_WH = re.compile(
    r"^(?:if|when|after|before|looking at|thinking about|given)\b[^,]{3,120},\s*"
    r"(?:what|how|why)\s+(?:would|will|do|does|did|is|are|was|were|could|might|should|"
    r"can|has|have|made|makes)\b",
    re.IGNORECASE,
)
_SUBORDINATE = re.compile(
    r"^(?:(?:when|where|while|whenever) (?:i|you|we|he|she|they|it|my|your|the)\b|"
    r"(?:what|how|who|which) (?:i|we)\b)(?![^,]*,\s*(?:what|how|why|when|where|who|do|"
    r"does|did|is|are|have|has|can|could|would)\b)",
    re.IGNORECASE,
)


_AUX_SUBJECT = re.compile(
    lx.AUX_START.pattern
    + r"(?:\s+(?:not|n't))?\s+(?:you|it|that|this|there|they|he|she|we|i|your|my|his|"
    r"her|their|our|the|a|an|anyone|anything|someone|something|everyone|people)\b",
    re.IGNORECASE,
)


_ANY_WH = re.compile(
    r"\b(?:what|whats|what's|how|why|where|when|who|which|whose)\b", re.I
)


def opening_word(raw: str) -> str:
    m = lx.OPENER.match(raw)
    return m.group(1).lower() if m else ""
