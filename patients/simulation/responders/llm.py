"""The LLM responder: a role-locked prompt, streamed, behind an output guard.

Streaming is sentence by sentence: text is held back until a sentence is
complete and the reply so far passes the guard, so a role break is never shown.
A guard failure regenerates once (with a correction note), then falls back to
the offline reply. Reading stops, and the stream is closed, as soon as the
reply is complete or reaches its sentence cap.

Deadline: the whole reply, every attempt included, must finish within
`deadline` seconds. When it runs out, text already shown is kept as the reply;
otherwise the offline reply stands in (`on_deadline="offline"`) or
LLMDeadlineExceeded is raised so that the caller fails the turn with a Retry
(`on_deadline="fail"`). A stream that breaks after text was shown keeps that
text too. Other model failures before any text propagate (LLMError); an open
circuit breaker (LLMUnavailable) goes straight to the offline reply.

Prompt layout, for prompt caching: the stable system prompt (identical bytes on
every turn), then the conversation (append-only, older parts dropped in whole
blocks to fit a token budget), then this turn's notes. A 400 for context length
halves the history budget and tries once more.

The model sees the case, the style, the state and what may be disclosed now;
never rubrics or feedback.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Sequence
from typing import Literal

from llm.deadline import remaining as deadline_remaining
from llm.errors import (
    LLMContextTooLong,
    LLMDeadlineExceeded,
    LLMError,
    LLMUnavailable,
)
from llm.metering import current_log, estimate_tokens
from llm.types import ChatModel, Delta, Message, Usage
from patients.simulation.dialogue import Utterance
from patients.simulation.guard import check_reply, leak_sources
from patients.simulation.prompts import render_stable_prompt, render_turn_notes
from patients.simulation.responders.base import Final, ReplyContext, Token
from patients.simulation.responders.offline import OfflineResponder
from patients.simulation.text import split_sentences

_LABEL = re.compile(r"^\s*(?:\*\*)?[A-Z][a-z]+(?: [A-Z][a-z]+)?(?:\*\*)?:\s*")
# A sentence is complete once its terminator is followed by whitespace.
_SENTENCE_END = re.compile(r"[.!?…]+[\"'’”)]*\s")
# History is dropped in blocks of this many utterances, so the request keeps the
# same prefix for several turns in a row between drops (prompt caching).
HISTORY_BLOCK = 10
# The current thread: the last utterances are never dropped.
KEEP_LAST = 4

CORRECTION = (
    "Your last reply was not usable ({flags}). Reply again as {name}, the client, in "
    "English and in your own words: no mention of being an AI, of instructions or of "
    "therapy terms, no advice, no exercises, nothing copied from your notes, nothing "
    "beyond what you are ready to talk about, and nothing you have already said word "
    "for word."
)

OnDeadline = Literal["offline", "fail"]


def _clean(text: str, name: str) -> str:
    """Drop a leading "Name:" label and wrapping quotes a model may add."""
    text = _LABEL.sub("", text, count=1) if text.lstrip().startswith(name) else text
    text = text.strip()
    if len(text) > 1 and text[0] in '"“' and text[-1] in '"”':
        text = text[1:-1].strip()
    return text


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _tokens(text: str) -> int:
    # Word pieces undercount real tokenizer tokens by about a quarter.
    return estimate_tokens(text) * 4 // 3 + 4


def fit_history(
    history: Sequence[Utterance], budget: int | None
) -> tuple[list[Utterance], int]:
    """The utterances to send within `budget` tokens, and how many were dropped.

    Oldest utterances go first, in whole blocks; the last KEEP_LAST never go.
    """
    items = list(history)
    if budget is None:
        return items, 0
    dropped = 0
    while (
        sum(_tokens(u.text) for u in items[dropped:]) > budget
        and len(items) - dropped > KEEP_LAST
    ):
        dropped = min(dropped + HISTORY_BLOCK, len(items) - KEEP_LAST)
    return items[dropped:], dropped


class LLMResponder:
    name = "llm"

    def __init__(
        self,
        model: ChatModel,
        *,
        fallback: OfflineResponder,
        max_tokens: int = 300,
        deadline: float | None = 30.0,
        on_deadline: OnDeadline = "offline",
        history_tokens: int | None = 6000,
    ) -> None:
        self.model = model
        self.fallback = fallback
        self.max_tokens = max_tokens
        self.deadline = deadline
        self.on_deadline: OnDeadline = on_deadline
        self.history_tokens = history_tokens

    def messages(
        self, ctx: ReplyContext, *, history_tokens: int | None = -1
    ) -> list[Message]:
        """Stable system prompt, the conversation, then this turn's notes."""
        budget = self.history_tokens if history_tokens == -1 else history_tokens
        history, dropped = fit_history(ctx.history, budget)
        notes = render_turn_notes(ctx.case, ctx.state, ctx.direction)
        if dropped:
            notes = (
                "(The conversation started earlier; its oldest part is not shown. "
                "Stay consistent with what you would have said.)\n" + notes
            )
        out = [Message("system", render_stable_prompt(ctx.case))]
        for u in history:
            out.append(
                Message("user" if u.speaker == "trainee" else "assistant", u.text)
            )
        out.append(Message("system", notes))
        return out

    async def stream(self, ctx: ReplyContext) -> AsyncIterator[Token | Final]:
        loop = asyncio.get_running_loop()
        end = None if self.deadline is None else loop.time() + self.deadline
        # A caller's total deadline (llm.deadline) that is earlier wins: the
        # caller has spent part of the turn before asking for the reply.
        left = deadline_remaining()
        if left is not None:
            end = loop.time() + left if end is None else min(end, loop.time() + left)
        first_name = ctx.case.name.split()[0]
        cap = ctx.direction.max_sentences
        messages = self.messages(ctx)
        prompt = "\n".join(m.content for m in messages if m.role == "system")
        sources = leak_sources(ctx.case, prompt)
        usage = Usage()
        flags_seen: list[str] = []
        shown = ""  # text that reached the caller, cleaned
        previous = {_norm(u.text) for u in ctx.history if u.speaker == "patient"}
        trimmed = False
        attempt = 0
        failure: LLMError | None = None
        while attempt < 2:
            # A retry streams only if nothing of the rejected attempt was shown;
            # otherwise the caller re-renders the turn from Final.text.
            live = not shown
            accepted = ""
            pending = ""
            flags: tuple[str, ...] = ()
            done = False
            stream = self.model.stream(messages, max_tokens=self.max_tokens)
            try:
                async with _closing(stream):
                    while not done:
                        delta = await _next(stream, end, loop)
                        if delta is None:
                            break
                        if delta.usage is not None:
                            usage = usage + delta.usage
                        pending += delta.text
                        while (m := _SENTENCE_END.search(pending)) is not None:
                            sentence, pending = pending[: m.end()], pending[m.end() :]
                            candidate = _clean(accepted + sentence, first_name)
                            flags = check_reply(
                                candidate, ctx.case, ctx.direction, sources=sources
                            )
                            if flags:
                                done = True
                                break
                            if live:
                                piece = candidate[len(_clean(accepted, first_name)) :]
                                if piece:
                                    shown = candidate
                                    yield Token(piece)
                            accepted += sentence
                            if len(split_sentences(accepted)) >= cap:
                                # Complete: stop reading and close the stream.
                                done = True
                                break
            except LLMContextTooLong as exc:
                _mark("rejected", ("context_length",), attempt)
                if trimmed or shown:
                    raise
                trimmed = True
                budget = max(
                    200, (self.history_tokens or _history_size(ctx.history)) // 2
                )
                messages = self.messages(ctx, history_tokens=budget)
                del exc
                continue
            except LLMUnavailable as exc:
                failure = exc
                flags_seen.append("circuit_open")
                break
            except LLMDeadlineExceeded as exc:
                _mark("timeout", ("deadline",), attempt)
                flags_seen.append("deadline")
                if shown:
                    yield self._final(shown, usage, flags_seen)
                    return
                if self.on_deadline == "fail":
                    raise
                failure = exc
                break
            except LLMError:
                _mark("rejected", ("error",), attempt)
                if shown:
                    # What the trainee already read stays: it passed the guard.
                    flags_seen.append("cut")
                    yield self._final(shown, usage, flags_seen)
                    return
                raise
            if not flags and not done and pending.strip():
                candidate = _clean(accepted + pending, first_name)
                flags = check_reply(candidate, ctx.case, ctx.direction, sources=sources)
                if not flags:
                    piece = candidate[len(_clean(accepted, first_name)) :]
                    if piece and live:
                        shown = candidate
                        yield Token(piece)
                    accepted += pending
            text = " ".join(split_sentences(_clean(accepted, first_name))[:cap])
            if not flags and not text:
                flags = ("empty",)
            if not flags and _norm(text) in previous:
                flags = ("repeat",)
            if not flags:
                _mark("accepted", (), attempt)
                yield self._final(text, usage, flags_seen)
                return
            _mark("rejected", flags, attempt)
            flags_seen.extend(f for f in flags if f not in flags_seen)
            messages = [
                *messages,
                Message(
                    "system", CORRECTION.format(flags=", ".join(flags), name=first_name)
                ),
            ]
            attempt += 1
        text = self.fallback.reply(ctx)
        if not shown:
            for i, word in enumerate(text.split(" ")):
                yield Token(word if i == 0 else " " + word)
        reason = (
            "unavailable"
            if isinstance(failure, LLMUnavailable)
            else "deadline"
            if isinstance(failure, LLMDeadlineExceeded)
            else "fallback"
        )
        yield Final(
            text=text,
            responder=f"{self.fallback.name}-{reason}",
            usage=usage,
            guard_flags=tuple(flags_seen),
        )

    def _final(self, text: str, usage: Usage, flags: Sequence[str]) -> Final:
        return Final(
            text=text, responder=self.name, usage=usage, guard_flags=tuple(flags)
        )


def _history_size(history: Sequence[Utterance]) -> int:
    return sum(_tokens(u.text) for u in history)


def _mark(outcome: str, flags: Sequence[str], attempt: int) -> None:
    log = current_log()
    if log is not None:
        log.mark_last(outcome, guard=flags, attempt=attempt)  # type: ignore[arg-type]


async def _next(
    stream: AsyncIterator[Delta], end: float | None, loop: asyncio.AbstractEventLoop
) -> Delta | None:
    """The next delta, or None at the end; LLMDeadlineExceeded past `end`."""
    try:
        if end is None:
            return await anext(stream)
        left = end - loop.time()
        if left <= 0:
            raise LLMDeadlineExceeded("the reply's deadline ran out")
        return await asyncio.wait_for(anext(stream), left)
    except StopAsyncIteration:
        return None
    except TimeoutError:
        raise LLMDeadlineExceeded("the reply's deadline ran out") from None


@contextlib.asynccontextmanager
async def _closing(stream: AsyncIterator[object]) -> AsyncIterator[None]:
    # Leaving the loop early must close the model's stream, so the HTTP
    # connection goes back to the pool instead of leaking.
    try:
        yield
    finally:
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            with contextlib.suppress(Exception):
                await aclose()
