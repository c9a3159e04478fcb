"""Risk surfaced, the patient's own rating and the retry comparison, on the pages."""

from __future__ import annotations

import csv
import io
import uuid
from typing import Any

import pytest
from django.test import Client

from patients.services import _spec_for_version_id
from practice import services
from practice.models import Assignment, Mode, PracticeSession, Turn

pytestmark = pytest.mark.django_db

RISK_LINES = [
    "It sounds like you have been carrying a lot on your own.",
    "You miss him terribly, and the evenings are the hardest.",
    "That sounds so lonely. It makes sense you feel low.",
    "Sometimes when people feel this low they think about ending their life. "
    "Are you having thoughts of suicide?",
    "Thank you for telling me. How often do these thoughts come?",
    "Who could you talk to when it gets that bad?",
]
PLAIN_LINES = [
    "What brings you in today?",
    "It sounds like that left you feeling really let down.",
    "What went through your mind right then?",
    "You felt you had failed.",
]


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def play_case(settings: Any, django_capture_on_commit_callbacks: Any) -> Any:
    """Play `lines` on a case through the services and end it (scored inline)."""
    settings.PRACTICE_RATE_LIMIT_MESSAGES = 10_000
    # Parsed specs are cached by version id, and a rolled-back test may hand the
    # same id to another case: start from an empty cache.
    _spec_for_version_id.cache_clear()

    def run(
        trainee: Any, case: Any, lines: list[str], replies: list[str] | None = None
    ) -> PracticeSession:
        session = services.start_session(trainee=trainee, case=case)
        with django_capture_on_commit_callbacks(execute=True):
            for i, text in enumerate(lines):
                sub = services.submit_trainee_turn(
                    session_id=session.pk,
                    user_id=trainee.pk,
                    text=text,
                    client_id=uuid.uuid4(),
                )
                assert sub.patient_turn is not None
                services.complete_patient_turn(
                    turn_id=sub.patient_turn.pk,
                    text=replies[i]
                    if replies
                    else "Some nights I wish I didn't wake up.",
                    responder="test",
                    usage=None,
                )
            return services.end_session(session=session)

    return run


def test_a_disclosure_puts_a_risk_section_on_the_report(
    trainee: Any, risk_case: Any, cohort: Any, play_case: Any
) -> None:
    session = play_case(trainee, risk_case, RISK_LINES)
    assert Turn.objects.filter(
        session=session, state_after__risk_disclosed=True
    ).exists()
    page = client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/")
    html = page.content.decode()
    assert 'id="risk"' in html
    asked = {t.key for t in page.context["risk"].asked}
    assert {"frequency", "support"} <= asked
    assert 'data-risk-topic="means" data-asked="false"' in html


def test_the_report_targets_quote_distinct_turns_and_list_the_direct_question(
    trainee: Any, risk_case: Any, cohort: Any, play_case: Any
) -> None:
    lines = [
        "What brings you in today?",
        "You should join a walking group.",
        "You're right, you did drive him away.",
        "It sounds like you miss him terribly, and the evenings are the hardest.",
        "That sounds so lonely. It makes sense you feel low.",
        "Sometimes when people feel this low they think about ending their life. "
        "Are you having thoughts of ending your life?",
        "How often do these thoughts come?",
    ]
    replies = [
        "My brother moved to Canada in June. I feel so alone now.",
        "I should have been a better sister. It's my fault he left.",
        "Yes. I know.",
        "The evenings are awful.",
        "I do.",
        "Sometimes I wish I didn't wake up.",
        "Most nights.",
    ]
    session = play_case(trainee, risk_case, lines, replies)
    page = client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/")
    html = page.content.decode()
    targets = page.context["report"].targets
    quoted = [t.example_turn for t in targets if t.example_turn is not None]
    assert quoted and len(quoted) == len(set(quoted))
    for t in targets:
        assert (
            f'data-kind="{t.kind}" data-example-turn="{t.example_turn or ""}"' in html
        )
        if t.patient_text:  # the rewrite answers the patient, never pastes them
            assert not t.rewrite.startswith(t.patient_text.split(".")[0])
    # The turn that agreed with "it's my fault" is coached for that, first.
    assert targets[0].example_turn == 5 and targets[0].kind == "collusion"
    assert "part of you keeps saying" in targets[0].rewrite
    assert all(t.kind != "advice" for t in targets if t.example_turn == 5)
    # The risk questions are not coached as closed questions.
    assert {11, 13}.isdisjoint(quoted)
    # The direct question is listed as asked, at its own turn.
    assert 'data-risk-topic="direct" data-asked="true"' in html
    asked = {a.key: a.turn for a in page.context["risk"].asked}
    assert asked["direct"] == 11 and asked["frequency"] == 13


def test_no_risk_section_without_a_disclosure(
    trainee: Any, case: Any, cohort: Any, play_case: Any
) -> None:
    session = play_case(trainee, case, PLAIN_LINES)
    html = (
        client_for(trainee)
        .get(f"/practice/sessions/{session.uuid}/report/")
        .content.decode()
    )
    assert 'id="risk"' not in html


