"""Dashboard rollups (`TraineeSummary`) and the `rescore_sessions` command.

The rollups must show exactly what the live queries show, stay in step as sessions are
scored, reviewed and corrected, and equal a rebuild from the sources (idempotent).
"""

from __future__ import annotations

from collections.abc import Callable
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from feedback import analytics
from feedback.analytics import trainee_code
from feedback.models import SessionScore, TraineeSummary
from feedback.rollups import rebuild_summaries
from practice.services import start_session
from tests.feedback.conftest import LINES

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# Sessions of different make-up, so skills differ between sessions and some are null
# (no question asked: questioning has no score) or the session is too short.
VARIANTS = [
    LINES,
    [
        "It sounds like that left you feeling really anxious.",
        "You should just talk to your boss.",
        "So part of you wanted to speak up, and part of you froze.",
        "You're exhausted.",
    ],
    [
        "What went through your mind right then?",
        "Is there anything that doesn't fit that thought?",
        "Did you sleep well?",
        "Would it be okay if I shared an idea? You'd know best if it fits.",
        "You've really stuck with this, even when it was hard.",
    ],
    LINES[:2],  # too short to score
    [
        "Don't you think you're overreacting?",
        "Have you tried exercise?",
        "Is it work?",
        "What tells you that they thought you were useless?",
    ],
]


def _summary_rows() -> list[dict[str, Any]]:
    return [
        {k: v for k, v in row.items() if k not in ("id", "updated_at")}
        for row in TraineeSummary.objects.order_by(
            "trainee_id", "rubric_version", "scoring_version"
        ).values()
    ]


