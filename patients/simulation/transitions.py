"""Transition rules: how one trainee turn's moves change the patient state.

All numbers come from `parameters.py`. Per variable the strongest effect among
the turn's moves wins (a reflection does not cancel out advice given in the same
breath); ties go to the harmful effect. Conditions are judged on the state the
patient was in when the trainee spoke.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec
from patients.simulation.factq import FactQuestion
from patients.simulation.moves import SOCRATIC
from patients.simulation.state import PatientState, start_resistance
from patients.simulation.vocab import emotion_key, emotions_named

RiskOutcome = Literal["disclose", "evade", "deny"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the moves did, for the stage direction to act on."""

    blocked: bool = False
    advancing: bool = False
    evidence_item: str | None = None
    evidence_exhausted: bool = False
    socratic_defensive: bool = False
    reframed: bool = False
    synthesis_premature: bool = False
    risk: RiskOutcome | None = None
    # The first disclosure after "I'm fine": said as taking the denial back,
    # never as if it had not been said.
    risk_correction: bool = False
    reflected_emotion: str | None = None
    misread_emotion: str | None = None
    emotional_moment: bool = False


def _strongest(deltas: list[float]) -> float:
    if not deltas:
        return 0.0
    # Largest magnitude wins; on a tie the negative (harm is remembered).
    return min(deltas, key=lambda d: (-abs(d), d))


def _clamp(value: float, low: float = 0.0, high: float = 1.0) -> float:
    return max(low, min(high, value))


def _resist(
    case: CaseSpec,
    s: PatientState,
    pre: float,
    start: float,
    delta: float,
    rupture: bool,
) -> float:
    """Resistance (or hidden resistance) after this turn: it holds (parameters.py,
    "Resistance that holds"). `s` carries this turn's streak and credit."""
    style = P.STYLE_PARAMS[case.style]
    if delta < 0:
        if s.skill_streak < style.patience:
            return pre
        fall = min(-delta * style.softening, style.max_fall)
        floor = 0.0
        if style.hold_turns:
            floor = start * max(0.0, 1.0 - s.skill_credit / style.hold_turns)
        # The floor stops a fall; it never pushes resistance back up.
        return min(pre, max(pre - fall, floor))
    if rupture and pre < start:
        # Part of what was given up comes back at once.
        delta = max(delta, style.relapse * (start - pre))
    return _clamp(pre + delta)


def _gain(move: str, delta: float, case: CaseSpec) -> float:
    if delta <= 0:
        return delta
    style = P.STYLE_PARAMS[case.style]
    if move in P.REFLECTION_MOVES:
        return delta * style.reflection_gain
    if move in P.QUESTION_MOVES:
        return delta * style.question_gain
    if move == "summary":
        return delta * style.summary_gain
    return delta


SI_DOMAINS = frozenset(
    {
        "suicidal_thoughts",
        "si_frequency",
        "si_plan",
        "si_intent",
        "si_means",
        "si_past_attempts",
        "si_protective",
        "si_support",
    }
)


