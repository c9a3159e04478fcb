"""Injection payloads: markup in user text is escaped on every page and socket
frame that shows it; hostile query strings never cause a 500."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import client_for

pytestmark = pytest.mark.django_db

XSS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "<svg/onload=alert(1)>",
    "javascript:alert(1)",
    "{{ 7|add:7 }}{% debug %}",
]
RAW_MARKERS = ["<script>alert(1)", "<img src=x onerror", "<svg/onload"]


def assert_escaped(html: str, where: str) -> None:
    for marker in RAW_MARKERS:
        assert marker not in html, f"{marker!r} raw in {where}"
    # Template syntax in user text is shown, never run.
    assert "<pre>" not in html or "{% debug %}" not in html, where


@pytest.mark.parametrize("payload", XSS)
def test_markup_in_user_text_is_escaped_everywhere(
    payload: str,
    play_session: Any,
    trainee: Any,
    supervisor: Any,
    program_admin: Any,
    cohort: Any,
) -> None:
    trainee.display_name = payload
    trainee.save()
    session = play_session(
        trainee, [payload, "What went through your mind?", "It sounds hard."]
    )
    client_for(supervisor).post(
        f"/feedback/sessions/{session.uuid}/comments/", {"text": payload}
    )
    pages = {
        "session": (trainee, f"/practice/sessions/{session.uuid}/"),
        "report": (trainee, f"/practice/sessions/{session.uuid}/report/"),
        "history": (trainee, "/practice/history/"),
        "review": (supervisor, f"/feedback/sessions/{session.uuid}/"),
        "dashboard": (supervisor, "/feedback/"),
        "people": (program_admin, "/manage/people/"),
        "person": (program_admin, f"/manage/people/{trainee.username}/"),
        "cohort": (program_admin, f"/manage/cohorts/{cohort.uuid}/"),
        "audit": (program_admin, "/manage/audit/"),
    }
    for where, (user, url) in pages.items():
        response = client_for(user).get(url)
        assert response.status_code == 200, where
        assert_escaped(response.content.decode(), where)


@pytest.mark.parametrize(
    "query",
    [
        "q=' OR 1=1 --",
        "q=%00",
        "q=%ED%A0%80",
        "role=' OR '1'='1",
        "page=-1",
        "page=99999",
        "page=1e9",
        "status=<script>",
        "verb=x'--",
        "cohort=not-a-uuid",
        "blind=1%27",
        "format=../../etc/passwd",
        "case=%27",
        "q=" + "a" * 5000,
    ],
)
def test_hostile_query_strings_never_cause_a_500(
    query: str,
    supervisor: Any,
    program_admin: Any,
    trainee: Any,
    cohort: Any,
    case: Any,
) -> None:
    for user, path in [
        (program_admin, "/manage/cases/"),
        (program_admin, "/manage/people/"),
        (program_admin, "/manage/audit/"),
        (program_admin, "/manage/assignments/"),
        (program_admin, "/manage/usage/"),
        (program_admin, "/manage/cases/export/"),
        (supervisor, "/feedback/"),
        (supervisor, "/feedback/export/scores.csv"),
        (trainee, "/practice/"),
        (trainee, "/practice/history/"),
        (program_admin, f"/manage/cases/{case.slug}/diff/"),
    ]:
        response = client_for(user).get(f"{path}?{query}")
        assert response.status_code < 500, (path, query, response.status_code)
        html = (
            b"".join(response.streaming_content)
            if response.streaming
            else response.content
        )
        assert b"<script>" not in html, (path, query)


def test_a_nul_in_form_data_is_refused_not_a_500(
    program_admin: Any, trainee: Any
) -> None:
    response = client_for(program_admin).post(
        f"/manage/people/{trainee.username}/",
        {"display_name": "a\x00b", "role": "trainee", "email": ""},
    )
    assert response.status_code == 400
    trainee.refresh_from_db()
    assert "\x00" not in trainee.display_name