def _dashboard_both_ways(user: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the dashboard shows, computed live from scores and from the rollups."""

    filters = analytics.Filters()
    cohorts = list(analytics.scoped_cohorts(user))
    trainees = list(analytics.scoped_trainees(user, filters).order_by("pk"))
    scores = analytics.scores_in_scope(user, filters)
    summaries = analytics.summaries_in_scope(user, filters)

    def heat(rows: list[Any]) -> list[Any]:
        return [
            (r.cohort.pk, r.trainees, [(c.latest, c.trend, c.css) for c in r.cells])
            for r in rows
        ]

    def people(rows: list[Any]) -> list[Any]:
        return [(r.code, r.sessions, r.latest, r.trend, r.stuck, r.spark) for r in rows]

    queue_count, reviewed = analytics.review_totals(summaries)
    live = {
        "heat": heat(analytics.heat_map(user, filters, cohorts)),
        "rows": people(analytics.trainee_rows(trainees, scores, blind=False)),
        "queue": analytics.awaiting_review(scores).count(),
        "agreement": analytics.agreement(scores),
    }
    rolled = {
        "heat": heat(analytics.heat_map_from_summaries(user, filters, cohorts)),
        "rows": people(
            analytics.trainee_rows_from_summaries(trainees, summaries, blind=False)
        ),
        "queue": queue_count,
        "agreement": analytics.agreement_from_summaries(
            summaries, reviewed_sessions=reviewed
        ),
    }
    return live, rolled


def test_rollups_show_what_the_live_queries_show_and_equal_a_rebuild(
    play: Callable[..., Any],
    trainee: Any,
    supervisor: Any,
    program_admin: Any,
    cohort: Any,
    make_user: Any,
) -> None:
    extra = make_user("extra")
    cohort.trainees.add(extra)
    sessions = [play(trainee, VARIANTS[i % len(VARIANTS)]) for i in range(8)]
    sessions += [play(extra, VARIANTS[(i + 2) % len(VARIANTS)]) for i in range(3)]
    sup = client_for(supervisor)
    # Review two sessions, one with a correction made before and one after the mark.
    turn = sessions[0].turns.filter(speaker="trainee").order_by("index").first()
    base = f"/feedback/sessions/{sessions[0].uuid}/"
    sup.post(
        f"{base}turns/{turn.uuid}/codes/",
        {"utterance": "0", "codes": ["giving_information"]},
    )
    sup.post(f"{base}reviewed/")
    sup.post(f"/feedback/sessions/{sessions[5].uuid}/reviewed/")
    turn = sessions[5].turns.filter(speaker="trainee").order_by("index").first()
    sup.post(
        f"/feedback/sessions/{sessions[5].uuid}/turns/{turn.uuid}/codes/",
        {"utterance": "0", "codes": ["closed_question"]},
    )

    for user in (supervisor, program_admin):
        live, rolled = _dashboard_both_ways(user)
        assert rolled == live
    live, _ = _dashboard_both_ways(supervisor)
    assert live["agreement"][0] == 2 and live["queue"] == len(sessions) - 2
    tuesday = next(row for row in live["heat"] if row[0] == cohort.pk)
    assert tuesday[1] == 2 and any(trend is not None for _, trend, _ in tuesday[2])

    maintained = _summary_rows()
    assert len(maintained) == 2
    assert rebuild_summaries() == 2
    assert _summary_rows() == maintained  # recomputing from the sources: same rows
    assert rebuild_summaries() == 2
    assert _summary_rows() == maintained

    # A skill the scorer left undefined (None) in the newest and an older session:
    # the heat map takes the newest session's value, the trainee row the newest
    # defined one. The play fixture's sessions always define every skill, so the
    # stored scores are edited here and the rollups rebuilt from them.
    mine = SessionScore.objects.filter(trainee=trainee, too_short=False)
    newest, *_, older = mine.order_by("-started_at", "-pk").values_list("pk", flat=True)
    mine.filter(pk__in=[newest, older]).update(questioning=None, empathy=None)
    rebuild_summaries()
    for user in (supervisor, program_admin):
        live, rolled = _dashboard_both_ways(user)
        assert rolled == live
    row = next(r for r in live["rows"] if r[0] == trainee_code(trainee.pk))
    assert row[2]["questioning"] is not None


def test_the_filtered_dashboard_reads_scores_and_the_unfiltered_one_rollups(
    play: Callable[..., Any], trainee: Any, supervisor: Any, cohort: Any
) -> None:
    play(trainee)
    sup = client_for(supervisor)
    assert sup.get("/feedback/").context_data["heat_map"][0].trainees == 1
    assert (
        sup.get("/feedback/?from=2000-01-01").context_data["heat_map"][0].trainees == 1
    )
    # Without its rollup the unfiltered page no longer counts the trainee; the filtered
    # one, computed from the scores, still does.
    TraineeSummary.objects.all().delete()
    assert sup.get("/feedback/").context_data["heat_map"][0].trainees == 0
    assert (
        sup.get("/feedback/?from=2000-01-01").context_data["heat_map"][0].trainees == 1
    )


def test_rescore_sessions_scores_what_a_version_bump_left_unscored_once(
    play: Callable[..., Any],
    trainee: Any,
    supervisor: Any,
    cohort: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ended = [play(trainee), play(trainee, VARIANTS[2])]
    running = start_session(trainee=trainee, case=ended[0].case_version.case)
    sup = client_for(supervisor)
    assert sup.get("/feedback/").context_data["heat_map"][0].trainees == 1

    monkeypatch.setattr("feedback.rubrics.scoring.SCORING_VERSION", "scores-bumped")
    page = sup.get("/feedback/")
    assert page.context_data["heat_map"][0].trainees == 0  # the bump emptied the page
    assert page.context_data["rows"][0].sessions == 0

    out = StringIO()
    call_command("rescore_sessions", "--dry-run", stdout=out)
    assert "2 ended session(s)" in out.getvalue()
    assert not SessionScore.objects.filter(scoring_version="scores-bumped").exists()

    call_command("rescore_sessions", stdout=out)
    bumped = SessionScore.objects.filter(scoring_version="scores-bumped")
    assert sorted(bumped.values_list("session_id", flat=True)) == sorted(
        s.pk for s in ended
    )
    assert not SessionScore.objects.filter(session=running).exists()
    page = sup.get("/feedback/")
    assert page.context_data["heat_map"][0].trainees == 1
    assert page.context_data["rows"][0].sessions == 2
    # Both versions keep their own rollup; the old one is untouched.
    assert TraineeSummary.objects.filter(trainee=trainee).count() == 2

    rows, scores = (
        _summary_rows(),
        list(bumped.order_by("pk").values_list("pk", flat=True)),
    )
    again = StringIO()
    call_command("rescore_sessions", stdout=again)
    assert "0 ended session(s)" in again.getvalue()
    assert list(bumped.order_by("pk").values_list("pk", flat=True)) == scores
    assert _summary_rows() == rows
