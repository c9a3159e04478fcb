"""The stage direction: what the patient does this turn, decided in pure code.

The state decides *what* happens (act, material allowed, length, affect); a
responder decides *how* it sounds. Both responders get the same direction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec
from patients.simulation.factq import FactQuestion, asks_coping
from patients.simulation.facts import SCREENING_DOMAINS, person_line
from patients.simulation.focus import FOCUS_LAYER, question_focus
from patients.simulation.moves import role_break_kind
from patients.simulation.state import PatientState
from patients.simulation.text import (
    content_words,
    lower_first,
    sentence_count,
    split_sentences,
)
from patients.simulation.transitions import SI_DOMAINS, Outcome

Act = Literal[
    "disclose",
    "answer",
    "deflect",
    "yes_but",
    "defend",
    "correct",
    "consider",
    "reframe",
    "redirect",
]
OTHER_TOPIC = re.compile(
    r"\b(?:what|anything|something) else\b|\bother (?:things?|situations?|times?|moments?)\b",
    re.IGNORECASE,
)
LAYER_NAMES = (
    "presenting problem",
    "situation",
    "automatic thought",
    "emotions",
    "behaviour",
    "intermediate belief",
    "core belief",
)


class StageDirection(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    act: Act
    # The layer whose material this reply is about (-1: none, e.g. role breaks).
    layer: int = Field(ge=-1, le=P.MAX_LAYER)
    # The deepest layer the reply may touch (the state's disclosure after the turn).
    allowed_layer: int = Field(ge=0, le=P.MAX_LAYER)
    topic: str
    # Why this act (a short reason code: "closed_question", "blocked", ...).
    reason: str = ""
    # Case material for this turn: evidence line, alternative view, role-break kind.
    content: dict[str, str] = Field(default_factory=dict)
    max_sentences: int = Field(ge=1)
    affect: str
    affect_intensity: float
    guarded: bool = False
    first_turn: bool = False
    # What the trainee asked about ("agenda", "emotion", ... see focus.py), so the
    # reply answers the question that was asked.
    focus: str = "none"


# Words that say nothing about *which* situation is meant.
_GENERIC_WORDS = frozenset(
    "happened happen happening time last feel felt feeling feelings mind thought "
    "thoughts think thinking tell more about really week today again then when "
    "something anything everything things thing going through said say while most "
    "back found told came come gone went every together recently brought sounds "
    "weighing still always never first long month year night people someone "
    "everyone nobody other made make seen know knew head moment away".split()
)
_TOPIC_CACHE: dict[int, tuple[CaseSpec, dict[str, frozenset[str]]]] = {}


def _stems(words: set[str]) -> set[str]:
    # A crude stem (first five letters) so "parties"/"party", "lunches"/"lunch" meet;
    # short and elided words ("off", "didn't") name nothing.
    return {
        w[:5] for w in words if w not in _GENERIC_WORDS and len(w) >= 4 and "'" not in w
    }


def _topic_words(case: CaseSpec) -> dict[str, frozenset[str]]:
    """Per situation, the stems that only that situation's telling uses."""
    cached = _TOPIC_CACHE.get(id(case))
    if cached is not None and cached[0] is case:
        return cached[1]
    per = {
        s.id: _stems(content_words(" ".join([s.situation, *s.voice.situation])))
        for s in case.situations
    }
    shared = {w for a in per for b in per if a < b for w in per[a] & per[b]}
    words = {sid: frozenset(w - shared) for sid, w in per.items()}
    _TOPIC_CACHE[id(case)] = (case, words)
    return words


def asked_topic(case: CaseSpec, state: PatientState, text: str) -> str | None:
    """The situation a question names ("what happened at lunch?"), if not the current."""
    if len(case.situations) < 2:
        return None
    # Only the question itself names the topic, not a reflection before it.
    questions = [x for x in split_sentences(text) if x.rstrip().endswith("?")]
    asked = _stems(content_words(questions[-1] if questions else text))
    if not asked:
        return None
    scores = {sid: len(asked & words) for sid, words in _topic_words(case).items()}
    best = max(scores, key=lambda sid: (scores[sid], sid == state.topic))
    if best != state.topic and scores[best] > scores.get(state.topic, 0):
        return best
    return None


