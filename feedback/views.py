"""Supervisor pages. A supervisor sees only the trainees of their own cohorts.

Dashboard, trainee drill-down, session review (override codes, pin comments, mark
reviewed) and the CSV exports. Access: `role_required` for the role, then the
selectors for the object; anything the viewer may not see is a 404.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from uuid import UUID

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseRedirect,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.access import role_required
from accounts.http import AuthenticatedHttpRequest
from accounts.models import Role, User
from practice.models import PracticeSession, Turn
from practice.selectors import viewable_sessions

from . import analytics, reports
from .exports import code_rows, csv_safe_row, score_rows
from .forms import CommentForm, FilterForm
from .models import Annotation
from .presenters import correction_choices
from .review_services import (
    ReviewError,
    add_comment,
    correct_turn,
    mark_reviewed,
    override_codes,
    release_feedback,
)
from .scoring_services import score_for

SUPERVISING = (Role.SUPERVISOR, Role.PROGRAM_ADMIN)
TRAINEES_PER_PAGE = 25


def _filters(request: AuthenticatedHttpRequest) -> tuple[FilterForm, analytics.Filters]:
    cohorts = analytics.scoped_cohorts(request.user)
    form = FilterForm(request.GET, cohorts=cohorts)
    return form, form.filters()


@role_required(*SUPERVISING)
def dashboard(request: AuthenticatedHttpRequest) -> TemplateResponse:
    user: User = request.user
    form, filters = _filters(request)
    cohorts = list(analytics.scoped_cohorts(user))
    scores = analytics.scores_in_scope(user, filters)
    trainees = analytics.scoped_trainees(user, filters).order_by(
        "display_name", "username"
    )
    page = Paginator(trainees, TRAINEES_PER_PAGE).get_page(request.GET.get("page"))
    queue = analytics.awaiting_review(scores)
    if analytics.uses_rollups(filters):
        # No case or date filter: one rollup row per trainee replaces their scores and
        # reviews (heat map, trainee rows, queue size and agreement).
        summaries = analytics.summaries_in_scope(user, filters)
        heat_map = analytics.heat_map_from_summaries(user, filters, cohorts)
        rows = analytics.trainee_rows_from_summaries(
            page.object_list, summaries, blind=filters.blind
        )
        queue_count, reviewed_count = analytics.review_totals(summaries)
        reviewed_sessions, agreement, families = analytics.agreement_from_summaries(
            summaries, reviewed_sessions=reviewed_count
        )
    else:
        heat_map = analytics.heat_map(user, filters, cohorts)
        rows = analytics.trainee_rows(page.object_list, scores, blind=filters.blind)
        queue_count = queue.count()
        reviewed_sessions, agreement, families = analytics.agreement(scores)
    risky = analytics.trainees_with_risk(queue)
    for row in rows:
        row.risk = row.user.pk in risky
    return TemplateResponse(
        request,
        "feedback/dashboard.html",
        {
            "form": form,
            "filters": filters,
            "querystring": filters.querystring(),
            "cohorts": cohorts,
            "skills": analytics.SKILL_LABELS,
            "heat_map": heat_map,
            "page": page,
            "rows": rows,
            "queue": [
                (s, analytics.display_name(s.trainee, blind=filters.blind))
                for s in queue[:10]
            ],
            "queue_count": queue_count,
            "reviewed_sessions": reviewed_sessions,
            "agreement": agreement,
            "family_agreement": families,
        },
    )


def _trainee_for(
    request: AuthenticatedHttpRequest, code: str, filters: analytics.Filters
) -> User:
    """The trainee whose code this is, if in the viewer's scope; else 404."""
    # Codes are one-way (an HMAC of the id), so match them within the viewer's scope:
    # a trainee outside it is never found, whatever the code.
    scope = analytics.scoped_trainees(request.user, analytics.Filters())
    for pk in scope.values_list("pk", flat=True):
        if analytics.trainee_code(pk) == code:
            return User.objects.get(pk=pk)
    raise Http404("No such trainee.")


