"""The patient's own rating of the session, on the four items of the Session Rating
Scale (Duncan, Miller et al. 2003): relationship, goals and topics, approach or
method, overall; 0-10 each, total 0-40.

Pure (no Django). Derived from what the patient engine stored (trust, disclosure,
belief, an alternative view) and what the trainee did (the engine's move labels of
each trainee turn), with one sentence in the patient's voice. The formulas are
published in docs/scoring.md; they are ours, set so that a listening, curious
session lands in the SRS's "good alliance" range (a total of 36 or more is the
scale's usual cut-off) and a lecturing one well below it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import lexicon
from .records import ClientRating, TurnRecord

LISTENING = frozenset(
    {"complex_reflection", "simple_reflection", "validation", "summary"}
)
QUESTIONS = frozenset(
    {
        "open_question",
        "socratic_evidence",
        "socratic_alternatives",
        "socratic_consequences",
        "socratic_synthesis",
    }
)
ADVICE = frozenset({"advice", "information"})
PUSHES = frozenset({"advice", "confrontation", "leading_question", "reading_in"})
OFF_TOPIC = frozenset({"off_topic", "role_break"})
MAX_LAYER = 6
# The SRS's usual cut-off: a total below it suggests the alliance needs attention.
SRS_CUTOFF = 36.0


def _share(turns: Sequence[TurnRecord], moves: frozenset[str]) -> float:
    if not turns:
        return 0.0
    return sum(1 for t in turns if moves.intersection(t.moves)) / len(turns)


def _clamp10(value: float) -> float:
    return round(max(0.0, min(10.0, value)), 1)


def _topic_value(state: Mapping[str, Any], key: str) -> float | None:
    values = state.get(key)
    topic = state.get("topic")
    if isinstance(values, Mapping) and topic in values:
        return float(values[topic])
    return None


def client_rating(turns: Sequence[TurnRecord]) -> ClientRating | None:
    """The patient's SRS-style rating of a session (None without any state)."""
    ordered = sorted(turns, key=lambda t: t.index)
    states = [t.state for t in ordered if t.state]
    trainee = [t for t in ordered if t.speaker == "trainee"]
    if not states or not trainee:
        return None
    first, last = states[0], states[-1]
    alliance_start = float(first.get("alliance", 0.0))
    alliance_end = float(last.get("alliance", 0.0))
    disclosure = max(int(s.get("disclosure", 0)) for s in states)
    belief_start = _topic_value(last, "belief_start")
    belief_end = _topic_value(last, "belief")
    belief_drop = (
        (belief_start - belief_end)
        if belief_start is not None and belief_end is not None
        else 0.0
    )
    alternative = bool(last.get("alternative_view"))

    listen = _share(trainee, LISTENING)
    ask = _share(trainee, QUESTIONS)
    push = _share(trainee, PUSHES)
    off = _share(trainee, OFF_TOPIC)
    closed = _share(trainee, frozenset({"closed_question"}))

    relationship = _clamp10(10 * (alliance_end + 0.25 * listen - 0.35 * push))
    goals = _clamp10(
        10 * (0.25 + 0.6 * disclosure / MAX_LAYER + 0.15 * ask - 0.5 * off - 0.2 * push)
    )
    approach = _clamp10(
        10
        * (
            0.4
            + 0.3 * min(1.0, max(0.0, belief_drop) / 20)
            + 0.2 * alternative
            + 0.2 * listen
            + 0.1 * ask
            - 0.5 * push
            - 0.2 * closed
        )
    )
    overall = _clamp10(
        (relationship + goals + approach) / 3 + 3 * (alliance_end - alliance_start)
    )
    total = round(relationship + goals + approach + overall, 1)
    return ClientRating(
        relationship=relationship,
        goals=goals,
        approach=approach,
        overall=overall,
        total=total,
        below_cutoff=total < SRS_CUTOFF,
        sentence=_sentence(
            ordered,
            listen=listen,
            ask=ask,
            closed=closed,
            off=off,
            alliance_end=alliance_end,
            disclosure=disclosure,
            alternative=alternative,
        ),
    )


def _feeling_before(ordered: Sequence[TurnRecord], index: int) -> str:
    """The feeling word the patient used just before turn `index`, if any."""
    previous = next(
        (t for t in reversed(ordered) if t.index < index and t.speaker == "patient"),
        None,
    )
    if previous is None:
        return ""
    return next(
        (w for w in lexicon.words(previous.text) if w in lexicon.FEELING_WORDS), ""
    )


def _sentence(
    ordered: Sequence[TurnRecord],
    *,
    listen: float,
    ask: float,
    closed: float,
    off: float,
    alliance_end: float,
    disclosure: int,
    alternative: bool,
) -> str:
    good = ""
    if alternative:
        good = "I started to see things a bit differently"
    elif listen >= 0.35:
        good = "I felt you listened"
    elif ask >= 0.35:
        good = "your questions helped me think"
    elif alliance_end >= 0.6:
        good = "I felt comfortable talking to you"

    bad = ""
    trainee = [t for t in ordered if t.speaker == "trainee"]
    advice = next((t for t in trainee if ADVICE.intersection(t.moves)), None)
    pushed = next(
        (
            t
            for t in trainee
            if {"confrontation", "leading_question"}.intersection(t.moves)
        ),
        None,
    )
    misread = next((t for t in trainee if "reading_in" in t.moves), None)
    if advice is not None:
        feeling = _feeling_before(ordered, advice.index)
        bad = (
            f"you jumped to advice when I said I felt {feeling}"
            if feeling
            else "you jumped to advice before I had finished explaining"
        )
    elif pushed is not None:
        bad = "I felt pushed towards an answer"
    elif misread is not None:
        bad = "you told me I felt things I didn't"
    elif off >= 0.25:
        bad = "we drifted away from what I came to talk about"
    elif closed >= 0.4:
        bad = "it felt like a lot of yes-or-no questions"
    elif disclosure < 3:
        bad = "we never got to the part that really bothers me"

    if good and bad:
        return f"{good[0].upper()}{good[1:]}, but {bad}."
    if good:
        return f"{good[0].upper()}{good[1:]}."
    if bad:
        return f"{bad[0].upper()}{bad[1:]}."
    return "It was all right; I'm not sure yet where it is going."
