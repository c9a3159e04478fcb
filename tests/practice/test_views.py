"""Every URL, every role: who may open what, and what they see."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from practice.models import Assignment, Turn
from practice.services import complete_patient_turn

pytestmark = pytest.mark.django_db


def client_for(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize(
    ("url", "roles_allowed"),
    [
        ("/practice/", {"trainee", "program_admin"}),
        ("/practice/history/", {"trainee", "supervisor", "program_admin"}),
        ("/feedback/", {"supervisor", "program_admin"}),
        ("/manage/", {"program_admin"}),
        ("/manage/cases/", {"supervisor", "program_admin"}),
    ],
)
def test_it_lets_each_role_open_only_its_pages(
    url: str,
    roles_allowed: set[str],
    trainee: Any,
    supervisor: Any,
    program_admin: Any,
    case: Any,
) -> None:
    for user in (trainee, supervisor, program_admin):
        response = client_for(user).get(url)
        expected = 200 if user.role in roles_allowed else 403
        assert response.status_code == expected, (url, user.role)


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/practice/",
        "/practice/history/",
        "/feedback/",
        "/manage/",
        "/manage/cases/",
    ],
)
def test_it_sends_anonymous_visitors_to_login(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_it_sends_each_role_to_its_home(
    trainee: Any, supervisor: Any, program_admin: Any
) -> None:
    assert client_for(trainee).get("/")["Location"] == "/practice/"
    assert client_for(supervisor).get("/")["Location"] == "/feedback/"
    assert client_for(program_admin).get("/")["Location"] == "/manage/"


def test_it_logs_in_with_the_stable_form(trainee: Any) -> None:
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": "trainee", "password": "pw-for-tests-only"}
    )
    assert response.status_code == 302
    assert client.get("/").status_code == 302


def test_it_starts_a_session_and_redirects_to_it(trainee: Any, case: Any) -> None:
    response = client_for(trainee).post(f"/practice/cases/{case.slug}/start/")
    assert response.status_code == 302
    assert response["Location"].startswith("/practice/sessions/")
    page = client_for(trainee).get(response["Location"])
    assert page.status_code == 200
    assert escape(case.current_version.presenting_problem) in page.content.decode()
    assert 'ws-connect="/ws/practice/sessions/' in page.content.decode()


def test_it_refuses_start_by_get_and_by_supervisor(
    trainee: Any, supervisor: Any, case: Any
) -> None:
    assert (
        client_for(trainee).get(f"/practice/cases/{case.slug}/start/").status_code
        == 405
    )
    assert (
        client_for(supervisor).post(f"/practice/cases/{case.slug}/start/").status_code
        == 403
    )


def test_it_never_sends_the_case_formulation_to_the_trainee(
    practice_session: Any, trainee: Any
) -> None:
    spec = practice_session.case_version.spec
    html = (
        client_for(trainee)
        .get(f"/practice/sessions/{practice_session.uuid}/")
        .content.decode()
    )
    hidden = [spec.situations[0].auto_thought, spec.intermediate_belief]
    hidden += spec.helpless_belief + spec.unlovable_belief + spec.worthless_belief
    assert hidden
    for secret in hidden:
        assert secret not in html
        assert escape(secret) not in html


def test_it_hides_a_session_from_other_trainees_and_other_supervisors(
    practice_session: Any, other_trainee: Any, other_supervisor: Any
) -> None:
    for user in (other_trainee, other_supervisor):
        for suffix in ("", "report/"):
            url = f"/practice/sessions/{practice_session.uuid}/{suffix}"
            assert client_for(user).get(url).status_code == 404, (user.username, url)
        end = client_for(user).post(f"/practice/sessions/{practice_session.uuid}/end/")
        assert end.status_code == 404
    practice_session.refresh_from_db()
    assert practice_session.is_active


def test_it_lets_the_cohort_supervisor_read_but_not_chat(
    practice_session: Any, supervisor: Any
) -> None:
    client = client_for(supervisor)
    page = client.get(f"/practice/sessions/{practice_session.uuid}/")
    assert page.status_code == 200
    assert "ws-connect" not in page.content.decode()
    assert (
        client.get(f"/practice/sessions/{practice_session.uuid}/report/").status_code
        == 200
    )
    assert (
        client.post(f"/practice/sessions/{practice_session.uuid}/end/").status_code
        == 404
    )


def test_it_ends_a_session_and_lists_it_in_history(
    practice_session: Any, trainee: Any
) -> None:
    client = client_for(trainee)
    response = client.post(f"/practice/sessions/{practice_session.uuid}/end/")
    assert response["Location"] == f"/practice/sessions/{practice_session.uuid}/report/"
    practice_session.refresh_from_db()
    assert not practice_session.is_active
    history = client.get("/practice/history/").content.decode()
    assert str(practice_session.uuid) in history
    page = client.get(f"/practice/sessions/{practice_session.uuid}/").content.decode()
    assert "ws-connect" not in page and "This session has ended" in page


def test_it_returns_only_the_transcript_partial_for_htmx(
    practice_session: Any, trainee: Any
) -> None:
    response = client_for(trainee).get(
        f"/practice/sessions/{practice_session.uuid}/", HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<ol id="transcript"')
    assert "<html" not in body


def test_it_shows_assignments_with_due_dates_first(
    trainee: Any, case: Any, program_admin: Any
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    Assignment.objects.create(
        trainee=trainee,
        case=case,
        due_at=timezone.now() + timedelta(days=3),
        created_by=program_admin,
    )
    html = client_for(trainee).get("/practice/").content.decode()
    assert html.index("Assigned to you") < html.index("Case library")
    assert "Due" in html
    assert escape(case.current_version.title) in html


def test_it_shows_an_empty_state_without_cases(trainee: Any) -> None:
    html = client_for(trainee).get("/practice/").content.decode()
    assert "The case library is empty" in html
    assert "Nothing assigned right now" in html


def test_ending_a_session_fails_a_reply_still_streaming(
    practice_session: Any, trainee: Any
) -> None:
    streaming = Turn.objects.create(
        session=practice_session,
        index=1,
        speaker="patient",
        status=Turn.Status.STREAMING,
    )
    client_for(trainee).post(f"/practice/sessions/{practice_session.uuid}/end/")
    streaming.refresh_from_db()
    assert streaming.status == Turn.Status.FAILED
    assert streaming.error == "The session ended before the reply."
    # The streamer finishing late does not turn it into a complete turn.
    complete_patient_turn(
        turn_id=streaming.pk, text="Too late.", responder="offline", usage=None
    )
    streaming.refresh_from_db()
    assert streaming.status == Turn.Status.FAILED