def apply_moves(
    case: CaseSpec,
    state: PatientState,
    moves: Sequence[str],
    trainee_text: str,
    fact: FactQuestion | None = None,
) -> tuple[PatientState, Outcome]:
    """The state after the trainee's moves (disclosure is decided by the direction)."""
    pre = state
    s = state.for_next_step()
    s.turn = pre.turn + 1
    s.last_moves = list(moves)
    rng = random.Random(f"{case.slug}:{pre.seed}:{s.turn}:transition")
    situation = case.situation(pre.topic)
    topic_emotions = [emotion_key(e) for e in situation.emotions]
    touched: set[str] = set()
    socratic = [m for m in moves if m in SOCRATIC]
    socratic_ok = pre.alliance >= P.SOCRATIC_ALLIANCE_GATE
    # The patient voiced a feeling (or a risk) on the previous turn.
    emotional_moment = pre.layer_turns.get("3") == pre.turn or (
        pre.last_act == "disclose" and pre.risk_disclosed and "risk" in pre.last_moves
    )
    warm = bool(set(moves) & P.REFLECTION_MOVES)

    alliance: list[float] = []
    resistance: list[float] = []
    blocks = 0
    for move in moves:
        effect = P.MOVE_EFFECTS[move]
        a, r = effect.alliance, effect.resistance
        if move in SOCRATIC:
            a = P.SOCRATIC_HIGH_ALLIANCE if socratic_ok else P.SOCRATIC_LOW_ALLIANCE
            r = 0.0 if socratic_ok else P.SOCRATIC_LOW_RESISTANCE
        elif move == "advice" and emotional_moment:
            a = P.ADVICE_AFTER_EMOTION_ALLIANCE
        elif move == "advice_with_permission" and (
            pre.disclosure < P.ADVICE_WITH_PERMISSION_MIN_DISCLOSURE
        ):
            a = P.ADVICE_WITH_PERMISSION_EARLY_ALLIANCE
        elif move == "risk_question" and warm:
            a = P.RISK_WARM_ALLIANCE
        alliance.append(_gain(move, a, case))
        resistance.append(r)
        blocks = max(blocks, effect.blocks)
    delta = _strongest(alliance)
    if delta > 0:
        delta *= min(1.0, (1.0 - pre.alliance) / P.ALLIANCE_SATURATION)
    s.alliance = _clamp(pre.alliance + delta)
    moveset = set(moves)
    skilled = bool(moveset & P.SKILLED_MOVES) and not moveset & P.HARMFUL_MOVES
    s.skill_streak = pre.skill_streak + 1 if skilled else 0
    rupture = bool(moveset & P.RUPTURE_MOVES)
    if rupture:
        s.skill_credit = pre.skill_credit * P.RUPTURE_CREDIT_KEEP
    elif skilled:
        s.skill_credit = pre.skill_credit + 1.0
    start_r, start_hidden = start_resistance(case)
    r_delta = _strongest(resistance)
    if r_delta <= 0 and skilled and not moveset & P.RESISTANCE_FALL_MOVES:
        # A skilled question-only turn: patience is what a reserved patient needs.
        r_delta = -P.STYLE_PARAMS[case.style].question_fall
    s.resistance = _resist(case, s, pre.resistance, start_r, r_delta, rupture)
    if pre.hidden_resistance > 0 or start_hidden > 0:
        if moveset & {"advice", "collusion"}:
            h_delta = P.HIDDEN_RESISTANCE_RISE
        elif moveset & P.REFLECTION_MOVES:
            h_delta = -P.HIDDEN_RESISTANCE_DROP
        else:
            h_delta = 0.0
        s.hidden_resistance = _resist(
            case, s, pre.hidden_resistance, start_hidden, h_delta, rupture
        )
    blocked = pre.block_turns > 0 or blocks > 0
    s.block_turns = max(pre.block_turns - 1, blocks - 1, 0)

    # Reflected or misread feelings.
    named = emotions_named(trainee_text)
    reflected = None
    misread = None
    if "reading_in" in moves:
        misread = next(iter(sorted(named - set(s.emotion))), None) or next(
            iter(sorted(named)), None
        )
    elif {"complex_reflection", "simple_reflection"} & set(moves):
        for key in sorted(named & set(s.emotion)):
            s.emotion[key] = max(0.0, s.emotion[key] - P.REFLECTED_EMOTION_DROP)
            touched.add(key)
            reflected = key

    # Socratic questioning: evidence gathered only with enough trust and once
    # the thought is on the table.
    evidence_item = None
    exhausted = False
    defensive = False
    # A turn that agrees with the distorted thought examines nothing, whatever
    # else it is read as (a question after the agreement, a summary): no
    # evidence, summary or synthesis loosens the belief in the same breath.
    colluded = "collusion" in moves
    if socratic and not colluded:
        if not socratic_ok:
            defensive = True
        elif pre.disclosure >= P.SOCRATIC_MIN_DISCLOSURE:
            fresh = [e for e in situation.evidence if e not in pre.evidence]
            if fresh:
                evidence_item = fresh[0]
                s.evidence.append(evidence_item)
                drop = rng.randint(*P.EVIDENCE_BELIEF_DROP) * (
                    1.0 - pre.hidden_resistance
                )
                for key in topic_emotions:
                    s.emotion[key] = max(0.0, s.emotion[key] - P.EVIDENCE_EMOTION_DROP)
                    touched.add(key)
            else:
                exhausted = True
                drop = P.NO_MORE_EVIDENCE_BELIEF_DROP
            s.belief[pre.topic] = max(0.0, s.belief[pre.topic] - drop)

    if (
        "summary" in moves
        and not colluded
        and len(pre.evidence_for(case)) >= P.SUMMARY_MIN_EVIDENCE
    ):
        if not pre.summarised:
            s.belief[pre.topic] = max(0.0, s.belief[pre.topic] - P.SUMMARY_BELIEF_DROP)
        s.summarised = True
    if (
        "summary" in moves
        and pre.topic_depth.get(pre.topic, 0) >= P.SUMMARY_MIN_DEPTH
        and pre.topic not in s.summary_topics
    ):
        s.summary_topics.append(pre.topic)

    reframed = False
    premature = False
    if "socratic_synthesis" in moves and not colluded:
        # The rubric's cycle (RUBRICS.md 3.2): a summary within the topic, then a
        # synthesising question. The summary may come before the evidence (the
        # situation, thought and feeling pulled together) or earlier in the same
        # turn, as in Padesky's own example ("Looking at those examples together,
        # how does that fit with the thought?").
        # Every evidence line of the situation weighed: the patient has examined
        # all there is, and the synthesising question asks them to pull it
        # together themselves, which the trainee's summary would otherwise do
        # (stop 22: trainees who summarise at the close, after the synthesis,
        # never reached the view; the order is theirs, the work is the same).
        weighed = len(s.evidence_for(case)) >= len(situation.evidence)
        ready = (
            (s.summarised or pre.topic in pre.summary_topics or weighed)
            and len(pre.evidence_for(case)) >= P.SYNTHESIS_MIN_EVIDENCE
            and pre.alliance >= P.SYNTHESIS_MIN_ALLIANCE
            and (
                s.belief[pre.topic] <= P.SYNTHESIS_MAX_BELIEF
                # Every evidence line of the situation weighed: a thought that
                # started near 95 may still rate in the 70s, yet the patient has
                # nothing left to examine (stop 21: skilled sessions that
                # summarised before the evidence never got the summary's drop).
                or weighed
            )
            and pre.topic not in pre.reframed
        )
        if ready:
            reframed = True
            s.alternative_view = situation.alternative_view or _default_view(
                situation.auto_thought
            )
            s.reframed.append(pre.topic)
            s.belief[pre.topic] = max(
                0.0, s.belief[pre.topic] - P.SYNTHESIS_BELIEF_DROP
            )
            for key in topic_emotions:
                s.emotion[key] = max(0.0, s.emotion[key] - P.SYNTHESIS_EMOTION_DROP)
                touched.add(key)
            if pre.disclosure >= P.CORE_BELIEF_MIN_DISCLOSURE:
                floor = pre.core_belief_start - P.CORE_BELIEF_SESSION_CAP
                s.core_belief = max(floor, pre.core_belief - P.CORE_BELIEF_REFRAME_DROP)
        else:
            premature = True

    if "collusion" in moves:
        s.belief[pre.topic] = min(100.0, s.belief[pre.topic] + P.COLLUSION_BELIEF_RISE)
        key = topic_emotions[0]
        s.emotion[key] = min(100.0, s.emotion[key] + P.COLLUSION_EMOTION_RISE)
        touched.add(key)
    if {"confrontation", "leading_question"} & set(moves):
        key, _ = pre.dominant_emotion(case)
        if case.style == "upset" and "angry" in s.emotion:
            key = "angry"
        s.emotion[key] = min(100.0, s.emotion[key] + P.CONFRONTATION_EMOTION_RISE)
        touched.add(key)

    # Untouched feelings settle back toward where the patient started.
    for key, value in s.emotion.items():
        if key not in touched:
            base = s.emotion_baseline[key]
            s.emotion[key] = round(value + (base - value) * P.EMOTION_DECAY, 2)

    risk: RiskOutcome | None = None
    correction = False
    si_fact = fact is not None and fact.domain in SI_DOMAINS
    if fact is not None:
        s.facts_asked.append(fact.domain)
    if ("risk_question" in moves and not (fact and not si_fact)) or si_fact:
        # A question about self-harm or voices matches the risk cues too, but it is
        # answered from its own domain of the fact sheet (factq.py).
        s.risk_turn = s.turn
        present = case.facts.suicidal_thoughts.present or bool(
            {"passive_si", "active_si"} & set(case.risk_flags)
        )
        domain = fact.domain if fact is not None and si_fact else "suicidal_thoughts"
        if not present:
            risk = "deny"
        elif _risk_answered(pre, s, blocked=blocked, warm=warm):
            risk = "disclose"
            correction = bool(pre.risk_evaded) and not pre.risk_disclosed
            s.risk_disclosed = True
            if domain not in s.risk_asked:
                s.risk_asked.append(domain)
        else:
            risk = "evade"
            if domain not in s.risk_evaded:
                s.risk_evaded.append(domain)

    s.alliance = round(s.alliance, 4)
    s.resistance = round(s.resistance, 4)
    s.hidden_resistance = round(s.hidden_resistance, 4)
    outcome = Outcome(
        blocked=blocked,
        advancing=any(P.MOVE_EFFECTS[m].advances for m in moves),
        evidence_item=evidence_item,
        evidence_exhausted=exhausted,
        socratic_defensive=defensive,
        reframed=reframed,
        synthesis_premature=premature,
        risk=risk,
        risk_correction=correction,
        reflected_emotion=reflected,
        misread_emotion=misread,
        emotional_moment=emotional_moment,
    )
    return s, outcome


def _risk_answered(
    pre: PatientState, s: PatientState, *, blocked: bool, warm: bool
) -> bool:
    """Whether a question about suicidal thoughts is answered (or met with "I'm
    fine"). One story across the assessment: once she has told the thoughts,
    every later follow-up is answered, even a blunt one (saying "I'm fine" after
    "some nights I hope I won't wake up" takes it back). Before that, a question
    asked without care (trust too low, or right after advice or a confrontation
    with no reflection) meets "I'm fine"; and once she has said "I'm fine", only
    care opens it: a bare "How often?" next does not get "Most nights" as if the
    refusal had not been said."""
    if pre.risk_disclosed:
        return True
    if s.alliance < P.RISK_DISCLOSURE_MIN_ALLIANCE:
        return False
    if pre.risk_evaded:
        return warm
    return not (blocked and not warm)


def _default_view(thought: str) -> str:
    # Imported cases have no authored alternative view; keep it tentative and
    # tied to the thought, never inventing facts.
    return f'Maybe "{thought.strip().rstrip(".?!")}" is not the whole story.'
