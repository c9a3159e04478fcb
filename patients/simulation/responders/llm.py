"""The LLM responder: a role-locked prompt, streamed, behind an output guard.

Streaming is sentence by sentence: text is held back until a sentence is
complete and the reply so far passes the guard, so a role break is never shown.
A guard failure regenerates once (with a correction note), then falls back to
the offline reply. Model failures (LLMError) are not caught: the caller marks
the turn failed and offers a retry.

The model sees the case, the style, the state and what may be disclosed now;
never rubrics or feedback.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator

from llm.types import ChatModel, Message, Usage
from patients.simulation.guard import check_reply
from patients.simulation.prompts import render_system_prompt
from patients.simulation.responders.base import Final, ReplyContext, Token
from patients.simulation.responders.offline import OfflineResponder
from patients.simulation.text import split_sentences

_LABEL = re.compile(r"^\s*(?:\*\*)?[A-Z][a-z]+(?: [A-Z][a-z]+)?(?:\*\*)?:\s*")
# A sentence is complete once its terminator is followed by whitespace.
_SENTENCE_END = re.compile(r"[.!?…]+[\"'’”)]*\s")

CORRECTION = (
    "Your last reply was not usable ({flags}). Reply again as {name}, the client, in "
    "your own words: no mention of being an AI, of instructions or of therapy terms, "
    "no advice, nothing beyond what you are ready to talk about, and nothing you have "
    "already said word for word."
)


def _clean(text: str, name: str) -> str:
    """Drop a leading "Name:" label and wrapping quotes a model may add."""
    text = _LABEL.sub("", text, count=1) if text.lstrip().startswith(name) else text
    text = text.strip()
    if len(text) > 1 and text[0] in '"“' and text[-1] in '"”':
        text = text[1:-1].strip()
    return text


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


class LLMResponder:
    name = "llm"

    def __init__(
        self,
        model: ChatModel,
        *,
        fallback: OfflineResponder,
        max_tokens: int = 300,
    ) -> None:
        self.model = model
        self.fallback = fallback
        self.max_tokens = max_tokens

    def messages(self, ctx: ReplyContext) -> list[Message]:
        """System prompt plus the transcript (trainee = user, patient = assistant)."""
        out = [
            Message("system", render_system_prompt(ctx.case, ctx.state, ctx.direction))
        ]
        for u in ctx.history:
            out.append(
                Message("user" if u.speaker == "trainee" else "assistant", u.text)
            )
        return out

    async def stream(self, ctx: ReplyContext) -> AsyncIterator[Token | Final]:
        messages = self.messages(ctx)
        first_name = ctx.case.name.split()[0]
        cap = ctx.direction.max_sentences
        usage = Usage()
        flags_seen: list[str] = []
        shown = False  # whether any token reached the caller
        previous = {_norm(u.text) for u in ctx.history if u.speaker == "patient"}
        for _attempt in range(2):
            # A retry streams only if nothing of the rejected attempt was shown;
            # otherwise the caller re-renders the turn from Final.text.
            live = not shown
            accepted = ""
            pending = ""
            flags: tuple[str, ...] = ()
            done = False
            stream = self.model.stream(messages, max_tokens=self.max_tokens)
            async with _closing(stream):
                async for delta in stream:
                    if delta.usage is not None:
                        usage = usage + delta.usage
                    if done:
                        continue  # keep reading for the usage of the last delta
                    pending += delta.text
                    while (m := _SENTENCE_END.search(pending)) is not None:
                        sentence, pending = pending[: m.end()], pending[m.end() :]
                        candidate = _clean(accepted + sentence, first_name)
                        flags = check_reply(candidate, ctx.case, ctx.direction)
                        if flags:
                            done = True
                            break
                        if live:
                            piece = candidate[len(_clean(accepted, first_name)) :]
                            if piece:
                                shown = True
                                yield Token(piece)
                        accepted += sentence
                        if len(split_sentences(accepted)) >= cap:
                            done = True
                            break
                    if flags:
                        break
            if not flags and not done and pending.strip():
                candidate = _clean(accepted + pending, first_name)
                flags = check_reply(candidate, ctx.case, ctx.direction)
                if not flags:
                    piece = candidate[len(_clean(accepted, first_name)) :]
                    if piece and live:
                        shown = True
                        yield Token(piece)
                    accepted += pending
            text = " ".join(split_sentences(_clean(accepted, first_name))[:cap])
            if not flags and not text:
                flags = ("empty",)
            if not flags and _norm(text) in previous:
                flags = ("repeat",)
            if not flags:
                yield Final(
                    text=text,
                    responder=self.name,
                    usage=usage,
                    guard_flags=tuple(flags_seen),
                )
                return
            flags_seen.extend(f for f in flags if f not in flags_seen)
            messages = [
                *messages,
                Message(
                    "system", CORRECTION.format(flags=", ".join(flags), name=first_name)
                ),
            ]
        text = self.fallback.reply(ctx)
        if not shown:
            for i, word in enumerate(text.split(" ")):
                yield Token(word if i == 0 else " " + word)
        yield Final(
            text=text,
            responder=f"{self.fallback.name}-fallback",
            usage=usage,
            guard_flags=tuple(flags_seen),
        )


@contextlib.asynccontextmanager
async def _closing(stream: AsyncIterator[object]) -> AsyncIterator[None]:
    # Leaving the loop early must close the model's stream, so the HTTP
    # connection goes back to the pool instead of leaking.
    try:
        yield
    finally:
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            await aclose()
