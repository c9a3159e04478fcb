"""Case library: list and filter, author and publish versions, diff, import, export."""

from __future__ import annotations

import json

from django.contrib import messages
from django.db.models import Count, Q, QuerySet
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.access import role_required
from accounts.models import AuditEvent
from accounts.paging import paginate
from patients import limits, services
from patients.casediff import diff_cases
from patients.models import Case, CaseVersion
from patients.simulation import (
    CaseError,
    CaseValidationError,
    export_patient_psi,
    load_case,
)
from practice.models import Assignment, PracticeSession

from .case_form import (
    CaseForm,
    apply_case_errors,
    case_initial,
    situation_formset,
    spec_data,
)
from .forms import CaseFilterForm, ImportForm
from .http import ADMIN, ADMIN_OR_SUPERVISOR, ManageRequest, partial


def _get_case_for_user(request: ManageRequest, slug: str) -> Case:
    # Admins and supervisors read every case, archived ones included; the
    # role decorators have already turned everyone else away.
    return get_object_or_404(Case.objects.select_related("current_version"), slug=slug)


def _filtered_cases(form: CaseFilterForm) -> QuerySet[Case]:
    cases = Case.objects.filter(current_version__isnull=False).select_related(
        "current_version"
    )
    if not form.is_valid():
        return cases.order_by("current_version__title")
    data = form.cleaned_data
    if data["q"]:
        q = data["q"]
        cases = cases.filter(
            Q(current_version__title__icontains=q)
            | Q(current_version__presenting_problem__icontains=q)
            | Q(slug__icontains=q)
        )
    if data["style"]:
        cases = cases.filter(current_version__style=data["style"])
    if data["difficulty"]:
        cases = cases.filter(current_version__difficulty=data["difficulty"])
    if data["risk"]:
        cases = cases.filter(current_version__has_risk=data["risk"] == "yes")
    if data["status"]:
        cases = cases.filter(status=data["status"])
    return cases.order_by("status", "current_version__title")


@role_required(*ADMIN_OR_SUPERVISOR)
def case_list(request: ManageRequest) -> TemplateResponse:
    form = CaseFilterForm(request.GET or None)
    paging = paginate(request, _filtered_cases(form))
    return TemplateResponse(
        request,
        partial(request, "manage/cases.html", "results"),
        {
            **paging,
            "form": form,
            "cases": paging["page"],
            "filtered": any(request.GET.get(k) for k in form.fields),
            "total": Case.objects.count(),
        },
    )


def _author(
    request: ManageRequest, case: Case | None
) -> TemplateResponse | HttpResponseRedirect:
    spec = case.current_version.spec if case and case.current_version else None
    editing = case is not None
    if request.method != "POST":
        form = CaseForm(initial=case_initial(spec) if spec else None, editing=editing)
        formset = situation_formset(spec=spec)
        return _form_page(request, case, form, formset, [])
    form = CaseForm(
        request.POST, initial=case_initial(spec) if spec else None, editing=editing
    )
    formset = situation_formset(request.POST, spec=spec)
    problems: list[str] = []
    if form.is_valid() and formset.is_valid():
        try:
            new_spec = load_case(spec_data(form, formset))
        except CaseValidationError as error:
            problems = apply_case_errors(form, formset, error.errors)
        else:
            try:
                published = services.author_case(
                    spec=new_spec, author=request.user, new=not editing
                )
            except services.SlugTaken:
                form.add_error(
                    "slug",
                    "A case with this slug already exists. Choose another, or edit that case.",
                )
            else:
                number = published.version.number
                if published.changed:
                    messages.success(
                        request, f"Published version {number} of {new_spec.name}."
                    )
                else:
                    messages.info(
                        request,
                        f"Nothing changed; {new_spec.name} stays at version {number}.",
                    )
                return HttpResponseRedirect(
                    reverse("manage:case-detail", args=[new_spec.slug])
                )
    return _form_page(request, case, form, formset, problems, status=200)


def _form_page(
    request: ManageRequest,
    case: Case | None,
    form: CaseForm,
    formset: object,
    problems: list[str],
    status: int = 200,
) -> TemplateResponse:
    return TemplateResponse(
        request,
        "manage/case_form.html",
        {"case": case, "form": form, "formset": formset, "problems": problems},
        status=status,
    )


@role_required(*ADMIN)
def case_new(request: ManageRequest) -> TemplateResponse | HttpResponseRedirect:
    return _author(request, None)


@role_required(*ADMIN)
def case_edit(
    request: ManageRequest, slug: str
) -> TemplateResponse | HttpResponseRedirect:
    return _author(request, _get_case_for_user(request, slug))


@role_required(*ADMIN_OR_SUPERVISOR)
def case_detail(request: ManageRequest, slug: str) -> TemplateResponse:
    case = _get_case_for_user(request, slug)
    versions = (
        CaseVersion.objects.filter(case=case)
        .select_related("created_by")
        .annotate(session_count=Count("practicesession"))
        .order_by("-number")
    )
    assignments = Assignment.objects.filter(case=case)
    return TemplateResponse(
        request,
        "manage/case_detail.html",
        {
            "case": case,
            "version": case.current_version,
            "spec": case.current_version.spec if case.current_version else None,
            "versions": versions,
            "session_count": PracticeSession.objects.filter(
                case_version__case=case
            ).count(),
            "open_assignments": assignments.exclude(
                status=Assignment.Status.COMPLETED
            ).count(),
            "assignment_count": assignments.count(),
            "in_use": services.case_in_use(case),
            "events": AuditEvent.objects.filter(
                target_type="case", target_id=case.slug
            ).select_related("actor")[:10],
        },
    )


