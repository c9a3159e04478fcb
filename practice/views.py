"""Trainee pages: home, start, the chat page, end, history, report."""

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
    return TemplateResponse(
        request,
        "practice/home.html",
        {
            "assignments": selectors.assignments_for(user),
            "active_sessions": PracticeSession.objects.filter(
                trainee=user, status=PracticeSession.Status.ACTIVE
            ).select_related("case_version")[:5],
            "cases": cases,
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
    session = selectors.session_for_viewer(request.user, session_uuid)
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
    session = selectors.session_for_owner(request.user, session_uuid)
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
    return TemplateResponse(request, "practice/history.html", {"sessions": sessions})


@login_required
def report(request: AuthenticatedHttpRequest, session_uuid: UUID) -> TemplateResponse:
    """Scores with bands, curves, key moments, targets, the annotated transcript and
    the supervisor's comments. Never the case formulation (see `formulation`)."""
    from feedback import reports
    from feedback.scoring_services import score_for

    session = selectors.session_for_viewer(request.user, session_uuid)
    score = score_for(session)
    session_review, attempt = reports.review_state(session)
    turns = reports.reviewed_transcript(session)
    context = reports.report_data(session, score)
    context.update(
        {
            "session": session,
            "turns": turns,
            "trainee_turn_count": sum(t.speaker == "trainee" for t in turns),
            "state": session.state,
            "public": spec_for_version(session.case_version).public_view(),
            "comments": reports.session_comments(session),
            "session_review": session_review,
            "attempt": attempt,
            "is_owner": session.trainee_id == request.user.pk,
        }
    )
    return TemplateResponse(request, "practice/report.html", context)


@login_required
def formulation(request: AuthenticatedHttpRequest, session_uuid: UUID) -> HttpResponse:
    """The case-formulation exercise. The hidden CCD is rendered only once an attempt
    exists: before that the page holds the empty form and nothing of the case."""
    from feedback.forms import FormulationForm
    from feedback.models import FormulationAttempt
    from feedback.review_services import ReviewError, submit_formulation
    from feedback.rubrics.formulation import FormulationAnswer

    session = selectors.session_for_viewer(request.user, session_uuid)
    is_owner = session.trainee_id == request.user.pk
    attempt = FormulationAttempt.objects.filter(session=session).first()
    form = FormulationForm()
    if request.method == "POST":
        if not is_owner:
            raise Http404("Only the trainee who practised can submit.")
        form = FormulationForm(request.POST)
        if form.is_valid():
            try:
                submit_formulation(
                    session=session,
                    trainee=request.user,
                    answer=FormulationAnswer(**form.cleaned_data),
                )
            except ReviewError as error:
                messages.error(request, str(error))
            return HttpResponseRedirect(reverse("practice:formulation", args=[session.uuid]))
    return TemplateResponse(
        request,
        "practice/formulation.html",
        {
            "session": session,
            "form": form,
            "attempt": attempt,
            # The answer key exists in the context only after the submission.
            "result": attempt.result if attempt is not None else None,
            "is_owner": is_owner,
            "public": spec_for_version(session.case_version).public_view(),
        },
    )


@login_required
def progress(request: AuthenticatedHttpRequest) -> TemplateResponse:
    """The signed-in trainee's skill trajectories across their scored sessions."""
    from feedback import analytics

    scores = analytics.trainee_scores(request.user.pk)
    return TemplateResponse(
        request,
        "practice/progress.html",
        {"scores": scores, "trajectories": analytics.trajectories(scores)},
    )
