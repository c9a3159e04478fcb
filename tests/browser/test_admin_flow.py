"""A program admin authors, publishes and assigns a case; the trainee practises it;
the admin sees the assignment completed. All in Chromium against the real server."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from .conftest import login
from .test_practice_flow import end_session, send

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
Runner = Callable[[Callable[[Any], None]], None]


def log_out(page: Any) -> None:
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url("**/accounts/login/")


def test_an_admin_authors_and_assigns_a_case_that_a_trainee_completes(
    asgi_server: str,
    run_in_browser: Runner,
    program_admin: Any,
    trainee: Any,
    cohort: Any,
) -> None:
    due = timezone.localtime() + timedelta(days=5)
    due_input = due.strftime("%Y-%m-%dT%H:%M")

    def scenario(page: Any) -> None:
        login(page, asgi_server, "program_admin")
        assert page.url.endswith("/manage/")
        page.get_by_role("link", name="New case").first.click()
        page.wait_for_url("**/manage/cases/new/")
        page.fill("#id_slug", "nora-exam-stress")
        page.fill("#id_name", "Nora")
        page.fill(
            "#id_presenting_problem", "Panicky and sleepless before her final exams."
        )
        page.fill("#id_opening_line", "I don't really know why I'm here.")
        page.fill("#id_history", "Eldest daughter; parents expected top marks.")
        page.fill("#id_intermediate_belief", "If I don't get top marks, I've failed.")
        page.fill("#id_coping_strategies", "Studies through the night.")
        page.fill("#id_situations-0-situation", "Opening a past exam paper.")
        page.fill("#id_situations-0-auto_thought", "I'm going to fail everything.")
        page.fill(
            "#id_situations-0-behavior", "Closes the laptop and scrolls her phone."
        )
        page.check("input[name='situations-0-emotions'][value^='anxious']")
        # Submitting without a core belief shows the error on that field.
        page.get_by_role("button", name="Publish case").click()
        page.wait_for_selector("#form-errors")
        assert "core belief" in page.locator(".field-error").first.inner_text()
        page.check("input[name='helpless_belief'][value='I am a failure, loser.']")
        page.get_by_role("button", name="Publish case").click()
        page.wait_for_url("**/manage/cases/nora-exam-stress/")
        assert "Published version 1" in page.locator(".flash").inner_text()

        page.get_by_role("link", name="Assign", exact=True).click()
        page.wait_for_url("**/manage/assignments/new/**")
        assert page.locator("input[name=cases]:checked").count() == 1
        page.get_by_label("Tuesday group").check()
        page.fill("#id_due_at", due_input)
        page.get_by_role("button", name="Assign", exact=True).click()
        page.wait_for_selector("#assign-report")
        assert "1 created, 0 skipped" in page.locator("#assign-report h2").inner_text()
        log_out(page)

        login(page, asgi_server, "trainee")
        card = page.locator(".case-card[data-assignment]", has_text="Nora")
        assert "Due" in card.inner_text()
        assert (
            card.locator("time")
            .get_attribute("datetime")
            .startswith(due.strftime("%Y-%m-%dT%H:%M"))
        )
        card.get_by_role("button", name="Start").click()
        page.wait_for_url("**/practice/sessions/*/")
        page.wait_for_selector('#chat[data-connected="true"]')
        # A practice assignment completes with a session long enough to score.
        for n, line in enumerate(
            [
                "What brings you here today?",
                "That sounds hard.",
                "What went through your mind?",
                "You felt alone with it.",
            ],
            start=2,
        ):
            send(page, line, n)
        end_session(page)
        page.goto(f"{asgi_server}/practice/")
        assert (
            "Completed"
            in page.locator(".case-card[data-assignment]", has_text="Nora").inner_text()
        )
        log_out(page)

        login(page, asgi_server, "program_admin")
        page.goto(f"{asgi_server}/manage/assignments/")
        row = page.locator("tr[data-assignment]", has_text="Nora")
        assert row.get_attribute("data-status") == "completed"
        assert "Completed" in row.inner_text()

    run_in_browser(scenario)
