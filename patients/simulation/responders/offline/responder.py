"""`OfflineResponder`: compose, check for repeats, fall back; sync and streamed.

Pure (no Django). A reply is the realised act (`acts.py`) with its style
(`style.py`), cut to the sentence cap. It is seeded by (case, session seed, turn,
attempt) and retried until it differs from everything the patient said before; a
long session on a narrow act falls back to restating with "Like I said," and, last,
to a seeded pair of fact-free sentences.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from functools import lru_cache

from llm.types import Usage
from patients.simulation import parameters as P
from patients.simulation.direction import fact_text
from patients.simulation.responders.base import Final, ReplyContext, Token
from patients.simulation.text import lower_first, split_sentences

from .acts import realise_act
from .material import case_names
from .phrasebook import (
    BACK_TO_IT,
    DEFLECTIONS,
    HESITANT,
    NONCOMMITTAL,
    REDIRECT,
    RESTATE_LEADS,
    RESTATE_TAILS,
)
from .picker import Picker, norm
from .style import add_style


class OfflineResponder:
    """Composes the reply from the case and the direction; no model, ~1 ms."""

    name = "offline"

    def reply(self, ctx: ReplyContext) -> str:
        return _without_repeats(self._reply(ctx), ctx)

    def _reply(self, ctx: ReplyContext) -> str:
        history_texts = [u.text for u in ctx.history if u.speaker == "patient"]
        said = {n for t in history_texts for n in _told(t)[0]}
        said |= {norm(t) for t in history_texts}
        previous = {norm(t) for t in history_texts}
        text = ""
        for attempt in range(12):
            rng = random.Random(
                f"{ctx.case.slug}:{ctx.seed}:{ctx.state.turn}:reply:{attempt}"
            )
            text = self._compose(ctx, Picker(rng, said))
            if norm(text) not in previous:
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
            names = case_names(ctx.case)
            for lead in rng.sample(RESTATE_LEADS, len(RESTATE_LEADS)):
                candidate = " ".join(
                    split_sentences(
                        f"{lead} {lower_first(first, names)}. {' '.join(rest)}"
                    )[:cap]
                )
                if norm(candidate) not in previous:
                    return candidate
        d = ctx.direction
        if "domain" in d.content and (
            d.reason == "fact" or d.content.get("risk") in {"deny", "disclose", "evade"}
        ):
            # A factual answer asked many times: the same answer with a short
            # tail, never a hedge ("Maybe." to a self-harm question is a claim).
            answer = split_sentences(fact_text(ctx.case, d.content))[0]
            first = lower_first(answer, case_names(ctx.case))
            if d.content.get("risk") == "evade":
                # Still not ready to say: the same refusal, not a "maybe".
                first = "I don't want to go into that"
            for lead in RESTATE_LEADS:
                for tail in rng.sample(RESTATE_TAILS, len(RESTATE_TAILS)):
                    # One sentence, so no part of it repeats a sentence.
                    candidate = (
                        f"{lead} {first.rstrip('.')}, {lower_first(tail, frozenset())}"
                    )
                    if norm(candidate) not in previous:
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
            if norm(candidate) not in previous:
                return candidate
        return text

    async def stream(self, ctx: ReplyContext) -> AsyncIterator[Token | Final]:
        text = self.reply(ctx)
        words = text.split(" ")
        for i, word in enumerate(words):
            yield Token(word if i == 0 else " " + word)
        yield Final(text=text, responder=self.name, usage=Usage())

    # -- composition -------------------------------------------------------------

    def _compose(self, ctx: ReplyContext, pk: Picker) -> str:
        d = ctx.direction
        case = ctx.case
        sentences = realise_act(ctx, pk)
        sentences = add_style(case, d, ctx, pk, sentences)
        cap = min(d.max_sentences, P.STYLE_PARAMS[case.style].sentence_cap)
        if "domain" in d.content:
            cap = d.max_sentences
        flat = [s for chunk in sentences for s in split_sentences(chunk)]
        return " ".join(flat[:cap]).strip()


def _key(sentence: str) -> str:
    return " ".join(re.findall(r"[a-z']+", sentence.lower()))


@lru_cache(maxsize=4096)
def _told(line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The sentences of a line the patient said, as `norm` and as `_key` compare
    them. Every later reply of the session checks itself against every told
    line: read once per line, not once per line per message."""
    sentences = split_sentences(line)
    return tuple(norm(x) for x in sentences), tuple(_key(x) for x in sentences)


# Short leads for a point already made: under four words, so never a repeat.
_AGAIN = (
    "Like I said.",
    "As I said.",
    "Same as before.",
    "You know that.",
    "Nothing new there.",
    "Still the same.",
    "I've said, really.",
    "Same old thing.",
)


def _without_repeats(text: str, ctx: ReplyContext) -> str:
    """Drop any sentence of four words or more the patient already said in this
    session: a long session on a narrow topic otherwise ends in "Like I said,
    ..." loops. If nothing is left, a short 'as I said' stands for the point."""
    said = {k for u in ctx.history if u.speaker == "patient" for k in _told(u.text)[1]}
    kept = []
    for sentence in split_sentences(text):
        key = _key(sentence)
        if len(key.split()) >= 4 and key in said:
            continue
        said.add(key)
        kept.append(sentence)
    previous = {u.text for u in ctx.history if u.speaker == "patient"}
    if kept and " ".join(kept) not in previous:
        return " ".join(kept)
    singles = list(_AGAIN)
    pairs = [f"{a} {b}" for a in _AGAIN for b in _AGAIN if a != b]
    options = [a for a in singles if a not in previous] or [
        a for a in pairs if a not in previous
    ]
    if not options:
        return text  # unique as a whole (see `_reply`), if not sentence by sentence
    rng = random.Random(f"{ctx.case.slug}:{ctx.seed}:{ctx.state.turn}:again")
    return rng.choice(options)
