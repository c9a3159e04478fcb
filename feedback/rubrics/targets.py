"""What to practise next: a few targets, each justified by the turn it quotes.

Pure (no Django). A target names one thing to practise, quotes a turn of the session
where that thing went wrong, and suggests what the trainee could have said to the
patient's line just before it, in the patient's own material (`rewrite`). Rules:

- A target quotes only a turn that meets its condition: "Stay with the feeling" a
  turn that moved on straight after a disclosed feeling; "Ask before advising" a turn
  that advised; "Turn closed questions into open ones" a closed question that was not
  part of a risk assessment (a direct risk question is rightly closed).
- A turn that agreed with the patient's distorted thought (the annotator's collusion
  flag, or the patient model's reading) is coached for that and nothing else: the
  target is to reflect the feeling and look at the thought together, not to ask
  before advising.
- Each target quotes a different turn, and one target per skill: a session with one
  poor turn gets one target about it, not three that repeat it. A skill that is weak
  with no turn to show (partnership, when nothing was non-adherent) gets a target
  without a quote, after the quoted ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from . import rewrite as rw
from .flags import is_emotional_disclosure
from .risk import risk_turns
from .schema import TurnAnnotation
from .scoring import SessionScores, TurnRecord

# Patient lines, newest first, a target may read back for the thought and feeling.
RECENT_LINES = 3


class Target(BaseModel):
    model_config = ConfigDict(extra="forbid")

    skill: str
    title: str
    why: str
    kind: str = ""
    example_turn: int | None = None
    example_text: str = ""
    # The patient's line just before the quoted turn: what the rewrite answers.
    patient_text: str = ""
    rewrite: str = ""


@dataclass(frozen=True, slots=True)
class TurnView:
    """A trainee turn with what a target needs to judge it and to rewrite it."""

    index: int
    text: str
    annotation: TurnAnnotation
    patient: str  # the patient's line just before the turn ("" at the start)
    recent: tuple[str, ...]  # the patient's lines before the turn, newest first
    colluded: bool
    risk: bool
    # What the turn cost with the patient: trust lost plus belief gained (/100).
    cost: float = 0.0

    @property
    def open_question(self) -> str:
        """The turn's own open question, kept after a reflection in the rewrite."""
        return next(
            (u.text for u in self.annotation.utterances if u.question == "open"), ""
        )


@dataclass(frozen=True, slots=True)
class Kind:
    key: str
    skill: str
    title: str
    why: str
    fits: Callable[[TurnView], bool]
    rewrite: Callable[[TurnView], str]
    fallback: str  # a clean generic rewrite, used when the patient's words cannot be


def _colluded(v: TurnView) -> bool:
    return v.colluded


def _advised(v: TurnView) -> bool:
    return bool(v.annotation.count("persuade")) and not (v.colluded or v.risk)


def _confronted(v: TurnView) -> bool:
    return bool(v.annotation.count("confront")) and not (v.colluded or v.risk)


def _moved_on_from_feeling(v: TurnView) -> bool:
    """The turn solved, informed or asked on straight after a disclosed feeling,
    without reflecting or acknowledging it (or the annotator flagged just that)."""
    a = v.annotation
    if v.colluded or v.risk:
        return False
    if "problem_solving_after_disclosure" in a.flags:
        return True
    if not v.patient or not is_emotional_disclosure(v.patient):
        return False
    acknowledged = (
        a.n_reflections
        or a.emotional_reactions
        or a.interpretations
        or a.count("support")
        or a.count("affirm")
    )
    moved_on = a.count("persuade") or a.count("giving_information") or a.n_questions
    return bool(moved_on) and not acknowledged


def _asked_without_reflecting(v: TurnView) -> bool:
    a = v.annotation
    return (
        bool(a.n_questions)
        and not a.n_reflections
        and not (v.colluded or v.risk)
        and bool(rw.reflect(v.patient))
    )


def _closed(v: TurnView) -> bool:
    return v.annotation.question_kind == "closed" and not (v.colluded or v.risk)


def _leading(v: TurnView) -> bool:
    return "leading_question" in v.annotation.flags and not (v.colluded or v.risk)


def _supplied_the_view(v: TurnView) -> bool:
    """The trainee gave the patient a view on their thought instead of helping them
    find one: a leading question, or advice or a challenge aimed at a thought the
    patient had voiced."""
    if v.colluded or v.risk:
        return False
    if "leading_question" in v.annotation.flags:
        return True
    pushed = v.annotation.count("persuade") or v.annotation.count("confront")
    return bool(pushed) and any(rw.own_thought(line) for line in v.recent)


