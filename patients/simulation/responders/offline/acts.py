"""Realisation per act: the sentences that say what the stage direction decided.

Pure (no Django). `realise_act` turns a `StageDirection` (act, reason, layer, focus,
content) into a short list of sentences, from the case's material and the phrasebook,
through the session's `Picker`: disclose, answer (by reason: greeting, agenda, goal,
closed question, closing, collusion...), deflect, yes-but, defend, correct, consider,
reframe, redirect, and the risk answers. Style is added afterwards (`style.py`).
"""

from __future__ import annotations

import re

from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec, Situation
from patients.simulation.coping import coping_line
from patients.simulation.direction import StageDirection, fact_text
from patients.simulation.integrity import REACTIONS
from patients.simulation.moves.case_aware import agrees_by_reference, colludes
from patients.simulation.responders.base import ReplyContext
from patients.simulation.text import ensure_period, lower_first, split_sentences
from patients.simulation.vocab import EMOTIONS, emotion_key

from .material import case_names, material, unquote
from .phrasebook import (
    BACK_TO_IT,
    BRIDGES,
    CLOSING,
    CLOSING_REFRAMED,
    COLLUSION,
    CONSIDER_LEADS,
    CONSIDER_TAILS,
    COPING_LEADS,
    CORRECT,
    CORRECT_OWN,
    CORRECT_OWN_TAILS,
    CORRECT_TAILS,
    CORRECT_TAILS_ACTUAL,
    DEFEND,
    DEFLECTIONS,
    EXHAUSTED,
    GENERIC_TANGENTS,
    GOALS,
    GREETINGS,
    GUARDED_LEADS,
    GUARDED_PRESENTING_LEADS,
    HESITANT,
    NONCOMMITTAL,
    NOT_YET,
    PERMISSION_CONSIDER,
    PLEASING_AGREE,
    PLEASING_HEDGE,
    PLEASING_SURFACE,
    REDIRECT,
    REFLECT_OWNED,
    REFRAME_LEADS,
    REFRAME_TAILS,
    RESTATE_LEADS,
    RISK_DENY,
    RISK_EVADE,
    RISK_OWNED,
    SHORT_PUZZLED,
    SOCIAL_ANSWERS,
    STILL_BELIEVE,
    TOO_EARLY,
    TOO_EARLY_ADVICE,
    UNSURE,
    YES_BUT,
    YES_BUT_LEADS,
)
from .picker import DISCOURSE_LEAD, Picker, norm

_OPENS_NO = re.compile(r"^(?:no\b|i (?:don'?t|do not|wouldn'?t|haven'?t)\b)", re.I)
# An invitation to go on ("say more") asks for more of the same: it needs no bridge.
ELABORATE = re.compile(
    r"\b(?:say more|tell me more|go on|expand|elaborate|what else|and then)\b", re.I
)


def _words(label: str) -> str:
    parts = [p.strip() for p in label.split(",")]
    return " and ".join(parts[:2]) if len(parts) > 1 else parts[0]


def _patient_spoke(ctx: ReplyContext) -> bool:
    return any(u.speaker == "patient" for u in ctx.history)


