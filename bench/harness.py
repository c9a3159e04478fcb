"""Shared harness for the socket latency benchmarks.

Builds a throw-away PostgreSQL database, trainees, sessions and login cookies;
runs uvicorn (on `bench.asgi_echo`, production settings) and a real Celery worker
as subprocesses in their own process groups; drives N websocket clients with
asyncio; and turns per-message timings into percentiles.

Everything runs on 127.0.0.1. Every loop is bounded by a count and a deadline,
and every subprocess is stopped on exit, including after Ctrl+C or an error.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = REPO / ".venv" / "bin"
HOST = "127.0.0.1"
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS_BASE = "redis://127.0.0.1:6379"
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
_TRAINEE_LI = re.compile(r'<li [^>]*data-turn-id="([0-9a-f-]{36})" data-speaker="trainee"')
_PATIENT_LI = re.compile(r'<li [^>]*data-turn-id="([0-9a-f-]{36})" data-speaker="patient"')
_PATIENT_DONE = re.compile(
    r'<li [^>]*data-turn-id="([0-9a-f-]{36})" data-speaker="patient"[^>]*data-complete="true"'
)
_TOKEN = re.compile(r'<span hx-swap-oob="beforeend:#turn-([0-9a-f-]{36})-text">')
_ANNOTATION = re.compile(r'data-annotation-for="([0-9a-f-]{36})"')


# --- environment -----------------------------------------------------------------


@dataclass(frozen=True)
class BenchEnv:
    database: str
    queue: str
    port: int
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def database_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:5432/{self.database}"

    def variables(self) -> dict[str, str]:
        """The environment every bench process (this one, uvicorn, Celery) uses."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
        env.update(
            DJANGO_SETTINGS_MODULE="bench.settings",
            SECRET_KEY="bench-" + "x" * 50,
            DATABASE_URL=self.database_url,
            REDIS_URL=f"{REDIS_BASE}/0",
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SECURE_SSL_REDIRECT="false",
            EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
            # Offline engines: no key, and said explicitly, so nothing leaves the box.
            PATIENT_RESPONDER="offline",
            ANNOTATOR="offline",
            PATIENT_TOKEN_DELAY="0",
            # Closed-loop clients send far more than a person; the limiter's Redis
            # round trip stays on the path, only its threshold moves.
            PRACTICE_RATE_LIMIT_MESSAGES="1000000",
            BENCH_CELERY_QUEUE=self.queue,
            LOG_LEVEL="WARNING",
            PYTHONPATH=str(REPO),
            PYTHONUNBUFFERED="1",
        )
        env.pop("DEBUG", None)
        env.update(dict(self.extra))
        return env


def new_env(*, database: str, port: int, extra: dict[str, str] | None = None) -> BenchEnv:
    return BenchEnv(database=database, queue=f"bench-{secrets.token_hex(4)}", port=port,
                    extra=tuple(sorted((extra or {}).items())))


def setup_django(bench: BenchEnv) -> None:
    """Point this process at the bench database with the same settings as the server."""
    os.environ.update(bench.variables())
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    import django

    django.setup()


# --- database ----------------------------------------------------------------------


def recreate_database(name: str) -> None:
    import psycopg

    _check_name(name)
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def drop_database(name: str) -> None:
    import psycopg

    _check_name(name)
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _check_name(name: str) -> None:
    # Interpolated into DDL, and we must never drop somebody else's database.
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name) or "bench" not in name:
        msg = f"refusing database name {name!r}: lowercase, and must contain 'bench'"
        raise SystemExit(msg)


@dataclass(frozen=True)
class Seat:
    """One trainee with one open session and a logged-in cookie."""

    session_uuid: str
    cookie: str


