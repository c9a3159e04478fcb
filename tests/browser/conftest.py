"""A real ASGI server (uvicorn, websockets included) on loopback, and Debian's
Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from config.asgi import application
from tests.conftest import require_service

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def asgi_server(transactional_db: Any) -> Iterator[str]:
    """Serve config.asgi.application from a thread of this process, so it shares
    the test database and settings."""
    import uvicorn

    port = _free_port()
    config = uvicorn.Config(
        application, host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline:
            pytest.fail("uvicorn did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def run_in_browser() -> Callable[[Callable[[Any], None]], None]:
    """Run a browser scenario on its own thread.

    Playwright's sync API keeps an event loop running on the thread that uses
    it, and Django (rightly) refuses ORM calls from a thread with a running
    loop. So the scenario gets a thread of its own, the test's thread keeps the
    database, and DJANGO_ALLOW_ASYNC_UNSAFE stays unset.
    """
    available = bool(shutil.which(CHROMIUM) or os.path.exists(CHROMIUM))
    require_service("Chromium", available, f"browser tests drive {CHROMIUM}")

    def run(scenario: Callable[[Any], None]) -> None:
        from playwright.sync_api import sync_playwright

        failure: list[BaseException] = []

        def target() -> None:
            try:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(
                        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                    )
                    context = browser.new_context(
                        viewport={"width": 1280, "height": 860}
                    )
                    page = context.new_page()
                    page.set_default_timeout(15_000)
                    try:
                        scenario(page)
                    finally:
                        context.close()
                        browser.close()
            except BaseException as error:  # re-raised on the test's thread
                failure.append(error)

        thread = threading.Thread(target=target, name="browser-scenario")
        thread.start()
        thread.join(timeout=180)
        if thread.is_alive():
            pytest.fail("the browser scenario did not finish within 180 s")
        if failure:
            raise failure[0]

    return run


def login(
    page: Any, base_url: str, username: str, password: str = "pw-for-tests-only"
) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_load_state("networkidle")
