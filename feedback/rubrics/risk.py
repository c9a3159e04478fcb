"""What a trainee asked after a patient disclosed suicidal thoughts (pure, no Django).

A risk assessment covers eight things (the usual clinical checklist, e.g. the
Columbia protocol's ideation and behaviour items plus protective factors and
support): asking directly about suicidal thoughts, how often they come, a plan,
intent, access to means, past attempts, what keeps the patient going, and who they
can turn to. The rules below are simple patterns over the trainee's own words; they
look for the topic being asked about, not for a well-phrased question. The direct
question often comes first and draws the disclosure (or a denial the patient takes
back later), so the turns read start at the first direct question when it came
before the disclosure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .scoring.records import TurnRecord


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.IGNORECASE)


# Asking in so many words about suicidal thoughts: the question that opens an
# assessment (and the one most often missing from a trainee's list).
DIRECT_QUESTION = _rx(
    r"suicid",
    r"kill(?:ing)? (?:yourself|urself)",
    r"end(?:ing)? (?:your|ur) (?:own )?life",
    r"tak(?:e|ing) your (?:own )?life",
    r"(?:thoughts?|thinking|thought) (?:of|about) (?:dying|death|ending (?:it|things|"
    r"your)|not (?:being|wanting to be) (?:here|alive|around)|not waking up)",
    r"(?:want|wanting|wish|wished|wishing) (?:you were|to be|to die|you could die|"
    r"you (?:weren'?t|wasn'?t) (?:here|alive|around))",
    r"better off dead",
    r"(?:don'?t|do not|not) want to (?:be alive|live|be here)",
)

# (key, label, pattern) in the order a report lists them.
RISK_TOPICS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    (
        "direct",
        "Asking directly about suicidal thoughts",
        DIRECT_QUESTION,
    ),
    (
        "frequency",
        "How often the thoughts come",
        _rx(
            r"how often",
            r"how many times",
            r"how frequent",
            r"every day",
            r"\bdaily\b",
            r"how long have you",
            r"when did (?:these|the|those|this)",
            r"how much of the time",
            r"come and go",
            r"how recent",
            r"right now",
            r"at the moment",
        ),
    ),
    (
        "plan",
        "A plan",
        _rx(
            r"\bplans?\b",
            r"planned",
            r"thought about how",
            r"how (?:would|might|could) you",
            r"\bmethod",
            r"worked out how",
            r"a way to (?:do|end|kill)",
        ),
    ),
    (
        "intent",
        "Intent to act",
        _rx(
            r"\bintend",
            r"\bintent",
            r"act on",
            r"going to (?:do|act|kill|end|hurt)",
            r"mean to",
            r"how close",
            r"(?:would|will) you (?:do|act|go through)",
            r"\bready to",
            r"want to (?:die|end)",
            r"how likely",
        ),
    ),
    (
        "means",
        "Access to means",
        _rx(
            r"access to",
            r"\bpills?\b",
            r"medication",
            r"tablets",
            r"\bguns?\b",
            r"firearm",
            r"weapon",
            r"\bknife",
            r"\brope\b",
            r"\bmeans\b",
            r"stockpil",
            r"anything (?:at home|you could use|around)",
        ),
    ),
    (
        "past_attempts",
        "Past attempts",
        _rx(
            r"tried (?:to|before)",
            r"attempt",
            r"ever (?:hurt|harmed|tried)",
            r"in the past",
            r"before now",
            r"previous",
            r"happened before",
            r"self[- ]harm",
            r"hurt(?:ing)? yourself",
            r"ever felt this",
        ),
    ),
    (
        "protective",
        "Protective factors (what keeps them going)",
        _rx(
            r"keeps? you (?:going|safe|alive|here)",
            r"reasons? (?:for|to) (?:live|living|stay)",
            r"what stops you",
            r"stopped you",
            r"holds? you back",
            r"what helps",
            r"looking forward",
            r"look forward",
            r"matters (?:most )?to you",
            r"\bhope",
            r"gets? you through",
        ),
    ),
    (
        "support",
        "Support (who they can turn to)",
        _rx(
            r"someone (?:you|to)",
            r"anyone (?:you|to|who)",
            r"who (?:could|can|would|do you)",
            r"\bsupport",
            r"\bfriends?\b",
            r"family",
            r"partner",
            r"crisis (?:line|team)",
            r"helpline",
            r"hotline",
            r"\bgp\b",
            r"doctor",
            r"safety plan",
            r"reach out",
            r"talk to",
            r"not alone",
        ),
    ),
)


@dataclass(frozen=True)
class AskedTopic:
    key: str
    label: str
    turn: int  # the first trainee turn that asked about it


@dataclass(frozen=True)
class RiskReview:
    disclosed_turn: int
    asked: tuple[AskedTopic, ...] = ()
    missed: tuple[tuple[str, str], ...] = ()
    flags: tuple[str, ...] = field(default_factory=tuple)

    @property
    def complete(self) -> bool:
        return not self.missed

    @property
    def total(self) -> int:
        """How many topics a full assessment asks about (for the report's sentence)."""
        return len(RISK_TOPICS)


def disclosure_turn(turns: Sequence[TurnRecord]) -> int | None:
    """The turn after which the patient had disclosed suicidal thoughts, or None."""
    for turn in sorted(turns, key=lambda t: t.index):
        if turn.state and turn.state.get("risk_disclosed"):
            return turn.index
    return None


def first_direct_question(turns: Sequence[TurnRecord]) -> int | None:
    """The first trainee turn that asked in so many words about suicidal thoughts."""
    return next(
        (
            t.index
            for t in sorted(turns, key=lambda t: t.index)
            if t.speaker == "trainee" and DIRECT_QUESTION.search(t.text)
        ),
        None,
    )


def assessment_turns(turns: Sequence[TurnRecord]) -> list[TurnRecord]:
    """The trainee turns a risk review reads, in order ([] without a disclosure).

    From the question that drew the disclosure onward, or from an earlier direct
    question about suicidal thoughts: asking is what counts, wherever in the rest
    of the session it came.
    """
    disclosed = disclosure_turn(turns)
    if disclosed is None:
        return []
    direct = first_direct_question(turns)
    start = min(disclosed, direct) if direct is not None else disclosed
    return sorted(
        (t for t in turns if t.speaker == "trainee" and t.index >= start),
        key=lambda t: t.index,
    )


def risk_turns(turns: Sequence[TurnRecord]) -> frozenset[int]:
    """Trainee turns that asked about risk: a direct question anywhere, or any topic
    of the assessment once it began. The report does not coach them as other
    questions (a direct risk question is rightly closed)."""
    direct = {
        t.index
        for t in turns
        if t.speaker == "trainee" and DIRECT_QUESTION.search(t.text)
    }
    topics = {
        t.index
        for t in assessment_turns(turns)
        if any(pattern.search(t.text) for _, _, pattern in RISK_TOPICS)
    }
    return frozenset(direct | topics)


def review_risk(
    turns: Sequence[TurnRecord], *, flags: Sequence[str] = ()
) -> RiskReview | None:
    """Asked and missed topics of the risk assessment; None when nothing was disclosed."""
    disclosed = disclosure_turn(turns)
    if disclosed is None:
        return None
    trainee = assessment_turns(turns)
    asked: list[AskedTopic] = []
    for key, label, pattern in RISK_TOPICS:
        hit = next((t for t in trainee if pattern.search(t.text)), None)
        if hit is not None:
            asked.append(AskedTopic(key, label, hit.index))
    asked_keys = {a.key for a in asked}
    missed = tuple(
        (key, label) for key, label, _ in RISK_TOPICS if key not in asked_keys
    )
    return RiskReview(
        disclosed_turn=disclosed, asked=tuple(asked), missed=missed, flags=tuple(flags)
    )
