"""A supervisor reviews a session in Chromium; the trainee then sees the comment."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from feedback.models import CodeOverride, SessionReview, SessionScore, TurnCorrection
from feedback.reports import report_data
from feedback.scoring_services import score_for
from practice.services import (
    complete_patient_turn,
    end_session,
    start_session,
    submit_trainee_turn,
)

from .conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Runner = Callable[[Callable[[Any], None]], None]


def finished_session(trainee: Any, case: Any) -> Any:
    session = start_session(trainee=trainee, case=case)
    for text in (
        "What brings you in today?",
        "You should just talk to your boss about it.",
        "It sounds like that left you feeling really anxious.",
        "What went through your mind right then?",
    ):
        sub = submit_trainee_turn(
            session_id=session.pk, user_id=trainee.pk, text=text, client_id=uuid.uuid4()
        )
        complete_patient_turn(
            turn_id=sub.patient_turn.pk,
            text="I felt so ashamed.",
            responder="t",
            usage=None,
        )
    # Scoring (and any annotation still missing) runs inline after the commit.
    return end_session(session=session)


def test_a_supervisor_overrides_comments_and_marks_reviewed(
    asgi_server: str,
    run_in_browser: Runner,
    trainee: Any,
    supervisor: Any,
    case: Any,
    cohort: Any,
) -> None:
    session = finished_session(trainee, case)
    advice = session.turns.get(index=3)
    before = {
        t.skill: t for t in report_data(session, score_for(session))["report"].targets
    }
    # Advice straight after "I felt so ashamed." is coached as staying with the
    # feeling (the more specific lesson), and no other target quotes it.
    assert before["empathy"].title == "Stay with the feeling before solving"
    assert before["empathy"].example_turn == advice.index
    assert [t.skill for t in before.values() if t.example_turn == advice.index] == [
        "empathy"
    ]
    comment = "Try reflecting the shame before suggesting anything."

    def scenario(page: Any) -> None:
        login(page, asgi_server, "supervisor")
        assert page.url.endswith("/feedback/")
        page.locator(f'.queue [data-session="{session.uuid}"] a').click()
        page.wait_for_url(f"**/feedback/sessions/{session.uuid}/")
        assert page.locator('[data-reviewed="false"]').count() == 1

        # A marker that a full page load would wipe: the correction is swapped in place.
        page.evaluate("window.__stillHere = true")
        notes = page.locator(f"#notes-{advice.uuid}")
        notes.locator("details.override summary").focus()
        page.keyboard.press("Enter")  # keyboard: open the corrections
        form = notes.locator('form.override-form[data-utterance="0"]')
        form.locator('input[value="persuade"]').uncheck()
        form.locator('input[value="giving_information"]').check()
        form.locator("button[type=submit]").focus()
        page.keyboard.press("Enter")
        status = page.locator(f"#correction-status-{advice.uuid}")
        status.get_by_text("Sentence 1 corrected").wait_for()
        # Focus stays on the button that saved (same id in the swapped-in forms).
        assert page.evaluate("document.activeElement.id") == f"save-{advice.uuid}-0"
        annotation = page.locator(f'[data-annotation-for="{advice.uuid}"]')
        assert annotation.get_attribute("data-codes") == "giving_information"
        assert "Gave information" in annotation.inner_text()
        assert "Corrected by a supervisor" in annotation.inner_text()
        # Remove the false flag, on the whole-message form.
        levels = notes.locator("form.levels-form")
        levels.locator('input[value="problem_solving_after_disclosure"]').uncheck()
        levels.locator("button[type=submit]").click()
        status.get_by_text("Empathy levels and flags corrected").wait_for()
        assert annotation.get_attribute("data-flags") == ""
        assert page.evaluate("window.__stillHere") is True
        assert page.locator('#scores[data-supervisor-corrected="true"]').count() == 1

        notes = page.locator(f"#notes-{advice.uuid}")
        notes.locator("details.pin-form summary").click()
        notes.locator("textarea[name=text]").fill(comment)
        notes.locator("button", has_text="Pin comment").click()
        page.wait_for_load_state("networkidle")
        assert (
            comment in page.locator(f'[data-comment-for="{advice.uuid}"]').inner_text()
        )

        page.locator("button", has_text="Mark reviewed").click()
        page.wait_for_load_state("networkidle")
        assert page.locator('[data-reviewed="true"]').count() == 1

        page.locator("button", has_text="Log out").click()
        page.wait_for_load_state("networkidle")
        login(page, asgi_server, "trainee")
        page.goto(f"{asgi_server}/practice/sessions/{session.uuid}/report/")
        assert comment in page.locator(".comments").inner_text()
        assert (
            comment in page.locator(f'[data-comment-for="{advice.uuid}"]').inner_text()
        )
        assert "Reviewed by your supervisor" in page.content()
        # The report follows the correction: chip, flag gone, corrected scores.
        mine = page.locator(f'[data-annotation-for="{advice.uuid}"]')
        assert mine.get_attribute("data-codes") == "giving_information"
        assert mine.get_attribute("data-flags") == ""
        assert "Corrected by your supervisor" in mine.inner_text()
        assert page.locator('#scores[data-supervisor-corrected="true"]').count() == 1
        # After the correction there is no advice left to coach as advice.
        collaboration = page.locator('[data-target="collaboration"]').inner_text()
        assert "Ask before advising" not in collaboration
        assert "You should just talk to your boss" not in collaboration

    run_in_browser(scenario)
    override = CodeOverride.objects.get(turn=advice)
    assert override.codes == ["giving_information"]
    assert "persuade" in override.original_codes
    assert SessionReview.objects.filter(session=session).exists()
    assert TurnCorrection.objects.get(turn=advice).flags == []
    assert SessionScore.objects.filter(
        session=session, supervisor_corrected=True
    ).exists()
