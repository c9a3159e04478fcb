"""Feedback's pages under /practice/. No `app_name`: config/urls.py adds these
patterns to the practice namespace, so `practice:report` and the paths (stable
hooks) are unchanged."""

from __future__ import annotations

from django.urls import path

from . import trainee_views as views

urlpatterns = [
    path("sessions/<uuid:session_uuid>/report/", views.report, name="report"),
    path(
        "sessions/<uuid:session_uuid>/report/status/",
        views.report_status,
        name="report-status",
    ),
    path(
        "sessions/<uuid:session_uuid>/formulation/",
        views.formulation,
        name="formulation",
    ),
    path("progress/", views.progress, name="progress"),
]
