"""A real `celery -A config worker` subprocess, for tests of the annotation pipeline.

The worker runs the test settings against the test database and a queue of its own,
so tests see what production sees (a Redis broker, JSON messages, acks_late,
redelivery) and stale messages of other runs never reach it. The test process
publishes to the same queue by pointing `task_default_queue` at it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar
from urllib.parse import quote

import redis

if TYPE_CHECKING:
    from tests.support.fake_openai import FakeOpenAI

__all__ = [
    "FAKE_MODEL",
    "REFUSING_BROKER",
    "StartWorker",
    "TaskOutcomes",
    "Worker",
    "broker_unreachable",
    "database_url_for",
    "forget_queue",
    "redis_reachable",
    "running_worker",
    "silent_broker",
    "wait_for",
]

ROOT = Path(__file__).resolve().parents[2]
# The `celery` script of the interpreter running the tests (the project's venv).
CELERY = Path(sys.executable).with_name("celery")
# A port nothing listens on: connecting is refused at once, like a broker that is down.
REFUSING_BROKER = "redis://127.0.0.1:1/1"

# The model name a worker asks the fake server for; stored annotations carry it
# in their annotator name ("llm:fake-model").
FAKE_MODEL = "fake-model"

T = TypeVar("T")

# What a worker logs at INFO for each task message it handles.
_TASK_LINE = re.compile(
    r"Task (?P<name>[\w.]+)\[(?P<id>[0-9a-f-]+)\] "
    r"(?P<outcome>received|succeeded|retry|raised unexpected)"
)


def wait_for(
    condition: Callable[[], T],
    *,
    timeout: float,
    what: str,
    interval: float = 0.05,
    diagnostics: Callable[[], str] | None = None,
) -> T:
    """Poll `condition` until it returns something truthy; fail after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            detail = f"\n{diagnostics()}" if diagnostics is not None else ""
            raise AssertionError(
                f"timed out after {timeout:g}s waiting for {what}{detail}"
            )
        time.sleep(interval)


def redis_reachable(url: str) -> bool:
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except (redis.RedisError, OSError, ValueError):
        return False


def database_url_for(settings_dict: Mapping[str, Any]) -> str:
    """DATABASE_URL that reaches the database `settings_dict` describes (the test DB)."""
    engine = settings_dict["ENGINE"]
    name = str(settings_dict["NAME"])
    if engine == "django.db.backends.sqlite3":
        # Four slashes: django-environ reads sqlite:////abs/path as an absolute path.
        return f"sqlite:///{Path(name).resolve()}"
    if engine == "django.db.backends.postgresql":
        user = quote(str(settings_dict.get("USER") or ""), safe="")
        password = str(settings_dict.get("PASSWORD") or "")
        auth = f"{user}:{quote(password, safe='')}" if password else user
        host = settings_dict.get("HOST") or "127.0.0.1"
        port = settings_dict.get("PORT") or 5432
        return f"postgres://{auth}@{host}:{port}/{quote(name, safe='')}"
    msg = f"no DATABASE_URL form for {engine}"
    raise ValueError(msg)


def forget_queue(broker_url: str, queue: str) -> None:
    """Delete a queue's messages, its binding and its unacked entries in Redis."""
    client = redis.Redis.from_url(broker_url, socket_connect_timeout=2)
    try:
        # kombu keeps priority sub-queues as `<queue>\x06\x16<n>` and the binding
        # as `_kombu.binding.<queue>`; the queue name is unique, so matching on it
        # cannot touch anyone else's keys.
        for key in client.scan_iter(match=f"*{queue}*"):
            client.delete(key)
        # A worker killed outright leaves its reserved messages in kombu's
        # `unacked` hash, to be restored to this queue an hour later.
        for tag, raw in client.hgetall("unacked").items():
            with contextlib.suppress(ValueError, TypeError, IndexError):
                _message, _exchange, routing_key = json.loads(raw)
                if routing_key == queue:
                    client.hdel("unacked", tag)
                    client.zrem("unacked_index", tag)
    finally:
        client.close()


