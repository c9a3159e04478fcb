"""A trainee practises in Chromium: login, chat, reload, end, history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COMPLETE_PATIENT = '#transcript [data-speaker="patient"][data-complete="true"]'
TRAINEE = '#transcript [data-speaker="trainee"]'
Runner = Callable[[Callable[[Any], None]], None]


def wait_for_patient_turns(page: Any, count: int) -> None:
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length >= n",
        arg=[COMPLETE_PATIENT, count],
    )


def send(page: Any, text: str, expected_patient_turns: int) -> None:
    box = page.locator("textarea[name=message]")
    box.fill(text)
    box.press("Enter")
    wait_for_patient_turns(page, expected_patient_turns)


def end_session(page: Any) -> None:
    """End the session through its confirmation step and wait for the report."""
    page.locator("#end-confirm > summary").click()
    page.get_by_role("button", name="Yes, end the session").click()
    page.wait_for_url("**/report/")


def start_case(page: Any, base_url: str, slug: str) -> None:
    login(page, base_url, "trainee")
    page.locator(f'[data-case="{slug}"] button[type=submit]').click()
    page.wait_for_url("**/practice/sessions/*/")
    page.wait_for_selector('#chat[data-connected="true"]')


def test_a_trainee_practises_reloads_ends_and_finds_the_session(
    asgi_server: str, run_in_browser: Runner, trainee: Any, case: Any, cohort: Any
) -> None:
    slug, title = case.slug, case.current_version.title

    def scenario(page: Any) -> None:
        login(page, asgi_server, "trainee")
        assert page.url.endswith("/practice/")
        page.locator(f'[data-case="{slug}"] button[type=submit]').click()
        page.wait_for_url("**/practice/sessions/*/")
        page.wait_for_selector('#chat[data-connected="true"]')
        # The opening line is already there; three exchanges follow.
        assert page.locator(COMPLETE_PATIENT).count() == 1
        send(page, "Hi, I'm glad you came in. What would you like to talk about?", 2)
        send(page, "That sounds really hard. What went through your mind then?", 3)
        # Shift+Enter makes a new line instead of sending.
        box = page.locator("textarea[name=message]")
        box.fill("First line")
        box.press("Shift+Enter")
        box.press_sequentially("second line")
        assert page.locator(TRAINEE).count() == 2
        assert "\n" in box.input_value()
        box.press("Enter")
        wait_for_patient_turns(page, 4)
        assert box.input_value() == ""
        # Annotations arrive on their own after each reply: wait for all three, so
        # the comparison below is of a settled page.
        page.wait_for_function(
            "() => document.querySelectorAll('#transcript [data-annotation-for]').length >= 3"
        )
        before = page.locator("#transcript").inner_text()

        page.reload()
        page.wait_for_selector('#chat[data-connected="true"]')
        assert page.locator("#transcript").inner_text() == before
        assert page.locator(TRAINEE).count() == 3

        end_session(page)
        page.goto(f"{asgi_server}/practice/history/")
        row = page.locator("tr[data-session]").first
        assert title in row.inner_text()
        row.locator("a", has_text="Transcript").click()
        page.wait_for_load_state()
        assert page.locator(TRAINEE).count() == 3
        assert page.locator("textarea[name=message]").count() == 0

    run_in_browser(scenario)


def test_markup_in_a_message_shows_as_text(
    asgi_server: str, run_in_browser: Runner, trainee: Any, case: Any, cohort: Any
) -> None:
    slug = case.slug
    payload = "<img src=x onerror=alert(1)>"

    def scenario(page: Any) -> None:
        dialogs: list[str] = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        start_case(page, asgi_server, slug)
        send(page, payload, 2)
        turn = page.locator(TRAINEE).last
        assert payload in turn.inner_text()
        assert turn.locator("img").count() == 0
        page.reload()
        page.wait_for_selector('#chat[data-connected="true"]')
        assert payload in page.locator(TRAINEE).last.inner_text()
        assert page.locator("#transcript img").count() == 0
        assert dialogs == []

    run_in_browser(scenario)


def test_an_annotation_appears_beside_the_turn(
    asgi_server: str, run_in_browser: Runner, trainee: Any, case: Any, cohort: Any
) -> None:
    slug = case.slug

    def scenario(page: Any) -> None:
        start_case(page, asgi_server, slug)
        send(page, "You should just try to get more sleep and stop worrying.", 2)
        turn_id = page.locator(TRAINEE).last.get_attribute("data-turn-id")
        annotation = page.locator(f'[data-annotation-for="{turn_id}"]')
        annotation.wait_for()
        assert "Advice" in annotation.inner_text()

    run_in_browser(scenario)
