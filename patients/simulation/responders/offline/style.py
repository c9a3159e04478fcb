"""Conversational style on top of the realised act: markers, tangents, verbosity.

Pure (no Django). `add_style` decorates the act's sentences according to the case's
style (upset, pleasing, reserved, tangent, verbose) at the rates in
`parameters.STYLE_PARAMS`, never on a greeting, a goodbye or a risk answer, and only
with a flourish that fits whole within the sentence cap.
"""

from __future__ import annotations

from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec
from patients.simulation.direction import StageDirection
from patients.simulation.responders.base import ReplyContext
from patients.simulation.text import ensure_period, lower_first, split_sentences

from .material import case_names, material
from .phrasebook import GENERIC_TANGENTS, STYLE_MARKERS
from .picker import DISCOURSE_LEAD, Picker


def add_style(
    case: CaseSpec,
    d: StageDirection,
    ctx: ReplyContext,
    pk: Picker,
    sentences: list[str],
) -> list[str]:
    style = case.style
    rate = P.STYLE_PARAMS[style].marker_rate
    if not sentences:
        return sentences
    talkative = (
        d.act in {"disclose", "answer", "consider"}
        and not d.guarded
        and "risk" not in d.content
        and d.reason not in {"closing", "greeting"}
    )
    if d.reason in {"closing", "greeting"} or "risk" in d.content:
        # A goodbye, a hello or an answer about thoughts of death is not the
        # moment for a style flourish.
        return sentences
    cap = min(d.max_sentences, P.STYLE_PARAMS[style].sentence_cap)

    def fits(extra: str) -> bool:
        # A flourish is added whole or not at all: half a tangent reads as a
        # glitch ("I've been rewatching a baking show, the old series.").
        used = sum(len(split_sentences(x)) for x in sentences)
        return used + len(split_sentences(extra)) <= cap

    if (
        style == "upset"
        and ctx.state.alliance < 0.6
        and pk.chance(rate)
        and not DISCOURSE_LEAD.match(sentences[0])
    ):
        lead = pk.pick(
            [
                m
                for m in STYLE_MARKERS["upset"]
                if m.rstrip(",").lower() not in sentences[0].lower()
            ]
            or STYLE_MARKERS["upset"]
        )
        first = sentences[0]
        first_line = ensure_period(lower_first(first, case_names(case)))
        if first[-1:] in "?!":
            first_line = first_line[:-1] + first[-1]
        sentences = [f"{lead} {first_line}", *sentences[1:]]
        irritable = pk.fresh(STYLE_MARKERS["upset_irritable"])
        if ctx.state.alliance < 0.4 and d.act in {"answer", "deflect"} and irritable:
            sentences.append(pk.pick(irritable))
    elif (
        style == "pleasing"
        and pk.chance(rate)
        and d.act != "redirect"
        and (markers := [m for m in pk.fresh(STYLE_MARKERS["pleasing"]) if fits(m)])
    ):
        sentences.append(pk.pick(markers))
    elif d.reason == "fact":
        if style == "verbose":
            # A talker answers, then drifts: one side remark from their own life.
            extra = pk.fresh(case.voice.tangent or case.voice.presenting)
            if extra:
                sentences.append(pk.pick(extra))
        elif style == "tangent" and pk.chance(rate):
            extra = [t for t in pk.fresh(case.voice.tangent) if fits(t)]
            if extra:
                sentences.append(pk.pick(extra))
    elif (
        style == "reserved"
        and pk.chance(rate * 0.6)
        and d.act != "redirect"
        and (markers := pk.fresh(STYLE_MARKERS["reserved"]))
    ):
        sentences.append(pk.pick(markers))
    elif (
        style == "tangent"
        and talkative
        and pk.chance(rate)
        and (
            tangents := [
                t for t in pk.fresh(case.voice.tangent or GENERIC_TANGENTS) if fits(t)
            ]
        )
    ):
        # A drift said once is a quirk; said twice it is a recording.
        sentences.append(pk.pick(tangents))
    elif style == "verbose" and talkative:
        # Long, detailed answers: more of what may already be said.
        situation = case.situation(d.topic)
        for layer in range(min(d.allowed_layer, 4), -1, -1):
            if layer > ctx.state.topic_depth.get(d.topic, 0) and layer > 0:
                continue
            fresh = pk.fresh(material(case, situation, layer))
            if fresh:
                sentences.append(pk.pick(fresh))
            if len(sentences) >= 4:
                break
        # A flourish at most once a session: said before, it is left out,
        # never restated ("Like I said, sorry, I'm going on a bit.").
        markers = pk.fresh(STYLE_MARKERS["verbose"])
        if markers:
            sentences.append(pk.pick(markers))
        markers = pk.fresh(STYLE_MARKERS["verbose"])
        if markers and pk.chance(rate):
            sentences.append(pk.pick(markers))
    return sentences
