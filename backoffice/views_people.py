"""Cohorts and people: create cohorts, add and remove members, bulk add, accounts."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.access import require_may_act_on, role_required
from accounts.audit import record_event
from accounts.models import AuditEvent, Role, User
from accounts.paging import paginate
from accounts.services import create_account, issue_password_link
from practice import cohorts as cohort_services
from practice.budget import tokens_used_today
from practice.models import Assignment, Cohort

from .forms import AccountForm, AddMemberForm, BulkAddForm, CohortForm, PersonForm
from .http import ADMIN, ManageRequest, partial


def _get_cohort_for_user(request: ManageRequest, cohort_uuid: UUID) -> Cohort:
    # Cohort management is for program admins only (role_required); supervisors
    # see their cohorts through the dashboard and the assignments page.
    return get_object_or_404(Cohort, uuid=cohort_uuid)


def _get_person_for_user(request: ManageRequest, username: str) -> User:
    """The account to act on; 403 for a superuser unless the actor is one."""
    person = get_object_or_404(User, username=username)
    require_may_act_on(request.user, person)
    return person


@role_required(*ADMIN)
def cohort_list(request: ManageRequest) -> HttpResponse:
    form = CohortForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cohort = cohort_services.create_cohort(
            name=form.cleaned_data["name"], created_by=request.user
        )
        messages.success(request, f"Created cohort {cohort}. Now add people to it.")
        url = reverse("manage:cohort-detail", args=[cohort.uuid])
        if request.htmx:
            # A whole new page: htmx navigates there (address included) instead of
            # swapping the redirected page into the form's slot.
            return HttpResponseClientRedirect(url)
        return HttpResponseRedirect(url)
    cohorts = Cohort.objects.annotate(
        trainee_count=Count("trainees", distinct=True),
        supervisor_count=Count("supervisors", distinct=True),
        open_assignments=Count(
            "assignment", filter=~Q(assignment__status="completed"), distinct=True
        ),
    ).order_by("name")
    return TemplateResponse(
        request,
        partial(request, "manage/cohorts.html", "create")
        if request.method == "POST"
        else "manage/cohorts.html",
        {"form": form, "cohorts": cohorts},
    )


def _cohort_page(
    request: ManageRequest,
    cohort: Cohort,
    *,
    add_form: AddMemberForm | None = None,
    bulk_form: BulkAddForm | None = None,
    report: cohort_services.BulkAddReport | None = None,
) -> TemplateResponse:
    return TemplateResponse(
        request,
        "manage/cohort_detail.html",
        {
            "cohort": cohort,
            "trainees": cohort.trainees.order_by("username"),
            "supervisors": cohort.supervisors.order_by("username"),
            "add_form": add_form or AddMemberForm(cohort=cohort),
            "bulk_form": bulk_form or BulkAddForm(),
            "report": report,
            "assignments": Assignment.objects.filter(cohort=cohort)
            .exclude(status=Assignment.Status.COMPLETED)
            .select_related("case__current_version", "trainee")[:20],
        },
    )


@role_required(*ADMIN)
def cohort_detail(request: ManageRequest, cohort_uuid: UUID) -> TemplateResponse:
    return _cohort_page(request, _get_cohort_for_user(request, cohort_uuid))


@require_POST
@role_required(*ADMIN)
def cohort_add_member(
    request: ManageRequest, cohort_uuid: UUID
) -> TemplateResponse | HttpResponseRedirect:
    cohort = _get_cohort_for_user(request, cohort_uuid)
    form = AddMemberForm(request.POST, cohort=cohort)
    if not form.is_valid():
        return _cohort_page(request, cohort, add_form=form)
    user = form.cleaned_data["user"]
    require_may_act_on(request.user, user)
    cohort_services.add_member(cohort=cohort, user=user, added_by=request.user)
    messages.success(request, f"Added {user} to {cohort}.")
    return HttpResponseRedirect(reverse("manage:cohort-detail", args=[cohort.uuid]))


@require_POST
@role_required(*ADMIN)
def cohort_remove_member(
    request: ManageRequest, cohort_uuid: UUID, username: str
) -> HttpResponseRedirect:
    cohort = _get_cohort_for_user(request, cohort_uuid)
    user = _get_person_for_user(request, username)
    cohort_services.remove_member(cohort=cohort, user=user, removed_by=request.user)
    messages.success(
        request, f"Removed {user} from {cohort}. Their assignments and sessions stay."
    )
    return HttpResponseRedirect(reverse("manage:cohort-detail", args=[cohort.uuid]))


@require_POST
@role_required(*ADMIN)
def cohort_bulk_add(request: ManageRequest, cohort_uuid: UUID) -> TemplateResponse:
    cohort = _get_cohort_for_user(request, cohort_uuid)
    form = BulkAddForm(request.POST, request.FILES)
    if not form.is_valid():
        return _cohort_page(request, cohort, bulk_form=form)
    report = cohort_services.bulk_add_members(
        cohort=cohort,
        text=form.cleaned_data["rows_text"],
        added_by=request.user,
        create_missing=form.cleaned_data["create_missing"],
        request=request,
    )
    # The report is the response (not a redirect): new accounts' one-time links
    # are shown here and nowhere else.
    return _cohort_page(request, cohort, report=report)


@role_required(*ADMIN)
def people_list(request: ManageRequest) -> TemplateResponse:
    people = User.objects.annotate(cohort_count=Count("trainee_cohorts", distinct=True))
    q = request.GET.get("q", "").strip()
    role = request.GET.get("role", "")
    if q:
        people = people.filter(
            Q(username__icontains=q)
            | Q(display_name__icontains=q)
            | Q(email__icontains=q)
        )
    if role in Role.values:
        people = people.filter(role=role)
    return TemplateResponse(
        request,
        partial(request, "manage/people.html", "results"),
        {
            **(paging := paginate(request, people.order_by("role", "username"))),
            "people": paging["page"],
            "q": q,
            "role": role,
            "roles": Role.choices,
        },
    )


@role_required(*ADMIN)
def person_new(request: ManageRequest) -> TemplateResponse:
    form = AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            account = create_account(
                username=data["username"],
                email=data["email"],
                display_name=data["display_name"],
                role=data["role"],
                daily_token_budget=data["daily_token_budget"],
                created_by=request.user,
                request=request,
            )
            for cohort in data["cohorts"]:
                if data["role"] != Role.PROGRAM_ADMIN:
                    cohort_services.add_member(
                        cohort=cohort, user=account.user, added_by=request.user
                    )
        return TemplateResponse(
            request,
            "manage/account_created.html",
            {"person": account.user, "link": account.password_link, "new": True},
        )
    return TemplateResponse(request, "manage/person_form.html", {"form": form})


@role_required(*ADMIN)
def person_detail(
    request: ManageRequest, username: str
) -> TemplateResponse | HttpResponseRedirect:
    person = _get_person_for_user(request, username)
    form = PersonForm(request.POST or None, instance=person)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            record_event(
                actor=request.user,
                verb=AuditEvent.Verb.UPDATED,
                target_type="user",
                target_id=person.username,
                target_label=str(person),
                summary=", ".join(form.changed_data) or "no changes",
            )
        messages.success(request, f"Saved {person}.")
        return HttpResponseRedirect(
            reverse("manage:person-detail", args=[person.username])
        )
    return TemplateResponse(
        request,
        "manage/person_detail.html",
        {
            "person": person,
            "form": form,
            "cohorts": [
                *person.trainee_cohorts.all(),
                *person.supervised_cohorts.all(),
            ],
            "used_today": tokens_used_today(user_id=person.pk),
            "assignments": Assignment.objects.filter(trainee=person)
            .select_related("case__current_version")
            .order_by("status", "due_at")[:20],
        },
    )


@require_POST
@role_required(*ADMIN)
def person_link(request: ManageRequest, username: str) -> TemplateResponse:
    person = _get_person_for_user(request, username)
    link = issue_password_link(user=person, issued_by=request.user, request=request)
    return TemplateResponse(
        request,
        "manage/account_created.html",
        {"person": person, "link": link, "new": False},
    )
