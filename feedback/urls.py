from __future__ import annotations

from django.urls import path

from . import views

app_name = "feedback"

urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("trainees/<str:code>/", views.trainee_detail, name="trainee"),
    path("sessions/<uuid:session_uuid>/", views.review, name="review"),
    path(
        "sessions/<uuid:session_uuid>/turns/<uuid:turn_uuid>/codes/",
        views.override,
        name="override",
    ),
    path(
        "sessions/<uuid:session_uuid>/turns/<uuid:turn_uuid>/levels/",
        views.correct_levels,
        name="correct-levels",
    ),
    path("sessions/<uuid:session_uuid>/comments/", views.comment, name="comment"),
    path("sessions/<uuid:session_uuid>/reviewed/", views.reviewed, name="reviewed"),
    path("sessions/<uuid:session_uuid>/release/", views.release, name="release"),
    path("export/scores.csv", views.export_scores, name="export-scores"),
    path("export/codes.csv", views.export_codes, name="export-codes"),
]
