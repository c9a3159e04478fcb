"""Issue 13 in /manage/: creating a cohort navigates, the case diff, the state panel."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from patients.casediff import diff_cases
from practice.models import Assignment, Cohort

from .test_manage_cases import form_data

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_creating_a_cohort_through_htmx_navigates_to_its_page(
    program_admin: Any,
) -> None:
    response = client_for(program_admin).post(
        "/manage/cohorts/", {"name": "Autumn 2026"}, HTTP_HX_REQUEST="true"
    )
    cohort = Cohort.objects.get(name="Autumn 2026")
    # No page inside the page: htmx is told to go to the cohort's own address.
    assert response["HX-Redirect"] == f"/manage/cohorts/{cohort.uuid}/"
    assert b"<header" not in response.content


def test_saving_a_case_unchanged_through_the_form_shows_no_difference(
    program_admin: Any, case: Any
) -> None:
    spec = case.current_version.spec
    data = form_data(spec, opening_line="A new first line.")
    # A browser sends checkbox groups in the vocabulary's order.
    data["situations-0-emotions"] = sorted(data["situations-0-emotions"], reverse=True)
    client_for(program_admin).post(f"/manage/cases/{case.slug}/edit/", data)
    response = client_for(program_admin).get(f"/manage/cases/{case.slug}/diff/?a=1&b=2")
    changes = response.context["changes"]
    assert [c.label for c in changes] == ["Opening line"]
    html = response.content.decode()
    assert "Opening line" in html and "opening_line" not in html


def test_the_diff_names_nested_fields_for_people() -> None:
    before = {
        "situations": [{"auto_thought": "I failed."}],
        "voice": {"yes_but": ["No."]},
    }
    after = {
        "situations": [{"auto_thought": "I failed again."}],
        "voice": {"yes_but": ["No!"]},
    }
    labels = [c.label for c in diff_cases(before, after)]
    assert labels == ["Situation 1 · Automatic thought", "Patient's words · “yes, but”"]
    # Whitespace and line endings alone are not an edit.
    assert diff_cases({"history": "A\r\nB "}, {"history": "A\nB"}) == []


def test_an_assignment_can_switch_the_state_panel(
    program_admin: Any, case: Any, trainee: Any, cohort: Any
) -> None:
    client_for(program_admin).post(
        "/manage/assignments/new/",
        {
            "cases": [case.pk],
            "trainees": [trainee.pk],
            "mode": "assessment",
            "show_state": "on",
        },
    )
    assignment = Assignment.objects.get(trainee=trainee, case=case)
    assert assignment.show_state is True
    assert assignment.shows_state
