"""Plain data types shared by every LLM caller. Pure: no Django, no vendor SDK."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, Protocol, TypeVar

from pydantic import BaseModel

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True, slots=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True, slots=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
        )


@dataclass(frozen=True, slots=True)
class Completion:
    text: str
    usage: Usage = field(default_factory=Usage)
    model: str = ""
    # "stop", or "length" when max_tokens cut the answer short; "" when unknown.
    finish_reason: str = ""


@dataclass(frozen=True, slots=True)
class Delta:
    """One streamed piece. The last delta of a stream may carry only `usage`.

    A stream that completes normally ends with exactly one terminal delta whose
    `text` is "" and whose `finish_reason` is set ("stop", "length", ...); it
    carries `usage` when the endpoint reported it. A stream that ends without
    that terminal delta raised an error instead.
    """

    text: str
    usage: Usage | None = None
    finish_reason: str | None = None


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Per-request HTTP timeouts, in seconds (vendor-neutral).

    `read` bounds the wait for the first byte *and* every gap between streamed
    chunks, so a stalled stream fails after `read` seconds, not at the end.
    """

    connect: float = 5.0
    read: float = 20.0
    write: float = 10.0
    pool: float = 5.0

    @classmethod
    def chat(cls) -> Timeouts:
        """For the live chat path: a trainee is waiting on the socket."""
        return cls(connect=5.0, read=20.0, write=10.0, pool=5.0)

    @classmethod
    def task(cls) -> Timeouts:
        """For background work (Celery annotation): slower models are fine."""
        return cls(connect=5.0, read=60.0, write=20.0, pool=10.0)

    @classmethod
    def uniform(cls, seconds: float) -> Timeouts:
        """The same limit everywhere; handy for tests."""
        return cls(connect=seconds, read=seconds, write=seconds, pool=seconds)


T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True, slots=True)
class Structured(Generic[T]):
    value: T
    usage: Usage = field(default_factory=Usage)
    model: str = ""


class ChatModel(Protocol):
    """What the engines need from a chat model. Implementations live in `llm`."""

    @property
    def model(self) -> str: ...

    def stream(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> AsyncIterator[Delta]:
        """Async iterator of text deltas (the chat consumer's path)."""
        ...

    def complete(
        self, messages: Sequence[Message], *, max_tokens: int | None = None
    ) -> Completion:
        """Blocking call (Celery workers, management commands)."""
        ...

    def structured(
        self,
        messages: Sequence[Message],
        schema: type[T],
        *,
        max_tokens: int | None = None,
    ) -> Structured[T]:
        """Blocking call returning `schema` validated; raises LLMOutputError."""
        ...