@role_required(*ADMIN_OR_SUPERVISOR)
def case_version(request: ManageRequest, slug: str, number: int) -> TemplateResponse:
    case = _get_case_for_user(request, slug)
    version = get_object_or_404(CaseVersion, case=case, number=number)
    return TemplateResponse(
        request,
        "manage/case_version.html",
        {"case": case, "version": version, "spec": version.spec},
    )


@role_required(*ADMIN_OR_SUPERVISOR)
def case_diff(request: ManageRequest, slug: str) -> TemplateResponse:
    case = _get_case_for_user(request, slug)
    versions = list(CaseVersion.objects.filter(case=case).order_by("number"))
    numbers = [v.number for v in versions]

    def pick(name: str, default: int) -> int:
        try:
            value = int(request.GET.get(name, default))
        except ValueError:
            return default
        return value if value in numbers else default

    newest = numbers[-1] if numbers else 0
    after_n = pick("b", newest)
    before_n = pick("a", max((n for n in numbers if n < after_n), default=after_n))
    by_number = {v.number: v for v in versions}
    before, after = by_number.get(before_n), by_number.get(after_n)
    changes = diff_cases(before.data, after.data) if before and after else []
    return TemplateResponse(
        request,
        "manage/case_diff.html",
        {
            "case": case,
            "versions": versions,
            "before": before,
            "after": after,
            "changes": changes,
        },
    )


@require_POST
@role_required(*ADMIN)
def case_status(request: ManageRequest, slug: str) -> HttpResponseRedirect:
    case = _get_case_for_user(request, slug)
    archive = request.POST.get("action") == "archive"
    status = Case.Status.ARCHIVED if archive else Case.Status.ACTIVE
    services.set_case_status(case=case, status=status, changed_by=request.user)
    if archive:
        messages.success(
            request, f"Archived {case}. Trainees no longer see it; history is kept."
        )
    else:
        messages.success(request, f"Restored {case} to the library.")
    return HttpResponseRedirect(reverse("manage:case-detail", args=[case.slug]))


@require_POST
@role_required(*ADMIN)
def case_delete(request: ManageRequest, slug: str) -> HttpResponseRedirect:
    case = _get_case_for_user(request, slug)
    try:
        services.delete_case(case=case, deleted_by=request.user)
    except services.CaseInUse:
        messages.error(
            request,
            f"{case} has sessions or assignments, so it cannot be deleted. Archive it instead.",
        )
        return HttpResponseRedirect(reverse("manage:case-detail", args=[case.slug]))
    messages.success(request, f"Deleted {case}.")
    return HttpResponseRedirect(reverse("manage:cases"))


def _json_download(data: object, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@role_required(*ADMIN_OR_SUPERVISOR)
def case_export(request: ManageRequest, slug: str) -> HttpResponse:
    case = _get_case_for_user(request, slug)
    version = case.current_version
    if request.GET.get("version"):
        version = get_object_or_404(
            CaseVersion, case=case, number=request.GET["version"]
        )
    if version is None:
        messages.error(request, "This case has no published version to export.")
        return HttpResponseRedirect(reverse("manage:case-detail", args=[case.slug]))
    name = f"{case.slug}-v{version.number}"
    if request.GET.get("format") == "psi":
        records = export_patient_psi(version.spec, with_extensions=True)
        return _json_download(records, f"{name}.patient-psi.json")
    return _json_download(version.data, f"{name}.json")


@role_required(*ADMIN_OR_SUPERVISOR)
def case_export_all(request: ManageRequest) -> HttpResponse:
    versions = [
        c.current_version
        for c in Case.objects.filter(
            status=Case.Status.ACTIVE, current_version__isnull=False
        )
        .select_related("current_version")
        .order_by("slug")
        if c.current_version is not None
    ]
    if request.GET.get("format") == "psi":
        records = [
            record
            for number, v in enumerate(versions, start=1)
            for record in export_patient_psi(
                v.spec, patient_number=number, with_extensions=True
            )
        ]
        return _json_download(records, "cases.patient-psi.json")
    return _json_download([v.data for v in versions], "cases.json")


@role_required(*ADMIN)
def case_import(request: ManageRequest) -> TemplateResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    context: dict[str, object] = {"form": form, "errors": [], "results": None}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            # Refused before reading when the upload is already over the cap.
            too_big = limits.size_problem(upload.size or 0)
            if too_big:
                raise CaseValidationError(
                    [CaseError(upload.name or "file", "(file)", too_big)]
                )
            specs, gaps = services.parse_case_file_noted(
                upload.read(), filename=upload.name, fmt=form.cleaned_data["format"]
            )
        except CaseValidationError as error:
            context["errors"] = error.errors
        else:
            context["results"] = services.import_cases(
                specs=specs, imported_by=request.user
            )
            # Fact-sheet domains the file did not give, saved as absent: listed so
            # the author can fill them in.
            context["fact_gaps"] = sorted(gaps.items())
            context["form"] = ImportForm()
    return TemplateResponse(request, "manage/case_import.html", context)