def realise_act(ctx: ReplyContext, pk: Picker) -> list[str]:
    d, case = ctx.direction, ctx.case
    situation = case.situation(d.topic)
    act = d.act
    out: list[str] = []
    if act == "redirect" and d.reason == "role_break":
        # Puzzled or put out, then back to why they came: a person, not a denial.
        kind = d.content.get("kind", "meta")
        kind_lines = REACTIONS.get(kind, REACTIONS["meta"])
        # A long session of such requests exhausts a kind's few lines: then any
        # fresh puzzled line, and a fresh way back rather than the same retold one.
        puzzled = [line for lines in REACTIONS.values() for line in lines]
        fresh = pk.fresh(kind_lines) or pk.fresh(puzzled)
        out.append(pk.pick(fresh or SHORT_PUZZLED))
        back = _back_to_concern(ctx, pk, situation, restate=bool(fresh))
        return out + back
    if act == "redirect":
        kind = d.content.get("kind", "meta")
        if (
            kind == "off_topic"
            and case.style == "tangent"
            and (case.voice.tangent or GENERIC_TANGENTS)
        ):
            out.append(pk.pick(case.voice.tangent or GENERIC_TANGENTS))
            return out
        # A one-sentence reaction where there is room for two, so the way back
        # to their concern is not the part cut off.
        reactions = _one_line_if_tight(ctx, REDIRECT.get(kind, REDIRECT["meta"]))
        out.append(pk.pick(reactions))
        # Back to their own concern, in its own words ("The bills came up in
        # my head..."), not a generic "Can we get back to it?".
        return out + (
            _back_to_concern(ctx, pk, situation, restate=False) or [pk.pick(BACK_TO_IT)]
        )
    risk = d.content.get("risk")
    sheet = {"domain": d.content.get("domain", "suicidal_thoughts")}
    if risk == "disclose":
        asked = d.content.get("domain", "suicidal_thoughts")
        told = any(
            split_sentences(line)[0] in u.text
            for line in case.voice.risk
            for u in ctx.history
            if u.speaker == "patient"
        )
        # The first disclosure after "I'm fine" takes the denial back, whatever
        # was asked (the thoughts again, or a follow-up): the state says so
        # (`content["correction"]`), so the two turns tell one story.
        owned = [RISK_OWNED] if d.content.get("correction") == "risk" else []
        if (
            asked != "suicidal_thoughts"
            and case.voice.risk
            and not told
            and "suicidal_thoughts" not in ctx.state.risk_asked
        ):
            # A follow-up answered before the thoughts themselves were told
            # (asked first, or met with "I'm fine" earlier): she owns the
            # thoughts in a sentence, then answers what was asked, so "Most
            # nights" never follows "Let's not go there" unexplained.
            own = sorted(case.voice.risk, key=lambda x: bool(_OPENS_NO.match(x)))
            return [
                *owned,
                split_sentences(own[0])[0],
                say_fact(pk, fact_text(case, sheet), case_names(case)),
            ]
        if asked != "suicidal_thoughts" or not case.voice.risk or told:
            # Follow-ups, and the thoughts asked about again: the sheet's answer.
            # The fact sheet's answer to exactly what was asked (plan, means...).
            return [*owned, say_fact(pk, fact_text(case, sheet), case_names(case))]
        # Asked directly, the first words say yes: a line that opens with a
        # denial ("I don't want to die exactly...") comes second, if at all.
        lines = sorted(case.voice.risk, key=lambda x: bool(_OPENS_NO.match(x)))
        first = pk.restate(
            lines[:1] if pk.fresh(lines[:1]) else lines, case_names(case)
        )
        return [*owned, first, *[x for x in pk.fresh(lines) if x != first][:1]]
    if risk == "evade":
        return [pk.pick(RISK_EVADE)]
    if risk == "deny":
        denial = fact_text(case, sheet)
        if pk.fresh([denial]) or "domain" in d.content:
            return [say_fact(pk, denial, case_names(case))]
        return [pk.pick(RISK_DENY)]
    if d.reason == "fact":
        return [say_fact(pk, fact_text(case, d.content), case_names(case))]
    if d.content.get("reflected") and act in {"answer", "deflect"}:
        return owns_feeling(ctx, pk, situation, d.content["reflected"])
    if act == "disclose":
        if d.first_turn and d.layer <= 1 and not _patient_spoke(ctx):
            # The product shows the opening line as the patient's first turn;
            # only a session without it (the trainee spoke first) starts here.
            out.append(case.opening_line)
        line = pk.pick(material(case, situation, d.layer))
        if d.layer == 0:
            out += guarded_lead(d, pk, line)
        elif (
            d.focus == "none"
            and d.layer in {1, 2}
            and ctx.history
            and ctx.history[-1].text.rstrip().endswith("?")
            and not ELABORATE.search(ctx.history[-1].text)
        ):
            out.append(pk.pick(BRIDGES))
        # Voice lines of one layer are paraphrases: one per reply.
        out.append(line)
        return out
    if act == "answer":
        return answer(ctx, pk, situation)
    if act == "deflect":
        if d.reason == "not_yet" and d.focus in NOT_YET:
            first = pk.pick(NOT_YET[d.focus])
        else:
            first = pk.pick(
                [
                    x
                    for x in [*case.voice.deflect, *DEFLECTIONS]
                    if len(split_sentences(x)) == 1
                ]
                or [*case.voice.deflect, *DEFLECTIONS]
            )
        # Guarded, but still about their own life: why they came, briefly.
        return [first, pk.restate(material(case, situation, 0), case_names(case))]
    agreed = _agrees_with_thought(ctx) or bool(d.content.get("collusion"))
    if act == "yes_but":
        if case.style == "pleasing":
            if agreed:
                # Pleased to be agreed with, and it is their own thought that
                # was agreed with: said, not a hedge about nothing.
                return [pk.pick(PLEASING_AGREE), _own_thought(ctx, pk, situation)]
            return [pk.pick(PLEASING_AGREE), pk.pick(PLEASING_HEDGE)]
        own = case.voice.yes_but
        if own and pk.chance(0.75) and not agreed:
            line = pk.pick(own)
            if " but " in line.lower():
                return ["Yeah.", line]
            lead = pk.pick(YES_BUT_LEADS)
            return [f"{lead} {ensure_period(lower_first(line, case_names(case)))}"]
        if agreed:
            return [
                pk.pick(_one_line_if_tight(ctx, YES_BUT)),
                _own_thought(ctx, pk, situation),
            ]
        # The doubt, and what it is about in their own words (what they
        # already told): a stock "that sounds good on paper" alone carries
        # nothing of theirs.
        return [
            pk.pick(_one_line_if_tight(ctx, YES_BUT)),
            _told_line(ctx, pk, situation),
        ]
    if act == "defend":
        if d.reason == "socratic_too_early" and case.style != "pleasing":
            return [pk.pick(TOO_EARLY)]
        if agreed:
            # "They probably do think you're boring": stung, and the thought
            # they came with, not a stock "It's not as simple as that." alone.
            return [
                pk.pick(_one_line_if_tight(ctx, DEFEND[case.style])),
                _own_thought(ctx, pk, situation),
            ]
        return [pk.pick(DEFEND[case.style])]
    if act == "correct":
        named = d.content.get("named") or ""
        actual = d.content.get("actual")
        if named and named in ctx.state.emotion:
            # The feeling is the patient's, just not voiced yet: "I'm not sad"
            # would contradict the case. They balk at being told, not at the word.
            out.append(
                pk.pick(CORRECT_OWN).format(named=named, named_cap=named.capitalize())
            )
            out.append(pk.pick(CORRECT_OWN_TAILS))
            return out
        if named:
            out.append(pk.pick(_one_line_if_tight(ctx, CORRECT)).format(named=named))
        # What it is actually about, in their own words, always within the cap;
        # the stock tail ("That's not really how I'd put it.") only where it
        # still fits beside it, or a denial and a tail would be all of it.
        depth = min(ctx.state.topic_depth.get(d.topic, 0), 1)
        theirs = pk.restate(material(case, situation, depth), case_names(case))
        cap = min(d.max_sentences, P.STYLE_PARAMS[case.style].sentence_cap)
        used = sum(len(split_sentences(x)) for x in out) + len(split_sentences(theirs))
        if used < cap:
            if actual and actual != named:
                label = next(e for e in EMOTIONS if emotion_key(e) == actual)
                out.append(pk.pick(CORRECT_TAILS_ACTUAL).format(actual=_words(label)))
            else:
                out.append(pk.pick(CORRECT_TAILS))
        out.append(theirs)
        return out
    if act == "consider":
        evidence = d.content.get("evidence")
        if evidence:
            out.append(f"{pk.pick(CONSIDER_LEADS)} {ensure_period(evidence)}")
            out.append(pk.pick(CONSIDER_TAILS))
        elif d.reason == "advice_with_permission":
            out.append(pk.pick(PERMISSION_CONSIDER))
        else:
            out.append(pk.pick(EXHAUSTED))
        return out
    if act == "reframe":
        view = d.content.get("alternative_view") or ""
        out.append(f"{pk.pick(REFRAME_LEADS)} {ensure_period(view)}")
        out.append(pk.pick(REFRAME_TAILS))
        return out
    return [pk.pick(NONCOMMITTAL)]