def prepare_seats(count: int) -> list[Seat]:
    """Migrate, sync the bundled cases, create `count` trainees with a session each."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from accounts.models import Role, User
    from patients.models import Case
    from patients.services import sync_bundled_cases
    from practice.services import start_session

    call_command("migrate", verbosity=0, interactive=False)
    sync_bundled_cases()
    cases = list(Case.objects.filter(current_version__isnull=False).order_by("slug"))
    if not cases:
        raise SystemExit("no bundled cases were published")
    users = [User(username=f"bench-trainee-{i}", role=Role.TRAINEE) for i in range(count)]
    for user in users:
        user.set_unusable_password()  # no hashing: 200 PBKDF2 runs would take minutes
    User.objects.bulk_create(users)
    seats: list[Seat] = []
    backend = "django.contrib.auth.backends.ModelBackend"
    for i, user in enumerate(User.objects.filter(username__startswith="bench-trainee-")
                             .order_by("pk")):
        session = start_session(trainee=user, case=cases[i % len(cases)])
        # What `login()` stores, without a request: the auth middleware on the
        # socket reads exactly these three keys.
        store = SessionStore()
        store["_auth_user_id"] = str(user.pk)
        store["_auth_user_backend"] = backend
        store["_auth_user_hash"] = user.get_session_auth_hash()
        store.create()
        seats.append(Seat(session_uuid=str(session.uuid), cookie=store.session_key or ""))
    assert settings.SESSION_COOKIE_NAME == "sessionid"
    return seats


def close_django_connections() -> None:
    from django.db import connections

    for conn in connections.all(initialized_only=True):
        with contextlib.suppress(Exception):
            conn.close_pool()
        with contextlib.suppress(Exception):
            conn.close()


# --- subprocesses ------------------------------------------------------------------


@dataclass
class Proc:
    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def alive(self) -> bool:
        return self.popen.poll() is None

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


class Processes:
    """Owns the subprocesses; stops each process group on exit, however we exit."""

    def __init__(self, bench: BenchEnv, log_dir: Path) -> None:
        self.bench = bench
        self.log_dir = log_dir
        self.procs: list[Proc] = []

    def __enter__(self) -> Processes:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop_all()

    def _spawn(self, name: str, argv: Sequence[str]) -> Proc:
        log = self.log_dir / f"{name}.log"
        handle = log.open("wb")
        popen = subprocess.Popen(  # noqa: S603 - fixed argv from this module
            list(argv),
            cwd=REPO,
            env=self.bench.variables(),
            stdout=handle,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            # Own process group: uvicorn --workers and Celery's threads are all
            # stopped by one signal to the group, and Ctrl+C in our terminal
            # reaches only us (we stop them in order).
            start_new_session=True,
        )
        handle.close()
        proc = Proc(name=name, popen=popen, log=log)
        self.procs.append(proc)
        return proc

    def start_uvicorn(self, *, workers: int, app: str = "bench.asgi_echo:application") -> Proc:
        argv = [
            str(VENV_BIN / "uvicorn"), app,
            "--host", HOST, "--port", str(self.bench.port),
            "--no-access-log", "--lifespan", "off", "--log-level", "warning",
        ]
        if workers > 1:
            argv += ["--workers", str(workers)]
        proc = self._spawn("uvicorn", argv)
        _wait_for_port(self.bench.port, proc, timeout=30)
        return proc

    def start_celery(self, *, concurrency: int = 4) -> Proc:
        argv = [
            str(VENV_BIN / "celery"), "-A", "config", "worker",
            "--pool=threads", f"--concurrency={concurrency}",
            "--queues", self.bench.queue,
            "--hostname", f"{self.bench.queue}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
            "--loglevel", "INFO",
        ]
        proc = self._spawn("celery", argv)
        _wait_for_log(proc, "ready.", timeout=60)
        return proc

    def stop_all(self) -> None:
        for proc in reversed(self.procs):
            _stop_group(proc.popen)
        self.procs.clear()
        _purge_queue(self.bench.queue)


def _stop_group(popen: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    if popen.poll() is not None:
        return
    try:
        pgid = os.getpgid(popen.pid)
    except ProcessLookupError:
        return
    # Only this child's own group (start_new_session made pgid == its pid).
    if pgid != popen.pid:
        popen.terminate()
    else:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGTERM)
    try:
        popen.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
        popen.wait(timeout=5)
    # uvicorn --workers: children may outlive the parent by a moment.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _group_alive(pgid):
        time.sleep(0.1)
    if _group_alive(pgid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _purge_queue(queue: str) -> None:
    """Leave nothing of ours on the shared broker database."""
    try:
        import redis

        client = redis.Redis.from_url(f"{REDIS_BASE}/1")
        keys = [queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}"]
        keys += [k.decode() for k in client.scan_iter(match=f"{queue}*", count=100)]
        if keys:
            client.delete(*keys)
        client.close()
    except Exception as error:  # noqa: BLE001 - best effort at exit
        print(f"warning: could not purge broker queue {queue}: {error!r}", file=sys.stderr)


def _wait_for_port(port: int, proc: Proc, *, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.alive():
            raise RuntimeError(f"{proc.name} exited during start-up:\n{proc.tail()}")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{proc.name} did not listen on {port} in {timeout}s:\n{proc.tail()}")


def _wait_for_log(proc: Proc, needle: str, *, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.alive():
            raise RuntimeError(f"{proc.name} exited during start-up:\n{proc.tail()}")
        if needle in proc.log.read_text(errors="replace"):
            return
        time.sleep(0.2)
    raise RuntimeError(f"{proc.name} not ready in {timeout}s:\n{proc.tail()}")


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex((HOST, port)) != 0


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """`kill <pid>` unwinds like Ctrl+C, so the finally blocks stop the children."""

    def handler(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handler)
    # A shell starts background jobs with SIGINT ignored; restore Ctrl+C anyway.
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)


def cpu_seconds(pids_of_group: int) -> float:
    """User+system CPU of every live process in a process group (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == pids_of_group:  # field 5: pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def self_cpu_seconds() -> float:
    usage = os.times()
    return usage.user + usage.system


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
        return cls(len(ordered), percentile(ordered, 50), percentile(ordered, 95), ordered[-1])


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
    async with _connect(port, PRACTICE_PATH.format(uuid=seat.session_uuid), seat.cookie) as ws:
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
                        if done and done[1] == p.patient_uuid and p.timing.complete_ms is None:
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
                        "HEADERS": {"HX-Request": "true"},  # what htmx's ws extension adds
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
                        stage = "complete turn" if not pending.done.is_set() else "annotation"
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
                {"message": TRAINEE_LINES[i % len(TRAINEE_LINES)], "client_id": str(uuid.uuid4())}
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
    port: int, seats: Sequence[Seat], messages: int, *, frame_timeout: float, budget_s: float,
    think_s: float = 0.0,
) -> tuple[list[float], list[str]]:
    start = asyncio.Event()
    connected: list[int] = []
    deadline = asyncio.get_running_loop().time() + budget_s
    values, errors = await _run_all(
        lambda i: _echo_client(
            port, seats[i].cookie, messages, start=start, connected=connected,
            frame_timeout=frame_timeout, deadline=deadline, think_s=think_s, seed=i,
        ),
        len(seats), start=start, connected=connected, settle=60,
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
            port, seats[i], messages, start=start, connected=connected,
            wait_annotation=wait_annotation, frame_timeout=frame_timeout,
            deadline=deadline, think_s=think_s, seed=i,
        ),
        len(seats), start=start, connected=connected, settle=60,
    )
    return [t for client in values for t in client], errors


