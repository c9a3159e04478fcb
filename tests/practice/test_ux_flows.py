"""Issue 13's fixes on the trainee side: starts, completion, rewind, small pages."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from feedback.rubrics.scoring import MIN_TRAINEE_TURNS
from practice import services
from practice.models import Assignment, Mode, PracticeSession, Turn

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def say(
    session: PracticeSession, text: str, reply: str = "I don't know. I feel sad."
) -> Turn:
    """One exchange through the services: the trainee's turn and a finished reply."""
    submitted = services.submit_trainee_turn(
        session_id=session.pk,
        user_id=session.trainee_id,
        text=text,
        client_id=uuid.uuid4(),
    )
    assert submitted.patient_turn is not None
    services.complete_patient_turn(
        turn_id=submitted.patient_turn.pk, text=reply, responder="test", usage=None
    )
    return submitted.trainee_turn


def assign(case: Any, trainee: Any, mode: str) -> Assignment:
    return Assignment.objects.create(case=case, trainee=trainee, mode=mode)


def test_a_library_start_never_uses_up_the_assessment(trainee: Any, case: Any) -> None:
    assessment = assign(case, trainee, Mode.ASSESSMENT)
    response = client_for(trainee).post(f"/practice/cases/{case.slug}/start/")
    session = PracticeSession.objects.get(trainee=trainee)
    assert response.status_code == 302
    assert response["Location"] == f"/practice/sessions/{session.uuid}/"
    assert session.mode == Mode.PRACTICE
    assert session.assignment is None
    assessment.refresh_from_db()
    assert assessment.status == Assignment.Status.PENDING


def test_a_library_start_still_counts_for_a_practice_assignment(
    trainee: Any, case: Any
) -> None:
    practice = assign(case, trainee, Mode.PRACTICE)
    client_for(trainee).post(f"/practice/cases/{case.slug}/start/")
    session = PracticeSession.objects.get(trainee=trainee)
    assert session.assignment == practice


def test_the_assessment_starts_only_after_its_confirmation(
    trainee: Any, case: Any
) -> None:
    assessment = assign(case, trainee, Mode.ASSESSMENT)
    client = client_for(trainee)
    home = client.get("/practice/").content.decode()
    assert f"/practice/assignments/{assessment.uuid}/start/" in home
    # Posting from the card without confirming leads to the confirmation page.
    response = client.post(
        f"/practice/cases/{case.slug}/start/", {"assignment": str(assessment.uuid)}
    )
    assert response["Location"] == f"/practice/assignments/{assessment.uuid}/start/"
    assert not PracticeSession.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert "This is your one attempt" in page
    response = client.post(
        f"/practice/cases/{case.slug}/start/",
        {"assignment": str(assessment.uuid), "confirm": "1"},
    )
    session = PracticeSession.objects.get(trainee=trainee)
    assert response["Location"] == session.get_absolute_url()
    assert session.mode == Mode.ASSESSMENT


def test_a_short_session_leaves_the_practice_assignment_open(
    trainee: Any, case: Any
) -> None:
    practice = assign(case, trainee, Mode.PRACTICE)
    client = client_for(trainee)
    client.post(
        f"/practice/cases/{case.slug}/start/", {"assignment": str(practice.uuid)}
    )
    session = PracticeSession.objects.get(trainee=trainee)
    say(session, "Hello, what brings you here?")
    response = client.post(f"/practice/sessions/{session.uuid}/end/", follow=True)
    practice.refresh_from_db()
    assert practice.status == Assignment.Status.IN_PROGRESS
    assert "needs at least 4" in response.content.decode()
    assert "assignment stays open" in response.content.decode()


