"""Trainee pages: home, start, the chat page, end, history.

The report, formulation and progress pages belong to feedback (same URLs).
"""

from __future__ import annotations

from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.access import role_required
from accounts.http import AuthenticatedHttpRequest
from accounts.models import Role
from accounts.paging import paginate
from patients.models import Case
from patients.services import spec_for_version

from . import selectors, services
from .exceptions import AttemptUsed
from .models import Assignment, PracticeSession

PRACTISING_ROLES = (Role.TRAINEE, Role.PROGRAM_ADMIN)


@role_required(*PRACTISING_ROLES)
def home(request: AuthenticatedHttpRequest) -> TemplateResponse:
    user = request.user
    cases = (
        Case.objects.filter(status=Case.Status.ACTIVE, current_version__isnull=False)
        .select_related("current_version")
        .order_by("current_version__difficulty", "slug")
    )
    paging = paginate(request, cases)
    return TemplateResponse(
        request,
        "practice/home.html",
        {
            **paging,
            "assignments": selectors.assignments_for(user),
            "active_sessions": PracticeSession.objects.filter(
                trainee=user, status=PracticeSession.Status.ACTIVE
            ).select_related("case_version")[:5],
            "cases": paging["page"],
        },
    )


@require_POST
@role_required(*PRACTISING_ROLES)
def start(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    case = get_object_or_404(
        Case.objects.select_related("current_version"),
        slug=slug,
        status=Case.Status.ACTIVE,
        current_version__isnull=False,
    )
    assignment = None
    if request.POST.get("assignment"):
        try:
            assignment_uuid = UUID(request.POST["assignment"])
        except ValueError as error:
            raise Http404 from error
        assignment = get_object_or_404(
            Assignment, uuid=assignment_uuid, trainee=request.user, case=case
        )
    else:
        # Practising an assigned case from the library still counts for it.
        assignment = (
            Assignment.objects.filter(trainee=request.user, case=case)
            .exclude(status=Assignment.Status.COMPLETED)
            .first()
        )
    try:
        session = services.start_session(
            trainee=request.user, case=case, assignment=assignment
        )
    except AttemptUsed as error:
        messages.error(request, str(error))
        return HttpResponseRedirect(reverse("practice:home"))
    return HttpResponseRedirect(session.get_absolute_url())


@login_required
def session_detail(request: AuthenticatedHttpRequest, session_uuid: UUID) -> TemplateResponse:
    session = get_object_or_404(selectors.viewable_sessions(request.user), uuid=session_uuid)
    template = "practice/session_detail.html"
    if request.htmx or request.GET.get("partial") == "transcript":
        template += "#transcript"
    return TemplateResponse(
        request,
        template,
        {
            "session": session,
            "turns": selectors.transcript(session),
            "is_owner": session.trainee_id == request.user.pk,
            # What the trainee may see of the case: never the formulation.
            "public": spec_for_version(session.case_version).public_view(),
            "max_chars": settings.PRACTICE_MAX_MESSAGE_CHARS,
        },
    )


@require_POST
@login_required
def end(request: AuthenticatedHttpRequest, session_uuid: UUID) -> HttpResponseRedirect:
    session = get_object_or_404(selectors.owned_sessions(request.user), uuid=session_uuid)
    services.end_session(session=session)
    messages.success(request, "Session ended. Here is your report.")
    return HttpResponseRedirect(reverse("practice:report", args=[session.uuid]))


@login_required
def history(request: AuthenticatedHttpRequest) -> TemplateResponse:
    sessions = (
        PracticeSession.objects.filter(trainee=request.user)
        .select_related("case_version")
        .order_by("-started_at")
    )
    paging = paginate(request, sessions)
    return TemplateResponse(
        request, "practice/history.html", {**paging, "sessions": paging["page"]}
    )