@dataclass(frozen=True)
class TaskOutcomes:
    """What the worker's log says about each task message, by task id."""

    received: dict[str, int]
    succeeded: dict[str, int]
    retried: dict[str, int]
    failed: dict[str, int]

    @classmethod
    def parse(cls, log: str, task_name: str) -> TaskOutcomes:
        counts: dict[str, dict[str, int]] = {
            "received": {},
            "succeeded": {},
            "retry": {},
            "raised unexpected": {},
        }
        for match in _TASK_LINE.finditer(log):
            if match["name"] != task_name:
                continue
            bucket = counts[match["outcome"]]
            bucket[match["id"]] = bucket.get(match["id"], 0) + 1
        return cls(
            received=counts["received"],
            succeeded=counts["succeeded"],
            retried=counts["retry"],
            failed=counts["raised unexpected"],
        )

    @property
    def total_succeeded(self) -> int:
        return sum(self.succeeded.values())


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    queue: str
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def log_tail(self, lines: int = 60) -> str:
        tail = "\n".join(self.log().splitlines()[-lines:])
        return f"--- worker log (last {lines} lines) ---\n{tail}"

    def outcomes(self, task_name: str) -> TaskOutcomes:
        return TaskOutcomes.parse(self.log(), task_name)

    def pool_children(self) -> list[int]:
        """Pids of the worker's pool processes (prefork only has any)."""
        result = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)],
            capture_output=True,
            text=True,
            check=False,
            timeout=10,
        )
        return [int(pid) for pid in result.stdout.split()]

    def wait_for(self, condition: Callable[[], T], *, timeout: float, what: str) -> T:
        """Like `wait_for`, but a dead worker fails at once and the log is shown."""

        def alive_and(condition: Callable[[], T] = condition) -> T:
            if self.process.poll() is not None:
                msg = f"worker exited with {self.process.returncode}\n{self.log_tail()}"
                raise AssertionError(msg)
            return condition()

        return wait_for(
            alive_and, timeout=timeout, what=what, diagnostics=self.log_tail
        )

    def _is_ready(self) -> bool:
        # Celery prints "<hostname> ready." once the consumer is listening.
        return any(
            line.startswith(f"{self.queue}@") and line.rstrip().endswith("ready.")
            for line in self.log().splitlines()
        )

    def stop(self, timeout: float = 10.0) -> None:
        """Warm shutdown (finish the current task, ack it); kill after `timeout` s."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=timeout)
        # Always, even after a clean exit: prefork children left behind by a
        # parent that died must not outlive the test. The worker runs in a
        # session of its own, so its process group is exactly what we started.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)


class StartWorker(Protocol):
    """The `start_worker` fixture: start a worker on the test's queue."""

    def __call__(
        self, *, pool: str = ..., concurrency: int = ..., llm: FakeOpenAI | None = ...
    ) -> Worker: ...


@contextlib.contextmanager
def running_worker(
    *,
    queue: str,
    env: Mapping[str, str],
    log_path: Path,
    pool: str = "threads",
    concurrency: int = 2,
    ready_timeout: float = 30.0,
) -> Iterator[Worker]:
    """Start `celery -A config worker` on `queue`; stop (and kill) it on exit.

    `env` is the worker's whole environment. Gossip, mingle and heartbeats are
    off: they only add start-up round trips, and there is one worker.
    """
    command = [
        str(CELERY),
        "-A",
        "config",
        "worker",
        "--pool",
        pool,
        "--concurrency",
        str(concurrency),
        "--queues",
        queue,
        "--hostname",
        f"{queue}@%h",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "--loglevel",
        "INFO",
    ]
    # A file, not a pipe: nobody reads a pipe while the test runs, and a full
    # pipe would block the worker.
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=dict(env),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    worker = Worker(process=process, queue=queue, log_path=log_path)
    try:
        worker.wait_for(
            worker._is_ready, timeout=ready_timeout, what="the worker to be ready"
        )
        yield worker
    finally:
        worker.stop()


@contextlib.contextmanager
def silent_broker() -> Iterator[str]:
    """A Redis URL whose server accepts connections and never answers (a hung broker).

    The kernel completes the handshake for the listen backlog, so the client
    connects, sends its command and waits for a reply that never comes.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        yield f"redis://127.0.0.1:{sock.getsockname()[1]}/1"
    finally:
        sock.close()


@contextlib.contextmanager
def broker_unreachable(app: Any, url: str = REFUSING_BROKER) -> Iterator[None]:
    """Make `app` publish to the broker at `url` (a dead one), then restore it.

    The app caches its connection and producer pools, so changing the URL alone
    would keep publishing through the old, healthy connections. The healthy
    pools are put aside and given back afterwards, untouched.
    """
    amqp = app.amqp
    saved = (app.conf.broker_url, app._pool, amqp._producer_pool)
    app.conf.broker_url = url
    app._pool = None
    amqp._producer_pool = None
    try:
        yield
    finally:
        for pool in (amqp._producer_pool, app._pool):
            if pool is not None:
                # Reusable (close_pool=False): kombu keeps pools per URL for the
                # whole process, and a later test may ask for this URL again.
                pool.force_close_all(close_pool=False)
        app.conf.broker_url, app._pool, amqp._producer_pool = saved