def install_uvloop() -> str:
    """The client loop: uvloop when present, so the client costs less CPU."""
    try:
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        return "uvloop"
    except ImportError:
        return "asyncio"


def machine_info() -> dict[str, str]:
    import django
    import uvicorn

    cpu = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    mem = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    return {
        "nproc": str(os.cpu_count()),
        "memory": mem,
        "cpu": cpu,
        "python": sys.version.split()[0],
        "django": django.get_version(),
        "uvicorn": uvicorn.__version__,
        "loadavg_at_start": Path("/proc/loadavg").read_text().split(" ", 3)[:3].__str__(),
    }


async def drain_queue(queue: str, *, timeout: float) -> bool:
    """Wait (bounded) until the worker has taken and acked every bench task."""
    import redis

    client = redis.Redis.from_url(f"{REDIS_BASE}/1")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while loop.time() < deadline:
            # Waiting messages sit in the list; taken-but-unacked ones (acks_late)
            # in kombu's "unacked" hash, which other workers share: count ours only.
            waiting = client.llen(queue)
            unacked = sum(
                1 for raw in client.hvals("unacked") if queue.encode() in raw
            )
            if waiting == 0 and unacked == 0:
                await asyncio.sleep(0.3)  # the last broadcasts leave the worker
                return True
            await asyncio.sleep(0.2)
        return False
    finally:
        client.close()


def run_benchmark(
    name: str,
    args: Any,
    *,
    seats: int,
    measure: Callable[[Any, list[Seat], Processes, int, int], Awaitable[Any]],
    report: Callable[[Any, Any, dict[str, str]], None],
) -> int:
    """The shared life of a benchmark run: a fresh database, seats, uvicorn and a
    Celery worker in their own process groups, the measurement, the report, and
    cleanup on every exit (Ctrl+C and SIGTERM included)."""
    loop_kind = install_uvloop()
    bench = new_env(database=args.database, port=args.port)
    log_dir = Path("/tmp") / f"{name}-{bench.queue}"
    with sigterm_as_interrupt():
        try:
            recreate_database(args.database)
            setup_django(bench)
            prepared = prepare_seats(seats)
            close_django_connections()
            info = machine_info() | {"client_loop": loop_kind, "logs": str(log_dir)}
            with Processes(bench, log_dir) as procs:
                celery = procs.start_celery(concurrency=args.celery_concurrency)
                server = procs.start_uvicorn(workers=args.workers)
                results = asyncio.run(
                    measure(args, prepared, procs, server.popen.pid, celery.popen.pid)
                )
            report(args, results, info)
        except KeyboardInterrupt:
            print("interrupted; processes stopped", file=sys.stderr)
            return 130
        finally:
            close_django_connections()
            if not args.keep_db:
                drop_database(args.database)
    return 0

