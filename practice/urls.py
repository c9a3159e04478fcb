from __future__ import annotations

from django.urls import path

from . import views

app_name = "practice"

urlpatterns = [
    path("", views.home, name="home"),
    path("history/", views.history, name="history"),
    path("cases/", views.cases, name="cases"),
    path("cases/<slug:slug>/start/", views.start, name="start"),
    path(
        "assignments/<uuid:assignment_uuid>/start/",
        views.assessment_confirm,
        name="assessment-confirm",
    ),
    path("sessions/<uuid:session_uuid>/", views.session_detail, name="session-detail"),
    path("sessions/<uuid:session_uuid>/end/", views.end, name="end"),
    path("sessions/<uuid:session_uuid>/rewind/", views.rewind, name="rewind"),
]
