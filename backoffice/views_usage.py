"""Program overview, usage and cost, and the audit trail."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.template.response import TemplateResponse
from django.utils import timezone

from accounts.access import role_required
from accounts.models import AuditEvent, Role, User
from llm.breaker import breaker_states
from patients.models import Case
from practice.metering import guard_trips, outcomes, totals_by_role
from practice.models import Assignment, Cohort, ModelCall

from . import usage
from .http import ADMIN, ManageRequest, partial


@role_required(*ADMIN)
def manage_home(request: ManageRequest) -> TemplateResponse:
    now = timezone.now()
    open_assignments = Assignment.objects.exclude(status=Assignment.Status.COMPLETED)
    this_month = usage.usage_by_trainee(timezone.localdate().replace(day=1))
    return TemplateResponse(
        request,
        "manage/home.html",
        {
            "counts": {
                "cohorts": Cohort.objects.count(),
                "trainees": User.objects.filter(
                    role=Role.TRAINEE, is_active=True
                ).count(),
                "cases": Case.objects.filter(status=Case.Status.ACTIVE).count(),
                "open": open_assignments.count(),
                "overdue": open_assignments.filter(due_at__lt=now).count(),
            },
            "month_total": usage.total(this_month),
            "currency": settings.COST_CURRENCY,
            "cohorts": Cohort.objects.annotate(
                trainee_count=Count("trainees", distinct=True),
                overdue=Count(
                    "assignment",
                    filter=~Q(assignment__status="completed")
                    & Q(assignment__due_at__lt=now),
                    distinct=True,
                ),
            ).order_by("name"),
            "overdue": open_assignments.filter(due_at__lt=now)
            .select_related("case__current_version", "trainee")
            .order_by("due_at")[:10],
            "events": AuditEvent.objects.select_related("actor")[:8],
        },
    )


def _month(raw: str) -> date | None:
    """`2025-06` -> that month; "all" -> None (all time); default: this month."""
    if raw == "all":
        return None
    try:
        year, month = (int(p) for p in raw.split("-"))
        return date(year, month, 1)
    except ValueError:
        return timezone.localdate().replace(day=1)


@role_required(*ADMIN)
def usage_page(request: ManageRequest) -> TemplateResponse:
    month = _month(request.GET.get("month", ""))
    calls = usage.billed_calls(month)
    months = usage.usage_by_month()
    trainees = usage.usage_by_trainee(month)
    return TemplateResponse(
        request,
        partial(request, "manage/usage.html", "tables"),
        {
            "month": month,
            "months": months,
            "month_choices": sorted(
                {m.key.date().replace(day=1) for m in months if m.key}
                | {timezone.localdate().replace(day=1)},
                reverse=True,
            ),
            "trainees": trainees,
            "cohorts": usage.usage_by_cohort(month),
            "sessions": usage.usage_by_session(month),
            "total": usage.total(trainees),
            "currency": settings.COST_CURRENCY,
            "prices": settings.MODEL_PRICES,
            "patient_model": settings.PATIENT_MODEL,
            "roles": totals_by_role(calls),
            "outcomes": outcomes(calls),
            "guard_trips": guard_trips(calls),
            # This process's breakers (each web and worker process keeps its own).
            "breakers": breaker_states(),
        },
    )


@role_required(*ADMIN)
def model_calls_page(request: ManageRequest) -> TemplateResponse:
    """The audit trail of model calls: role, model, host, tokens, latency, outcome."""
    calls = ModelCall.objects.select_related("user", "turn__session")
    role = request.GET.get("role", "")
    if role in ModelCall.Role.values:
        calls = calls.filter(role=role)
    outcome = request.GET.get("outcome", "")
    if outcome:
        calls = calls.filter(outcome=outcome)
    page = Paginator(calls, 50).get_page(request.GET.get("page"))
    return TemplateResponse(
        request,
        "manage/model_calls.html",
        {
            "page": page,
            "calls": page.object_list,
            "role": role,
            "roles": ModelCall.Role.choices,
            "outcome": outcome,
            "outcomes": [
                "accepted",
                "rejected",
                "ok",
                "error",
                "timeout",
                "cut",
                "closed",
                "circuit_open",
            ],
            "log_text": settings.LLM_LOG_TEXT,
            "retention_days": settings.LLM_LOG_RETENTION_DAYS,
        },
    )


@role_required(*ADMIN)
def audit_page(request: ManageRequest) -> TemplateResponse:
    events = AuditEvent.objects.select_related("actor")
    verb = request.GET.get("verb", "")
    if verb in AuditEvent.Verb.values:
        events = events.filter(verb=verb)
    target = request.GET.get("target", "")
    if target:
        events = events.filter(target_type=target)
    page = Paginator(events, 50).get_page(request.GET.get("page"))
    return TemplateResponse(
        request,
        partial(request, "manage/audit.html", "results"),
        {
            "page": page,
            "events": page.object_list,
            "verb": verb,
            "verbs": AuditEvent.Verb.choices,
            "target": target,
            "targets": ["case", "cohort", "assignment", "user"],
        },
    )