def test_the_review_queue_puts_risk_first_and_marks_the_trainee(
    trainee: Any,
    other_trainee: Any,
    supervisor: Any,
    case: Any,
    risk_case: Any,
    cohort: Any,
    play_case: Any,
) -> None:
    risky = play_case(trainee, risk_case, RISK_LINES)
    # A newer session without risk would come first by date alone.
    play_case(other_trainee, case, PLAIN_LINES)
    page = client_for(supervisor).get("/feedback/")
    queue = page.context["queue"]
    assert queue[0][0].session_id == risky.pk
    html = page.content.decode()
    first_entry = html.index('data-session="')
    assert html[first_entry:].startswith(f'data-session="{risky.uuid}" data-risk')
    assert html.count("data-risk") >= 2  # the queue entry and the trainee's row


def test_the_patient_rates_the_session_on_the_report_progress_and_csv(
    trainee: Any, supervisor: Any, case: Any, cohort: Any, play_case: Any
) -> None:
    session = play_case(trainee, case, PLAIN_LINES)
    client = client_for(trainee)
    page = client.get(f"/practice/sessions/{session.uuid}/report/")
    html = page.content.decode()
    rating = page.context["client_rating"]
    assert 'id="client-rating"' in html
    assert rating is not None and 0 <= rating.overall <= 10
    assert rating.sentence and rating.sentence in html.replace("&#x27;", "'")
    progress = client.get("/practice/progress/")
    assert progress.context["rating_chart"] is not None
    assert "How your patients rated the sessions" in progress.content.decode()
    export = client_for(supervisor).get("/feedback/export/scores.csv")
    rows = list(
        csv.DictReader(io.StringIO(b"".join(export.streaming_content).decode()))
    )
    assert float(rows[0]["client_rating.overall"]) == rating.overall


def test_a_short_session_says_the_patient_could_not_rate_it(
    trainee: Any, case: Any, cohort: Any, play_case: Any
) -> None:
    session = play_case(trainee, case, PLAIN_LINES[:1])
    html = (
        client_for(trainee)
        .get(f"/practice/sessions/{session.uuid}/report/")
        .content.decode()
    )
    assert 'id="client-rating"' in html
    assert "Too short for the patient to rate" in html


def test_a_branch_report_shows_the_original_and_the_retry_side_by_side(
    trainee: Any,
    case: Any,
    cohort: Any,
    play_case: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    original = play_case(trainee, case, PLAIN_LINES)
    turn = original.turns.get(index=3)
    client = client_for(trainee)
    response = client.post(
        f"/practice/sessions/{original.uuid}/rewind/", {"turn": str(turn.uuid)}
    )
    branch = PracticeSession.objects.get(branch_of=original)
    assert response["Location"] == f"/practice/sessions/{branch.uuid}/"
    empty = client.get(f"/practice/sessions/{branch.uuid}/report/").content.decode()
    assert "You have not written your new response yet" in empty
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.submit_trainee_turn(
            session_id=branch.pk,
            user_id=trainee.pk,
            text="It sounds like that really shook you.",
            client_id=uuid.uuid4(),
        )
    page = client.get(f"/practice/sessions/{branch.uuid}/report/")
    retry = page.context["retry"]
    assert retry.original.turn.text == turn.text
    assert retry.retry.turn.pk == sub.trainee_turn.pk
    assert retry.retry.codes  # annotated, with its codes
    html = page.content.decode()
    assert (
        'id="retry"' in html
        and 'data-side="original"' in html
        and 'data-side="retry"' in html
    )


def test_an_open_assessment_keeps_its_risk_section_until_submitted(
    trainee: Any,
    risk_case: Any,
    cohort: Any,
    play_case: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    assignment = Assignment.objects.create(
        trainee=trainee, case=risk_case, mode=Mode.ASSESSMENT
    )
    session = services.start_session(
        trainee=trainee, case=risk_case, assignment=assignment
    )
    with django_capture_on_commit_callbacks(execute=True):
        for text in RISK_LINES[:4]:
            sub = services.submit_trainee_turn(
                session_id=session.pk,
                user_id=trainee.pk,
                text=text,
                client_id=uuid.uuid4(),
            )
            assert sub.patient_turn is not None
            services.complete_patient_turn(
                turn_id=sub.patient_turn.pk,
                text="Some nights I wish I didn't wake up.",
                responder="test",
                usage=None,
            )
    assert Turn.objects.filter(
        session=session, state_after__risk_disclosed=True
    ).exists()
    client = client_for(trainee)
    assert (
        'id="risk"'
        not in client.get(f"/practice/sessions/{session.uuid}/report/").content.decode()
    )
    services.end_session(session=session)
    assert (
        'id="risk"'
        in client.get(f"/practice/sessions/{session.uuid}/report/").content.decode()
    )