@role_required(*SUPERVISING)
def trainee_detail(request: AuthenticatedHttpRequest, code: str) -> TemplateResponse:
    blind = request.GET.get("blind") == "1"
    trainee = _trainee_for(request, code, analytics.Filters())
    scores = analytics.trainee_scores(trainee.pk)
    return TemplateResponse(
        request,
        "feedback/trainee.html",
        {
            "trainee": trainee,
            "name": analytics.display_name(trainee, blind=blind),
            "blind": blind,
            "scores": scores,
            "trajectories": analytics.trajectories(scores),
        },
    )


def _session_for_reviewer(
    request: AuthenticatedHttpRequest, session_uuid: UUID
) -> PracticeSession:
    return get_object_or_404(viewable_sessions(request.user), uuid=session_uuid)


@role_required(*SUPERVISING)
def review(request: AuthenticatedHttpRequest, session_uuid: UUID) -> TemplateResponse:
    session = _session_for_reviewer(request, session_uuid)
    blind = request.GET.get("blind") == "1"
    context = reports.session_context(session)
    context.update(
        {
            "trainee_name": analytics.display_name(session.trainee, blind=blind),
            "trainee_code": analytics.trainee_code(session.trainee_id),
            "blind": blind,
            "reviewer": True,
            "choices": correction_choices(),
        }
    )
    return TemplateResponse(request, "feedback/review.html", context)


def _correction_target(
    request: AuthenticatedHttpRequest, session_uuid: UUID, turn_uuid: UUID
) -> tuple[PracticeSession, Turn, Annotation]:
    session = _session_for_reviewer(request, session_uuid)
    turn = get_object_or_404(Turn, uuid=turn_uuid, session=session)
    annotation = Annotation.objects.current_for_turn(turn.pk)
    if annotation is None:
        raise Http404("This turn has no annotation to correct.")
    return session, turn, annotation


def _posted(request: AuthenticatedHttpRequest, name: str) -> str | None:
    """A posted field's value, or None when the form did not send it (keep as is)."""
    return request.POST.get(name) if name in request.POST else None


@require_POST
@role_required(*SUPERVISING)
def override(
    request: AuthenticatedHttpRequest, session_uuid: UUID, turn_uuid: UUID
) -> HttpResponse:
    """Correct one sentence: behaviour codes, question kind, reflection depth,
    Socratic type and Padesky stage."""
    session, turn, annotation = _correction_target(request, session_uuid, turn_uuid)
    try:
        index = int(request.POST.get("utterance", ""))
    except ValueError:
        return _corrected(
            request, session, turn, error="Choose which sentence to correct."
        )
    try:
        override_codes(
            annotation=annotation,
            utterance_index=index,
            codes=request.POST.getlist("codes"),
            coder=request.user,
            question=_posted(request, "question"),
            reflection=_posted(request, "reflection"),
            socratic_type=_posted(request, "socratic"),
            padesky_stage=_posted(request, "padesky"),
        )
    except ReviewError as error:
        return _corrected(request, session, turn, error=str(error))
    return _corrected(request, session, turn, done=f"Sentence {index + 1} corrected.")


@require_POST
@role_required(*SUPERVISING)
def correct_levels(
    request: AuthenticatedHttpRequest, session_uuid: UUID, turn_uuid: UUID
) -> HttpResponse:
    """Correct a whole message: its three EPITOME levels and its flags."""
    session, turn, annotation = _correction_target(request, session_uuid, turn_uuid)
    try:
        correct_turn(
            annotation=annotation,
            coder=request.user,
            levels={
                name: _posted(request, name)
                for name in ("emotional_reactions", "interpretations", "explorations")
            },
            # The form always sends `flags_sent`, so no box ticked means "no flags".
            flags=request.POST.getlist("flags")
            if "flags_sent" in request.POST
            else None,
        )
    except ReviewError as error:
        return _corrected(request, session, turn, error=str(error))
    return _corrected(
        request, session, turn, done="Empathy levels and flags corrected."
    )


