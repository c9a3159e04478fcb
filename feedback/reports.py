"""Reads for the session report and the review page (access is checked by the caller).

Each function issues a fixed number of queries whatever the session's length, so the
pages' query counts are constant (asserted in tests/feedback/test_report_views.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from feedback.rubrics import CODEBOOK
from feedback.rubrics.moments import MOVE_WORDS, report_model
from feedback.rubrics.risk import review_risk
from feedback.rubrics.scoring import SessionScores
from patients.services import spec_for_version
from practice.models import Turn
from practice.templatetags.practice_tags import state_view

from .charts import LineChart, line_chart
from .corrections import LEVEL_FIELDS, LEVEL_KEYS, describe_changes, effective_data
from .corrections import load as load_corrections
from .models import (
    Annotation,
    CodeOverride,
    FormulationAttempt,
    ReviewComment,
    SessionReview,
    TurnCorrection,
)
from .presenters import CODE_LABELS, annotation_view, plain_label, utterance_line
from .scoring_services import corrected_turn_records, current_versions, score_for

if TYPE_CHECKING:
    from feedback.rubrics.moments import ReportModel
    from feedback.rubrics.risk import RiskReview
    from feedback.rubrics.scoring import TurnRecord
    from practice.models import PracticeSession

    from .models import SessionScore


@dataclass(frozen=True)
class EffectiveAnnotation:
    """A turn's current annotation: the annotator's reading with the supervisor's
    corrections applied (`feedback.corrections`), and what they changed."""

    annotation: Annotation
    data: dict[str, Any]
    changes: tuple[str, ...] = ()
    overrides: dict[int, CodeOverride] = field(default_factory=dict)
    turn_correction: TurnCorrection | None = None

    @property
    def view(self) -> dict[str, Any]:
        view = annotation_view(self.data)
        view["corrected"] = bool(self.changes)
        view["changes"] = list(self.changes)
        return view

    @property
    def overridden(self) -> bool:
        return bool(self.changes)

    @property
    def utterances(self) -> list[dict[str, Any]]:
        """One row per utterance for the review page's correction forms."""
        machine = self.annotation.data.get("utterances", [])
        rows = []
        for i, u in enumerate(self.data.get("utterances", [])):
            m = machine[i] if i < len(machine) else {}
            rows.append(
                {
                    "index": i,
                    "text": u.get("text", ""),
                    "codes": u.get("codes", []),
                    "question": u.get("question") or "",
                    "reflection": u.get("reflection") or "",
                    "socratic": u.get("socratic_type") or "",
                    "padesky": u.get("padesky_stage") or "",
                    "machine": ", ".join(utterance_line(m).labels) or "nothing to code",
                    "overridden": i in self.overrides
                    and bool(
                        describe_changes({"utterances": [m]}, {"utterances": [u]})
                    ),
                }
            )
        return rows

    @property
    def levels(self) -> list[tuple[str, str, int, int]]:
        """(field, label, current level, annotator's level) for the EPITOME selects."""
        return [
            (
                name,
                _supervisor_label(f"empathy.{LEVEL_KEYS[name]}"),
                int(self.data.get(name, 0)),
                int(self.annotation.data.get(name, 0)),
            )
            for name in LEVEL_FIELDS
        ]

    @property
    def flags(self) -> list[str]:
        return list(self.data.get("flags", []))


def _supervisor_label(key: str) -> str:
    """The rubric's own name for the review form ("Emotional reactions (ER)")."""
    entry = CODEBOOK.get(key)
    return f"{entry.label} ({key.rsplit('.', 1)[-1]})" if entry else plain_label(key)


def effective_annotations(
    annotations: dict[int, Annotation],
) -> dict[int, EffectiveAnnotation]:
    """Per turn id, the current annotation with its corrections (two queries)."""
    found = load_corrections(a.pk for a in annotations.values())
    out = {}
    for turn_id, annotation in annotations.items():
        overrides, turn = found.for_annotation(annotation.pk)
        data, changes = effective_data(annotation.data, overrides, turn)
        out[turn_id] = EffectiveAnnotation(
            annotation, data, tuple(changes), overrides, turn
        )
    return out


def reviewed_transcript(session: PracticeSession) -> list[Turn]:
    """Turns in order, each with `.annotation` (corrections applied) and `.pinned`."""
    turns = list(session.turns.order_by("index"))
    annotations = effective_annotations(
        Annotation.objects.current_for_session(session.pk)
    )
    pinned: dict[int, list[ReviewComment]] = {}
    for comment in ReviewComment.objects.filter(
        session=session, turn__isnull=False
    ).select_related("author"):
        if comment.turn_id is not None:
            pinned.setdefault(comment.turn_id, []).append(comment)
    for turn in turns:
        turn.annotation = annotations.get(turn.pk)  # type: ignore[attr-defined]
        turn.pinned = pinned.get(turn.pk, [])  # type: ignore[attr-defined]
    return turns


def session_comments(session: PracticeSession) -> list[ReviewComment]:
    return list(
        ReviewComment.objects.filter(session=session)
        .select_related("author", "turn")
        .order_by("created_at")
    )


