"""Cohorts and people in /manage/: membership, bulk add, accounts with one-time links, audit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.models import AuditEvent, Role, User
from practice.models import Cohort

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_admin_creates_a_cohort_and_adds_and_removes_people(
    program_admin: Any, trainee: Any, supervisor: Any
) -> None:
    client = client_for(program_admin)
    response = client.post("/manage/cohorts/", {"name": "Spring 2026"})
    cohort = Cohort.objects.get(name="Spring 2026")
    assert response["Location"] == f"/manage/cohorts/{cohort.uuid}/"
    duplicate = client.post("/manage/cohorts/", {"name": "spring 2026"})
    assert "already exists" in duplicate.context["form"].errors["name"][0]
    client.post(f"/manage/cohorts/{cohort.uuid}/add/", {"user": trainee.pk})
    client.post(f"/manage/cohorts/{cohort.uuid}/add/", {"user": supervisor.pk})
    assert list(cohort.trainees.all()) == [trainee]
    assert list(cohort.supervisors.all()) == [supervisor]
    client.post(f"/manage/cohorts/{cohort.uuid}/remove/{trainee.username}/")
    assert not cohort.trainees.exists()
    verbs = list(AuditEvent.objects.order_by("id").values_list("verb", flat=True))
    assert verbs == ["created", "added", "added", "removed"]


def test_an_htmx_cohort_create_error_returns_only_the_form(program_admin: Any) -> None:
    response = client_for(program_admin).post(
        "/manage/cohorts/", {"name": ""}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card" id="cohort-create">')
    assert "This field is required." in html


def test_bulk_add_reports_created_skipped_and_errors(
    program_admin: Any,
    trainee: Any,
    other_trainee: Any,
    supervisor: Any,
    make_user: Any,
) -> None:
    cohort = Cohort.objects.create(name="Bulk")
    cohort.trainees.add(other_trainee)
    User.objects.filter(pk=trainee.pk).update(email="trainee@example.org")
    csv = (
        "username\n"
        "TRAINEE@example.org\n"  # by email, any case: added
        "supervisor\n"  # a supervisor: added as supervisor
        "other_trainee\n"  # already a member: skipped
        "trainee\n"  # same person twice: skipped
        "nobody\n"  # unknown: error
        "program_admin\n"  # admins do not join cohorts: error
        "new.person@example.org\n"  # unknown email with create_missing: new account
        "\n"
    )
    response = client_for(program_admin).post(
        f"/manage/cohorts/{cohort.uuid}/bulk/",
        {
            "csv_file": SimpleUploadedFile(
                "people.csv", csv.encode(), content_type="text/csv"
            ),
            "create_missing": "on",
        },
    )
    report = response.context["report"]
    assert [r.identifier for r in report.created] == [
        "TRAINEE@example.org",
        "supervisor",
        "new.person@example.org",
    ]
    assert [r.identifier for r in report.skipped] == ["other_trainee", "trainee"]
    assert [r.identifier for r in report.errors] == ["nobody", "program_admin"]
    assert report.rows[0].line == 2
    new = User.objects.get(email="new.person@example.org")
    assert new.role == Role.TRAINEE and not new.has_usable_password()
    assert report.created[-1].password_link in response.content.decode()
    assert set(cohort.trainees.all()) == {trainee, other_trainee, new}
    assert list(cohort.supervisors.all()) == [supervisor]


def test_bulk_add_without_create_missing_reports_unknown_emails(
    program_admin: Any,
) -> None:
    cohort = Cohort.objects.create(name="Bulk")
    response = client_for(program_admin).post(
        f"/manage/cohorts/{cohort.uuid}/bulk/", {"text": "ghost@example.org"}
    )
    report = response.context["report"]
    assert report.errors[0].message == "No account with this username or email."
    assert not User.objects.filter(email="ghost@example.org").exists()


def test_bulk_add_needs_a_file_or_a_list(program_admin: Any) -> None:
    cohort = Cohort.objects.create(name="Bulk")
    response = client_for(program_admin).post(
        f"/manage/cohorts/{cohort.uuid}/bulk/", {"text": " "}
    )
    assert response.context["bulk_form"].errors
    assert response.context["report"] is None


def test_a_new_account_gets_a_one_time_password_link(
    program_admin: Any, cohort: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = client_for(program_admin)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/manage/people/new/",
            {
                "username": "newbie",
                "display_name": "New Bie",
                "email": "newbie@example.org",
                "role": "trainee",
                "daily_token_budget": "5000",
                "cohorts": [cohort.pk],
            },
        )
    user = User.objects.get(username="newbie")
    assert user.daily_token_budget == 5000 and not user.has_usable_password()
    assert cohort.trainees.filter(pk=user.pk).exists()
    link = response.context["link"]
    assert link.startswith("http://testserver/accounts/password/")
    assert link in response.content.decode()
    assert len(mail.outbox) == 1 and link in mail.outbox[0].body
    assert AuditEvent.objects.filter(verb="created", target_id="newbie").exists()

    path = re.sub(r"^http://testserver", "", link)
    anonymous = Client()
    form_page = anonymous.get(path, follow=True)
    assert form_page.context["validlink"]
    set_url = form_page.redirect_chain[-1][0]
    done = anonymous.post(
        set_url,
        {"new_password1": "a-long-new-pass-42", "new_password2": "a-long-new-pass-42"},
    )
    assert done.status_code == 302
    assert Client().login(username="newbie", password="a-long-new-pass-42")
    # The link works once.
    again = Client().get(path, follow=True)
    assert not again.context["validlink"]


def test_account_form_errors_show_on_their_fields(
    program_admin: Any, trainee: Any
) -> None:
    response = client_for(program_admin).post(
        "/manage/people/new/",
        {"username": "Trainee", "email": "not-an-email", "role": "boss"},
    )
    form = response.context["form"]
    assert set(form.errors) == {"username", "email", "role"}
    assert 'class="errorlist"' in response.content.decode()


def test_an_admin_edits_budget_and_issues_a_new_link(
    program_admin: Any, trainee: Any
) -> None:
    client = client_for(program_admin)
    client.post(
        f"/manage/people/{trainee.username}/",
        {
            "display_name": "T",
            "email": "",
            "role": "trainee",
            "daily_token_budget": "1200",
            "is_active": "on",
        },
    )
    trainee.refresh_from_db()
    assert trainee.daily_token_budget == 1200
    response = client.post(f"/manage/people/{trainee.username}/link/")
    assert "/accounts/password/" in response.context["link"]
    assert AuditEvent.objects.filter(verb="link_issued").count() == 1


def test_the_audit_trail_is_for_admins_and_filterable(
    program_admin: Any, supervisor: Any, case: Any
) -> None:
    client = client_for(program_admin)
    client.post("/manage/cohorts/", {"name": "Audited"})
    client.post(f"/manage/cases/{case.slug}/status/", {"action": "archive"})
    events = client.get("/manage/audit/").context["events"]
    assert [e.verb for e in events] == ["archived", "created"]
    assert all(e.actor == program_admin for e in events)
    only = client.get("/manage/audit/?verb=archived").context["events"]
    assert [e.target_label for e in only] == [str(case)]
    assert client_for(supervisor).get("/manage/audit/").status_code == 403