def _ask_first(v: TurnView) -> str:
    return rw.ask_first(v.patient)


def _explore_instead(v: TurnView) -> str:
    reflection = rw.reflect(v.patient)
    return f"{reflection} How do you see it yourself?" if reflection else ""


def _stay_with_feeling(v: TurnView) -> str:
    reflection = rw.reflect(v.patient)
    return f"{reflection} {rw.HARDEST}" if reflection else ""


def _reflect_then_ask(v: TurnView) -> str:
    reflection = rw.reflect(v.patient)
    question = v.open_question
    if reflection and question and len(question.split()) <= 20:
        return f"{reflection} {question[:1].upper()}{question[1:]}"
    return reflection


def _open_up(v: TurnView) -> str:
    return rw.open_question(v.patient)


def _let_them_find(v: TurnView) -> str:
    return rw.discovery_question(v.recent) or rw.open_question(v.patient)


def _hold_the_thought(v: TurnView) -> str:
    return rw.explore_thought(v.recent)


COLLUSION = Kind(
    "collusion",
    "guided_discovery",
    "Reflect the feeling, not the thought",
    "Agreeing with a harsh thought the patient holds about themselves makes it feel "
    "truer. Name the feeling behind it, treat the thought as a thought, and look at "
    "the evidence together.",
    _colluded,
    _hold_the_thought,
    "It sounds like that thought is weighing on you. What makes it feel so true, and "
    "is there anything that doesn't fit with it?",
)
ADVICE = Kind(
    "advice",
    "collaboration",
    "Ask before advising",
    "Advice without permission tends to bring 'yes, but'. Asking first keeps the "
    "patient in charge.",
    _advised,
    _ask_first,
    "Would it be okay if I shared something that has helped other people? You'd know "
    "best whether it fits.",
)
CONFRONT = Kind(
    "confront",
    "collaboration",
    "Explore before you challenge",
    "Telling the patient they are wrong tends to make them defend the thought. "
    "Reflect what they said and ask how they see it; they are more likely to question "
    "it themselves.",
    _confronted,
    _explore_instead,
    "It sounds like there's a lot behind that. How do you see it yourself?",
)
FEELING = Kind(
    "feeling",
    "empathy",
    "Stay with the feeling before solving",
    "When the patient shares a feeling, name it and check it before moving to "
    "solutions or the next question.",
    _moved_on_from_feeling,
    _stay_with_feeling,
    "That sounds really painful. What has been the hardest part of it for you?",
)
REFLECT = Kind(
    "reflect",
    "reflective_listening",
    "Reflect before you ask",
    "The patient had just told you something and you moved to a question. A "
    "reflection first shows you heard them and lets them go deeper without being "
    "asked.",
    _asked_without_reflecting,
    _reflect_then_ask,
    "It sounds like that has been a lot to carry.",
)
CLOSED = Kind(
    "closed",
    "questioning",
    "Turn closed questions into open ones",
    "A closed question gets a short answer; an open one lets the patient tell you "
    "what matters to them.",
    _closed,
    _open_up,
    "What was going through your mind when that happened?",
)
LEADING = Kind(
    "leading",
    "questioning",
    "Ask without building in the answer",
    "A leading question suggests the answer you want; an open one lets the patient "
    "tell you what they think.",
    _leading,
    _open_up,
    "What do you make of it yourself?",
)
DISCOVERY = Kind(
    "discovery",
    "guided_discovery",
    "Let the patient find the new view",
    "Gather evidence with questions, summarise it in their words, then ask them what "
    "they make of it, instead of supplying the alternative yourself.",
    _supplied_the_view,
    _let_them_find,
    "Looking at everything you've told me, what do you make of it now?",
)
# Each weak skill's kinds, most specific first: the first with a turn to quote wins.
SKILL_KINDS: dict[str, tuple[Kind, ...]] = {
    "reflective_listening": (REFLECT,),
    "questioning": (LEADING, CLOSED),
    "guided_discovery": (DISCOVERY, LEADING),
    "empathy": (FEELING,),
    "collaboration": (ADVICE, CONFRONT),
}
# A weak skill with no turn to point at: what a trainee can still practise.
UNQUOTED: dict[str, tuple[str, str, str]] = {
    "collaboration": (
        "Invite the patient's view",
        "Ask what the patient makes of things and what they want from the session; "
        "seeking collaboration and emphasising their choice build partnership.",
        "What feels most important for us to look at today? It's your call.",
    ),
}


