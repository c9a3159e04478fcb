"""Program admin area (/manage/). Thin for now: the admin issue builds it out."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.response import TemplateResponse

from accounts.access import role_required
from accounts.models import Role, User
from practice.models import Assignment, Cohort

from .models import Case


@role_required(Role.PROGRAM_ADMIN)
def manage_home(request: HttpRequest) -> TemplateResponse:
    return TemplateResponse(
        request,
        "manage/home.html",
        {
            "cohorts": Cohort.objects.prefetch_related("trainees", "supervisors"),
            "assignments": Assignment.objects.select_related(
                "case__current_version", "trainee"
            ).order_by("-created_at")[:50],
            "people": User.objects.order_by("role", "username"),
        },
    )


@role_required(Role.PROGRAM_ADMIN, Role.SUPERVISOR)
def case_list(request: HttpRequest) -> TemplateResponse:
    cases = Case.objects.select_related("current_version").order_by("slug")
    return TemplateResponse(request, "manage/cases.html", {"cases": cases})
