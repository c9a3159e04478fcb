"""The practice chat socket: a thin transport adapter.

It authenticates, validates frames and calls services (through
database_sync_to_async); the patient's reply is streamed from a background task
so the socket keeps answering while the patient "types", and so a reply that has
started is finished and saved even if the browser goes away.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any, ParamSpec, TypeVar, cast
from uuid import UUID

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import Error as DatabaseError
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import escape

from llm import deadline
from llm.metering import CallRecord, collecting
from patients.engines import get_responder
from patients.services import warm_engine
from patients.simulation import Final, Token

from . import selectors, services, socket_slots
from .deferral import Deferred, deferring, run_deferred
from .exceptions import InvalidMessage, PracticeError
from .realtime import (
    asend_html,
    note_server_loop,
    render_turn,
    session_group,
    user_group,
)

logger = logging.getLogger(__name__)
# Per-message stage timings (DEBUG only; bench/ws_latency.py turns them on and
# prints their percentiles). Off, they cost one isEnabledFor check per message.
timing = logging.getLogger("practice.timing")

# Streamed words arriving within this window share one frame.
TOKEN_FLUSH_SECONDS = 0.04

# Close codes. 1013 ("try again later") makes htmx's ws extension reconnect with
# its full-jitter backoff; the 44xx codes are final (no reconnect).
CLOSE_RETRY_LATER = 1013
CLOSE_FORBIDDEN = 4403
CLOSE_REVOKED = 4401
CLOSE_SESSION_ENDED = 4410
CLOSE_TOO_MANY = 4429

# Saving a finished reply is retried this long (a database restart, a SQLite
# write lock) before the turn is marked failed with a Retry button.
FINISH_RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0)

OUTAGE_MESSAGE = (
    "The server is having trouble reaching its database or message service. "
    "Reconnecting…"
)

# Background reply tasks, kept referenced until done (asyncio holds weak refs).
_reply_tasks: set[asyncio.Task[None]] = set()

P = ParamSpec("P")
R = TypeVar("R")


def _db(func: Callable[P, R]) -> Callable[P, Coroutine[Any, Any, R]]:
    """Run ORM work on the thread pool, not the single thread-sensitive thread.

    Channels' default serialises every socket's queries of the whole process on
    one thread; measured at 50 sessions that thread was the bottleneck (first
    token p95 1.2 s vs 0.13 s unpinned). Each call is self-contained: it opens
    its own transaction, and database_sync_to_async returns the connection.
    """
    return cast(
        Callable[P, Coroutine[Any, Any, R]],
        database_sync_to_async(func, thread_sensitive=False),
    )


@_db
def _load_session(user: Any, session_uuid: str) -> tuple[int, str] | None:
    found = selectors.socket_session(user, session_uuid)
    if found is None:
        return None
    services.recover_interrupted_replies(session_id=found.id)
    try:
        # Before the trainee can type: the first message then finds the case
        # parsed and the engine's per-case caches filled (1-5 ms otherwise).
        warm_engine(found.case_version_id)
    except DatabaseError:
        raise
    except Exception:  # an optimisation: it must never refuse the socket
        logger.exception("warming the engine for session %s failed", found.id)
    return found.id, found.uuid


def _transcript_html(session_id: int) -> str:
    session, turns = selectors.transcript_by_id(session_id)
    return render_to_string(
        "practice/partials/_transcript.html",
        {"session": session, "turns": turns, "oob": True},
    )


@_db
def _submit(
    session_id: int,
    user_id: int,
    text: str,
    client_id: UUID,
    stages: dict[str, float] | None,
) -> tuple[services.Submitted, str, Deferred]:
    """Save the message and render what the page needs, in one trip to the pool;
    the save's after-commit work is returned, to run after the first word."""
    started = time.perf_counter()
    with deferring() as later:
        submitted = services.submit_trainee_turn(
            session_id=session_id,
            user_id=user_id,
            text=text,
            client_id=client_id,
            stages=stages,
        )
    saved = time.perf_counter()
    if not submitted.created or submitted.patient_turn is None:
        # A resend after a reconnect: the turn exists; show the truth.
        run_deferred(later)
        return submitted, _transcript_html(session_id), []
    html = render_turn(submitted.trainee_turn, oob="beforeend") + render_turn(
        submitted.patient_turn, oob="beforeend"
    )
    if stages is not None:
        stages["pool_wait"] = (started - stages.pop("_sent")) * 1000
        stages["render"] = (time.perf_counter() - saved) * 1000
    return submitted, html, later


_run_deferred = _db(run_deferred)


@_db
def _retry(session_id: int, user_id: int) -> tuple[services.Submitted, str]:
    submitted = services.retry_reply(session_id=session_id, user_id=user_id)
    assert submitted.patient_turn is not None
    return submitted, render_turn(submitted.patient_turn, oob="outerHTML")


