"""The program admin area at /manage/ (namespace "manage")."""

from __future__ import annotations

from django.urls import path

from . import views_assignments as assignments
from . import views_cases as cases
from . import views_people as people
from . import views_usage as overview

app_name = "manage"

urlpatterns = [
    path("", overview.manage_home, name="home"),
    # case library
    path("cases/", cases.case_list, name="cases"),
    path("cases/new/", cases.case_new, name="case-new"),
    path("cases/import/", cases.case_import, name="case-import"),
    path("cases/export/", cases.case_export_all, name="case-export-all"),
    path("cases/<slug:slug>/", cases.case_detail, name="case-detail"),
    path("cases/<slug:slug>/edit/", cases.case_edit, name="case-edit"),
    path(
        "cases/<slug:slug>/versions/<int:number>/",
        cases.case_version,
        name="case-version",
    ),
    path("cases/<slug:slug>/diff/", cases.case_diff, name="case-diff"),
    path("cases/<slug:slug>/export/", cases.case_export, name="case-export"),
    path("cases/<slug:slug>/status/", cases.case_status, name="case-status"),
    path("cases/<slug:slug>/delete/", cases.case_delete, name="case-delete"),
    # cohorts and people
    path("cohorts/", people.cohort_list, name="cohorts"),
    path("cohorts/<uuid:cohort_uuid>/", people.cohort_detail, name="cohort-detail"),
    path(
        "cohorts/<uuid:cohort_uuid>/add/", people.cohort_add_member, name="cohort-add"
    ),
    path(
        "cohorts/<uuid:cohort_uuid>/bulk/", people.cohort_bulk_add, name="cohort-bulk"
    ),
    path(
        "cohorts/<uuid:cohort_uuid>/remove/<str:username>/",
        people.cohort_remove_member,
        name="cohort-remove",
    ),
    path("people/", people.people_list, name="people"),
    path("people/new/", people.person_new, name="person-new"),
    path("people/<str:username>/", people.person_detail, name="person-detail"),
    path("people/<str:username>/link/", people.person_link, name="person-link"),
    # assignments
    path("assignments/", assignments.assignment_list, name="assignments"),
    path("assignments/new/", assignments.assignment_new, name="assignment-new"),
    path(
        "assignments/<uuid:assignment_uuid>/reset/",
        assignments.assignment_reset,
        name="assignment-reset",
    ),
    path(
        "assignments/<uuid:assignment_uuid>/cancel/",
        assignments.assignment_cancel,
        name="assignment-cancel",
    ),
    # usage and audit
    path("usage/", overview.usage_page, name="usage"),
    path("audit/", overview.audit_page, name="audit"),
    path("model-calls/", overview.model_calls_page, name="model-calls"),
]
