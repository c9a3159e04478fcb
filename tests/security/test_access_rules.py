"""What the probe found about content and people: assessment reports during the
assessment, the formulation answer key, superusers, the open redirect, long lists,
and the socket's Origin scheme."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import Role
from feedback.models import FormulationAttempt
from patients.services import publish_case_version
from practice.models import Assignment, Mode
from tests.practice.wsutil import open_socket

from .conftest import client_for

pytestmark = pytest.mark.django_db

LINES = [
    "What brings you in today?",
    "It sounds like that hurt.",
    "What went through your mind?",
    "You should just talk to your boss.",
]
FORMULATION = {
    "situation": "Criticised at work",
    "auto_thought": "I am useless",
    "emotions": ["sad"],
    "behavior": "Withdrew",
    "core_belief_category": "worthless",
    "core_belief": "I am worthless, waste.",
    "intermediate_belief": "If I fail I am worthless",
    "coping_strategies": "Avoidance",
}
REPORT_CONTENT = ('id="moments-h"', 'id="transcript-h"', "Your move")


def assessment(trainee: Any, case: Any, *, hold: bool = False) -> Any:
    return Assignment.objects.create(
        trainee=trainee, case=case, mode=Mode.ASSESSMENT, hold_feedback=hold
    )


def report_html(user: Any, session: Any) -> str:
    response = client_for(user).get(f"/practice/sessions/{session.uuid}/report/")
    assert response.status_code == 200
    return response.content.decode()


def test_an_open_assessment_shows_no_report_content(
    play_session: Any, trainee: Any, case: Any, cohort: Any
) -> None:
    session = play_session(
        trainee, LINES, end=False, assignment=assessment(trainee, case)
    )
    html = report_html(trainee, session)
    assert "data-report-held" in html
    assert not any(marker in html for marker in REPORT_CONTENT)
    assert "trust" not in html.lower()
    status = client_for(trainee).get(
        f"/practice/sessions/{session.uuid}/report/status/"
    )
    assert status.status_code == 404


def test_an_ended_assessment_shows_its_report(
    play_session: Any, trainee: Any, case: Any, cohort: Any
) -> None:
    session = play_session(trainee, LINES, assignment=assessment(trainee, case))
    html = report_html(trainee, session)
    assert "data-report-held" not in html and 'id="moments-h"' in html


def test_a_held_assessment_waits_for_the_supervisors_release(
    play_session: Any,
    trainee: Any,
    supervisor: Any,
    other_supervisor: Any,
    case: Any,
    cohort: Any,
) -> None:
    session = play_session(
        trainee, LINES, assignment=assessment(trainee, case, hold=True)
    )
    assert "data-report-held" in report_html(trainee, session)
    assert "supervisor will release" in report_html(trainee, session)
    # The supervisor reads it meanwhile, and releases it; another supervisor cannot.
    review = (
        client_for(supervisor)
        .get(f"/feedback/sessions/{session.uuid}/")
        .content.decode()
    )
    assert "data-release" in review
    assert (
        client_for(other_supervisor)
        .post(f"/feedback/sessions/{session.uuid}/release/")
        .status_code
        == 404
    )
    assert (
        client_for(trainee)
        .post(f"/feedback/sessions/{session.uuid}/release/")
        .status_code
        == 403
    )
    assert "data-report-held" in report_html(trainee, session)
    client_for(supervisor).post(f"/feedback/sessions/{session.uuid}/release/")
    html = report_html(trainee, session)
    assert "data-report-held" not in html and 'id="moments-h"' in html


def test_the_assignment_form_can_hold_feedback(
    program_admin: Any, case: Any, cohort: Any, trainee: Any
) -> None:
    client_for(program_admin).post(
        "/manage/assignments/new/",
        {
            "cases": [case.pk],
            "trainees": [trainee.pk],
            "mode": "assessment",
            "hold_feedback": "on",
        },
    )
    assert Assignment.objects.get(trainee=trainee).hold_feedback


def submit_formulation(user: Any, session: Any) -> str:
    client = client_for(user)
    client.post(f"/practice/sessions/{session.uuid}/formulation/", FORMULATION)
    return client.get(
        f"/practice/sessions/{session.uuid}/formulation/"
    ).content.decode()


def key_shown(html: str) -> bool:
    return "data-formulation-result" in html


def test_an_empty_session_does_not_unlock_the_answer_key(
    play_session: Any, trainee: Any, cohort: Any
) -> None:
    session = play_session(trainee, [])
    html = submit_formulation(trainee, session)
    assert not key_shown(html) and "at least 3 messages" in html
    assert not FormulationAttempt.objects.exists()


def test_two_messages_are_not_a_real_attempt(
    play_session: Any, trainee: Any, cohort: Any
) -> None:
    session = play_session(trainee, LINES[:2])
    assert not key_shown(submit_formulation(trainee, session))


def test_three_messages_and_a_full_form_unlock_the_key(
    play_session: Any, trainee: Any, cohort: Any
) -> None:
    session = play_session(trainee, LINES[:3])
    assert key_shown(submit_formulation(trainee, session))


def test_the_key_stays_hidden_while_an_assessment_on_the_case_is_unfinished(
    play_session: Any, trainee: Any, case: Any, cohort: Any
) -> None:
    practice = play_session(trainee, LINES)
    assert key_shown(submit_formulation(trainee, practice))
    # Now an assessment of the same case is assigned: the key is hidden again,
    # and no new practice session can unlock it.
    assignment = assessment(trainee, case)
    html = (
        client_for(trainee)
        .get(f"/practice/sessions/{practice.uuid}/formulation/")
        .content.decode()
    )
    assert not key_shown(html) and "data-formulation-blocked" in html
    Assignment.objects.filter(pk=assignment.pk).update(status="in_progress")
    another = play_session(trainee, LINES)
    assert not key_shown(submit_formulation(trainee, another))
    assert FormulationAttempt.objects.filter(session=another).count() == 0
    # Once the assessment is finished, the key may be seen.
    Assignment.objects.filter(pk=assignment.pk).update(status="completed")
    assert key_shown(
        client_for(trainee)
        .get(f"/practice/sessions/{practice.uuid}/formulation/")
        .content.decode()
    )


@pytest.fixture
def root(django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser(
        username="root", password="root-pw-123456", role=Role.PROGRAM_ADMIN
    )


def test_a_program_admin_cannot_act_on_a_superuser(
    program_admin: Any, root: Any, cohort: Any
) -> None:
    client = client_for(program_admin)
    assert client.get("/manage/people/root/").status_code == 403
    response = client.post(
        "/manage/people/root/",
        {"role": "trainee", "is_active": "", "email": "", "display_name": "x"},
    )
    assert response.status_code == 403
    assert client.post("/manage/people/root/link/").status_code == 403
    assert client.post(
        f"/manage/cohorts/{cohort.uuid}/add/", {"user": root.pk}
    ).status_code in (200, 403)
    assert not cohort.trainees.filter(pk=root.pk).exists()
    assert not cohort.supervisors.filter(pk=root.pk).exists()
    root.refresh_from_db()
    assert root.is_active and root.is_superuser and root.role == Role.PROGRAM_ADMIN


def test_a_superuser_acts_on_a_superuser_and_admins_on_admins(
    program_admin: Any, root: Any, make_user: Any
) -> None:
    assert client_for(root).get("/manage/people/root/").status_code == 200
    assert client_for(root).post("/manage/people/root/link/").status_code == 200
    make_user("admin2", Role.PROGRAM_ADMIN)
    assert (
        client_for(program_admin).post("/manage/people/admin2/link/").status_code == 200
    )


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/x",
        "javascript:alert(1)",
        "http://testserver.evil.example/",
    ],
)
def test_next_cannot_leave_the_site(
    program_admin: Any, trainee: Any, case: Any, target: str
) -> None:
    assignment = Assignment.objects.create(trainee=trainee, case=case)
    for action in ("reset", "cancel"):
        response = client_for(program_admin).post(
            f"/manage/assignments/{assignment.uuid}/{action}/", {"next": target}
        )
        assert response.status_code == 302
        assert response["Location"] == "/manage/assignments/", action


def test_next_within_the_site_is_kept(
    program_admin: Any, trainee: Any, case: Any
) -> None:
    assignment = Assignment.objects.create(trainee=trainee, case=case)
    response = client_for(program_admin).post(
        f"/manage/assignments/{assignment.uuid}/reset/", {"next": "/manage/cohorts/"}
    )
    assert response["Location"] == "/manage/cohorts/"


def test_long_lists_are_paginated(
    trainee: Any, program_admin: Any, settings: Any, case: Any
) -> None:
    settings.PAGE_SIZE = 5
    spec = case.current_version.spec
    for n in range(12):
        publish_case_version(spec=spec.model_copy(update={"slug": f"copy-{n:02d}"}))
    home = client_for(trainee).get("/practice/")
    assert home.content.decode().count('class="card case-card"') == 5
    assert "Page 1 of 3" in home.content.decode()
    last = client_for(trainee).get("/practice/?page=3").content.decode()
    assert last.count('class="card case-card"') == 3
    library = (
        client_for(program_admin).get("/manage/cases/?q=copy&page=2").content.decode()
    )
    assert "Page 2 of 3" in library and "q=copy&amp;page=3" in library
    people = client_for(program_admin).get("/manage/people/")
    assert people.status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_http_origin_is_refused_on_an_https_only_site(
    practice_session: Any, trainee: Any, settings: Any
) -> None:
    settings.SESSION_COOKIE_SECURE = True
    ws = await open_socket(
        practice_session.uuid, trainee, origin=b"http://127.0.0.1:8000"
    )
    connected, _ = await ws.connect()
    assert not connected
    ws = await open_socket(
        practice_session.uuid, trainee, origin=b"https://127.0.0.1:8000"
    )
    connected, _ = await ws.connect()
    assert connected
    await ws.disconnect()


def test_a_bulk_add_never_touches_a_superuser(
    program_admin: Any, cohort: Any, django_user_model: Any
) -> None:
    root = django_user_model.objects.create_superuser(
        username="root2", password="root-pw-123456"
    )
    response = client_for(program_admin).post(
        f"/manage/cohorts/{cohort.uuid}/bulk/", {"text": "root2"}
    )
    assert response.status_code == 200
    assert "You may not change this account." in response.content.decode()
    assert not cohort.trainees.filter(pk=root.pk).exists()