def state_chart(model: ReportModel) -> LineChart:
    """Trust, belief in the thought and the strongest emotion over the session."""
    points = model.curve
    return line_chart(
        [str(p.turn) for p in points],
        [
            ("Trust (alliance × 100)", [p.alliance for p in points]),
            ("Belief in the thought", [p.belief for p in points]),
            ("Strongest emotion", [p.emotion for p in points]),
        ],
        width=720,
        height=240,
    )


def report_data(session: PracticeSession, score: SessionScore | None) -> dict[str, Any]:
    """Scores, curves, moments and targets of one session, for the report and review."""
    rubric_version, _ = current_versions()
    records, _, corrected = corrected_turn_records(
        session, rubric_version=rubric_version
    )
    scores: SessionScores = score.result if score is not None else SessionScores()
    model = report_model(scores, records)
    model = model.model_copy(
        update={
            # The curve's table names the trainee's moves: in words, not identifiers.
            "curve": [
                p.model_copy(update={"move": _move_words(p.move)}) for p in model.curve
            ],
            # Say so where a key moment rests on a supervisor's correction.
            "moments": [
                m.model_copy(
                    update={"text": f"{m.text} (codes corrected by the supervisor)"}
                )
                if m.turn in corrected
                else m
                for m in model.moments
            ],
        }
    )
    return {
        "score": score,
        "scores": scores,
        "report": model,
        "chart": state_chart(model),
        "code_labels": CODE_LABELS,
        # Like all feedback, hidden while an assessment is still open.
        "risk": risk_review(session, records) if session.feedback_visible else None,
        "client_rating": scores.client_rating,
        "retry": retry_comparison(session)
        if session.branch_of_id is not None
        else None,
    }


def _move_words(moves: str) -> str:
    """ "open_question, advice" → "asked an open question, offered advice"."""
    names = [m.strip() for m in moves.split(",") if m.strip()]
    return ", ".join(MOVE_WORDS.get(m, m.replace("_", " ")) for m in names)


def session_context(session: PracticeSession) -> dict[str, Any]:
    """What the trainee's report and the supervisor's review both show: scores,
    curves, moments, targets, the corrected transcript, comments, the review mark and
    the formulation attempt. Only reads: a finished session without a score is
    still being scored by the task ("Scoring…", polled until it is stored)."""
    score = score_for(session)
    session_review, attempt = review_state(session)
    context = report_data(session, score)
    context.update(
        {
            "session": session,
            "turns": reviewed_transcript(session),
            "comments": session_comments(session),
            "session_review": session_review,
            "attempt": attempt,
            "scoring_pending": score is None and not session.is_active,
        }
    )
    return context


def review_state(
    session: PracticeSession,
) -> tuple[SessionReview | None, FormulationAttempt | None]:
    """The session's review mark and formulation attempt (one query each)."""
    review = (
        SessionReview.objects.select_related("reviewed_by")
        .filter(session=session)
        .first()
    )
    attempt = FormulationAttempt.objects.filter(session=session).first()
    return review, attempt


RISK_FLAG_LABELS = {
    "passive_si": "Passive thoughts of death",
    "active_si": "Active suicidal thoughts",
    "self_harm": "Self-harm",
}


def risk_review(
    session: PracticeSession, records: list[TurnRecord]
) -> RiskReview | None:
    """The risk assessment after a suicidal disclosure, with the case's risk flags."""
    flags = spec_for_version(session.case_version).risk_flags
    return review_risk(records, flags=[RISK_FLAG_LABELS.get(f, f) for f in flags])


@dataclass(frozen=True)
class RetrySide:
    turn: Turn | None
    codes: list[str]
    before: dict[str, Any] | None
    after: dict[str, Any] | None


@dataclass(frozen=True)
class RetryComparison:
    original_session: PracticeSession
    index: int
    original: RetrySide
    retry: RetrySide

    @property
    def sides(self) -> list[tuple[str, RetrySide]]:
        return [("Original", self.original), ("Retry", self.retry)]


def _state_numbers(state: Any) -> dict[str, Any] | None:
    return state_view(state)


def _side(session: PracticeSession, index: int) -> RetrySide:
    turn = Turn.objects.filter(
        session=session, index=index, speaker=Turn.Speaker.TRAINEE
    ).first()
    before = (
        Turn.objects.filter(session=session, index__lt=index, state_after__isnull=False)
        .order_by("-index")
        .values_list("state_after", flat=True)
        .first()
    )
    codes: list[str] = []
    if turn is not None:
        annotation = (
            Annotation.objects.filter(turn=turn).order_by("-created_at").first()
        )
        if annotation is not None:
            view = annotation_view(annotation.data)
            codes = [chip.label for chip in view["chips"]]
            codes += [str(flag["label"]) for flag in view["flags"]]
    return RetrySide(
        turn=turn,
        codes=codes,
        before=_state_numbers(before),
        after=_state_numbers(turn.state_after) if turn is not None else None,
    )


def retry_comparison(session: PracticeSession) -> RetryComparison | None:
    """A branch's retried turn next to the original one: text, codes, state change."""
    original = session.branch_of
    if original is None or session.branch_index is None:
        return None
    index = session.branch_index
    return RetryComparison(
        original_session=original,
        index=index,
        original=_side(original, index),
        retry=_side(session, index),
    )
