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
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_POST

from accounts.access import role_required
from accounts.http import AuthenticatedHttpRequest
from accounts.models import Role
from accounts.paging import paginate
from patients.models import Case
from patients.services import spec_for_version

from . import selectors, services
from .exceptions import AttemptUsed, CannotRewind
from .models import Assignment, Mode, PracticeSession, Turn

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


@role_required(*PRACTISING_ROLES)
def cases(request: AuthenticatedHttpRequest) -> HttpResponseRedirect:
    """The case library lives on the practice home page."""
    return HttpResponseRedirect(reverse("practice:home") + "#library-h")


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
        if (
            assignment.mode == Mode.ASSESSMENT
            and request.POST.get("confirm") != "1"
            and not assignment.sessions.filter(
                status=PracticeSession.Status.ACTIVE
            ).exists()
        ):
            # The one attempt starts only after the trainee has read that it is one.
            return HttpResponseRedirect(
                reverse("practice:assessment-confirm", args=[assignment.uuid])
            )
    else:
        # A library start is always practice. Practising an assigned case counts
        # for a practice assignment, never for an assessment (one attempt, started
        # only from its card).
        assignment = (
            Assignment.objects.filter(
                trainee=request.user, case=case, mode=Mode.PRACTICE
            )
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


@role_required(*PRACTISING_ROLES)
def assessment_confirm(
    request: AuthenticatedHttpRequest, assignment_uuid: UUID
) -> HttpResponse:
    """Before an assessment's one attempt: say so, and start it only on confirm."""
    assignment = get_object_or_404(
        Assignment.objects.select_related("case", "case__current_version"),
        uuid=assignment_uuid,
        trainee=request.user,
    )
    if assignment.mode != Mode.ASSESSMENT:
        # Nothing to confirm: practice starts from its card.
        return HttpResponseRedirect(reverse("practice:home"))
    if not assignment.can_start:
        messages.error(request, str(AttemptUsed()))
        return HttpResponseRedirect(reverse("practice:home"))
    return TemplateResponse(
        request, "practice/assessment_confirm.html", {"assignment": assignment}
    )


@login_required
def session_detail(
    request: AuthenticatedHttpRequest, session_uuid: UUID
) -> TemplateResponse:
    session = get_object_or_404(
        selectors.viewable_sessions(request.user), uuid=session_uuid
    )
    turns = selectors.transcript(session)
    template = "practice/session_detail.html"
    if request.htmx or request.GET.get("partial") == "transcript":
        template += "#transcript"
    response = TemplateResponse(
        request,
        template,
        {
            "session": session,
            "turns": turns,
            "is_owner": session.trainee_id == request.user.pk,
            # What the trainee may see of the case: never the formulation.
            "public": spec_for_version(session.case_version).public_view(),
            "max_chars": settings.PRACTICE_MAX_MESSAGE_CHARS,
            "min_turns": services.MIN_SCORED_TRAINEE_TURNS,
            "can_rewind": session.trainee_id == request.user.pk
            and session.mode == Mode.PRACTICE,
            "trainee_turns": sum(
                t.speaker == Turn.Speaker.TRAINEE and t.status == Turn.Status.COMPLETE
                for t in turns
            ),
        },
    )
    # Never from the back/forward cache: Back after ending must not show the
    # session as still live.
    add_never_cache_headers(response)
    return response


@require_POST
@login_required
def end(request: AuthenticatedHttpRequest, session_uuid: UUID) -> HttpResponseRedirect:
    session = get_object_or_404(
        selectors.owned_sessions(request.user), uuid=session_uuid
    )
    was_active = session.is_active
    session = services.end_session(session=session)
    count = session.trainee_turn_count
    if was_active and count < services.MIN_SCORED_TRAINEE_TURNS:
        still_open = (
            " Your assignment stays open: start it again from your home page."
            if session.assignment_id is not None and session.mode == Mode.PRACTICE
            else ""
        )
        messages.warning(
            request,
            f"Session ended after {count} message{'s' if count != 1 else ''}: a session "
            f"needs at least {services.MIN_SCORED_TRAINEE_TURNS} to be scored.{still_open}",
        )
    else:
        messages.success(request, "Session ended. Here is your report.")
    return HttpResponseRedirect(reverse("practice:report", args=[session.uuid]))


@require_POST
@login_required
def rewind(request: AuthenticatedHttpRequest, session_uuid: UUID) -> HttpResponse:
    """Try a turn again: a new branch session holding the turns before it."""
    session = get_object_or_404(
        selectors.owned_sessions(request.user), uuid=session_uuid
    )
    try:
        turn_uuid = UUID(request.POST.get("turn", ""))
    except ValueError:
        return _rewind_refused(
            request, session, "Choose one of your messages to try again.", 400
        )
    try:
        branch = services.rewind_session(session=session, turn_uuid=turn_uuid)
    except CannotRewind as error:
        return _rewind_refused(request, session, str(error), 403)
    messages.info(
        request,
        "Here is the conversation as it was just before that message. "
        "Write a different response; the report will compare the two.",
    )
    return HttpResponseRedirect(branch.get_absolute_url())


def _rewind_refused(
    request: AuthenticatedHttpRequest,
    session: PracticeSession,
    reason: str,
    status: int,
) -> TemplateResponse:
    return TemplateResponse(
        request,
        "practice/rewind_refused.html",
        {"session": session, "reason": reason},
        status=status,
    )


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