def say_fact(pk: Picker, line: str, names: frozenset[str]) -> str:
    """A fact answer; asked again, its first sentence as a repeat ("Like I said,
    two."), never the whole answer word for word."""
    if pk.fresh([line]):
        return pk.pick([line])
    # Part of it was said already ("I wouldn't do anything."): the rest of the
    # answer, without the repeat, when something of substance is left.
    rest = [
        x
        for x in split_sentences(line)
        if len(x.split()) < 3 or norm(x) not in pk.said | pk.used
    ]
    if any(len(x.split()) >= 3 for x in rest) and norm(" ".join(rest)) not in pk.said:
        pk.used.update(norm(x) for x in rest)
        return " ".join(rest)
    first = DISCOURSE_LEAD.sub("", split_sentences(line)[0])
    return f"{pk.pick(RESTATE_LEADS)} {ensure_period(lower_first(first, names))}"


def guarded_lead(d: StageDirection, pk: Picker, line: str) -> list[str]:
    # A guarded patient hesitates before saying why they came, but only when
    # the hesitation leaves room for the reason itself within the cap.
    if d.guarded and len(split_sentences(line)) < d.max_sentences:
        return [pk.pick(GUARDED_PRESENTING_LEADS)]
    return []


def answer(ctx: ReplyContext, pk: Picker, situation: Situation) -> list[str]:
    d, case = ctx.direction, ctx.case
    reason = d.reason
    restate = material(case, situation, d.layer) if d.layer >= 0 else []
    names = case_names(case)
    if reason in {"other", "greeting"} and d.first_turn and not _patient_spoke(ctx):
        return [case.opening_line]
    if reason == "greeting":
        asked = bool(ctx.history) and ctx.history[-1].text.rstrip().endswith("?")
        return [pk.pick(SOCIAL_ANSWERS if asked else GREETINGS)]
    if reason == "agenda":
        line = pk.restate(material(case, situation, 0), names)
        return [*guarded_lead(d, pk, line), line]
    if reason == "goal":
        return [pk.pick(GOALS)]
    if reason == "asked_again":
        return [pk.restate(material(case, situation, d.layer), names)]
    if reason == "not_yet":
        # Declines what was asked, without retelling what was already said.
        out = [pk.pick(NOT_YET.get(d.focus, HESITANT))]
        if pk.chance(0.5):
            out.append(pk.pick(HESITANT))
        return out
    if reason == "closing":
        alliance = ctx.state.alliance
        tone = "warm" if alliance >= 0.6 else "neutral" if alliance >= 0.35 else "cool"
        out = [pk.pick(CLOSING[tone])]
        if ctx.state.alternative_view and tone == "warm":
            out.append(pk.pick(CLOSING_REFRAMED))
        return out
    if reason == "closed_question":
        # One short hedge, so the line about their life fits within the cap.
        out = [pk.pick(UNSURE)]
        asked_layer = d.content.get("asked")
        if asked_layer:
            out.append(pk.restate(material(case, situation, int(asked_layer)), names))
        else:
            # Never a bare hedge: what the patient can say is what they came about.
            out.append(pk.restate(restate or material(case, situation, 0), names))
        return out
    if reason == "coping":
        line = coping_line(case.coping_strategies, case.gender or "")
        if line and pk.fresh([line]):
            return [pk.pick(_one_line_if_tight(ctx, COPING_LEADS)), line]
        if line:
            return [pk.restate([line], names)]
    if reason == "synthesis_premature":
        thought = ensure_period(unquote(situation.auto_thought))
        return [f'{pk.pick(STILL_BELIEVE)} "{thought}"']
    if reason == "collusion":
        # Short where there is room for two: the patient's own thought is what
        # must not be cut ("Exactly. That's what I keep telling myself." alone
        # agrees with nothing of theirs).
        own = _own_thought(ctx, pk, situation)
        # The lead takes only the room the thought leaves: a two-sentence
        # thought line after a two-sentence lead is cut to its first half
        # under a cap of three ("It's obvious what's going on." without what).
        room = min(d.max_sentences, P.STYLE_PARAMS[case.style].sentence_cap)
        leads: tuple[str, ...] = COLLUSION
        if room <= len(split_sentences(own)):
            # No room beside it: the thought alone says she agrees.
            return [own]
        if room - len(split_sentences(own)) < 2:
            leads = tuple(x for x in COLLUSION if len(split_sentences(x)) == 1)
        return [pk.pick(leads or COLLUSION), own]
    if reason == "agreeable":
        # Pleasing's hidden resistance: agreement, and nothing deeper than what
        # was already told (said again, or why they came).
        told = pk.restate(restate or material(case, situation, 0), names)
        return [pk.pick(PLEASING_SURFACE), told]
    if reason == "advice_too_early":
        return [pk.pick(TOO_EARLY_ADVICE)]
    if reason == "blocked":
        return [pk.pick(GUARDED_LEADS)]
    lead = pk.pick(HESITANT)
    # Say something not yet said, from the deepest layer already told down.
    for layer in range(d.layer, -1, -1):
        if 1 <= layer <= 4 and layer > ctx.state.topic_depth.get(d.topic, 0):
            continue
        fresh = pk.fresh(material(case, situation, layer))
        if fresh:
            return [lead, pk.pick(fresh)]
    if _agrees_with_thought(ctx) or d.content.get("collusion"):
        return [lead, _own_thought(ctx, pk, situation)]
    # Everything said already: said again as a repeat ("Like I said, ..."), not
    # picked verbatim, which the repeat filter would drop, leaving the hedge.
    return [lead, pk.restate(restate, names)] if restate else [lead]