def _corrected(
    request: AuthenticatedHttpRequest,
    session: PracticeSession,
    turn: Turn,
    *,
    done: str = "",
    error: str = "",
) -> HttpResponse:
    """htmx: the turn's correction forms and its annotation, swapped in place (plus
    the scores when the rescoring has already run). Otherwise back to the page."""
    if request.headers.get("HX-Request") != "true":
        if error:
            messages.error(request, error)
        else:
            messages.success(request, done)
        return _back_to(session, turn)
    turns = {t.pk: t for t in reports.reviewed_transcript(session)}
    shown = turns[turn.pk]
    score = score_for(session)
    context = reports.report_data(session, score)
    context.update(
        {
            "session": session,
            "turn": shown,
            "annotation": shown.annotation,  # type: ignore[attr-defined]
            "reviewer": True,
            "choices": correction_choices(),
            "done": done,
            "error": error,
            "scoring_pending": score is None and not session.is_active,
        }
    )
    return TemplateResponse(request, "feedback/partials/_corrected.html", context)


@require_POST
@role_required(*SUPERVISING)
def comment(
    request: AuthenticatedHttpRequest, session_uuid: UUID
) -> HttpResponseRedirect:
    session = _session_for_reviewer(request, session_uuid)
    form = CommentForm(request.POST)
    turn = None
    if form.is_valid():
        if form.cleaned_data["turn"]:
            turn = get_object_or_404(
                Turn, uuid=form.cleaned_data["turn"], session=session
            )
        try:
            add_comment(
                session=session,
                author=request.user,
                text=form.cleaned_data["text"],
                turn=turn,
            )
        except ReviewError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request, "Comment saved; the trainee sees it on their report."
            )
    else:
        messages.error(
            request, "Write a comment (up to 2,000 characters) before saving."
        )
    return _back_to(session, turn)


@require_POST
@role_required(*SUPERVISING)
def reviewed(
    request: AuthenticatedHttpRequest, session_uuid: UUID
) -> HttpResponseRedirect:
    session = _session_for_reviewer(request, session_uuid)
    try:
        mark_reviewed(session=session, reviewer=request.user)
    except ReviewError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Session marked reviewed.")
    return _back_to(session, None)


@require_POST
@role_required(*SUPERVISING)
def release(
    request: AuthenticatedHttpRequest, session_uuid: UUID
) -> HttpResponseRedirect:
    """Release a held assessment's report to its trainee."""
    session = _session_for_reviewer(request, session_uuid)
    try:
        release_feedback(session=session, released_by=request.user)
    except ReviewError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Feedback released to the trainee.")
    return _back_to(session, None)


def _back_to(session: PracticeSession, turn: Turn | None) -> HttpResponseRedirect:
    url = reverse("feedback:review", args=[session.uuid])
    return HttpResponseRedirect(f"{url}#turn-{turn.uuid}" if turn else url)


# --- exports -----------------------------------------------------------------------------


class _Echo:
    """A file-like object whose write returns the line (streaming CSV, Django docs)."""

    def write(self, value: str) -> str:
        return value


def _csv_response(rows: Iterator[list[object]], filename: str) -> StreamingHttpResponse:
    writer = csv.writer(_Echo())
    response = StreamingHttpResponse(
        # Every cell goes through csv_safe: names and utterances are user text.
        (writer.writerow(csv_safe_row(row)) for row in rows),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@role_required(*SUPERVISING)
def export_scores(request: AuthenticatedHttpRequest) -> StreamingHttpResponse:
    _, filters = _filters(request)
    scores = analytics.scores_in_scope(request.user, filters)

    return _csv_response(score_rows(scores, blind=filters.blind), "session-scores.csv")


@role_required(*SUPERVISING)
def export_codes(request: AuthenticatedHttpRequest) -> StreamingHttpResponse:
    _, filters = _filters(request)
    scores = analytics.scores_in_scope(request.user, filters)

    return _csv_response(code_rows(scores, blind=filters.blind), "turn-codes.csv")