def turn_views(turns: Sequence[TurnRecord]) -> list[TurnView]:
    """The session's annotated trainee turns, each with the patient's lines before."""
    ordered = sorted(turns, key=lambda t: t.index)
    at_risk = risk_turns(ordered)
    views: list[TurnView] = []
    before: list[str] = []
    state: Mapping[str, Any] | None = None
    for t in ordered:
        previous, state = state, t.state or state
        if t.speaker == "patient":
            before.insert(0, t.text)
            continue
        if t.annotation is None:
            continue
        recent = tuple(before[:RECENT_LINES])
        views.append(
            TurnView(
                index=t.index,
                text=t.text,
                annotation=t.annotation,
                patient=recent[0] if recent else "",
                recent=recent,
                colluded="collusion" in t.annotation.flags or "collusion" in t.moves,
                risk=t.index in at_risk or "risk_question" in t.moves,
                cost=_cost(previous, t.state),
            )
        )
    return views


def _cost(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> float:
    """Trust lost and belief in the thought gained over one turn (0 when unknown)."""
    if not before or not after:
        return 0.0
    lost = float(before.get("alliance", 0) or 0) - float(after.get("alliance", 0) or 0)
    topic = after.get("topic", "")
    b0 = (before.get("belief") or {}).get(topic)
    b1 = (after.get("belief") or {}).get(topic)
    gained = (float(b1) - float(b0)) / 100 if b0 is not None and b1 is not None else 0.0
    return lost + gained


def practice_targets(
    scores: SessionScores, turns: Sequence[TurnRecord], *, limit: int = 3
) -> list[Target]:
    """Up to `limit` things to practise, each quoting a different turn that shows it.

    Agreement with the distorted thought comes first (it teaches the patient the
    thought is true); then the weak skills, weakest first, one target each.
    """
    if scores.too_short:
        return []
    views = turn_views(turns)
    weak = [
        s.key
        for s in sorted(
            (s for s in scores.skills if s.score is not None and s.score < s.good),
            key=lambda s: s.score if s.score is not None else 0.0,
        )
    ]
    picker = _Picker(views)
    if "empathy" in weak:
        # Advice straight after a disclosed feeling is coached as staying with the
        # feeling (the more specific lesson), never as asking before advising.
        picker.reserve(FEELING)
    picker.add(COLLUSION)
    for skill in weak:
        if skill in picker.skills:
            continue
        for kind in SKILL_KINDS.get(skill, ()):
            if picker.add(kind):
                break
    for skill in weak:
        if skill not in picker.skills and skill in UNQUOTED:
            picker.unquoted(skill, *UNQUOTED[skill])
    if not picker.targets and weak:
        # Nothing in the session to quote: the weakest skill's practice, in general.
        kind = SKILL_KINDS[weak[0]][0]
        picker.unquoted(kind.skill, kind.title, kind.why, kind.fallback)
    return picker.targets[:limit]


class _Picker:
    """Targets chosen so far, the turns they quote and the rewrites they suggest."""

    def __init__(self, views: Sequence[TurnView]) -> None:
        self.views = views
        self.targets: list[Target] = []
        self.used: set[int] = set()
        self.skills: set[str] = set()
        self.rewrites: set[str] = set()
        self.reserved: dict[int, str] = {}

    def reserve(self, kind: Kind) -> None:
        """Keep the turns `kind` fits for it alone."""
        for v in self.views:
            if kind.fits(v):
                self.reserved.setdefault(v.index, kind.key)

    def add(self, kind: Kind) -> bool:
        """A target of `kind` quoting a turn that fits and is not quoted yet: the one
        that cost most with the patient (then the earliest), preferring a turn the
        patient's words can be used for."""
        fitting = sorted(
            (
                v
                for v in self.views
                if v.index not in self.used
                and self.reserved.get(v.index, kind.key) == kind.key
                and kind.fits(v)
            ),
            key=lambda v: (-v.cost, v.index),
        )
        if not fitting:
            return False
        options = [(v, kind.rewrite(v)) for v in fitting]
        view, text = next(
            ((v, r) for v, r in options if r and r not in self.rewrites),
            (fitting[0], ""),
        )
        rewrite = text or kind.fallback
        self.targets.append(
            Target(
                skill=kind.skill,
                title=kind.title,
                why=kind.why,
                kind=kind.key,
                example_turn=view.index,
                example_text=view.text,
                patient_text=view.patient,
                rewrite=rewrite,
            )
        )
        self.used.add(view.index)
        self.skills.add(kind.skill)
        self.rewrites.add(rewrite)
        return True

    def unquoted(self, skill: str, title: str, why: str, rewrite: str) -> None:
        self.targets.append(Target(skill=skill, title=title, why=why, rewrite=rewrite))
        self.skills.add(skill)
