"""What a trainee asked after a patient disclosed suicidal thoughts (pure, no Django).

A risk assessment covers seven things (the usual clinical checklist, e.g. the
Columbia protocol's ideation and behaviour items plus protective factors and
support): how often the thoughts come, a plan, intent, access to means, past
attempts, what keeps the patient going, and who they can turn to. The rules below
are simple patterns over the trainee's own words from the disclosure onward; they
look for the topic being asked about, not for a well-phrased question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .scoring.records import TurnRecord


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.IGNORECASE)


# (key, label, pattern) in the order a report lists them.
RISK_TOPICS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
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


def disclosure_turn(turns: Sequence[TurnRecord]) -> int | None:
    """The turn after which the patient had disclosed suicidal thoughts, or None."""
    for turn in sorted(turns, key=lambda t: t.index):
        if turn.state and turn.state.get("risk_disclosed"):
            return turn.index
    return None


def review_risk(
    turns: Sequence[TurnRecord], *, flags: Sequence[str] = ()
) -> RiskReview | None:
    """Asked and missed topics of the risk assessment; None when nothing was disclosed.

    The trainee turns read are those from the question that drew the disclosure
    onward (asking is what counts, wherever in the rest of the session it came).
    """
    disclosed = disclosure_turn(turns)
    if disclosed is None:
        return None
    asked: list[AskedTopic] = []
    trainee = sorted(
        (t for t in turns if t.speaker == "trainee" and t.index >= disclosed),
        key=lambda t: t.index,
    )
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
