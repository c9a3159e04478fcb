"""Scores at session end, the report, formulation, dashboard, review and exports.

Access: a trainee sees only their own sessions; a supervisor only their cohorts'
(other_supervisor is denied); the CCD never reaches the trainee before submission.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from config import celery_app
from feedback.analytics import trainee_code
from feedback.models import Annotation, FormulationAttempt, SessionScore
from feedback.scoring_services import score_session
from feedback.tasks import sweep_unscored_sessions
from patients.simulation.vocab import CORE_BELIEFS
from tests.feedback.conftest import LINES

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_rate_limit(settings: Any) -> None:
    settings.PRACTICE_RATE_LIMIT_MESSAGES = 10_000


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_ending_a_session_stores_its_scores_once(
    play: Any, trainee: Any, cohort: Any
) -> None:
    session = play(trainee)
    score = SessionScore.objects.get(session=session)
    assert not score.too_short
    assert score.trainee_id == trainee.pk
    assert score.questioning is not None and 0 <= score.questioning <= 100
    assert score.result.metric("rq") is not None
    assert score_session(session_id=session.pk) == score  # idempotent
    assert SessionScore.objects.filter(session=session).count() == 1


def test_scoring_annotates_turns_the_annotator_has_not_reached(
    play: Any, trainee: Any, cohort: Any
) -> None:
    session = play(trainee)
    Annotation.objects.filter(turn__session=session).delete()
    SessionScore.objects.filter(session=session).delete()
    score = score_session(session_id=session.pk)
    assert score is not None and score.data["counts"]["unannotated_turns"] == 0
    assert Annotation.objects.filter(turn__session=session).count() == len(LINES)


def test_the_report_shows_scoring_until_the_task_has_scored_the_session(
    play: Any, trainee: Any, cohort: Any, settings: Any
) -> None:
    """The GET never scores: it says "Scoring…" and polls; the sweep re-enqueues
    the lost task, and the next poll reloads the page with the scores."""

    session = play(trainee)
    SessionScore.objects.filter(session=session).delete()  # the task was lost
    client = client_for(trainee)
    report_url = f"/practice/sessions/{session.uuid}/report/"
    page = client.get(report_url)
    html = page.content.decode()
    assert "Scoring…" in html and 'data-scoring="pending"' in html
    assert f'hx-get="{report_url}status/"' in html
    assert not SessionScore.objects.filter(session=session).exists()
    poll = client.get(f"{report_url}status/")
    assert poll.status_code == 200 and "Scoring…" in poll.content.decode()
    assert "HX-Refresh" not in poll

    settings.SCORING_SWEEP_AFTER_SECONDS = 0
    # Run the re-enqueued task at once, as a worker would.
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    try:
        assert sweep_unscored_sessions() == 1
    finally:
        celery_app.conf.task_always_eager = eager
    assert SessionScore.objects.filter(session=session).count() == 1
    poll = client.get(f"{report_url}status/")
    assert poll["HX-Refresh"] == "true"
    html = client.get(report_url).content.decode()
    assert "Scoring…" not in html and 'data-skill="questioning"' in html
    assert sweep_unscored_sessions() == 0


def test_a_short_session_says_it_is_too_short(
    play: Any, trainee: Any, cohort: Any
) -> None:
    session = play(trainee, LINES[:2])
    page = client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/")
    assert page.status_code == 200
    assert "Too short to score" in page.content.decode()


def test_the_report_shows_scores_curves_moments_and_targets(
    play: Any, trainee: Any, cohort: Any
) -> None:
    session = play(trainee)
    page = client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/")
    html = page.content.decode()
    assert page.status_code == 200
    for text in (
        "Reflection-to-question ratio",
        "Guided discovery",
        "How the patient moved",
        "<svg",
        "Show the numbers",
        "Annotated transcript",
    ):
        assert text in html
    assert 'data-annotation-for="' in html and 'data-turn-id="' in html
    assert page.context_data["report"].targets


@pytest.mark.parametrize(
    ("persona", "status"),
    [
        ("trainee", 200),
        ("other_trainee", 404),
        ("supervisor", 200),
        ("other_supervisor", 404),
        ("program_admin", 200),
    ],
)
def test_report_access_follows_ownership_and_cohorts(
    request: pytest.FixtureRequest,
    play: Any,
    trainee: Any,
    cohort: Any,
    persona: str,
    status: int,
) -> None:
    session = play(trainee)
    user = request.getfixturevalue(persona)
    for url in (
        f"/practice/sessions/{session.uuid}/report/",
        f"/practice/sessions/{session.uuid}/formulation/",
    ):
        assert client_for(user).get(url).status_code == status, (persona, url)


@pytest.mark.parametrize(
    ("persona", "status"),
    [
        ("trainee", 403),
        ("other_trainee", 403),
        ("supervisor", 200),
        ("other_supervisor", 404),
        ("program_admin", 200),
    ],
)
def test_review_access_is_for_the_trainees_supervisors(
    request: pytest.FixtureRequest,
    play: Any,
    trainee: Any,
    cohort: Any,
    persona: str,
    status: int,
) -> None:
    session = play(trainee)
    user = request.getfixturevalue(persona)
    assert (
        client_for(user).get(f"/feedback/sessions/{session.uuid}/").status_code
        == status
    )
    posted = client_for(user).post(f"/feedback/sessions/{session.uuid}/reviewed/")
    assert posted.status_code == (302 if status == 200 else status)


def test_the_formulation_stays_on_the_server_until_submitted(
    play: Any, trainee: Any, cohort: Any, other_trainee: Any
) -> None:
    session = play(trainee)
    spec = session.case_version.spec
    secrets = [spec.intermediate_belief, spec.coping_strategies, *spec.core_beliefs]
    for s in spec.situations:
        secrets += [s.situation, s.auto_thought, s.behavior]
    client = client_for(trainee)
    for url in (
        f"/practice/sessions/{session.uuid}/formulation/",
        f"/practice/sessions/{session.uuid}/report/",
        f"/practice/sessions/{session.uuid}/",
    ):
        html = client.get(url).content.decode()
        leaked = [s for s in secrets if escape(s) in html and s not in _vocabulary()]
        assert leaked == [], url
    answer = {
        "situation": "A meeting at work",
        "auto_thought": "I'm useless",
        "emotions": ["anxious"],
        "behavior": "Stayed quiet",
        "core_belief_category": "helpless",
        "core_belief": "I am helpless.",
        "intermediate_belief": "I must never fail",
        "coping_strategies": "Avoids people",
    }
    url = f"/practice/sessions/{session.uuid}/formulation/"
    assert client_for(other_trainee).post(url, answer).status_code == 404
    assert client.post(url, answer).status_code == 302
    attempt = FormulationAttempt.objects.get(session=session)
    assert 0 <= attempt.total <= 100
    html = client.get(url).content.decode()
    assert escape(spec.intermediate_belief.split(".")[0]) in html
    assert "data-formulation-result" in html


def _vocabulary() -> set[str]:
    # Core beliefs are a public closed vocabulary: the form lists all of them.
    return {b for beliefs in CORE_BELIEFS.values() for b in beliefs}


def test_the_dashboard_shows_only_the_supervisors_cohorts_and_can_blind(
    play: Any,
    trainee: Any,
    other_trainee: Any,
    supervisor: Any,
    cohort: Any,
    other_supervisor: Any,
) -> None:
    trainee.display_name = "Tess Trainee"
    trainee.save()
    other_trainee.display_name = "Otto Other"
    other_trainee.save()
    play(trainee)
    play(other_trainee)
    html = client_for(supervisor).get("/feedback/").content.decode()
    assert "Tess Trainee" in html and "Otto Other" not in html
    assert "Thursday group" not in html and "Tuesday group" in html
    blinded = client_for(supervisor).get("/feedback/?blind=1").content.decode()
    assert "Tess Trainee" not in blinded and "Trainee " in blinded
    theirs = client_for(other_supervisor).get("/feedback/").content.decode()
    assert "Tess Trainee" not in theirs and "Otto Other" in theirs


def test_the_drill_down_is_scoped_to_the_supervisors_trainees(
    play: Any, trainee: Any, supervisor: Any, other_supervisor: Any, cohort: Any
) -> None:
    play(trainee)
    url = f"/feedback/trainees/{trainee_code(trainee.pk)}/"
    assert client_for(supervisor).get(url).status_code == 200
    assert client_for(other_supervisor).get(url).status_code == 404
    assert (
        client_for(supervisor).get("/feedback/trainees/0000000000/").status_code == 404
    )


def test_override_comment_and_review_reach_the_trainee_and_the_agreement(
    play: Any, trainee: Any, supervisor: Any, cohort: Any
) -> None:
    session = play(trainee)
    turn = session.turns.filter(speaker="trainee").order_by("index").first()
    sup = client_for(supervisor)
    base = f"/feedback/sessions/{session.uuid}/"
    response = sup.post(
        f"{base}turns/{turn.uuid}/codes/",
        {"utterance": "0", "codes": ["giving_information"]},
    )
    assert response.status_code == 302
    sup.post(
        f"{base}comments/", {"text": "Lovely opening question.", "turn": str(turn.uuid)}
    )
    sup.post(f"{base}comments/", {"text": "Overall: reflect more."})
    sup.post(f"{base}reviewed/")
    review = sup.get(base).content.decode()
    assert 'data-reviewed="true"' in review and "corrected" in review
    report = client_for(trainee).get(f"/practice/sessions/{session.uuid}/report/")
    html = report.content.decode()
    assert "Lovely opening question." in html and "Overall: reflect more." in html
    dashboard = sup.get("/feedback/")
    codes = {a.code: a for a in dashboard.context_data["agreement"]}
    assert dashboard.context_data["reviewed_sessions"] == 1
    assert codes["question"].annotator_yes == codes["question"].supervisor_yes + 1


def test_the_exports_use_codebook_columns_and_the_dashboard_scope(
    play: Any, trainee: Any, other_trainee: Any, supervisor: Any, cohort: Any
) -> None:
    mine = play(trainee)
    theirs = play(other_trainee)
    sup = client_for(supervisor)
    scores = b"".join(sup.get("/feedback/export/scores.csv").streaming_content).decode()
    assert str(mine.uuid) in scores and str(theirs.uuid) not in scores
    codes = b"".join(sup.get("/feedback/export/codes.csv").streaming_content).decode()
    header = codes.splitlines()[0].split(",")
    for column in (
        "question",
        "complex_reflection",
        "question.open",
        "padesky.summary",
        "empathy.ER",
        "flag.leading_question",
    ):
        assert column in header
    assert str(theirs.uuid) not in codes and len(codes.splitlines()) > len(LINES)
    assert client_for(trainee).get("/feedback/export/codes.csv").status_code == 403


def _count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_page_query_counts_do_not_grow_with_the_data(
    play: Any, trainee: Any, supervisor: Any, cohort: Any, make_user: Any
) -> None:
    """Dashboard, drill-down, progress and report: the same queries for 1 or 3 of each."""

    first = play(trainee)
    sup, me = client_for(supervisor), client_for(trainee)
    urls = {
        "dashboard": "/feedback/",
        # A date filter rules out the rollups: the live queries, constant too.
        "dashboard-filtered": "/feedback/?from=2000-01-01",
        "drill-down": f"/feedback/trainees/{trainee_code(trainee.pk)}/",
        "progress": "/practice/progress/",
        "report": f"/practice/sessions/{first.uuid}/report/",
        "review": f"/feedback/sessions/{first.uuid}/",
    }
    for url in urls.values():  # warm caches (case specs, content types)
        (me if "practice" in url else sup).get(url)
    before = {k: _count(me if "practice" in u else sup, u) for k, u in urls.items()}
    for n in range(2):
        extra = make_user(f"extra{n}")
        cohort.trainees.add(extra)
        play(extra)
        play(trainee)
    after = {k: _count(me if "practice" in u else sup, u) for k, u in urls.items()}
    assert after == before, (before, after)
    assert before["dashboard"] <= 12 and before["dashboard-filtered"] <= 13
    assert before["progress"] <= 6
