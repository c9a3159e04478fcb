"""Supervisor pages. A supervisor sees only the trainees of their own cohorts."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.response import TemplateResponse

from accounts.access import role_required
from accounts.models import Role
from practice.models import Cohort, PracticeSession
from practice.selectors import viewable_sessions


@role_required(Role.SUPERVISOR, Role.PROGRAM_ADMIN)
def dashboard(request: HttpRequest) -> TemplateResponse:
    user = request.user
    cohorts = Cohort.objects.prefetch_related("trainees")
    if user.role == Role.SUPERVISOR:  # type: ignore[union-attr]
        cohorts = cohorts.filter(supervisors=user)
    sessions = (
        viewable_sessions(user)  # type: ignore[arg-type]
        .exclude(trainee=user)
        .order_by("-started_at")[:25]
    )
    return TemplateResponse(
        request,
        "feedback/dashboard.html",
        {
            "cohorts": cohorts,
            "recent_sessions": sessions,
            "ended_count": viewable_sessions(user)  # type: ignore[arg-type]
            .filter(status=PracticeSession.Status.ENDED)
            .exclude(trainee=user)
            .count(),
        },
    )
