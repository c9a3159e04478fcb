"""Assignments: N x M assign with a report, list with overdue, reset, cancel.

Program admins see every assignment; supervisors only those of trainees in
cohorts they supervise, and may assign only to those cohorts and trainees.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.access import role_required
from accounts.models import Role, User
from practice import assignments as assignment_services
from practice.exceptions import AssignmentError
from practice.models import Assignment, Cohort

from .forms import AssignForm, AssignmentFilterForm
from .http import ADMIN_OR_SUPERVISOR, ManageRequest, partial, safe_next


def _cohorts_for(request: ManageRequest) -> QuerySet[Cohort]:
    if request.user.role == Role.PROGRAM_ADMIN:
        return Cohort.objects.order_by("name")
    return request.user.supervised_cohorts.order_by("name")


def _trainees_for(request: ManageRequest) -> QuerySet[User]:
    trainees = User.objects.filter(role=Role.TRAINEE, is_active=True)
    if request.user.role != Role.PROGRAM_ADMIN:
        trainees = trainees.filter(trainee_cohorts__supervisors=request.user).distinct()
    return trainees.order_by("username")


def _visible_assignments(request: ManageRequest) -> QuerySet[Assignment]:
    assignments = Assignment.objects.select_related(
        "case__current_version", "trainee", "cohort", "created_by"
    )
    if request.user.role == Role.PROGRAM_ADMIN:
        return assignments
    ids = Assignment.objects.filter(
        trainee__trainee_cohorts__supervisors=request.user
    ).values("pk")
    return assignments.filter(pk__in=ids)


def _get_assignment_for_user(
    request: ManageRequest, assignment_uuid: UUID
) -> Assignment:
    """The assignment if this admin or supervisor may manage it, else 404."""
    assignment = _visible_assignments(request).filter(uuid=assignment_uuid).first()
    if assignment is None:
        raise Http404("No such assignment.")
    return assignment


@role_required(*ADMIN_OR_SUPERVISOR)
def assignment_list(request: ManageRequest) -> TemplateResponse:
    form = AssignmentFilterForm(request.GET or None, cohorts=_cohorts_for(request))
    assignments = _visible_assignments(request)
    if form.is_valid():
        data = form.cleaned_data
        if data["cohort"]:
            assignments = assignments.filter(trainee__trainee_cohorts=data["cohort"])
        if data["status"]:
            assignments = assignments.filter(status=data["status"])
        if data["overdue"]:
            assignments = assignments.exclude(
                status=Assignment.Status.COMPLETED
            ).filter(due_at__lt=timezone.now())
    page = Paginator(
        assignments.order_by("status", "due_at", "-created_at"), 50
    ).get_page(request.GET.get("page"))
    return TemplateResponse(
        request,
        partial(request, "manage/assignments.html", "results"),
        {"form": form, "page": page, "assignments": page.object_list},
    )


@role_required(*ADMIN_OR_SUPERVISOR)
def assignment_new(request: ManageRequest) -> TemplateResponse:
    cohorts, trainees = _cohorts_for(request), _trainees_for(request)
    initial: dict[str, object] = {}
    if request.GET.get("case"):
        initial["cases"] = list(
            AssignForm(cohorts=cohorts, trainees=trainees)
            .fields["cases"]
            .queryset.filter(slug=request.GET["case"])  # type: ignore[attr-defined]
        )
    if request.GET.get("cohort"):
        initial["cohorts"] = list(
            cohorts.filter(uuid__in=request.GET.getlist("cohort"))
        )
    form = AssignForm(
        request.POST or None, initial=initial, cohorts=cohorts, trainees=trainees
    )
    report = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        report = assignment_services.assign_cases(
            cases=data["cases"],
            cohorts=data["cohorts"],
            trainees=data["trainees"],
            mode=data["mode"],
            due_at=data["due_at"],
            show_state=data["show_state"],
            hold_feedback=data["hold_feedback"],
            created_by=request.user,
        )
        form = AssignForm(initial=initial, cohorts=cohorts, trainees=trainees)
    return TemplateResponse(
        request, "manage/assignment_form.html", {"form": form, "report": report}
    )


def _row_or_redirect(
    request: ManageRequest, assignment: Assignment, error: str | None = None
) -> TemplateResponse | HttpResponseRedirect:
    if request.htmx:
        assignment.refresh_from_db()
        return TemplateResponse(
            request,
            "manage/assignments.html#row",
            {"a": assignment, "row_error": error},
        )
    if error:
        messages.error(request, error)
    return HttpResponseRedirect(safe_next(request, reverse("manage:assignments")))


@require_POST
@role_required(*ADMIN_OR_SUPERVISOR)
def assignment_reset(
    request: ManageRequest, assignment_uuid: UUID
) -> TemplateResponse | HttpResponseRedirect:
    assignment = _get_assignment_for_user(request, assignment_uuid)
    try:
        assignment_services.reset_assignment(
            assignment=assignment, reset_by=request.user
        )
    except AssignmentError as error:
        return _row_or_redirect(request, assignment, str(error))
    if not request.htmx:
        messages.success(request, f"Reset {assignment}: it is pending again.")
    return _row_or_redirect(request, assignment)


@require_POST
@role_required(*ADMIN_OR_SUPERVISOR)
def assignment_cancel(
    request: ManageRequest, assignment_uuid: UUID
) -> TemplateResponse | HttpResponseRedirect:
    assignment = _get_assignment_for_user(request, assignment_uuid)
    try:
        assignment_services.cancel_assignment(
            assignment=assignment, cancelled_by=request.user
        )
    except AssignmentError as error:
        return _row_or_redirect(request, assignment, str(error))
    messages.success(request, f"Cancelled {assignment}.")
    return HttpResponseRedirect(safe_next(request, reverse("manage:assignments")))
