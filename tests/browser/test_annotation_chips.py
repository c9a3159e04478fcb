"""The chips of a live annotation in Chromium: one per code per turn, with the stable
hooks, the same on the socket push and after a reload."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .test_practice_flow import TRAINEE, send, start_case

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Runner = Callable[[Callable[[Any], None]], None]
ADVICE = " ".join(
    ["You should try to sleep more.", "You should also stop worrying."] * 5
)


def test_a_long_message_gets_one_chip_per_code_live_and_after_reload(
    asgi_server: str, run_in_browser: Runner, trainee: Any, case: Any, cohort: Any
) -> None:
    slug = case.slug

    def read(page: Any, turn_id: str) -> tuple[dict[str, str], list[str]]:
        annotation = page.locator(f'[data-annotation-for="{turn_id}"]')
        annotation.wait_for()
        hooks = {
            name: annotation.get_attribute(name) or ""
            for name in ("data-codes", "data-socratic", "data-flags")
        }
        chips = annotation.locator("[data-chip]").evaluate_all(
            "els => els.map(e => e.dataset.chip)"
        )
        return hooks, chips

    def scenario(page: Any) -> None:
        start_case(page, asgi_server, slug)
        send(page, ADVICE, 2)
        turn_id = page.locator(TRAINEE).last.get_attribute("data-turn-id")
        live, live_chips = read(page, turn_id)
        assert "persuade" in live["data-codes"].split()
        assert live["data-socratic"] == ""
        assert live_chips.count("persuade") == 1 and len(live_chips) == len(
            set(live_chips)
        )
        assert len(live_chips) <= 3, live_chips
        page.reload()
        page.wait_for_load_state("networkidle")
        assert read(page, turn_id) == (live, live_chips)

    run_in_browser(scenario)
