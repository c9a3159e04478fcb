"""A scriptable fake OpenAI-compatible server on loopback.

It serves `POST /v1/chat/completions` (streaming SSE and plain JSON) and
`GET /v1/models`, so tests and benchmarks exercise the real SDK, HTTP and
retry code instead of mocks. Each request pops the next `Behaviour` from a
script queue (or uses the default one), which can reply, delay, fail with a
status, hang, stall mid-stream or cut the connection.

In tests::

    with running_fake_openai() as server:
        server.enqueue(reply="Hello there.", token_delay=0.01)
        model = OpenAIChatModel(model="m", api_key="k", base_url=server.base_url)

As a script (for benchmarks; script it over HTTP through `/__fake__/script`)::

    python -m tests.support.fake_openai --port 8765 --reply "Hi." --token-delay 0.02
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import logging
import socket
import threading
import time
import uuid
from collections import deque
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from llm.fake import split_into_tokens

__all__ = [
    "Behaviour",
    "FakeOpenAI",
    "RecordedRequest",
    "running_fake_openai",
    "serve_in_thread",
]

# How long `hang` waits at most; far beyond any client timeout a test uses,
# short enough that a forgotten hanging request cannot stall shutdown.
MAX_HANG_SECONDS = 30.0
DEFAULT_REPLY = "Hello from the fake model."


@dataclass(frozen=True, slots=True)
class Behaviour:
    """What the server does for one chat completion request.

    reply: the answer text, or explicit stream tokens; for structured calls
        pass the JSON text.
    status: anything but 200 answers with an OpenAI-style error body.
    token_delay: seconds before each streamed token (and `tokens * delay`
        before a non-streaming answer).
    hang: accept the request and never answer.
    stall_after: stream that many tokens, then go silent (connection open).
    cut_after: stream that many tokens, then drop the connection abruptly,
        with no finish_reason and no [DONE].
    end_after: stream that many tokens, then end the body cleanly, but still
        without finish_reason and [DONE] (a proxy that gave up politely).
    retry_after_ms: sent as `retry-after-ms` with error statuses so the SDK's
        backoff takes milliseconds in tests instead of ~0.5 s.
    reject_json_schema: answer 400 if the request asks for `json_schema`.
    omit_usage: never send a usage chunk (some compatible servers do not).
    error_code: the `code` of an error body ("context_length_exceeded").
    """

    reply: str | Sequence[str] = DEFAULT_REPLY
    status: int = 200
    error_message: str = ""
    token_delay: float = 0.0
    hang: bool = False
    stall_after: int | None = None
    cut_after: int | None = None
    end_after: int | None = None
    finish_reason: str = "stop"
    retry_after_ms: int | None = 1
    reject_json_schema: bool = False
    omit_usage: bool = False
    error_code: str | None = None

    def tokens(self) -> list[str]:
        if isinstance(self.reply, str):
            return split_into_tokens(self.reply)
        return list(self.reply)


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def response_format_type(self) -> str | None:
        fmt = self.body.get("response_format")
        return fmt.get("type") if isinstance(fmt, dict) else None


class _CutConnection(Exception):
    """Raised inside a streaming body so uvicorn drops the connection."""


class _DropCutTracebacks(logging.Filter):
    # A deliberate cut is the scripted behaviour, not a server bug; keep its
    # traceback out of the test output but let every other error through.
    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return exc is None or not _is_cut(exc)


def _is_cut(exc: BaseException) -> bool:
    # Starlette runs streaming bodies in a task group, so the cut may arrive
    # wrapped in an ExceptionGroup or chained.
    if isinstance(exc, _CutConnection):
        return True
    if isinstance(exc, BaseExceptionGroup):
        return any(_is_cut(e) for e in exc.exceptions)
    inner = exc.__cause__ or exc.__context__
    return inner is not None and _is_cut(inner)


@dataclass
class FakeOpenAI:
    """The server's state: a behaviour script and a log of requests.

    Shared between the test thread (enqueue, inspect) and the server thread
    (pop, record), hence the lock around the queue.
    """

    default: Behaviour = field(default_factory=Behaviour)
    models: tuple[str, ...] = ("fake-model",)
    base_url: str = ""
    requests: list[RecordedRequest] = field(default_factory=list)
    # The server's own bill: per chat request, the prompt tokens it read and
    # the completion tokens it actually wrote to the wire (0/0 for errors).
    ledger: list[tuple[int, int]] = field(default_factory=list)
    _script: deque[Behaviour] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _closing: threading.Event = field(default_factory=threading.Event)
    _initial_default: Behaviour = field(init=False)

    def __post_init__(self) -> None:
        self._initial_default = self.default

    def enqueue(self, behaviour: Behaviour | None = None, /, **kwargs: Any) -> None:
        """Script the next request: a `Behaviour`, or its fields as keywords."""
        if behaviour is None:
            behaviour = Behaviour(**kwargs)
        elif kwargs:
            behaviour = replace(behaviour, **kwargs)
        with self._lock:
            self._script.append(behaviour)

    def reset(self) -> None:
        """Forget the script, the recorded requests and any default override."""
        with self._lock:
            self._script.clear()
            self.requests.clear()
            self.ledger.clear()
            self.default = self._initial_default

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def billed(self) -> tuple[int, int]:
        """(prompt, completion) tokens over every chat request so far."""
        with self._lock:
            return (sum(p for p, _ in self.ledger), sum(c for _, c in self.ledger))

    def _bill(self, index: int, prompt: int, completion: int) -> None:
        with self._lock:
            self.ledger[index] = (prompt, completion)

    def _open_bill(self) -> int:
        with self._lock:
            self.ledger.append((0, 0))
            return len(self.ledger) - 1

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._script)

    def _next(self) -> Behaviour:
        with self._lock:
            return self._script.popleft() if self._script else self.default

    # -- ASGI app --------------------------------------------------------------

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/__fake__/script", self._script_endpoint, methods=["POST"]),
                Route("/__fake__/requests", self._requests_endpoint, methods=["GET"]),
            ]
        )

    async def _models(self, request: Request) -> Response:
        self._record(request, {})
        now = int(time.time())
        data = [
            {"id": m, "object": "model", "created": now, "owned_by": "fake"}
            for m in self.models
        ]
        return JSONResponse({"object": "list", "data": data})

    async def _script_endpoint(self, request: Request) -> Response:
        # Lets a benchmark in another process script the server.
        payload = await request.json()
        items = payload if isinstance(payload, list) else [payload]
        for item in items:
            self.enqueue(**item)
        return JSONResponse({"pending": self.pending})

    async def _requests_endpoint(self, request: Request) -> Response:
        return JSONResponse([asdict(r) for r in self.requests])

    def _record(self, request: Request, body: dict[str, Any]) -> None:
        self.requests.append(
            RecordedRequest(
                method=request.method,
                path=request.url.path,
                headers={k.lower(): v for k, v in request.headers.items()},
                body=body,
            )
        )

    async def _chat(self, request: Request) -> Response:
        try:
            body = json.loads(await request.body())
        except ValueError:
            return _error(400, "request body is not JSON", retry_after_ms=None)
        if not isinstance(body, dict):
            return _error(400, "request body must be an object", retry_after_ms=None)
        self._record(request, body)
        b = self._next()
        bill = self._open_bill()

        if b.hang:
            await self._hang(request)
            return Response(status_code=504)
        if b.status != 200:
            return _error(
                b.status,
                b.error_message,
                retry_after_ms=b.retry_after_ms,
                code=b.error_code,
            )
        fmt = body.get("response_format")
        wants_schema = isinstance(fmt, dict) and fmt.get("type") == "json_schema"
        if b.reject_json_schema and wants_schema:
            return _error(
                400,
                "response_format json_schema is not supported by this server",
                retry_after_ms=None,
            )

        model = str(body.get("model", self.models[0]))
        tokens = b.tokens()
        prompt_tokens = _count_prompt_tokens(body)
        if body.get("stream"):
            options = body.get("stream_options")
            include_usage = isinstance(options, dict) and bool(
                options.get("include_usage")
            )
            return StreamingResponse(
                self._sse(
                    b,
                    model,
                    tokens,
                    prompt_tokens,
                    include_usage and not b.omit_usage,
                    bill,
                ),
                media_type="text/event-stream",
                headers={"cache-control": "no-cache"},
            )

        if b.token_delay:
            await asyncio.sleep(b.token_delay * len(tokens))
        self._bill(bill, prompt_tokens, len(tokens))
        return JSONResponse(
            {
                "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": "".join(tokens)},
                        "logprobs": None,
                        "finish_reason": b.finish_reason,
                    }
                ],
                "usage": _usage(prompt_tokens, len(tokens)),
            }
        )

    async def _hang(self, request: Request) -> None:
        # Polling, not an asyncio.Event: shutdown is signalled from another
        # thread, and the client's disconnect has to be checked as well.
        deadline = time.monotonic() + MAX_HANG_SECONDS
        while time.monotonic() < deadline and not self._closing.is_set():  # noqa: ASYNC110
            await asyncio.sleep(0.02)
            # Stop waiting once the client gave up, so its timeout leaves no
            # busy handler behind.
            if await request.is_disconnected():
                return

    async def _sse(
        self,
        b: Behaviour,
        model: str,
        tokens: list[str],
        prompt_tokens: int,
        include_usage: bool,
        bill: int,
    ) -> AsyncIterator[bytes]:
        base = {
            "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": model,
            "system_fingerprint": None,
        }

        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            payload = {
                **base,
                "choices": [
                    {
                        "index": 0,
                        "delta": delta,
                        "logprobs": None,
                        "finish_reason": finish,
                    }
                ],
            }
            # With include_usage, OpenAI sends "usage": null on every chunk
            # but the last one.
            if include_usage:
                payload["usage"] = None
            return _sse_line(payload)

        # OpenAI opens with a role-only delta before the first content token.
        self._bill(bill, prompt_tokens, 0)
        yield chunk({"role": "assistant", "content": ""})
        for i, token in enumerate(tokens):
            if b.cut_after is not None and i >= b.cut_after:
                raise _CutConnection
            if b.end_after is not None and i >= b.end_after:
                return
            if b.stall_after is not None and i >= b.stall_after:
                await self._stall()
                return
            if b.token_delay:
                await asyncio.sleep(b.token_delay)
            yield chunk({"content": token})
            # Billed once the write went through (the generator resumes only
            # after the server sent the chunk): what was sent before the client
            # closed the connection, and nothing the close stopped.
            self._bill(bill, prompt_tokens, i + 1)
        if b.cut_after is not None:
            raise _CutConnection
        if b.end_after is not None:
            return
        if b.stall_after is not None:
            await self._stall()
            return
        yield chunk({}, finish=b.finish_reason)
        if include_usage:
            yield _sse_line(
                {**base, "choices": [], "usage": _usage(prompt_tokens, len(tokens))}
            )
        yield b"data: [DONE]\n\n"

    async def _stall(self) -> None:
        # Starlette cancels this generator when the client disconnects; the
        # loop only has to notice shutdown, signalled from another thread.
        deadline = time.monotonic() + MAX_HANG_SECONDS
        while time.monotonic() < deadline and not self._closing.is_set():  # noqa: ASYNC110
            await asyncio.sleep(0.02)


def _sse_line(payload: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(payload, separators=(',', ':'))}\n\n".encode()


def _usage(prompt_tokens: int, completion_tokens: int) -> dict[str, int]:
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def _count_prompt_tokens(body: dict[str, Any]) -> int:
    messages = body.get("messages")
    if not isinstance(messages, list):
        return 0
    return sum(
        len(split_into_tokens(m["content"]))
        for m in messages
        if isinstance(m, dict) and isinstance(m.get("content"), str)
    )


_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    404: "not_found_error",
    429: "rate_limit_exceeded",
    500: "server_error",
    503: "server_error",
}


def _error(
    status: int, message: str, *, retry_after_ms: int | None, code: str | None = None
) -> Response:
    headers = {}
    if retry_after_ms is not None and (status == 429 or status >= 500):
        headers["retry-after-ms"] = str(retry_after_ms)
    return JSONResponse(
        {
            "error": {
                "message": message or f"fake error {status}",
                "type": _ERROR_TYPES.get(status, "api_error"),
                "param": None,
                "code": code,
            }
        },
        status_code=status,
        headers=headers,
    )


# -- running it ---------------------------------------------------------------


def _uvicorn_config(
    app: Starlette, host: str = "127.0.0.1", port: int = 0
) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        log_level="warning",
        access_log=False,
        lifespan="off",
        # Keep-alive connections would hold shutdown up otherwise.
        timeout_graceful_shutdown=1,
    )


@contextlib.contextmanager
def serve_in_thread(state: FakeOpenAI) -> Iterator[FakeOpenAI]:
    """Serve `state` on 127.0.0.1, an ephemeral port, in a daemon thread."""
    logging.getLogger("uvicorn.error").addFilter(_DropCutTracebacks())
    # Binding here, before the thread starts, gives the port up front and
    # leaves no window in which a test could connect to a closed socket.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(_uvicorn_config(state.app()))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="fake-openai", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("fake OpenAI server failed to start")
        time.sleep(0.005)
    state.base_url = f"http://127.0.0.1:{port}/v1"
    state._closing.clear()
    try:
        yield state
    finally:
        state._closing.set()
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextlib.contextmanager
def running_fake_openai(
    default: Behaviour | None = None, *, models: Sequence[str] = ("fake-model",)
) -> Iterator[FakeOpenAI]:
    """Start a fake OpenAI server for the duration of the block.

    Yields the `FakeOpenAI` with `.base_url` (ending in /v1), `.enqueue(...)`
    and `.requests`. Unscripted requests get `default`.
    """
    state = FakeOpenAI(default=default or Behaviour(), models=tuple(models))
    with serve_in_thread(state) as running:
        yield running


_OPENERS = (
    "I don't really know where to start, to be honest.",
    "It's been a hard few weeks.",
    "Honestly, I'm tired most of the time.",
    "I keep going over the same things at night.",
    "Things at home have been tense lately.",
    "I suppose it started a while back.",
    "I haven't told many people about this.",
    "Work has been on my mind a lot.",
    "Some days are better than others, I guess.",
    "It's hard to put into words.",
)
_CLOSERS = (
    "I just feel stuck.",
    "Nobody really asks how I am.",
    "I try not to think about it too much.",
    "It gets worse in the evenings.",
    "My sister says I've changed.",
    "I don't sleep much anymore.",
    "I'm not sure what I'm supposed to say here.",
    "It all feels a bit much.",
    "I keep thinking it's my fault.",
    "I used to enjoy things more.",
    "I don't know what I want from this.",
)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--reply", default=DEFAULT_REPLY)
    parser.add_argument("--token-delay", type=float, default=0.0)
    parser.add_argument("--model", action="append", dest="models")
    parser.add_argument(
        "--vary",
        action="store_true",
        help="a different two-sentence reply per request (110 before one repeats), "
        "so a patient never says the same thing twice in a benchmark session",
    )
    args = parser.parse_args(argv)
    state = FakeOpenAI(
        default=Behaviour(reply=args.reply, token_delay=args.token_delay),
        models=tuple(args.models or ["fake-model"]),
    )
    if args.vary:
        counter = itertools.count()
        original = state._next

        def varied_next() -> Behaviour:
            if state.pending:
                return original()
            n = next(counter)
            reply = f"{_OPENERS[n % len(_OPENERS)]} {_CLOSERS[n % len(_CLOSERS)]}"
            return Behaviour(reply=reply, token_delay=args.token_delay)

        state._next = varied_next  # type: ignore[method-assign]
    config = _uvicorn_config(state.app(), args.host, args.port)
    state.base_url = f"http://{args.host}:{args.port}/v1"
    print(f"fake OpenAI server at {state.base_url}", flush=True)  # noqa: T201
    uvicorn.Server(config).run()


if __name__ == "__main__":
    main()
