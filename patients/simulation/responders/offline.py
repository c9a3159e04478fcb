"""The offline responder: the patient's words from the case's own material.

It realises the stage direction with the author's `voice` lines where they
exist and with sentence frames otherwise. Frames carry feelings and hedges,
never facts, so a reply can only state what the case says. Choices are seeded
by (session seed, turn), and sentences already said in the session are avoided,
so a session is reproducible and never repeats a reply verbatim.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Sequence
from functools import lru_cache

from llm.types import Usage
from patients.simulation import parameters as P
from patients.simulation.case import CaseSpec, Situation
from patients.simulation.direction import StageDirection
from patients.simulation.responders.base import Final, ReplyContext, Token
from patients.simulation.text import (
    ensure_period,
    lower_first,
    proper_nouns,
    split_sentences,
)
from patients.simulation.vocab import EMOTIONS, emotion_key

# Generic frames. Feelings and hedges only: nothing here may assert a fact
# about the patient's life, so no frame can contradict a case.
NONCOMMITTAL = (
    "Maybe. It's hard to say.",
    "Sort of, I suppose.",
    "I'm not sure how to answer that.",
    "I guess, in a way.",
    "Hard to put it that simply.",
    "Kind of. It's complicated.",
    "I don't really know.",
    "Possibly. I haven't thought about it like that.",
)
HESITANT = (
    "I don't know how to explain it.",
    "It's hard to put into words.",
    "I'm not sure where to start with that.",
    "There's more to it, I think, but it's hard to say.",
    "I keep going round in circles about it.",
    "It's a bit of a blur, honestly.",
    "I haven't really talked about this much.",
)
GUARDED_LEADS = (
    "I'd rather not go into it right now.",
    "I don't really want to get into that.",
    "It's fine. I'll manage.",
    "Can we just leave that for now?",
    "I don't know what to say to that.",
)
DEFLECTIONS = (
    "I don't really know.",
    "It's nothing, really.",
    "It's fine. It's just been a rough patch.",
    "I'm not sure it matters.",
    "I'd rather not talk about that yet.",
    "Can we talk about something else?",
    "It's hard to say.",
)
YES_BUT = (
    "Yeah, but it's not that simple.",
    "Maybe, but I've heard that before and it doesn't really help.",
    "I know what you mean, but that wouldn't work for me.",
    "That sounds good on paper, but you don't know what it's like.",
    "Easier said than done.",
    "I'm not sure that's really the problem.",
)
YES_BUT_LEADS = (
    "Yeah, but",
    "Maybe, but",
    "I know, but",
    "I get that, but",
    "Sure, but",
)
PLEASING_AGREE = (
    "Oh, that's a really good idea. I could try that.",
    "Yes, you're probably right. I'll give it a go.",
    "That makes sense. Thank you, I'll try.",
    "Okay, I can do that, I think.",
)
PLEASING_HEDGE = (
    "I'm not sure I'd actually manage it, but I'll try.",
    "I mean, I say that, but I don't know.",
    "Sorry, I'm probably making it sound easier than it is.",
)
DEFEND = {
    "plain": (
        "I don't think that's fair.",
        "That's not really how it feels from where I'm sitting.",
        "I'm not making this up.",
        "I feel like you're not really hearing me.",
        "It's not as simple as that.",
    ),
    "upset": (
        "Are you serious? You don't know what it's like.",
        "I didn't come here to be told I'm doing it wrong.",
        "That's easy for you to say.",
        "Great. Now I feel even worse.",
        "I knew this would be a waste of time.",
        "Don't tell me how I should feel.",
    ),
    "verbose": (
        "I don't think that's fair, and I'm not sure you've understood what I've been "
        "trying to say.",
        "It's really not that simple, there's a lot more going on than that.",
        "I feel like I'm explaining this badly, because that's not how it is at all.",
        "I'm not making it up, it really does feel this way.",
    ),
    "reserved": ("...Okay.", "I don't know.", "Fine.", "If you say so.", "Right."),
    "tangent": (
        "That's not really it.",
        "I don't think you've got that right.",
        "Hm. No, that's not how it is.",
        "I'm not sure that's fair.",
    ),
    "pleasing": (
        "Sorry. You're probably right.",
        "Oh. I didn't mean to make a fuss.",
        "Sorry, I know I'm not explaining it well.",
        "No, you're right, I'm sorry.",
    ),
}
TOO_EARLY = (
    "I just know, okay? It's hard to explain.",
    "I don't see how else to look at it.",
    "That's just how it is.",
    "I don't know why you're asking me that.",
    "It's not something I can argue myself out of.",
)
CONSIDER_LEADS = (
    "Well...",
    "Hm.",
    "I mean...",
    "Now that you ask...",
    "Actually...",
    "Okay.",
)
CONSIDER_TAILS = (
    "I hadn't really thought about that.",
    "I don't know what to make of that.",
    "That doesn't quite fit, does it.",
    "I'd forgotten about that, to be honest.",
    "I'm not sure what that means yet.",
)
EXHAUSTED = (
    "I can't think of anything else right now.",
    "Nothing else comes to mind.",
    "I think that's all I've got.",
)
PERMISSION_CONSIDER = (
    "Maybe. I could think about that.",
    "It's hard to picture actually doing it, but I'm willing to think about it.",
    "I hadn't thought of that. I'm not sure, but maybe.",
    "Okay. I could try something like that, maybe.",
)
TOO_EARLY_ADVICE = (
    "Maybe. I'm not sure that's really the problem, though.",
    "I don't know. I haven't really explained it properly yet.",
    "Possibly. It's more complicated than that, though.",
)
STILL_BELIEVE = (
    "I don't know. Part of me still thinks",
    "I hear what you're saying, but I still think",
    "Honestly? It still feels like",
)
COLLUSION = (
    "Yeah. So it's not just me, then.",
    "Exactly. That's what I keep telling myself.",
    "Right. I knew it.",
    "See, that's what I mean.",
)
REFRAME_LEADS = (
    "I guess...",
    "Maybe...",
    "When I put it like that...",
    "Hm.",
    "Okay...",
)
REFRAME_TAILS = (
    "It feels strange to say that out loud.",
    "I'm not sure I fully believe it yet, but it feels a bit lighter.",
    "That's different from how I've been seeing it.",
)
CORRECT = (
    "I didn't say I was {named}.",
    "I'm not {named}.",
    "That's not it. I'm not {named}.",
)
CORRECT_TAILS_ACTUAL = (
    "It's more that I feel {actual}.",
    "If anything, I'm {actual}.",
)
CORRECT_TAILS = ("That's not really how I'd put it.", "That's not the word I'd use.")
CORRECT_OWN = (
    "I didn't say I was {named}.",
    "I'm not sure I'd say {named}.",
    "{named_cap}? I don't know.",
)
CORRECT_OWN_TAILS = (
    "Maybe. I haven't really thought about it.",
    "It's hard to say what I feel, honestly.",
    "Maybe a bit. I don't know.",
)
REDIRECT = {
    "instructions": (
        "Sorry, I'm not following you.",
        "I don't know what you mean by that.",
        "I'm not sure what you're asking.",
        "Sorry, you've lost me there.",
    ),
    "ai": (
        "What? No. I'm just tired, that's all.",
        "That's a strange thing to ask.",
        "Sorry, what? I'm just a bit all over the place today.",
        "I don't know why you'd ask that.",
    ),
    "swap": (
        "Me? I wouldn't know where to start. That's why I'm here.",
        "I can barely sort out my own head right now.",
        "I don't think I'm the one to ask.",
        "I came here hoping you could help me with this.",
    ),
    "meta": (
        "I'm not sure what you mean. This is pretty real for me.",
        "Sorry, I don't follow.",
        "I don't really get what you're saying.",
        "It doesn't feel like a game from where I'm sitting.",
    ),
    "formulation": (
        "I'm not sure what you mean by that. I don't know the technical words.",
        "I don't really know how to answer that. What do you mean?",
        "Sorry, that's a bit over my head.",
    ),
    "off_topic": (
        "Sorry, I'm not sure what that has to do with anything.",
        "Um, okay. I thought we were talking about me.",
        "I don't really have an opinion on that, sorry.",
        "I'm not sure why we're talking about that.",
    ),
}
BACK_TO_IT = (
    "Can we get back to it?",
    "Anyway, I came here to talk about how things have been.",
    "Could we go back to what we were talking about?",
    "I'd rather use the time for what's been going on.",
)
RISK_DENY = (
    "No, nothing like that.",
    "No. It's hard, but I'm not in that kind of place.",
    "No, I wouldn't. It's not that bad.",
)
RISK_EVADE = (
    "I'm fine. I don't really want to talk about that.",
    "Why would you ask that? I'm fine.",
    "Let's not go there.",
)
# Guarded answers about the very thing asked, when trust is not there yet: the
# patient heard the question and declines it, rather than answering another one.
NOT_YET = {
    "situation": (
        "It's a long story.",
        "I'm not sure where to start with what happened.",
        "I'd rather not go into the details yet.",
    ),
    "thought": (
        "I don't know what I was thinking, really.",
        "It's hard to say what went through my head.",
        "I'd rather not get into what I was thinking.",
    ),
    "emotion": (
        "Not great.",
        "It's hard to put a name to it.",
        "I'd rather not get into how it felt.",
    ),
    "behaviour": (
        "I'd rather not go into what I did.",
        "Does it matter what I did?",
        "It's not something I'm proud of.",
    ),
}
# Leads for material already told when the trainee asks about it again.
RESTATE_LEADS = ("Like I said,", "As I said,", "Well, like I said,")
GUARDED_PRESENTING_LEADS = (
    "I don't know, really.",
    "Where do I start.",
    "It's hard to explain.",
)
GOALS = (
    "I just want to feel like myself again.",
    "I'd like to stop feeling like this, I suppose.",
    "Honestly, I'm not sure. Just for things to feel a bit easier.",
    "I don't know. To cope better, maybe.",
)
GREETINGS = ("Hi.", "Hello.", "Hi. Thanks for seeing me.")
SOCIAL_ANSWERS = ("Fine, thanks.", "Yes, fine, thanks.", "Okay, thanks.")
CLOSING = {
    "warm": (
        "Okay. Thank you, this helped more than I thought it would.",
        "Right. It was good to say some of this out loud.",
        "Okay. I'll think about what we talked about.",
    ),
    "neutral": ("Okay.", "Right. Okay.", "Okay, thanks."),
    "cool": ("Fine.", "Okay.", "Right."),
}
CLOSING_REFRAMED = (
    "Maybe it isn't quite how I've been seeing it.",
    "I think I'll remember what I said about it today.",
)
# When an open question is about something the case does not cover ("How is your
# sleep?"), the patient turns to what is on their mind, and says so.
BRIDGES = (
    "I don't know. What's really getting to me is this.",
    "Honestly? The thing I keep coming back to is this.",
)
ELABORATE = re.compile(
    r"\b(?:say more|tell me more|go on|expand|elaborate|what else|and then)\b", re.I
)
GENERIC_PRESENTING = (
    "Things have just been hard lately.",
    "I haven't been feeling like myself.",
    "It's all been a bit much.",
)
STYLE_MARKERS = {
    "upset": ("Look,", "Honestly,", "I mean,"),
    "pleasing": (
        "Sorry, I hope that makes sense.",
        "Is that the kind of thing you wanted to know?",
        "It's probably not a big deal, really.",
        "I don't want to make a fuss about it.",
    ),
    "reserved": ("I don't know.", "Anyway.", "That's it, really."),
    "verbose": (
        "Sorry, I'm going on a bit.",
        "I don't know if that makes sense.",
        "There's probably more to it than that, but that's the gist.",
        "I've been thinking about it a lot, obviously.",
    ),
    "upset_irritable": (
        "I don't see how talking about it helps.",
        "I'm not sure what the point of this is.",
    ),
}
GENERIC_TANGENTS = (
    "Sorry, that reminds me of something completely different.",
    "Anyway, I don't know why I'm thinking about that now.",
)


def _words(label: str) -> str:
    parts = [p.strip() for p in label.split(",")]
    return " and ".join(parts[:2]) if len(parts) > 1 else parts[0]


def _feelings(situation: Situation) -> str:
    names = [label.split(",")[0].strip() for label in situation.emotions]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _quote(text: str) -> str:
    return text.strip().strip('"').rstrip()


# "So in the meeting..." -> "Like I said, in the meeting...".
_DISCOURSE_LEAD = re.compile(
    r"^(?:so|and|well|basically|honestly|i mean|anyway|look|yeah)[,.]?\s+", re.I
)


@lru_cache(maxsize=4096)
def _sentence_norms(option: str) -> tuple[str, ...]:
    # Sentences of three words or more: "Anyway." or "Sorry." may recur, a told
    # fact may not.
    return tuple(_norm(x) for x in split_sentences(option) if len(x.split()) >= 3)


class _Picker:
    """Seeded choice that avoids sentences already said in this session.

    An option is stale when it, or any of its sentences, was said before: voice
    lines are often two sentences, and a line whose first half was already said
    would repeat it verbatim.
    """

    def __init__(self, rng: random.Random, said: set[str]) -> None:
        self.rng = rng
        self.said = said
        self.used: set[str] = set()

    def _stale(self, option: str, seen: set[str]) -> bool:
        return _norm(option) in seen or any(x in seen for x in _sentence_norms(option))

    def fresh(self, options: Sequence[str]) -> list[str]:
        return [
            o
            for o in options
            if not self._stale(o, self.said) and not self._stale(o, self.used)
        ]

    def pick(self, options: Sequence[str]) -> str:
        pool = self.fresh(options) or [
            o for o in options if not self._stale(o, self.used)
        ]
        choice = self.rng.choice(pool or list(options))
        self.used.add(_norm(choice))
        self.used.update(_sentence_norms(choice))
        return choice

    def restate(self, options: Sequence[str], names: frozenset[str]) -> str:
        """A fresh line, or an already-told one introduced as a repeat."""
        if self.fresh(options):
            return self.pick(options)
        line = _DISCOURSE_LEAD.sub("", self.pick(options))
        return f"{self.pick(RESTATE_LEADS)} {ensure_period(lower_first(line, names))}"

    def chance(self, p: float) -> bool:
        return self.rng.random() < p


_NAMES: dict[int, frozenset[str]] = {}
_CALENDAR = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March "
    "April May June July August September October November December Christmas".split()
)


def _names(case: CaseSpec) -> frozenset[str]:
    key = id(case)
    if key not in _NAMES:
        texts = [case.history, case.name, *case.voice.presenting, *case.voice.yes_but]
        for s in case.situations:
            texts += [s.situation, *s.evidence, *s.voice.situation, *s.voice.behavior]
        _NAMES[key] = proper_nouns(*texts) | frozenset(case.name.split()) | _CALENDAR
    return _NAMES[key]


def _norm(sentence: str) -> str:
    return " ".join(sentence.lower().split())


def _patient_spoke(ctx: ReplyContext) -> bool:
    return any(u.speaker == "patient" for u in ctx.history)


class OfflineResponder:
    """Composes the reply from the case and the direction; no model, ~1 ms."""

    name = "offline"

    def reply(self, ctx: ReplyContext) -> str:
        history_texts = [u.text for u in ctx.history if u.speaker == "patient"]
        said = {_norm(s) for t in history_texts for s in split_sentences(t)}
        said |= {_norm(t) for t in history_texts}
        previous = {_norm(t) for t in history_texts}
        text = ""
        for attempt in range(12):
            rng = random.Random(
                f"{ctx.case.slug}:{ctx.seed}:{ctx.state.turn}:reply:{attempt}"
            )
            text = self._compose(ctx, _Picker(rng, said))
            if _norm(text) not in previous:
                return text
        cap = max(
            1,
            min(
                ctx.direction.max_sentences, P.STYLE_PARAMS[ctx.case.style].sentence_cap
            ),
        )
        rng = random.Random(f"{ctx.case.slug}:{ctx.seed}:{ctx.state.turn}:pairs")
        # Said before in full (a long session on a narrow act): a person repeating
        # themselves says so, rather than switching to an unrelated hedge.
        if ctx.direction.act != "redirect" and text:
            first, *rest = split_sentences(text)
            names = _names(ctx.case)
            for lead in rng.sample(RESTATE_LEADS, len(RESTATE_LEADS)):
                candidate = " ".join(
                    split_sentences(
                        f"{lead} {lower_first(first, names)}. {' '.join(rest)}"
                    )[:cap]
                )
                if _norm(candidate) not in previous:
                    return candidate
        # Still nothing new: pair two fact-free sentences, in a seeded order. Caps
        # are never below two sentences, so a pair always fits.
        if ctx.direction.act == "redirect":
            kind = ctx.direction.content.get("kind", "meta")
            firsts = list(REDIRECT.get(kind, REDIRECT["meta"]))
            seconds = [*BACK_TO_IT, *HESITANT]
        else:
            firsts = [*split_sentences(text)[:1], *NONCOMMITTAL, *DEFLECTIONS]
            seconds = [*HESITANT, *NONCOMMITTAL]
        pairs = [(a, b) for a in firsts for b in seconds if a != b]
        rng.shuffle(pairs)
        for a, b in pairs:
            candidate = " ".join(split_sentences(f"{a} {b}")[:cap])
            if _norm(candidate) not in previous:
                return candidate
        return text

    async def stream(self, ctx: ReplyContext) -> AsyncIterator[Token | Final]:
        text = self.reply(ctx)
        words = text.split(" ")
        for i, word in enumerate(words):
            yield Token(word if i == 0 else " " + word)
        yield Final(text=text, responder=self.name, usage=Usage())

    # -- composition -------------------------------------------------------------

    def _compose(self, ctx: ReplyContext, pk: _Picker) -> str:
        d = ctx.direction
        case = ctx.case
        sentences = self._act(ctx, pk)
        sentences = self._style(case, d, ctx, pk, sentences)
        cap = min(d.max_sentences, P.STYLE_PARAMS[case.style].sentence_cap)
        flat = [s for chunk in sentences for s in split_sentences(chunk)]
        return " ".join(flat[:cap]).strip()

    def _material(self, case: CaseSpec, situation: Situation, layer: int) -> list[str]:
        """The patient's own lines for one layer, else frames around the CCD field."""
        v, sv = case.voice, situation.voice
        if layer <= 0:
            return list(v.presenting) or list(GENERIC_PRESENTING)
        if layer == 1:
            return list(sv.situation) or [
                f"It's about this: {ensure_period(situation.situation)}",
                f"What keeps coming back is this. {ensure_period(situation.situation)}",
            ]
        if layer == 2:
            thought = _quote(situation.auto_thought)
            return list(sv.thought) or [
                f'I just keep thinking, "{ensure_period(thought)}"',
                f'What goes through my head is, "{ensure_period(thought)}"',
            ]
        if layer == 3:
            feelings = _feelings(situation)
            return list(sv.emotion) or [
                f"I feel {feelings}.",
                f"Mostly I just feel {feelings}.",
            ]
        if layer == 4:
            return list(sv.behavior) or [
                f"What I end up doing is this: {lower_first(situation.behavior, _names(case))}.",
                f"And then, well. {ensure_period(situation.behavior)}",
            ]
        if layer == 5:
            lines = list(v.intermediate)
            if not lines:
                lines = [
                    f"I've always lived by this: {ensure_period(case.intermediate_belief)}"
                ]
                if case.intermediate_belief_depression:
                    lines.append(
                        "Lately it's more like this: "
                        + ensure_period(case.intermediate_belief_depression)
                    )
            return lines
        lines = list(v.core)
        if not lines:
            lines = [f"Deep down I think {lower_first(b)}." for b in case.core_beliefs]
        return lines

    def _act(self, ctx: ReplyContext, pk: _Picker) -> list[str]:
        d, case = ctx.direction, ctx.case
        situation = case.situation(d.topic)
        act = d.act
        out: list[str] = []
        if act == "redirect":
            kind = d.content.get("kind", "meta")
            if (
                kind == "off_topic"
                and case.style == "tangent"
                and (case.voice.tangent or GENERIC_TANGENTS)
            ):
                out.append(pk.pick(case.voice.tangent or GENERIC_TANGENTS))
                return out
            out.append(pk.pick(REDIRECT.get(kind, REDIRECT["meta"])))
            out.append(pk.pick(BACK_TO_IT))
            return out
        risk = d.content.get("risk")
        if risk == "disclose":
            first = pk.restate(case.voice.risk, _names(case))
            return [first, *pk.fresh(case.voice.risk)[:1]]
        if risk == "evade":
            return [pk.pick(RISK_EVADE)]
        if risk == "deny":
            return [pk.pick(RISK_DENY)]
        if act == "disclose":
            if d.first_turn and d.layer <= 1 and not _patient_spoke(ctx):
                # The product shows the opening line as the patient's first turn;
                # only a session without it (the trainee spoke first) starts here.
                out.append(case.opening_line)
            line = pk.pick(self._material(case, situation, d.layer))
            if d.layer == 0:
                out += self._guarded_lead(d, pk, line)
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
            return self._answer(ctx, pk, situation)
        if act == "deflect":
            if d.reason == "not_yet" and d.focus in NOT_YET:
                return [pk.pick(NOT_YET[d.focus])]
            return [pk.pick(list(case.voice.deflect) + list(DEFLECTIONS))]
        if act == "yes_but":
            if case.style == "pleasing":
                return [pk.pick(PLEASING_AGREE), pk.pick(PLEASING_HEDGE)]
            own = case.voice.yes_but
            if own and pk.chance(0.75):
                line = pk.pick(own)
                if " but " in line.lower():
                    return ["Yeah.", line]
                lead = pk.pick(YES_BUT_LEADS)
                return [f"{lead} {ensure_period(lower_first(line, _names(case)))}"]
            return [pk.pick(YES_BUT)]
        if act == "defend":
            if d.reason == "socratic_too_early" and case.style != "pleasing":
                return [pk.pick(TOO_EARLY)]
            return [pk.pick(DEFEND[case.style])]
        if act == "correct":
            named = d.content.get("named") or ""
            actual = d.content.get("actual")
            if named and named in ctx.state.emotion:
                # The feeling is the patient's, just not voiced yet: "I'm not sad"
                # would contradict the case. They balk at being told, not at the word.
                out.append(
                    pk.pick(CORRECT_OWN).format(
                        named=named, named_cap=named.capitalize()
                    )
                )
                out.append(pk.pick(CORRECT_OWN_TAILS))
                return out
            if named:
                out.append(pk.pick(CORRECT).format(named=named))
            if actual and actual != named:
                label = next(e for e in EMOTIONS if emotion_key(e) == actual)
                out.append(pk.pick(CORRECT_TAILS_ACTUAL).format(actual=_words(label)))
            else:
                out.append(pk.pick(CORRECT_TAILS))
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

    @staticmethod
    def _guarded_lead(d: StageDirection, pk: _Picker, line: str) -> list[str]:
        # A guarded patient hesitates before saying why they came, but only when
        # the hesitation leaves room for the reason itself within the cap.
        if d.guarded and len(split_sentences(line)) < d.max_sentences:
            return [pk.pick(GUARDED_PRESENTING_LEADS)]
        return []

    def _answer(
        self, ctx: ReplyContext, pk: _Picker, situation: Situation
    ) -> list[str]:
        d, case = ctx.direction, ctx.case
        reason = d.reason
        restate = self._material(case, situation, d.layer) if d.layer >= 0 else []
        names = _names(case)
        if reason in {"other", "greeting"} and d.first_turn and not _patient_spoke(ctx):
            return [case.opening_line]
        if reason == "greeting":
            asked = bool(ctx.history) and ctx.history[-1].text.rstrip().endswith("?")
            return [pk.pick(SOCIAL_ANSWERS if asked else GREETINGS)]
        if reason == "agenda":
            line = pk.restate(self._material(case, situation, 0), names)
            return [*self._guarded_lead(d, pk, line), line]
        if reason == "goal":
            return [pk.pick(GOALS)]
        if reason == "asked_again":
            return [pk.restate(self._material(case, situation, d.layer), names)]
        if reason == "not_yet":
            # Declines what was asked, without retelling what was already said.
            out = [pk.pick(NOT_YET.get(d.focus, HESITANT))]
            if pk.chance(0.5):
                out.append(pk.pick(HESITANT))
            return out
        if reason == "closing":
            alliance = ctx.state.alliance
            tone = (
                "warm" if alliance >= 0.6 else "neutral" if alliance >= 0.35 else "cool"
            )
            out = [pk.pick(CLOSING[tone])]
            if ctx.state.alternative_view and tone == "warm":
                out.append(pk.pick(CLOSING_REFRAMED))
            return out
        if reason == "closed_question":
            out = [pk.pick(NONCOMMITTAL)]
            asked_layer = d.content.get("asked")
            if asked_layer:
                out.append(
                    pk.restate(self._material(case, situation, int(asked_layer)), names)
                )
            elif restate and pk.chance(0.5):
                out.append(pk.pick(restate))
            return out
        if reason == "synthesis_premature":
            thought = ensure_period(_quote(situation.auto_thought))
            return [f'{pk.pick(STILL_BELIEVE)} "{thought}"']
        if reason == "collusion":
            out = [pk.pick(COLLUSION)]
            if d.allowed_layer >= 2:
                out.append(
                    f'"{ensure_period(_quote(situation.auto_thought))}" That\'s exactly it.'
                )
            return out
        if reason == "advice_too_early":
            return [pk.pick(TOO_EARLY_ADVICE)]
        if reason == "blocked":
            return [pk.pick(GUARDED_LEADS)]
        lead = pk.pick(HESITANT)
        # Say something not yet said, from the deepest layer already told down.
        for layer in range(d.layer, -1, -1):
            if 1 <= layer <= 4 and layer > ctx.state.topic_depth.get(d.topic, 0):
                continue
            fresh = pk.fresh(self._material(case, situation, layer))
            if fresh:
                return [lead, pk.pick(fresh)]
        return [lead, pk.pick(restate)] if restate else [lead]

    def _style(
        self,
        case: CaseSpec,
        d: StageDirection,
        ctx: ReplyContext,
        pk: _Picker,
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
            and not _DISCOURSE_LEAD.match(sentences[0])
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
            first_line = ensure_period(lower_first(first, _names(case)))
            if first[-1:] in "?!":
                first_line = first_line[:-1] + first[-1]
            sentences = [f"{lead} {first_line}", *sentences[1:]]
            if ctx.state.alliance < 0.4 and d.act in {"answer", "deflect"}:
                sentences.append(pk.pick(STYLE_MARKERS["upset_irritable"]))
        elif (
            style == "pleasing"
            and pk.chance(rate)
            and d.act != "redirect"
            and (markers := [m for m in pk.fresh(STYLE_MARKERS["pleasing"]) if fits(m)])
        ):
            sentences.append(pk.pick(markers))
        elif style == "reserved" and pk.chance(rate * 0.6) and d.act != "redirect":
            sentences.append(pk.pick(STYLE_MARKERS["reserved"]))
        elif (
            style == "tangent"
            and talkative
            and pk.chance(rate)
            and (
                tangents := [
                    t
                    for t in pk.fresh(case.voice.tangent or GENERIC_TANGENTS)
                    if fits(t)
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
                fresh = pk.fresh(self._material(case, situation, layer))
                if fresh:
                    sentences.append(pk.pick(fresh))
                if len(sentences) >= 4:
                    break
            sentences.append(pk.pick(STYLE_MARKERS["verbose"]))
            if pk.chance(rate):
                sentences.append(pk.pick(STYLE_MARKERS["verbose"]))
        return sentences