def owns_feeling(
    ctx: ReplyContext, pk: Picker, situation: Situation, reflected: str
) -> list[str]:
    """An accurate reflection where nothing new is told: the feeling owned in
    the case's own word for it, and tied to what it is about, the deepest part
    of this topic already told (the situation, the thought, what they did), or
    why they came when nothing of it is told yet. Never deeper than told."""
    case = ctx.case
    word = next(
        (
            label.split(",")[0].strip()
            for s in (situation, *case.situations)
            for label in s.emotions
            if emotion_key(label) == reflected
        ),
        reflected,
    )
    names = case_names(case)
    # One sentence where there is room for two, so what it is about fits.
    owned = _one_line_if_tight(ctx, REFLECT_OWNED)
    first = pk.pick(owned).format(feeling=word, feeling_cap=word.capitalize())
    told = min(ctx.state.topic_depth.get(ctx.direction.topic, 0), 4)
    for layer in range(told, 0, -1):
        fresh = pk.fresh(material(case, situation, layer))
        if fresh:
            return [first, pk.pick(fresh)]
    return [first, pk.restate(material(case, situation, min(told, 1)), names)]


def _told_line(ctx: ReplyContext, pk: Picker, situation: Situation) -> str:
    """A line of what this topic has already been told (why they came before
    anything of it): something of theirs, nothing deeper than told."""
    told = min(ctx.state.topic_depth.get(ctx.direction.topic, 0), 4)
    return pk.restate(material(ctx.case, situation, told), case_names(ctx.case))


