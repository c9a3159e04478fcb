"""The trainee's feedback pages under /practice/: the session report, the
case-formulation exercise and their progress across sessions.

Feedback owns their content, so the views live here; the URLs (and their
`practice:` names) stay as they were: config/urls.py mounts `trainee_urls`
into the practice namespace.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse

from accounts.http import AuthenticatedHttpRequest
from feedback.rubrics.formulation import FormulationAnswer
from patients.services import spec_for_version
from practice.models import Mode
from practice.selectors import viewable_sessions

from . import analytics, reports
from .forms import FormulationForm
from .models import FormulationAttempt
from .review_services import ReviewError, answer_key_blocker, submit_formulation
from .scoring_services import is_scored


@login_required
def report(request: AuthenticatedHttpRequest, session_uuid: UUID) -> TemplateResponse:
    """Scores with bands, curves, key moments, targets, the annotated transcript and
    the supervisor's comments. Never the case formulation (see `formulation`)."""
    session = get_object_or_404(viewable_sessions(request.user), uuid=session_uuid)
    if session.report_held and session.trainee_id == request.user.pk:
        # An open assessment (or one held for release) shows nothing of the
        # report: no scores, key moments, moves or curves.
        return TemplateResponse(
            request, "practice/report_held.html", {"session": session}
        )
    # Only reads: right after "End" the task is usually still scoring, and the
    # page shows "Scoring…" and polls `report_status` until the score is stored.
    context = reports.session_context(session)
    context.update(
        {
            "trainee_turn_count": sum(t.speaker == "trainee" for t in context["turns"]),
            "state": session.state,
            "public": spec_for_version(session.case_version).public_view(),
            "is_owner": session.trainee_id == request.user.pk,
            # Rewind and retry: the owner's practice sessions, from any of their turns.
            "can_rewind": session.trainee_id == request.user.pk
            and session.mode == Mode.PRACTICE,
            "rewind_uuids": {
                t.index: t.uuid for t in context["turns"] if t.speaker == "trainee"
            },
        }
    )
    return TemplateResponse(request, "practice/report.html", context)


@login_required
def report_status(
    request: AuthenticatedHttpRequest, session_uuid: UUID
) -> HttpResponse:
    """Polled by a page showing "Scoring…": the same notice while the task works,
    then a full reload of the page (htmx `HX-Refresh`) once the score is stored."""
    session = get_object_or_404(viewable_sessions(request.user), uuid=session_uuid)
    if session.report_held and session.trainee_id == request.user.pk:
        raise Http404("No report yet.")
    if is_scored(session_id=session.pk):
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    return TemplateResponse(
        request, "feedback/partials/_scoring.html", {"session": session}
    )


@login_required
def formulation(request: AuthenticatedHttpRequest, session_uuid: UUID) -> HttpResponse:
    """The case-formulation exercise. The hidden CCD is rendered only once an attempt
    exists: before that the page holds the empty form and nothing of the case."""
    session = get_object_or_404(viewable_sessions(request.user), uuid=session_uuid)
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
            return HttpResponseRedirect(
                reverse("practice:formulation", args=[session.uuid])
            )
    # The trainee never sees the key while it is blocked (an unfinished
    # assessment on the case), not even for an attempt made earlier.
    blocker = answer_key_blocker(session) if is_owner else None
    return TemplateResponse(
        request,
        "practice/formulation.html",
        {
            "session": session,
            "form": form,
            "attempt": attempt,
            # The answer key exists in the context only after the submission.
            "result": attempt.result
            if attempt is not None and blocker is None
            else None,
            "blocker": blocker,
            "is_owner": is_owner,
            "public": spec_for_version(session.case_version).public_view(),
        },
    )


@login_required
def progress(request: AuthenticatedHttpRequest) -> TemplateResponse:
    """The signed-in trainee's skill trajectories across their scored sessions."""
    # Held assessments count only once released to the trainee.
    scores = [
        s
        for s in analytics.trainee_scores(request.user.pk)
        if not s.session.report_held
    ]
    return TemplateResponse(
        request,
        "practice/progress.html",
        {
            "scores": scores,
            "trajectories": analytics.trajectories(scores),
            "rating_chart": analytics.client_rating_chart(scores),
        },
    )