def fact_text(case: CaseSpec, content: dict[str, str]) -> str:
    """The fact sheet's answer for the domain (and person) in `content`."""
    domain = content["domain"]
    if domain == "people" and content.get("person"):
        person = case.facts.person(content["person"].split()[0])
        if person is not None:
            return person_line(person, content.get("detail"), case.facts.people)
    fact = case.facts.fact(domain)
    if domain == "suicidal_thoughts" and fact.present and not fact.say:
        return case.voice.risk[0] if case.voice.risk else fact.answer(domain)
    also = content.get("also")
    if also:
        return _both(case, domain, also)
    return fact.answer(domain)


def _brief(sentences: list[str], room: int, keep: frozenset[str]) -> list[str]:
    """The first sentence (the direct answer), then the most telling of the rest
    ("I blush a lot", not "Fine."), in their order, `room` in all. A one- or
    two-word answer (up to four words when it must stand alone) joins the
    telling sentence after it ("Fine, I eat lunch at my desk.") rather than
    standing alone for a whole question."""
    if len(sentences) <= room:
        return sentences
    if len(sentences[0].split()) <= (4 if room == 1 else 2):
        best = max(sentences[1:], key=lambda x: len(content_words(x)))
        head = f"{sentences[0].rstrip('.!')}, {lower_first(best, keep)}."
        others = [x for x in sentences[1:] if x is not best and len(x.split()) > 2]
        sentences = [head, *others]
        if len(sentences) <= room:
            return sentences
    rest = sorted(
        sorted(
            range(1, len(sentences)), key=lambda i: -len(content_words(sentences[i]))
        )[: room - 1]
    )
    return [sentences[0], *(sentences[i] for i in rest)]


def _both(case: CaseSpec, domain: str, also: str) -> str:
    """Two questions in one turn: both answers, briefly, the first asked first,
    within the style's sentence cap (both denials for harm asked both ways)."""
    first = split_sentences(case.facts.fact(domain).answer(domain))
    second = split_sentences(case.facts.fact(also).answer(also))
    if len(second) > 1 and second[0] in {"No.", "Yes."}:
        # "No. I've never talked to anyone. The doctor offered...", not
        # "No. ... No. The doctor offered...": the substance, not a second no.
        second = second[1:]
    if domain in SCREENING_DOMAINS:
        return " ".join([*first, *second[:2]])
    total = max(2, P.STYLE_PARAMS[case.style].sentence_cap)
    second_room = 1 if total <= 3 else 2
    keep = frozenset(p.name.split()[0] for p in case.facts.people)
    first = _brief(first, max(1, total - min(second_room, len(second))), keep)
    second = _brief(second, max(1, min(second_room, total - len(first))), keep)
    return " ".join([*first, *second])


# Acts that tell nothing new: where an accurate reflection is answered by
# owning the feeling (`content["reflected"]`). Not a decline of a question
# asked in the same turn ("not_yet"): the question is what is answered, and a
# skilled trainee hears the decline as the cue to slow down.
_UNANSWERED_REFLECTION = frozenset(
    {"gate_closed", "other", "guarded", "blocked", "resistant"}
)


def _next_unvoiced(state: PatientState) -> int | None:
    """The shallowest layer (1-6) not voiced yet: a focused question may have
    skipped one ("How did you feel?" before the thought was told)."""
    for layer in range(1, P.MAX_LAYER + 1):
        if str(layer) not in state.layer_turns:
            return layer
    return None


def _next_situation(case: CaseSpec, state: PatientState) -> str | None:
    for s in case.situations:
        if s.id not in state.reframed and s.id != state.topic:
            return s.id
    return None