def _agrees_with_thought(ctx: ReplyContext) -> bool:
    """The trainee's turn agrees with the patient's distorted thought in its
    own words (`colludes`), whatever else the annotator's cues read in it
    (advice, a confrontation): the reply answers to that thought."""
    last = next((u.text for u in reversed(ctx.history) if u.speaker == "trainee"), "")
    return bool(last) and (
        colludes(last, _beliefs(ctx.case)) or agrees_by_reference(last)
    )


def _beliefs(case: CaseSpec) -> tuple[str, ...]:
    return (
        *(s.auto_thought for s in case.situations),
        *case.core_beliefs,
        *(line for s in case.situations for line in s.voice.thought),
    )


def _own_thought(ctx: ReplyContext, pk: Picker, situation: Situation) -> str:
    """The patient's own thought, once told (a repeat, "Like I said, ..."), or
    before that what they came about: an agreement answered with something of
    theirs, and nothing deeper than they have already said."""
    names = case_names(ctx.case)
    if ctx.direction.allowed_layer >= 2:
        quoted = (
            f'"{ensure_period(unquote(situation.auto_thought))}" That\'s exactly it.'
        )
        return pk.restate([*situation.voice.thought] or [quoted], names)
    return pk.restate(material(ctx.case, situation, 0), names)


def _back_to_concern(
    ctx: ReplyContext, pk: Picker, situation: Situation, *, restate: bool
) -> list[str]:
    """Back to why they came, after a puzzled or put-out reaction: the
    concern in the case's own words while there is a fresh line of it, then a
    plain way back, then (`restate`) the concern told again as a repeat."""
    concern = material(ctx.case, situation, 0)
    if pk.fresh(concern):
        return [pk.pick(concern)]
    if pk.fresh(BACK_TO_IT):
        return [pk.pick(BACK_TO_IT)]
    if restate:
        return [pk.restate(concern, case_names(ctx.case))]
    return []


def _one_line_if_tight(ctx: ReplyContext, lines: tuple[str, ...]) -> tuple[str, ...]:
    """The one-sentence `lines` when the reply has room for two sentences or
    fewer (a reserved or upset patient), so the line after them fits."""
    d, case = ctx.direction, ctx.case
    if min(d.max_sentences, P.STYLE_PARAMS[case.style].sentence_cap) > 2:
        return lines
    return tuple(x for x in lines if len(split_sentences(x)) == 1) or lines
