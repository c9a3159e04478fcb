"""Assignments: N x M with a report, the one-active constraint, the state machine,
assessment's one attempt, supervisor scope and reset, the trainee's home page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from accounts.models import AuditEvent
from practice import assignments
from practice.exceptions import AssignmentError, AttemptUsed
from practice.models import Assignment, Cohort, Mode, PracticeSession, Turn
from practice.services import end_session, start_session

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def second_trainee(make_user: Any, cohort: Any) -> Any:
    user = make_user("second_trainee")
    cohort.trainees.add(user)
    return user


def test_it_assigns_cases_times_trainees_and_reports_skips(
    program_admin: Any,
    case: Any,
    risk_case: Any,
    cohort: Any,
    second_trainee: Any,
    trainee: Any,
) -> None:
    due = (timezone.localtime() + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M")
    data = {
        "cases": [case.pk, risk_case.pk],
        "cohorts": [cohort.pk],
        "due_at": due,
        "mode": "practice",
    }
    client = client_for(program_admin)
    report = client.post("/manage/assignments/new/", data).context["report"]
    assert len(report.created) == 4 and report.skipped == []
    assert {a.cohort for a in report.created} == {cohort}
    assert all(a.due_at is not None for a in report.created)
    # Running the same action again creates nothing: every pair is active.
    again = client.post("/manage/assignments/new/", data).context["report"]
    assert again.created == [] and len(again.skipped) == 4
    assert "Already assigned" in again.skipped[0].reason
    assert Assignment.objects.count() == 4
    assert AuditEvent.objects.filter(verb="assigned").count() == 2  # one per case


def test_it_refuses_an_assignment_without_targets_or_with_a_past_due_date(
    program_admin: Any, case: Any
) -> None:
    response = client_for(program_admin).post(
        "/manage/assignments/new/",
        {"cases": [case.pk], "due_at": "2001-01-01T10:00", "mode": "practice"},
    )
    form = response.context["form"]
    assert form.errors["cohorts"] and form.errors["due_at"]
    assert Assignment.objects.count() == 0


def test_the_database_refuses_two_active_assignments_of_a_case(
    trainee: Any, case: Any
) -> None:
    Assignment.objects.create(trainee=trainee, case=case)
    with pytest.raises(IntegrityError), transaction.atomic():
        Assignment.objects.create(
            trainee=trainee, case=case, status=Assignment.Status.IN_PROGRESS
        )
    # A completed one does not block a new one.
    Assignment.objects.update(status=Assignment.Status.COMPLETED)
    Assignment.objects.create(trainee=trainee, case=case)


def test_it_moves_pending_in_progress_completed_and_back_on_reset(
    trainee: Any, case: Any, supervisor: Any, cohort: Any
) -> None:
    # An assessment completes when it ends, however short (a practice assignment
    # needs a session long enough to score: tests/practice/test_ux_flows.py).
    assignment = Assignment.objects.create(
        trainee=trainee, case=case, mode=Mode.ASSESSMENT
    )
    session = start_session(trainee=trainee, case=case, assignment=assignment)
    assignment.refresh_from_db()
    assert assignment.status == Assignment.Status.IN_PROGRESS
    end_session(session=session)
    assignment.refresh_from_db()
    assert assignment.status == Assignment.Status.COMPLETED and assignment.completed_at
    assignments.reset_assignment(assignment=assignment, reset_by=supervisor)
    assignment.refresh_from_db()
    assert (
        assignment.status == Assignment.Status.PENDING
        and assignment.completed_at is None
    )
    event = AuditEvent.objects.get(verb="reset")
    assert event.actor == supervisor and "Completed → Pending" in event.summary
    with pytest.raises(AssignmentError):
        assignments.reset_assignment(assignment=assignment, reset_by=supervisor)


def test_a_reset_closes_the_open_session(
    trainee: Any, case: Any, program_admin: Any
) -> None:
    assignment = Assignment.objects.create(trainee=trainee, case=case)
    session = start_session(trainee=trainee, case=case, assignment=assignment)
    assignments.reset_assignment(assignment=assignment, reset_by=program_admin)
    session.refresh_from_db()
    assert session.status == PracticeSession.Status.ENDED


def test_a_reset_never_makes_a_second_active_assignment(
    trainee: Any, case: Any, program_admin: Any
) -> None:
    done = Assignment.objects.create(
        trainee=trainee, case=case, status=Assignment.Status.COMPLETED
    )
    Assignment.objects.create(trainee=trainee, case=case)
    with pytest.raises(AssignmentError, match="already has an active assignment"):
        assignments.reset_assignment(assignment=done, reset_by=program_admin)


def test_an_assessment_allows_one_attempt_until_reset(
    trainee: Any, case: Any, program_admin: Any
) -> None:
    assignment = Assignment.objects.create(
        trainee=trainee, case=case, mode=Mode.ASSESSMENT
    )
    first = start_session(trainee=trainee, case=case, assignment=assignment)
    # "Continue" resumes the running attempt instead of starting a second one.
    assert start_session(trainee=trainee, case=case, assignment=assignment) == first
    assert first.mode == Mode.ASSESSMENT and not first.feedback_visible
    end_session(session=first)
    first.refresh_from_db()
    assert first.feedback_visible
    assignment.refresh_from_db()
    with pytest.raises(AttemptUsed):
        start_session(trainee=trainee, case=case, assignment=assignment)
    # Through the page, the trainee gets a clear message instead of a session.
    response = client_for(trainee).post(
        f"/practice/cases/{case.slug}/start/",
        {"assignment": str(assignment.uuid)},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == "/practice/"
    assert "one attempt" in response.content.decode()
    assert PracticeSession.objects.filter(assignment=assignment).count() == 1
    assignments.reset_assignment(assignment=assignment, reset_by=program_admin)
    assignment.refresh_from_db()
    second = start_session(trainee=trainee, case=case, assignment=assignment)
    assert second != first


def test_a_practice_assignment_is_repeatable(trainee: Any, case: Any) -> None:
    assignment = Assignment.objects.create(trainee=trainee, case=case)
    end_session(
        session=start_session(trainee=trainee, case=case, assignment=assignment)
    )
    assignment.refresh_from_db()
    assert assignment.can_start
    start_session(trainee=trainee, case=case, assignment=assignment)


def test_a_supervisor_manages_only_their_cohorts_assignments(
    supervisor: Any, trainee: Any, other_trainee: Any, case: Any, cohort: Any
) -> None:
    mine = Assignment.objects.create(trainee=trainee, case=case, status="completed")
    theirs = Assignment.objects.create(
        trainee=other_trainee, case=case, status="completed"
    )
    client = client_for(supervisor)
    listed = list(client.get("/manage/assignments/").context["assignments"])
    assert listed == [mine]
    assert client.post(f"/manage/assignments/{theirs.uuid}/reset/").status_code == 404
    response = client.post(
        f"/manage/assignments/{mine.uuid}/reset/", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'data-status="pending"' in response.content.decode()
    theirs.refresh_from_db()
    assert theirs.status == "completed"


def test_a_supervisor_assigns_only_to_their_own_cohorts(
    supervisor: Any, case: Any, cohort: Any, other_trainee: Any
) -> None:
    other_cohort = Cohort.objects.get(name="Thursday group")
    client = client_for(supervisor)
    response = client.post(
        "/manage/assignments/new/",
        {"cases": [case.pk], "cohorts": [other_cohort.pk], "mode": "practice"},
    )
    assert response.context["form"].errors["cohorts"]
    response = client.post(
        "/manage/assignments/new/",
        {"cases": [case.pk], "trainees": [other_trainee.pk], "mode": "practice"},
    )
    assert response.context["form"].errors["trainees"]
    assert Assignment.objects.count() == 0
    report = client.post(
        "/manage/assignments/new/",
        {"cases": [case.pk], "cohorts": [cohort.pk], "mode": "assessment"},
    ).context["report"]
    assert [a.trainee.username for a in report.created] == ["trainee"]
    assert report.created[0].mode == Mode.ASSESSMENT


def test_trainees_cannot_manage_assignments(trainee: Any, case: Any) -> None:
    assignment = Assignment.objects.create(
        trainee=trainee, case=case, status="completed"
    )
    client = client_for(trainee)
    assert client.get("/manage/assignments/").status_code == 403
    assert (
        client.post(f"/manage/assignments/{assignment.uuid}/reset/").status_code == 403
    )


def test_only_an_unstarted_assignment_can_be_cancelled(
    program_admin: Any, trainee: Any, case: Any, risk_case: Any
) -> None:
    started = Assignment.objects.create(trainee=trainee, case=case)
    start_session(trainee=trainee, case=case, assignment=started)
    fresh = Assignment.objects.create(trainee=trainee, case=risk_case)
    client = client_for(program_admin)
    client.post(f"/manage/assignments/{started.uuid}/cancel/")
    client.post(f"/manage/assignments/{fresh.uuid}/cancel/")
    assert list(Assignment.objects.all()) == [started]
    assert AuditEvent.objects.filter(verb="cancelled").count() == 1


def test_overdue_assignments_are_marked_and_filterable(
    program_admin: Any, trainee: Any, case: Any, risk_case: Any
) -> None:
    late = Assignment.objects.create(
        trainee=trainee, case=case, due_at=timezone.now() - timedelta(days=1)
    )
    Assignment.objects.create(
        trainee=trainee, case=risk_case, due_at=timezone.now() + timedelta(days=1)
    )
    client = client_for(program_admin)
    response = client.get("/manage/assignments/?overdue=on")
    assert list(response.context["assignments"]) == [late]
    assert "Overdue" in response.content.decode()
    assert client.get("/manage/").context["counts"]["overdue"] == 1


def test_trainees_see_open_assignments_first_with_due_dates(
    trainee: Any, case: Any, risk_case: Any
) -> None:
    due = timezone.now() + timedelta(days=3)
    Assignment.objects.create(trainee=trainee, case=case, status="completed")
    soon = Assignment.objects.create(trainee=trainee, case=risk_case, due_at=due)
    response = client_for(trainee).get("/practice/")
    listed = list(response.context["assignments"])
    assert listed[0] == soon and listed[-1].status == "completed"
    html = response.content.decode()
    assert html.index("Assigned to you") < html.index("Case library")
    assert (
        f'datetime="{timezone.localtime(due).isoformat(timespec="seconds")}' in html
        or "Due <time" in html
    )


def test_a_reset_closes_the_running_attempt_and_fails_its_unfinished_reply(
    trainee: Any, supervisor: Any, case: Any, cohort: Any
) -> None:
    assignment = Assignment.objects.create(
        trainee=trainee, case=case, mode=Mode.ASSESSMENT
    )
    session = start_session(trainee=trainee, case=case, assignment=assignment)
    streaming = Turn.objects.create(
        session=session, index=1, speaker="patient", status=Turn.Status.STREAMING
    )
    assignments.reset_assignment(assignment=assignment, reset_by=supervisor)
    session.refresh_from_db()
    streaming.refresh_from_db()
    assert session.status == PracticeSession.Status.ENDED
    assert streaming.status == Turn.Status.FAILED
    assert streaming.error == "The assignment was reset."