def test_a_scorable_session_completes_the_practice_assignment(
    trainee: Any, case: Any
) -> None:
    practice = assign(case, trainee, Mode.PRACTICE)
    session = services.start_session(trainee=trainee, case=case, assignment=practice)
    for text in (
        "What brings you in?",
        "That sounds hard.",
        "What went through your mind?",
        "You felt let down.",
    ):
        say(session, text)
    services.end_session(session=session)
    practice.refresh_from_db()
    assert practice.status == Assignment.Status.COMPLETED


def test_the_practice_minimum_is_the_scorers_minimum() -> None:
    assert services.MIN_SCORED_TRAINEE_TURNS == MIN_TRAINEE_TURNS


def test_the_session_page_is_never_cached(trainee: Any, practice_session: Any) -> None:
    response = client_for(trainee).get(practice_session.get_absolute_url())
    assert "no-store" in response["Cache-Control"]


def test_the_cases_address_leads_to_the_library(trainee: Any) -> None:
    response = client_for(trainee).get("/practice/cases/")
    assert response.status_code == 302
    assert response["Location"].startswith("/practice/")


def test_rewind_makes_a_branch_with_the_turns_and_state_before(
    trainee: Any, practice_session: Any
) -> None:
    first = say(practice_session, "What brings you in today?")
    second = say(practice_session, "You should just get over it.")
    say(practice_session, "What went through your mind?")
    state_before_second = Turn.objects.get(
        session=practice_session, index=second.index - 1
    ).state_after
    response = client_for(trainee).post(
        f"/practice/sessions/{practice_session.uuid}/rewind/",
        {"turn": str(second.uuid)},
    )
    assert response.status_code == 302
    branch = PracticeSession.objects.get(branch_of=practice_session)
    assert response["Location"] == f"/practice/sessions/{branch.uuid}/"
    texts = list(branch.turns.order_by("index").values_list("text", flat=True))
    assert texts[1] == first.text
    assert len(texts) == second.index
    assert branch.state == state_before_second
    assert branch.is_active and branch.mode == Mode.PRACTICE
    # The retry takes the place of the original turn.
    retry = say(branch, "It sounds like you feel stuck.")
    assert retry.index == second.index


def test_rewind_is_refused_in_assessment_mode(trainee: Any, case: Any) -> None:
    assessment = assign(case, trainee, Mode.ASSESSMENT)
    session = services.start_session(trainee=trainee, case=case, assignment=assessment)
    turn = say(session, "What brings you in?")
    response = client_for(trainee).post(
        f"/practice/sessions/{session.uuid}/rewind/", {"turn": str(turn.uuid)}
    )
    assert 400 <= response.status_code < 500
    assert not PracticeSession.objects.filter(branch_of=session).exists()


def test_rewind_refuses_a_patient_turn_and_someone_elses_session(
    trainee: Any, other_trainee: Any, practice_session: Any
) -> None:
    say(practice_session, "Hello.")
    opening = practice_session.turns.get(index=0)
    client = client_for(trainee)
    url = f"/practice/sessions/{practice_session.uuid}/rewind/"
    assert client.post(url, {"turn": str(opening.uuid)}).status_code == 403
    assert client.post(url, {"turn": "not-a-uuid"}).status_code == 400
    trainee_turn = practice_session.turns.get(index=1)
    assert (
        client_for(other_trainee)
        .post(url, {"turn": str(trainee_turn.uuid)})
        .status_code
        == 404
    )


def test_the_state_panel_follows_the_mode_unless_the_assignment_says(
    trainee: Any, case: Any
) -> None:
    client = client_for(trainee)
    practice = services.start_session(trainee=trainee, case=case)
    assert (
        "data-state-panel" in client.get(practice.get_absolute_url()).content.decode()
    )
    assessment = assign(case, trainee, Mode.ASSESSMENT)
    hidden = services.start_session(trainee=trainee, case=case, assignment=assessment)
    assert (
        "data-state-panel" not in client.get(hidden.get_absolute_url()).content.decode()
    )
    assessment.show_state = True
    assessment.save()
    assert "data-state-panel" in client.get(hidden.get_absolute_url()).content.decode()
