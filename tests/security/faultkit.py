"""A private production stack for fault runs: its own PostgreSQL and Redis on free
ports, uvicorn and a Celery worker (with beat) on production settings, and a chat
client that behaves like the browser (reconnects with backoff, resends a message
that was never acknowledged with the same client id).

Nothing global is touched: the machine's PostgreSQL and Redis, which other test
runs use at the same time, are never restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

ACK = re.compile(r'data-speaker="trainee"')
DONE = re.compile(r'data-speaker="patient"[^>]*data-complete="true"')
FAILED = re.compile(r'class="turn-failed"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until(
    check: object, *, timeout: float, what: str, interval: float = 0.1
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            if check():  # type: ignore[operator]
                return
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def _port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def postgres_tools() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PrivateRedis:
    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_until(lambda: _port_open(self.port), timeout=10, what="redis to listen")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


class PrivatePostgres:
    """initdb in a temporary directory, run as the `postgres` system user when root."""

    def __init__(self, workdir: Path) -> None:
        tools = postgres_tools()
        assert tools is not None
        self.tools = tools
        self.port = free_port()
        # A directory of its own, outside pytest's (root-only) temporary tree, so
        # the postgres user can reach it.
        self.root = Path(tempfile.mkdtemp(prefix="sec-pg-"))
        self.root.chmod(0o755)
        self.data = self.root / "pgdata"
        self.sockets = self.root / "pgsock"
        self.log = self.root / "postgres.log"
        self.as_postgres = os.geteuid() == 0

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/practice"

    def _run(self, *args: str) -> None:
        command = [str(self.tools / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def init(self) -> None:
        self.sockets.mkdir(parents=True)
        self.log.touch()
        if self.as_postgres:
            for path in (self.root, self.sockets, self.log):
                shutil.chown(path, "postgres")
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
        )

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
            "-w",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def create_database(self) -> None:
        with psycopg.connect(
            f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as conn:
            conn.execute("CREATE DATABASE practice")

    def query(self, sql: str, *params: object) -> list[tuple[object, ...]]:
        with psycopg.connect(self.url.replace("postgres://", "postgresql://")) as conn:
            return list(conn.execute(sql, params).fetchall())  # type: ignore[arg-type]


@dataclass
class Stack:
    """uvicorn + Celery worker (with beat) on production settings over private services."""

    workdir: Path
    postgres: PrivatePostgres
    redis: PrivateRedis
    web_port: int = field(default_factory=free_port)
    web: subprocess.Popen[bytes] | None = None
    worker: subprocess.Popen[bytes] | None = None

    def env(self) -> dict[str, str]:
        keep = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(
                ("OPENAI_", "PYTEST_", "DJANGO_", "REDIS_", "DATABASE_", "CELERY_")
            )
        }
        keep.update(
            DJANGO_SETTINGS_MODULE="config.settings.production",
            SECRET_KEY="fault-run-" + "k" * 50,
            DATABASE_URL=self.postgres.url,
            REDIS_URL=self.redis.url,
            EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SECURE_SSL_REDIRECT="false",
            PATIENT_RESPONDER="offline",
            ANNOTATOR="offline",
            PATIENT_TOKEN_DELAY="0",
            PRACTICE_RATE_LIMIT_MESSAGES="100000",
            LOG_LEVEL="WARNING",
            PYTHONUNBUFFERED="1",
        )
        return keep

    def manage(self, *args: str) -> str:
        result = subprocess.run(
            [str(BIN / "python"), "manage.py", *args],
            cwd=ROOT,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        return result.stdout

    def prepare(self) -> None:
        self.manage("migrate", "--noinput")
        self.manage("sync_cases")

    def new_chat(self) -> tuple[str, str]:
        """A trainee with a signed-in session and a practice session: (cookie, uuid)."""
        code = (
            "from django.contrib.sessions.backends.db import SessionStore\n"
            "from accounts.models import User\n"
            "from patients.models import Case\n"
            "from practice.services import start_session\n"
            "u = User.objects.create_user(username='fault-' + __import__('uuid').uuid4().hex[:8], password='x')\n"
            "s = SessionStore()\n"
            "s['_auth_user_id'] = str(u.pk)\n"
            "s['_auth_user_backend'] = 'django.contrib.auth.backends.ModelBackend'\n"
            "s['_auth_user_hash'] = u.get_session_auth_hash()\n"
            "s.create()\n"
            "case = Case.objects.filter(current_version__isnull=False).order_by('slug').first()\n"
            "p = start_session(trainee=u, case=case)\n"
            "print(s.session_key, p.uuid)\n"
        )
        out = self.manage("shell", "-c", code).split()
        return out[-2], out[-1]

    def start_web(self) -> None:
        log = (self.workdir / "web.log").open("ab")
        self.web = subprocess.Popen(
            [
                str(BIN / "uvicorn"),
                "config.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.web_port),
                "--no-access-log",
                "--timeout-graceful-shutdown",
                "3",
            ],
            cwd=ROOT,
            env=self.env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        wait_until(
            lambda: _port_open(self.web_port), timeout=60, what="uvicorn to listen"
        )

    def start_worker(self) -> None:
        log = (self.workdir / "worker.log").open("ab")
        self.worker = subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "config",
                "worker",
                "--beat",
                "--schedule",
                str(self.workdir / f"beat-{uuid.uuid4().hex[:6]}"),
                "--pool",
                "threads",
                "--concurrency",
                "4",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=self.env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def kill_worker(self) -> None:
        """kill -9 of the whole worker (pool threads and beat included)."""
        if self.worker is not None and self.worker.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.worker.pid, signal.SIGKILL)
            self.worker.wait(timeout=10)

    def stop(self) -> None:
        self.kill_worker()
        if self.web is not None and self.web.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.web.pid, signal.SIGKILL)
            self.web.wait(timeout=10)

    def logs(self) -> str:
        parts = []
        for name in ("web.log", "worker.log"):
            path = self.workdir / name
            if path.exists():
                parts.append(
                    f"--- {name} ---\n" + path.read_text(errors="replace")[-4000:]
                )
        return "\n".join(parts)

    # --- counts ------------------------------------------------------------------
    def counts(self, session_uuid: str) -> dict[str, int]:
        rows = self.postgres.query(
            "SELECT t.client_id, t.id, "
            " (SELECT count(*) FROM feedback_annotation a WHERE a.turn_id = t.id) "
            "FROM practice_turn t JOIN practice_practicesession s ON s.id = t.session_id "
            "WHERE s.uuid = %s AND t.speaker = 'trainee'",
            session_uuid,
        )
        client_ids = [r[0] for r in rows]
        return {
            "stored": len(rows),
            "distinct_client_ids": len(set(client_ids)),
            "annotated": sum(1 for r in rows if int(r[2]) >= 1),  # type: ignore[call-overload]
            "annotation_rows": sum(int(r[2]) for r in rows),  # type: ignore[call-overload]
            "patient_streaming": int(
                self.postgres.query(
                    "SELECT count(*) FROM practice_turn t JOIN practice_practicesession s "
                    "ON s.id = t.session_id WHERE s.uuid = %s AND t.status = 'streaming'",
                    session_uuid,
                )[0][0]
            ),  # type: ignore[call-overload]
        }


@contextlib.contextmanager
def private_stack(workdir: Path) -> Iterator[Stack]:
    redis = PrivateRedis(workdir)
    postgres = PrivatePostgres(workdir)
    stack = Stack(workdir=workdir, postgres=postgres, redis=redis)
    try:
        redis.start()
        postgres.init()
        postgres.start()
        postgres.create_database()
        stack.prepare()
        stack.start_web()
        stack.start_worker()
        yield stack
    finally:
        stack.stop()
        redis.stop()
        postgres.remove()


@dataclass(repr=False)
class ChatRun:
    """What the client saw: messages sent, acknowledged, replies completed, errors."""

    sent: list[str] = field(default_factory=list)
    acknowledged: set[str] = field(default_factory=set)
    replies: int = 0
    reconnects: int = 0
    handshake_refusals: int = 0
    outage_frames: int = 0
    retries: int = 0

    def __repr__(self) -> str:
        return (
            f"ChatRun(sent={len(self.sent)}, acknowledged={len(self.acknowledged)}, "
            f"replies={self.replies}, reconnects={self.reconnects}, "
            f"handshake_refusals={self.handshake_refusals}, "
            f"outage_frames={self.outage_frames}, retries={self.retries})"
        )


async def chat(
    port: int,
    cookie: str,
    session_uuid: str,
    messages: list[str],
    *,
    run: ChatRun,
    deadline: float = 120.0,
    pace: float = 0.4,
) -> ChatRun:
    """Send each message until the server acknowledges it and the reply completes.

    Like the browser: on a dropped socket reconnect with capped exponential
    backoff and resend the unacknowledged message with the same client id; a
    failed reply is retried with the Retry action.
    """
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus, WebSocketException

    url = f"ws://127.0.0.1:{port}/ws/practice/sessions/{session_uuid}/"
    headers = {"Cookie": f"sessionid={cookie}", "X-Forwarded-Proto": "https"}
    stop_at = time.monotonic() + deadline
    backoff = 0.2
    pending = [(text, str(uuid.uuid4())) for text in messages]
    while pending:
        if time.monotonic() > stop_at:
            raise AssertionError(f"chat did not finish: {run}")
        try:
            async with connect(
                url,
                additional_headers=headers,
                origin=f"https://127.0.0.1:{port}",
                open_timeout=5,
            ) as ws:  # type: ignore[arg-type]
                backoff = 0.2
                while pending:
                    text, client_id = pending[0]
                    if client_id not in run.sent:
                        run.sent.append(client_id)
                    await ws.send(json.dumps({"message": text, "client_id": client_id}))
                    outcome = await _await_reply(ws, client_id, run)
                    if outcome == "done":
                        pending.pop(0)
                        await asyncio.sleep(pace)  # a person reads before typing
                    elif outcome == "failed":
                        run.retries += 1
                        await ws.send(json.dumps({"action": "retry"}))
                        if await _await_reply(ws, client_id, run) == "done":
                            pending.pop(0)
                    elif outcome == "closed":
                        break
                    else:  # an error frame: the server could not take it now
                        await asyncio.sleep(backoff)
                        backoff = min(backoff * 2, 2.0)
        except InvalidStatus:
            run.handshake_refusals += 1
        except (TimeoutError, OSError, WebSocketException):
            pass
        if pending:
            run.reconnects += 1
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 2.0)
    return run


async def _await_reply(ws: object, client_id: str, run: ChatRun) -> str:
    from websockets.exceptions import ConnectionClosed

    while True:
        try:
            frame = await asyncio.wait_for(ws.recv(), timeout=15)  # type: ignore[attr-defined]
        except (TimeoutError, ConnectionClosed):
            return "closed"
        if "data-outage" in frame:
            run.outage_frames += 1
        if ACK.search(frame):
            # The saved turn came back: one message is in flight at a time, so it
            # is this one (a resend gets the transcript, which holds it).
            run.acknowledged.add(client_id)
        if DONE.search(frame) and client_id in run.acknowledged:
            run.replies += 1
            return "done"
        if FAILED.search(frame):
            return "failed"
        if 'id="chat-error"' in frame and "<p>" in frame and not ACK.search(frame):
            return "error"