@_db
def _finish(
    turn_id: int,
    final: Final | None,
    first_token_at: datetime | None,
    calls: list[CallRecord],
) -> str:
    """Store the finished (or failed) reply and its model calls; render the turn."""
    if final is None:
        turn = services.fail_patient_turn(
            turn_id=turn_id,
            reason="The patient's reply broke off.",
            first_token_at=first_token_at,
            calls=calls,
        )
    else:
        turn = services.complete_patient_turn(
            turn_id=turn_id,
            text=final.text,
            responder=final.responder,
            usage=final.usage,
            first_token_at=first_token_at,
            calls=calls,
        )
    return render_turn(turn, oob="outerHTML")


@_db
def _fail(
    turn_id: int, first_token_at: datetime | None, calls: list[CallRecord]
) -> str:
    turn = services.fail_patient_turn(
        turn_id=turn_id,
        reason="The reply could not be saved.",
        first_token_at=first_token_at,
        calls=calls,
    )
    return render_turn(turn, oob="outerHTML")


async def _finish_or_fail(
    turn_id: int,
    final: Final | None,
    first_token_at: datetime | None,
    calls: list[CallRecord],
) -> str | None:
    """Save the reply, retrying through a short database outage; if it still
    cannot be saved, mark the turn failed (Retry), never leave it streaming.
    None when even that failed: the turn is recovered as failed on reconnect."""
    for pause in (*FINISH_RETRY_SECONDS, None):
        try:
            return await _finish(turn_id, final, first_token_at, calls)
        except DatabaseError as error:
            logger.warning("saving the reply of turn %s failed: %r", turn_id, error)
            if pause is None:
                break
            await asyncio.sleep(pause)
    try:
        return await _fail(turn_id, first_token_at, calls)
    except DatabaseError:
        logger.exception("turn %s could not even be marked failed", turn_id)
        return None


def _error_frame(
    message: str, *, restore: str | None = None, outage: bool = False
) -> str:
    return render_to_string(
        "practice/partials/_chat_error.html",
        {"message": message, "restore": restore, "outage": outage},
    )


@functools.cache
def _no_error_frame() -> str:
    """The frame that clears the error line: sent with every message, rendered once."""
    return _error_frame("")