def direct(
    case: CaseSpec,
    state: PatientState,
    moves: Sequence[str],
    outcome: Outcome,
    trainee_text: str,
    fact: FactQuestion | None = None,
) -> tuple[PatientState, StageDirection]:
    """Choose the act for this turn and record any newly disclosed layer."""
    s = state.for_next_step()
    spoken_topic: str | None = None
    moveset = set(moves)
    style = P.STYLE_PARAMS[case.style]
    cap = style.sentence_cap
    guarded = s.alliance < P.GUARDED_ALLIANCE
    content: dict[str, str] = {}
    layer = min(s.disclosure, P.MAX_LAYER)
    reason = ""
    focus = question_focus(trainee_text)

    def depth() -> int:
        return s.topic_depth.get(s.topic, 0)

    # An upset patient asked openly, after being listened to, vents: the
    # complaint's layers come out whatever the resistance and the gate.
    venting = (
        style.vents > 0
        and "open_question" in moveset
        and not outcome.blocked
        and s.skill_streak >= 1
        and s.skill_credit >= P.VENT_CREDIT
    )

    def vents(layer: int) -> bool:
        return venting and 1 <= layer <= style.vents

    def trusted(layer: int) -> bool:
        # Already told on another topic, or the gate for it is passed now.
        return (
            layer <= min(s.disclosure, 4)
            or s.alliance >= P.gate(layer, case.style)
            or vents(layer)
        )

    def holds_back(layer: int) -> bool:
        # Pleasing's hidden resistance: trust may be there, but what lies deeper
        # is not told yet; the patient agrees instead (an agreeable reply with
        # nothing new in it), until sustained reflection has worn it down.
        return (
            s.hidden_resistance > P.HIDDEN_HOLDS_AT
            and layer >= P.HIDDEN_HOLDS_LAYER
            and layer > s.disclosure
        )

    if "role_break" in moveset:
        act: Act = "redirect"
        content["kind"] = role_break_kind(trainee_text) or "meta"
        layer, reason = -1, "role_break"
    elif outcome.risk is not None:
        act = "disclose" if outcome.risk == "disclose" else "answer"
        if outcome.risk == "evade":
            act = "deflect"
        content["risk"] = outcome.risk
        if outcome.risk_correction:
            content["correction"] = "risk"
        layer, reason = -1, f"risk_{outcome.risk}"
        if fact is not None and fact.domain in SI_DOMAINS:
            content["domain"] = fact.domain
    elif fact is not None and (
        fact.domain in SCREENING_DOMAINS
        or not moveset & {"advice", "confrontation", "leading_question", "collusion"}
    ):
        # A question about the patient's life gets a direct answer from the fact
        # sheet, whatever else the turn did to the state.
        act, reason, layer = "answer", "fact", -1
        content["domain"] = fact.domain
        if fact.person:
            content["person"] = fact.person
        if fact.detail:
            content["detail"] = fact.detail
        if fact.also:
            content["also"] = fact.also
    elif (
        fact is None
        and not moveset & {"advice", "confrontation", "leading_question", "collusion"}
        and asks_coping(trainee_text)
    ):
        # "Is there anything you do to make yourself feel better?": the case's
        # own coping strategies, said as "I". They are the CCD's general
        # picture, not a situation's layer, so nothing is disclosed by it.
        act, reason, layer = "answer", "coping", -1
    elif moveset & {"confrontation", "leading_question"}:
        act, reason = "defend", "confronted"
    elif "advice" in moveset:
        act, reason = "yes_but", "premature_advice"
    elif "reading_in" in moveset:
        act, reason = "correct", "reading_in"
        content["named"] = outcome.misread_emotion or ""
        if s.disclosure >= 3:
            content["actual"] = s.dominant_emotion(case)[0]
    elif outcome.reframed:
        act, reason = "reframe", "synthesis"
        content["alternative_view"] = s.alternative_view or ""
        layer = 2
        # This turn still speaks of the situation just reframed (its thought and
        # words beside its balanced view); the next situation becomes the topic
        # from the next turn on.
        spoken_topic = s.topic
        nxt = _next_situation(case, s)
        if nxt is not None:
            s.topic, s.summarised = nxt, False
    elif outcome.socratic_defensive:
        act, reason = "defend", "socratic_too_early"
    elif outcome.evidence_item is not None or outcome.evidence_exhausted:
        act, reason = "consider", "evidence"
        if outcome.evidence_item:
            content["evidence"] = outcome.evidence_item
        layer = 2
    elif outcome.synthesis_premature and s.disclosure >= 2:
        act, reason, layer = "answer", "synthesis_premature", 2
    elif "advice_with_permission" in moveset:
        timely = s.disclosure >= P.ADVICE_WITH_PERMISSION_MIN_DISCLOSURE
        act, reason = (
            ("consider", "advice_with_permission")
            if timely
            else ("answer", "advice_too_early")
        )
    elif "collusion" in moveset:
        act, reason = "answer", "collusion"
        layer = min(s.disclosure, 2)
    elif "off_topic" in moveset:
        act, reason, layer = "redirect", "off_topic", -1
        content["kind"] = "off_topic"
    elif focus == "closing":
        # "We're nearly out of time": the patient winds down instead of opening
        # a new layer.
        act, reason = "answer", "closing"
    elif outcome.advancing:
        questions_only = not moveset & (P.REFLECTION_MOVES | {"summary"})
        asked = FOCUS_LAYER.get(focus)
        if asked is not None and 1 <= asked <= 4:
            named = asked_topic(case, s, trainee_text)
            if named is not None and not outcome.blocked:
                # "What happened at lunch?": the situation the trainee names.
                s.topic, s.summarised = named, False
        if asked == 0 and (focus == "agenda" or "0" not in s.layer_turns):
            # "What brings you here?": the presenting problem in the patient's own
            # words, not a situation or a hedge. Even a hostile or stung patient
            # says why they came (guardedly: `guarded` shortens it); layer 0 is
            # what the trainee is told up front, so no gate or block applies.
            act = "answer" if "0" in s.layer_turns else "disclose"
            reason, layer = "agenda", 0
            s.layer_turns.setdefault("0", s.turn)
        elif outcome.blocked:
            act, reason = "answer", "blocked"
        elif (
            questions_only
            and s.resistance > style.deflect_at
            and not vents(depth() + 1)
        ):
            act, reason = "deflect", "resistant"
        elif (
            asked is not None
            and 1 <= asked <= 4
            and str(asked) not in s.layer_turns
            and holds_back(asked)
        ) or (
            asked is None
            and depth() >= min(s.disclosure, 4)
            and (nxt_layer := _next_unvoiced(s)) is not None
            and s.alliance >= P.gate(nxt_layer, case.style)
            and holds_back(nxt_layer)
        ):
            act, reason = "answer", "agreeable"
        elif focus == "goal":
            act, reason, layer = "answer", "goal", 0
        elif (
            asked is not None
            and 1 <= asked <= 4
            and asked <= depth()
            and str(asked) in s.layer_turns
        ):
            # Asked again about something already told on this topic.
            act, reason, layer = "answer", "asked_again", asked
        elif (
            asked is not None
            and 1 <= asked <= 4
            and trusted(asked)
            and (asked <= depth() + P.FOCUS_MAX_SKIP + 1)
        ):
            # A focused question gets the layer it asks about once its gate is
            # passed (gates rise with depth, so every shallower layer is allowed
            # too), skipping at most one untold layer: "How did you feel?" after
            # the situation may be answered before the thought is told.
            act, reason, layer = "disclose", "asked", asked
            s.disclosure = max(s.disclosure, asked)
            s.layer_turns.setdefault(str(asked), s.turn)
        elif asked is not None and 1 <= asked <= 4 and trusted(depth() + 1):
            # Asked about something further on ("What did you do?" before anything
            # is told): the patient starts with the next part of the story.
            act, reason, layer = "disclose", "toward_asked", depth() + 1
            s.disclosure = max(s.disclosure, layer)
            s.layer_turns.setdefault(str(layer), s.turn)
        elif asked is not None and 1 <= asked <= 4:
            # Not ready for what was asked: a guarded answer about *that*.
            act = "deflect" if guarded else "answer"
            reason = "not_yet"
        elif (
            OTHER_TOPIC.search(trainee_text)
            and depth() >= min(s.disclosure, 4)
            and (nxt := _next_situation(case, s)) is not None
            and s.topic_depth.get(nxt, 0) < min(s.disclosure, 4)
        ):
            # The trainee asks what else happened: the next situation comes up,
            # told up to the depth already trusted.
            s.topic, s.summarised = nxt, False
            act, reason, layer = "disclose", "topic_change", depth() + 1
        elif depth() < min(s.disclosure, 4):
            # A new topic is told up to the depth already trusted.
            act, reason, layer = "disclose", "topic_catch_up", depth() + 1
        elif (nxt_layer := _next_unvoiced(s)) is not None and (
            s.alliance >= P.gate(nxt_layer, case.style) or vents(nxt_layer)
        ):
            layer = nxt_layer
            act, reason = "disclose", "gate_passed"
            s.disclosure = max(s.disclosure, layer)
            s.layer_turns.setdefault(str(layer), s.turn)
        elif guarded:
            act, reason = "deflect", "guarded"
        else:
            act, reason = "answer", "gate_closed"
    elif "closed_question" in moveset:
        act, reason = "answer", "closed_question"
        cap = min(cap, 2)
        asked = FOCUS_LAYER.get(focus, -1)
        if focus == "greeting":
            reason = "greeting"
        elif 1 <= asked <= depth() and str(asked) in s.layer_turns:
            # "Did you feel guilty?" about something already told: a short answer
            # that restates that part, not the deepest layer.
            content["asked"] = str(asked)
    elif focus == "greeting":
        act, reason = "answer", "greeting"
    else:
        act, reason = "answer", "other"

    if act == "disclose" and 1 <= layer <= 4:
        s.topic_depth[s.topic] = max(depth(), layer)
    if (
        outcome.reflected_emotion
        and act in {"answer", "deflect"}
        and reason in _UNANSWERED_REFLECTION
    ):
        # An accurate reflection of a feeling the patient has, where no new layer
        # is told (trust too low, a guarded or resistant patient): the feeling is
        # still theirs, so the reply owns it and says what it is about, rather
        # than a hedge about nothing (stop 21: a fifth of such replies were).
        content["reflected"] = outcome.reflected_emotion
    if "collusion" in moveset:
        # Whatever act the turn's other moves chose (advice said in the same
        # breath, a question after it), the reply answers to the thought that
        # was agreed with, and nothing deeper than told is said.
        content["collusion"] = "1"
    if (
        act in {"answer", "deflect", "defend"}
        and layer >= 0
        and reason
        not in {
            "agenda",
            "goal",
            "asked_again",
        }
    ):
        # Restating never goes beyond what this topic has already been told;
        # patient-level layers (5, 6) hold across topics.
        layer = s.disclosure if s.disclosure >= 5 else min(s.disclosure, depth())
    if guarded and not (act == "disclose" and vents(layer)):
        # Venting is not guarded: the complaint comes out in full, and a lead
        # ("What's really getting to me is this.") never stands without it.
        cap = min(cap, P.GUARDED_SENTENCES)
    if reason == "role_break":
        # Puzzled, then back to the concern: never cut to a bare denial.
        cap = max(cap, P.ROLE_BREAK_SENTENCES)
    if "domain" in content:
        # A factual answer is never cut short: a truncated "No, I" reads as a
        # glitch, and half an answer about risk is no answer.
        cap = max(cap, sentence_count(fact_text(case, content)))
    affect, intensity = s.dominant_emotion(case)
    s.last_act = act
    direction = StageDirection(
        act=act,
        layer=layer,
        allowed_layer=s.disclosure,
        topic=spoken_topic or s.topic,
        reason=reason,
        content=content,
        max_sentences=max(1, cap),
        affect=affect,
        affect_intensity=round(intensity, 1),
        guarded=guarded,
        first_turn=state.turn <= 1,
        focus=focus,
    )
    return s, direction
