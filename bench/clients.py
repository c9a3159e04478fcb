"""Websocket clients of the socket benchmarks, and the statistics of their timings.

Split from `bench/harness.py` (which runs the database and the processes and
re-exports these names): a client opens a trainee's socket, sends paced messages
and records the milliseconds from `send()` to each frame the page would show.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import statistics
import time
import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

HOST = "127.0.0.1"
PRACTICE_PATH = "/ws/practice/sessions/{uuid}/"
ECHO_PATH = "/ws/bench/echo/"

# What a trainee types; rotated so `advance` walks through different moves.
TRAINEE_LINES = (
    "Hi, thanks for coming in today. What brings you here?",
    "It sounds like this has been weighing on you for a while.",
    "Can you tell me more about what happens when that thought shows up?",
    "What goes through your mind right before you feel that way?",
    "That makes a lot of sense given everything you've been carrying.",
    "How did you feel in your body when that happened?",
    "What would it mean about you if that were true?",
    "Let's slow down for a moment. What are you noticing right now?",
)

# Frame hooks from DESIGN.md / CONVENTIONS 4.6 (stable across markup changes).
_TRAINEE_LI = re.compile(
    r'<li [^>]*data-turn-id="([0-9a-f-]{36})" data-speaker="trainee"'
)
_PATIENT_LI = re.compile(
    r'<li [^>]*data-turn-id="([0-9a-f-]{36})" data-speaker="patient"'
)
_PATIENT_DONE = re.compile(
    r'<li [^>]*data-turn-id="([0-9a-f-]{36})" data-speaker="patient"[^>]*data-complete="true"'
)
_TOKEN = re.compile(r'<span hx-swap-oob="beforeend:#turn-([0-9a-f-]{36})-text">')
_ANNOTATION = re.compile(r'data-annotation-for="([0-9a-f-]{36})"')


@dataclass(frozen=True)
class Seat:
    """One trainee with one open session and a logged-in cookie."""

    session_uuid: str
    cookie: str


# --- statistics ----------------------------------------------------------------------


@dataclass(frozen=True)
class Summary:
    count: int
    p50: float | None
    p95: float | None
    max: float | None

    @classmethod
    def of(cls, samples_ms: Sequence[float]) -> Summary:
        if not samples_ms:
            return cls(0, None, None, None)
        ordered = sorted(samples_ms)
        return cls(
            len(ordered), percentile(ordered, 50), percentile(ordered, 95), ordered[-1]
        )


def percentile(ordered: Sequence[float], pct: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[int(pct) - 1]


def fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def to_json(obj: Any) -> str:
    def default(value: Any) -> Any:
        if hasattr(value, "__dataclass_fields__"):
            return asdict(value)
        raise TypeError(type(value))

    return json.dumps(obj, default=default, indent=2)


# --- websocket clients ---------------------------------------------------------------


def _connect(port: int, path: str, cookie: str) -> Any:
    from websockets.asyncio.client import connect

    return connect(
        f"ws://{HOST}:{port}{path}",
        origin=f"http://{HOST}:{port}",  # type: ignore[arg-type]
        additional_headers={"Cookie": f"sessionid={cookie}"},
        proxy=None,  # loopback only, whatever the environment says
        open_timeout=30,
        ping_interval=None,  # no keep-alive frames mixed into the timings
        max_size=2**22,
    )


@dataclass
class MessageTiming:
    """Milliseconds from `send()` to each frame of one trainee message."""

    ack_ms: float | None = None  # the trainee turn + patient placeholder frame
    first_token_ms: float | None = None  # first streamed word of the patient
    complete_ms: float | None = None  # the finished patient turn
    annotation_ms: float | None = None  # the annotation of the trainee turn
    tokens: int = 0
    error: str | None = None


@dataclass
class LevelResult:
    sessions: int
    messages_per_session: int
    timings: list[MessageTiming] = field(default_factory=list)
    echo_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    wall_s: float = 0.0
    cpu_s: dict[str, float] = field(default_factory=dict)
    # Server-side stage timings per message (ws_latency), by stage name.
    stages: dict[str, list[float]] = field(default_factory=dict)


class Pacing:
    """A trainee's pause before each message.

    think_s == 0 is a closed loop (send as soon as the turn completes): it
    measures saturation, not what people see. With think_s > 0 each pause is
    uniform in [0.5, 1.5] x think_s, and the first one uniform in [0, think_s],
    so N clients arrive spread out as people do instead of in lock-step.
    """

    def __init__(self, think_s: float, seed: int) -> None:
        self.think_s = think_s
        self.rng = random.Random(seed)

    async def before(self, index: int) -> None:
        if self.think_s <= 0:
            return
        low, high = (0.0, 1.0) if index == 0 else (0.5, 1.5)
        await asyncio.sleep(self.rng.uniform(low, high) * self.think_s)


class _Pending:
    """What the reader task is waiting for on one connection."""

    def __init__(self) -> None:
        self.sent_at = 0.0
        self.timing = MessageTiming()
        self.trainee_uuid: str | None = None
        self.patient_uuid: str | None = None
        self.done = asyncio.Event()
        self.annotated = asyncio.Event()


async def _practice_client(
    port: int,
    seat: Seat,
    messages: int,
    *,
    start: asyncio.Event,
    connected: list[int],
    wait_annotation: bool,
    frame_timeout: float,
    deadline: float,
    think_s: float,
    seed: int,
) -> list[MessageTiming]:
    """One trainee: send, wait for the complete turn (and annotation), think, repeat."""
    results: list[MessageTiming] = []
    loop = asyncio.get_running_loop()
    pace = Pacing(think_s, seed)
    async with _connect(
        port, PRACTICE_PATH.format(uuid=seat.session_uuid), seat.cookie
    ) as ws:
        connected.append(1)
        await start.wait()
        # Annotation frames may arrive during the next message: keyed by turn uuid.
        by_trainee: dict[str, _Pending] = {}
        current: list[_Pending] = []

        async def reader() -> None:
            async for frame in ws:
                now = time.perf_counter()
                text = frame if isinstance(frame, str) else frame.decode()
                if current:
                    p = current[-1]
                    elapsed = (now - p.sent_at) * 1000
                    if p.timing.ack_ms is None:
                        trainee = _TRAINEE_LI.search(text)
                        patient = _PATIENT_LI.search(text)
                        if trainee and patient:
                            p.timing.ack_ms = elapsed
                            p.trainee_uuid, p.patient_uuid = trainee[1], patient[1]
                            by_trainee[p.trainee_uuid] = p
                        elif 'id="chat-error"' in text and "<p>" in text:
                            p.timing.error = _strip_tags(text)[:200]
                            p.done.set()
                            p.annotated.set()
                    if p.patient_uuid:
                        token = _TOKEN.search(text)
                        if token and token[1] == p.patient_uuid:
                            p.timing.tokens += 1
                            if p.timing.first_token_ms is None:
                                p.timing.first_token_ms = elapsed
                        done = _PATIENT_DONE.search(text)
                        if (
                            done
                            and done[1] == p.patient_uuid
                            and p.timing.complete_ms is None
                        ):
                            p.timing.complete_ms = elapsed
                            p.done.set()
                for match in _ANNOTATION.finditer(text):
                    owner = by_trainee.get(match[1])
                    if owner is not None and owner.timing.annotation_ms is None:
                        owner.timing.annotation_ms = (now - owner.sent_at) * 1000
                        owner.annotated.set()

        read_task = asyncio.create_task(reader())
        try:
            for i in range(messages):
                await pace.before(i)
                if loop.time() > deadline:
                    break
                pending = _Pending()
                current.append(pending)
                payload = json.dumps(
                    {
                        "message": TRAINEE_LINES[i % len(TRAINEE_LINES)],
                        "client_id": str(uuid.uuid4()),
                        "HEADERS": {
                            "HX-Request": "true"
                        },  # what htmx's ws extension adds
                    }
                )
                pending.sent_at = time.perf_counter()
                await ws.send(payload)
                try:
                    await asyncio.wait_for(pending.done.wait(), frame_timeout)
                    if wait_annotation:
                        await asyncio.wait_for(pending.annotated.wait(), frame_timeout)
                except TimeoutError:
                    if pending.timing.error is None:
                        stage = (
                            "complete turn"
                            if not pending.done.is_set()
                            else "annotation"
                        )
                        pending.timing.error = f"timeout waiting for {stage}"
                results.append(pending.timing)
                if read_task.done():
                    break
        finally:
            read_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await read_task
    return results


def _strip_tags(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


async def _echo_client(
    port: int,
    cookie: str,
    messages: int,
    *,
    start: asyncio.Event,
    connected: list[int],
    frame_timeout: float,
    deadline: float,
    think_s: float,
    seed: int,
) -> list[float]:
    samples: list[float] = []
    loop = asyncio.get_running_loop()
    pace = Pacing(think_s, seed)
    async with _connect(port, ECHO_PATH, cookie) as ws:
        connected.append(1)
        await start.wait()
        for i in range(messages):
            await pace.before(i)
            if loop.time() > deadline:
                break
            payload = json.dumps(
                {
                    "message": TRAINEE_LINES[i % len(TRAINEE_LINES)],
                    "client_id": str(uuid.uuid4()),
                }
            )
            sent = time.perf_counter()
            await ws.send(payload)
            reply = await asyncio.wait_for(ws.recv(), frame_timeout)
            samples.append((time.perf_counter() - sent) * 1000)
            if reply != payload:
                raise RuntimeError("echo returned a different frame")
    return samples


async def _run_all(
    make: Any, count: int, *, start: asyncio.Event, connected: list[int], settle: float
) -> tuple[list[Any], list[str]]:
    """Open every connection first, then release all clients at once."""
    tasks = [asyncio.create_task(make(i)) for i in range(count)]
    ready_by = asyncio.get_running_loop().time() + settle
    while len(connected) < count and asyncio.get_running_loop().time() < ready_by:
        if all(t.done() for t in tasks):
            break
        await asyncio.sleep(0.02)
    start.set()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    values = [o for o in outcomes if not isinstance(o, BaseException)]
    errors = [repr(o) for o in outcomes if isinstance(o, BaseException)]
    return values, errors


async def run_echo(
    port: int,
    seats: Sequence[Seat],
    messages: int,
    *,
    frame_timeout: float,
    budget_s: float,
    think_s: float = 0.0,
) -> tuple[list[float], list[str]]:
    start = asyncio.Event()
    connected: list[int] = []
    deadline = asyncio.get_running_loop().time() + budget_s
    values, errors = await _run_all(
        lambda i: _echo_client(
            port,
            seats[i].cookie,
            messages,
            start=start,
            connected=connected,
            frame_timeout=frame_timeout,
            deadline=deadline,
            think_s=think_s,
            seed=i,
        ),
        len(seats),
        start=start,
        connected=connected,
        settle=60,
    )
    return [s for client in values for s in client], errors


async def run_practice(
    port: int,
    seats: Sequence[Seat],
    messages: int,
    *,
    wait_annotation: bool,
    frame_timeout: float,
    budget_s: float,
    think_s: float = 0.0,
) -> tuple[list[MessageTiming], list[str]]:
    start = asyncio.Event()
    connected: list[int] = []
    deadline = asyncio.get_running_loop().time() + budget_s
    values, errors = await _run_all(
        lambda i: _practice_client(
            port,
            seats[i],
            messages,
            start=start,
            connected=connected,
            wait_annotation=wait_annotation,
            frame_timeout=frame_timeout,
            deadline=deadline,
            think_s=think_s,
            seed=i,
        ),
        len(seats),
        start=start,
        connected=connected,
        settle=60,
    )
    return [t for client in values for t in client], errors