class PracticeConsumer(AsyncWebsocketConsumer):
    session_id: int | None = None
    session_uuid: str | None = None
    group: str | None = None
    groups_joined: tuple[str, ...] = ()
    slot_held: bool = False

    async def connect(self) -> None:
        user = self.scope.get("user")
        requested = self.scope["url_route"]["kwargs"]["session_uuid"]
        try:
            found = await _load_session(user, requested) if user is not None else None
        except DatabaseError:
            logger.warning("socket handshake during a database outage")
            await self._refuse_for_outage()
            return
        if found is None:
            # Anonymous, someone else's session, or no such session: same answer.
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.session_id, self.session_uuid = found
        note_server_loop()
        if not await database_sync_to_async(
            socket_slots.claim_socket_slot, thread_sensitive=False
        )(user.pk, self.session_uuid, self.channel_name):
            await self.accept()
            await self._send_safe(
                _error_frame(
                    "This session is already open in too many windows. Close one and "
                    "reload this page."
                )
            )
            await self.close(code=CLOSE_TOO_MANY)
            return
        self.slot_held = True
        self.group = session_group(self.session_uuid)
        try:
            # The per-user group lets logout, deactivation and role changes close
            # this socket (practice.receivers).
            for group in (self.group, user_group(user.pk)):
                await self.channel_layer.group_add(group, self.channel_name)
                self.groups_joined += (group,)
        except Exception:  # noqa: BLE001 - Redis down: a clear state, not a 500
            logger.warning("socket handshake during a channel layer outage")
            await self._refuse_for_outage()
            return
        await self.accept()

    async def _refuse_for_outage(self) -> None:
        """Accept only to say why, then close with "try again later": the page
        shows the reconnecting state and htmx reconnects with backoff."""
        await self.accept()
        await self._send_safe(_error_frame(OUTAGE_MESSAGE, outage=True))
        await self.close(code=CLOSE_RETRY_LATER)

    async def disconnect(self, code: int) -> None:
        # Replies in flight finish on their own; only membership is released.
        if self.slot_held and self.session_uuid is not None:
            self.slot_held = False
            await database_sync_to_async(
                socket_slots.release_socket_slot, thread_sensitive=False
            )(self.scope["user"].pk, self.session_uuid, self.channel_name)
        for group in self.groups_joined:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # noqa: BLE001 - the layer is down; membership expires
                logger.debug("group_discard failed for %s", group)
        self.groups_joined = ()

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None
    ) -> None:
        session_id = self.session_id
        if session_id is None:  # connect() refused: nothing may be received
            return
        try:
            await self._receive(session_id, text_data)
        except DatabaseError:
            logger.warning("message refused during a database outage")
            await self._send_safe(
                _error_frame(
                    "Your message could not be saved just now (the server lost its "
                    "database for a moment). It is back in the box: send it again.",
                    restore=_restorable(_message_of(text_data)),
                    outage=True,
                )
            )
        except Exception:
            # Whatever went wrong, the socket stays open and says so.
            logger.exception("unexpected error handling a message")
            await self._send_safe(
                _error_frame(
                    "Something went wrong with that message. Please send it again.",
                    restore=_restorable(_message_of(text_data)),
                )
            )

    async def _receive(self, session_id: int, text_data: str | None) -> None:
        # The reply's deadline counts from here: the trainee's clock.
        received = time.monotonic()
        payload = self._parse(text_data)
        if payload is None:
            await self._send_safe(
                _error_frame("That message was not understood. Please send it again.")
            )
            return
        if payload.get("action") == "retry":
            await self._retry(session_id, received)
            return
        await self._message(session_id, payload, received)

    # --- frames ------------------------------------------------------------------
    @staticmethod
    def _parse(text_data: str | None) -> dict[str, Any] | None:
        if not text_data or len(text_data) > 64_000:
            return None
        try:
            payload = json.loads(text_data)
        except ValueError:
            return None
        return payload if isinstance(payload, dict) else None

    async def _message(
        self, session_id: int, payload: dict[str, Any], received: float
    ) -> None:
        raw = payload.get("message")
        try:
            text = services.clean_message(raw)
            client_id = UUID(str(payload.get("client_id")))
        except InvalidMessage as error:
            await self._send_safe(_error_frame(str(error), restore=_restorable(raw)))
            return
        except ValueError:
            await self._send_safe(
                _error_frame(
                    "Your message had no id; reload the page and send again.",
                    restore=_restorable(raw),
                )
            )
            return
        user_id = self.scope["user"].pk
        stages: dict[str, float] | None = None
        if timing.isEnabledFor(logging.DEBUG):
            stages = {"_received": time.perf_counter()}
            stages["_sent"] = stages["_received"]
        try:
            submitted, html, later = await _submit(
                session_id, user_id, text, client_id, stages
            )
        except PracticeError as error:
            await self._send_safe(_error_frame(str(error), restore=text))
            return
        if not submitted.created:
            await self._send_safe(html)
            return
        await self._start_reply(submitted, html, stages, received, later)

    async def _retry(self, session_id: int, received: float) -> None:
        user_id = self.scope["user"].pk
        try:
            submitted, html = await _retry(session_id, user_id)
        except PracticeError as error:
            await self._send_safe(_error_frame(str(error)))
            return
        await self._start_reply(submitted, html, None, received, [])

    async def _start_reply(
        self,
        submitted: services.Submitted,
        html: str,
        stages: dict[str, float] | None,
        received: float,
        later: Deferred,
    ) -> None:
        # Clear any earlier error, show the saved turn(s), then stream; other
        # tabs and after-commit work wait for the first word (_after_first_word).
        await self._send_safe(_no_error_frame() + html)
        if stages is not None:
            stages["_acked"] = time.perf_counter()
        fan_out = functools.partial(self._after_first_word, html, later)
        task = asyncio.create_task(
            self._stream_reply(submitted, stages, received, fan_out)
        )
        _reply_tasks.add(task)
        task.add_done_callback(_reply_tasks.discard)

    async def _after_first_word(self, html: str, later: Deferred) -> None:
        """The new turns to the session's other pages (a second tab: the finished
        reply must find its placeholder there; the stream awaits this before it
        sends that), then the after-commit work (annotation publish), unawaited."""
        if self.group is not None:
            try:
                await self.channel_layer.group_send(
                    self.group,
                    {"type": "session.html", "html": html, "skip": self.channel_name},
                )
            except Exception:  # noqa: BLE001 - best effort: pages re-read the database
                logger.warning("could not fan out to session %s", self.session_uuid)
        if later:
            task = asyncio.create_task(_run_deferred(later))
            _reply_tasks.add(task)
            task.add_done_callback(_reply_tasks.discard)

    async def _stream_reply(
        self,
        submitted: services.Submitted,
        stages: dict[str, float] | None = None,
        received: float | None = None,
        after_first_word: Callable[[], Coroutine[Any, Any, None]] | None = None,
    ) -> None:
        assert submitted.patient_turn is not None and submitted.reply is not None
        turn_id = submitted.patient_turn.pk
        target = f"{submitted.patient_turn.dom_id}-text"
        delay = settings.PATIENT_TOKEN_DELAY
        loop = asyncio.get_running_loop()
        final: Final | None = None
        first_token_at: datetime | None = None
        pending: list[str] = []
        shown: list[str] = []  # every word sent to the browser
        last_flush = 0.0

        async def flush() -> None:
            nonlocal last_flush
            if pending:
                text = escape("".join(pending))
                pending.clear()
                await self._send_safe(
                    f'<span hx-swap-oob="beforeend:#{target}">{text}</span>'
                )
            last_flush = loop.time()

        # Every model request of this reply lands in `log` (the llm client
        # reports each attempt), and none may outlast the reply's deadline,
        # counted from the trainee's message, less what saving the turn needs.
        total = settings.LLM_REPLY_DEADLINE
        spent = 0.0 if received is None else time.monotonic() - received
        with (
            collecting(role="patient") as log,
            deadline.within(deadline.model_budget(total, spent)),
        ):
            try:
                async for event in get_responder().stream(submitted.reply):
                    if isinstance(event, Token):
                        pending.append(event.text)
                        shown.append(event.text)
                        # The first word goes out at once; after that, words that
                        # arrive within one flush window share a frame (a frame
                        # per word cost most of the socket's CPU under load).
                        if first_token_at is None:
                            first_token_at = timezone.now()
                            await flush()
                            if stages is not None:
                                # The turn, so a benchmark can pair this with
                                # the model call's own first-token time.
                                stages["turn"] = turn_id
                                _log_stages(stages)
                            if after_first_word is not None:
                                await after_first_word()
                                after_first_word = None
                        elif loop.time() - last_flush >= TOKEN_FLUSH_SECONDS:
                            await flush()
                        if delay:
                            await asyncio.sleep(delay)
                    elif isinstance(event, Final):
                        final = event
                await flush()
            except Exception as error:  # noqa: BLE001 - any failure must not leave a half turn
                logger.warning("patient reply for turn %s failed: %r", turn_id, error)
                final = None
        if after_first_word is not None:  # no word came: fan out all the same
            await after_first_word()
        if final is None and "".join(shown).strip():
            # Something broke after the trainee had read part of the reply:
            # that part passed the guard, so it stays as the reply.
            final = Final(text="".join(shown).strip(), responder="llm-partial")
        # The finished (or failed) turn goes to the whole group, so a page that
        # reconnected while the reply streamed also gets it.
        html = await _finish_or_fail(turn_id, final, first_token_at, list(log.records))
        if html is None:
            await self._send_safe(
                _error_frame(
                    "The reply could not be saved. Reload the page to try again.",
                    outage=True,
                )
            )
            return
        if not await asend_html(self.session_uuid or "", html):
            # The channel layer is down: at least this socket gets the turn.
            await self._send_safe(html)

    async def _send_safe(self, html: str) -> None:
        try:
            await self.send(text_data=html)
        except Exception:  # noqa: BLE001 - the browser left; the database has it all
            logger.debug("socket gone while sending to session %s", self.session_uuid)

    # --- group events --------------------------------------------------------------
    async def session_html(self, event: dict[str, Any]) -> None:
        if event.get("skip") == self.channel_name:
            return
        await self._send_safe(event["html"])

    async def session_closed(self, event: dict[str, Any]) -> None:
        """The session ended (by the trainee, a reset): nothing more may be sent."""
        await self.close(code=CLOSE_SESSION_ENDED)

    async def auth_revoked(self, event: dict[str, Any]) -> None:
        """Logout (of this login, or of all when no key), deactivation, a role or
        password change: the right that opened the socket is gone."""
        key = event.get("session_key")
        session = self.scope.get("session")
        if key is None or (session is not None and session.session_key == key):
            await self.close(code=CLOSE_REVOKED)


def _message_of(text_data: str | None) -> object:
    try:
        payload = json.loads(text_data or "")
    except ValueError:
        return None
    return payload.get("message") if isinstance(payload, dict) else None


def _log_stages(stages: dict[str, float]) -> None:
    now = time.perf_counter()
    received, acked = stages.pop("_received"), stages.pop("_acked")
    stages["ack"] = (acked - received) * 1000
    stages["first_token"] = (now - received) * 1000
    timing.debug("stages %s", json.dumps({k: round(v, 2) for k, v in stages.items()}))


def _restorable(raw: object) -> str | None:
    # Give the trainee their text back after a rejection, so nothing typed is
    # lost; minus characters that could not even be sent back (a lone surrogate
    # cannot be encoded, so the error frame itself would be lost).
    return services.strip_unsaveable(raw) if isinstance(raw, str) else None
