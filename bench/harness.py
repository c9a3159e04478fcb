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
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Re-exported: the scripts use the clients and statistics as `harness.X`.
from bench.clients import HOST as HOST
from bench.clients import LevelResult as LevelResult
from bench.clients import MessageTiming as MessageTiming
from bench.clients import Seat as Seat
from bench.clients import Summary as Summary
from bench.clients import fmt as fmt
from bench.clients import percentile as percentile
from bench.clients import run_echo as run_echo
from bench.clients import run_practice as run_practice
from bench.clients import to_json as to_json

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = REPO / ".venv" / "bin"
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS_BASE = "redis://127.0.0.1:6379"
# The app's Redis database N (channel layer N, broker N+1, cache N+2, as in
# config/settings/base.py). BENCH_REDIS_DB moves a run off 0-2, so developers who
# share one Redis do not purge or drain each other's queues.
REDIS_DB = int(os.environ.get("BENCH_REDIS_DB", "0"))
BROKER_URL = f"{REDIS_BASE}/{REDIS_DB + 1}"

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
            REDIS_URL=f"{REDIS_BASE}/{REDIS_DB}",
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


def new_env(
    *, database: str, port: int, extra: dict[str, str] | None = None
) -> BenchEnv:
    return BenchEnv(
        database=database,
        queue=f"bench-{secrets.token_hex(4)}",
        port=port,
        extra=tuple(sorted((extra or {}).items())),
    )


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

    def start_uvicorn(
        self, *, workers: int, app: str = "bench.asgi_echo:application"
    ) -> Proc:
        argv = [
            str(VENV_BIN / "uvicorn"),
            app,
            "--host",
            HOST,
            "--port",
            str(self.bench.port),
            "--no-access-log",
            "--lifespan",
            "off",
            "--log-level",
            "warning",
        ]
        if workers > 1:
            argv += ["--workers", str(workers)]
        proc = self._spawn("uvicorn", argv)
        _wait_for_port(self.bench.port, proc, timeout=30)
        return proc

    def start_celery(self, *, concurrency: int = 4) -> Proc:
        argv = [
            str(VENV_BIN / "celery"),
            "-A",
            "config",
            "worker",
            "--pool=threads",
            f"--concurrency={concurrency}",
            "--queues",
            self.bench.queue,
            "--hostname",
            f"{self.bench.queue}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel",
            "INFO",
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

        client = redis.Redis.from_url(BROKER_URL)
        keys = [queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}"]
        keys += [k.decode() for k in client.scan_iter(match=f"{queue}*", count=100)]
        if keys:
            client.delete(*keys)
        client.close()
    except Exception as error:  # noqa: BLE001 - best effort at exit
        print(
            f"warning: could not purge broker queue {queue}: {error!r}", file=sys.stderr
        )


def _wait_for_port(port: int, proc: Proc, *, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not proc.alive():
            raise RuntimeError(f"{proc.name} exited during start-up:\n{proc.tail()}")
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(
        f"{proc.name} did not listen on {port} in {timeout}s:\n{proc.tail()}"
    )


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
        "loadavg_at_start": Path("/proc/loadavg")
        .read_text()
        .split(" ", 3)[:3]
        .__str__(),
    }


async def drain_queue(queue: str, *, timeout: float) -> bool:
    """Wait (bounded) until the worker has taken and acked every bench task."""
    import redis

    client = redis.Redis.from_url(BROKER_URL)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    try:
        while loop.time() < deadline:
            # Waiting messages sit in the list; taken-but-unacked ones (acks_late)
            # in kombu's "unacked" hash, which other workers share: count ours only.
            waiting = client.llen(queue)
            unacked = sum(1 for raw in client.hvals("unacked") if queue.encode() in raw)
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
    extra_env: dict[str, str] | None = None,
) -> int:
    """The shared life of a benchmark run: a fresh database, seats, uvicorn and a
    Celery worker in their own process groups, the measurement, the report, and
    cleanup on every exit (Ctrl+C and SIGTERM included)."""
    loop_kind = install_uvloop()
    bench = new_env(database=args.database, port=args.port, extra=extra_env)
    log_dir = Path("/tmp") / f"{name}-{bench.queue}"
    with sigterm_as_interrupt():
        try:
            recreate_database(args.database)
            setup_django(bench)
            # Function-level, forced by Django: bench.seats imports models, which
            # load only after setup_django() (the database is chosen at run time).
            from bench.seats import prepare_seats

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
