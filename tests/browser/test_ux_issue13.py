"""Issue 13 in Chromium, at a laptop's width (1366 px) and a phone's (390 px):
the fixes from the walk-through, rewind and retry, the live state panel, risk
surfaced, the patient's own rating, and pages that never scroll sideways."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from patients.services import _spec_for_version_id
from practice import services
from practice.models import Assignment, Mode

from .conftest import login
from .test_practice_flow import COMPLETE_PATIENT, TRAINEE, end_session, send

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
Runner = Callable[[Callable[[Any], None]], None]
WIDTHS = [pytest.param(1366, id="1366px"), pytest.param(390, id="390px")]

PAGE_WIDTH = "() => document.documentElement.scrollWidth"
# The smallest rendered size (px) of any text in a full chart on the page.
CHART_TEXT = """() => {
  let smallest = 99;
  for (const t of document.querySelectorAll('svg.chart-svg:not(.chart-compact) text')) {
    const svg = t.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  return smallest;
}"""


def sized(page: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900 if width > 500 else 844})


def fits(page: Any, width: int) -> None:
    page.wait_for_load_state("networkidle")
    assert page.evaluate(PAGE_WIDTH) <= width, page.url
    assert page.evaluate(CHART_TEXT) >= 11, page.url


def play(trainee: Any, case: Any, lines: list[str]) -> Any:
    """A finished, scored session made through the services (autocommit: the
    after-commit annotation and scoring run inline)."""

    # Parsed specs are cached by version id, which a flushed test database reuses.
    _spec_for_version_id.cache_clear()
    session = services.start_session(trainee=trainee, case=case)
    for text in lines:
        sub = services.submit_trainee_turn(
            session_id=session.pk, user_id=trainee.pk, text=text, client_id=uuid.uuid4()
        )
        services.complete_patient_turn(
            turn_id=sub.patient_turn.pk,
            text="Some nights I wish I didn't wake up.",
            responder="test",
            usage=None,
        )
    return services.end_session(session=session)


RISK_LINES = [
    "It sounds like you have been carrying a lot on your own.",
    "You miss him terribly, and the evenings are the hardest.",
    "That sounds so lonely. It makes sense you feel low.",
    "Sometimes when people feel this low they think about ending their life. "
    "Are you having thoughts of suicide?",
    "Thank you for telling me. How often do these thoughts come?",
]


@pytest.mark.parametrize("width", WIDTHS)
def test_a_trainee_practises_ends_goes_back_and_retries_a_turn(
    asgi_server: str,
    run_in_browser: Runner,
    trainee: Any,
    case: Any,
    cohort: Any,
    settings: Any,
    width: int,
) -> None:
    # Slow words, so the reply is still streaming when the test looks at Send.
    settings.PATIENT_TOKEN_DELAY = 0.06
    Assignment.objects.create(case=case, trainee=trainee, mode=Mode.ASSESSMENT)
    slug = case.slug

    def scenario(page: Any) -> None:
        sized(page, width)
        login(page, asgi_server, "trainee")
        fits(page, width)
        tops = page.evaluate(
            "() => [...document.querySelectorAll('[data-case]')].map(e => e.getBoundingClientRect().top)"
        )
        if width > 1000:
            # The first row of the case grid lines up (it sat 10 px higher).
            assert len(set(tops[:3])) == 1, tops
        # The same case is assigned as an assessment; the library start is practice.
        page.locator(f'[data-case="{slug}"] button[type=submit]').click()
        page.wait_for_url("**/practice/sessions/*/")
        page.wait_for_selector('#chat[data-connected="true"]')
        assert page.locator("text=Assessment: feedback appears").count() == 0
        panel = page.locator("[data-state-panel]")
        assert panel.is_visible() and panel.get_attribute("data-turn") == "0"
        fits(page, width)

        # Send stays off while the patient answers, with the reason beside it.
        box = page.locator("textarea[name=message]")
        box.fill("What brings you in today?")
        box.press("Enter")
        page.wait_for_selector('#transcript [data-speaker="patient"].turn-streaming')
        assert page.locator("#send-button").is_disabled()
        assert "answering" in page.locator("#composer-note").inner_text()
        page.wait_for_function(
            "sel => document.querySelectorAll(sel).length >= 2", arg=COMPLETE_PATIENT
        )
        page.wait_for_function("() => !document.getElementById('send-button').disabled")
        # The live state panel moved with the turn.
        page.wait_for_function(
            "() => document.querySelector('[data-state-panel]').dataset.turn === '1'"
        )
        # The composer is on screen after sending (a phone included).
        box_rect = box.bounding_box()
        assert (
            box_rect is not None
            and box_rect["y"] + box_rect["height"] <= page.viewport_size["height"] + 1
        )

        # A long paste is kept whole and the limit is announced.
        box.fill("x" * 2500)
        assert len(box.input_value()) == 2500
        assert "500 characters over" in page.locator("#composer-note").inner_text()
        assert page.locator("#send-button").is_disabled()
        assert page.locator("#char-count").inner_text().startswith("2,500")
        box.fill("")
        send(page, "It sounds like that has been weighing on you.", 3)

        # End asks first, and says a two-message session will not be scored.
        page.locator("#end-confirm > summary").click()
        warning = page.locator("[data-too-short-warning]")
        # The count is refreshed on the disclosure's `toggle` event, which the browser
        # fires after the click returns: wait for it rather than read too early.
        page.wait_for_function(
            "() => document.querySelector('[data-too-short-warning] [data-trainee-count]')"
            ".textContent === '2'"
        )
        assert warning.is_visible() and "2 of the 4" in warning.inner_text()
        session_url = page.url
        page.get_by_role("button", name="Yes, end the session").click()
        page.wait_for_url("**/report/")
        fits(page, width)
        header = page.locator("h1 + p.muted").inner_text()
        assert "5 turns, 2 of them yours" in header
        # Every turn number the report names is visible on its transcript.
        labels = page.locator(".report-transcript .turn-no").all_inner_texts()
        assert any("turn 3" in label for label in labels)
        assert page.locator("#client-rating").inner_text().count("Too short") == 1

        # Back shows the session as it is now: ended, no composer.
        page.go_back()
        page.wait_for_url(session_url)
        page.wait_for_selector(".ended-note")
        assert page.locator("textarea[name=message]").count() == 0

        # Rewind from the transcript: a branch with the turns before it.
        first = page.locator(f"{TRAINEE} [data-rewind]").nth(1)
        first.focus()
        page.keyboard.press("Enter")
        page.wait_for_url(lambda url: url != session_url and "/sessions/" in url)
        page.wait_for_selector('#chat[data-connected="true"]')
        assert page.locator(TRAINEE).count() == 1
        assert page.locator("[data-branch-of]").is_visible()
        send(page, "What would you like to be different?", 3)
        fits(page, width)
        end_session(page)
        retry = page.locator("#retry")
        retry.wait_for()
        assert (
            "What would you like to be different?"
            in retry.locator('[data-side="retry"]').inner_text()
        )
        assert "That has been weighing" not in retry.inner_text()
        assert "weighing on you" in retry.locator('[data-side="original"]').inner_text()
        fits(page, width)

    run_in_browser(scenario)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_assessment_starts_from_its_card_after_a_confirmation(
    asgi_server: str,
    run_in_browser: Runner,
    trainee: Any,
    case: Any,
    cohort: Any,
    width: int,
) -> None:
    Assignment.objects.create(case=case, trainee=trainee, mode=Mode.ASSESSMENT)

    def scenario(page: Any) -> None:
        sized(page, width)
        login(page, asgi_server, "trainee")
        page.locator("[data-start-assessment]").click()
        page.wait_for_url("**/practice/assignments/*/start/")
        assert "This is your one attempt" in page.inner_text("main")
        fits(page, width)
        page.get_by_role("button", name="Start my one attempt").click()
        page.wait_for_url("**/practice/sessions/*/")
        page.wait_for_selector('#chat[data-connected="true"]')
        assert page.locator("[data-state-panel]").count() == 0
        send(page, "What brings you in today?", 2)
        assert page.locator("[data-rewind]").count() == 0

    run_in_browser(scenario)


@pytest.mark.parametrize("width", WIDTHS)
def test_two_tabs_on_one_session_see_each_others_turns(
    asgi_server: str,
    run_in_browser: Runner,
    trainee: Any,
    case: Any,
    cohort: Any,
    width: int,
) -> None:
    slug = case.slug

    def scenario(page: Any) -> None:
        sized(page, width)
        login(page, asgi_server, "trainee")
        page.locator(f'[data-case="{slug}"] button[type=submit]').click()
        page.wait_for_url("**/practice/sessions/*/")
        page.wait_for_selector('#chat[data-connected="true"]')
        other = page.context.new_page()
        sized(other, width)
        other.goto(page.url)
        other.wait_for_selector('#chat[data-connected="true"]')
        errors: list[str] = []
        other.on(
            "console",
            lambda m: errors.append(m.text) if "oob" in m.text.lower() else None,
        )
        send(page, "What brings you in today?", 2)
        other.wait_for_function(
            "sel => document.querySelectorAll(sel).length >= 2", arg=COMPLETE_PATIENT
        )
        assert other.locator(TRAINEE).count() == 1
        assert "What brings you in today?" in other.locator(TRAINEE).inner_text()
        assert errors == []

    run_in_browser(scenario)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_and_risk_and_rating_are_surfaced(
    asgi_server: str,
    run_in_browser: Runner,
    trainee: Any,
    other_trainee: Any,
    supervisor: Any,
    program_admin: Any,
    case: Any,
    risk_case: Any,
    cohort: Any,
    settings: Any,
    width: int,
) -> None:
    settings.PRACTICE_RATE_LIMIT_MESSAGES = 10_000
    risky = play(trainee, risk_case, RISK_LINES)
    play(trainee, case, RISK_LINES[:4])
    play(trainee, case, RISK_LINES[:4])  # same day: labels must differ
    play(other_trainee, case, RISK_LINES[:4])  # newer, without risk
    risky_uuid = str(risky.uuid)

    def scenario(page: Any) -> None:
        sized(page, width)
        login(page, asgi_server, "trainee")
        for path in ("/practice/", "/practice/history/", "/practice/progress/"):
            page.goto(asgi_server + path)
            fits(page, width)
        progress_labels = page.eval_on_selector_all(
            "#client-rating-progress svg text.tick",
            "els => els.map(e => e.textContent)",
        )
        dated = [t for t in progress_labels if not t.replace(".", "").isdigit()]
        assert len(dated) == len(set(dated)) and any("#2" in t for t in dated), dated
        page.goto(asgi_server + "/practice/cases/")
        assert page.locator("#library-h").is_visible()
        page.goto(f"{asgi_server}/practice/sessions/{risky_uuid}/report/")
        fits(page, width)
        risk = page.locator("#risk")
        assert risk.is_visible()
        assert (
            risk.locator('[data-risk-topic="frequency"][data-asked="true"]').count()
            == 1
        )
        assert (
            risk.locator('[data-risk-topic="means"][data-asked="false"]').count() == 1
        )
        rating = page.locator("#client-rating")
        assert rating.locator("blockquote").inner_text().strip()
        assert rating.locator("[data-item]").count() == 4
        page.goto(f"{asgi_server}/practice/sessions/{risky_uuid}/formulation/")
        fits(page, width)
        page.context.clear_cookies()

        login(page, asgi_server, "supervisor")
        fits(page, width)
        first = page.locator(".queue li").first
        assert first.get_attribute("data-session") == risky_uuid
        assert first.get_attribute("data-risk") is not None
        assert page.locator("tr[data-trainee][data-risk]").count() == 1
        first.locator("a").click()
        page.wait_for_url(f"**/feedback/sessions/{risky_uuid}/")
        fits(page, width)
        page.context.clear_cookies()

        login(page, asgi_server, "program_admin")
        for path in (
            "/manage/",
            "/manage/people/",
            "/manage/cohorts/",
            "/manage/cases/",
            f"/manage/cases/{case.slug}/",
            "/manage/assignments/",
            "/manage/assignments/new/",
            "/manage/usage/",
            "/manage/audit/",
        ):
            page.goto(asgi_server + path)
            fits(page, width)
        # Creating a cohort goes to its page: one top bar, and the address changes.
        page.goto(asgi_server + "/manage/cohorts/")
        page.fill("input[name=name]", "Evening group")
        page.get_by_role("button", name="Create cohort").click()
        page.wait_for_url("**/manage/cohorts/*-*/")
        assert page.locator("header.topbar").count() == 1
        assert "Evening group" in page.locator("h1").inner_text()
        fits(page, width)

    run_in_browser(scenario)
