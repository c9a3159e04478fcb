"""Session scoring workflow: when a session ends, score it once and store the result.

`feedback.dispatch.request_session_scoring` runs when practice announces
`session_ended` and acts after commit: production enqueues a Celery task with the
session id; embedded and test modes (`ANNOTATION_DISPATCH == "inprocess"`) score
inline. `score_session` is the idempotent service both paths run. Pages never score:
they read what is stored and show "Scoring…" until it is there; the periodic sweep
re-enqueues sessions whose scoring was lost.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from feedback.rubrics import TurnAnnotation
from feedback.rubrics import scoring as scoring_engine
from feedback.rubrics.scoring import SKILL_KEYS, TurnRecord
from feedback.rubrics.scoring import score_session as score_engine
from feedback.services import annotate_turn
from practice.models import PracticeSession, Turn, as_speaker

from .engines import get_annotator
from .models import Annotation, SessionScore
from .rollups import refresh_trainee_summary

if TYPE_CHECKING:
    from feedback.rubrics.scoring import TurnRecord

logger = logging.getLogger(__name__)


def current_versions() -> tuple[str, str]:
    """(rubric version, scoring version) that pages read and new scores use."""

    # Read from the module at call time: a version bump (or a test) changes it.
    return get_annotator().rubric_version, scoring_engine.SCORING_VERSION


def turn_records(session: PracticeSession, *, rubric_version: str) -> list[TurnRecord]:
    """The session's complete turns as the pure scorer reads them (two queries)."""

    turns = list(
        Turn.objects.filter(session=session, status=Turn.Status.COMPLETE)
        .order_by("index")
        .values("pk", "index", "speaker", "text", "state_after", "moves")
    )
    annotations = Annotation.objects.current_for_session(
        session.pk, rubric_version=rubric_version
    )
    records = []
    for t in turns:
        current = annotations.get(t["pk"])
        data = current.data if current is not None else None
        records.append(
            TurnRecord(
                index=t["index"],
                speaker=as_speaker(t["speaker"]),
                text=t["text"],
                annotation=TurnAnnotation.model_validate(data) if data else None,
                state=t["state_after"],
                moves=tuple(t["moves"] or ()),
            )
        )
    return records


def score_session(*, session_id: int) -> SessionScore | None:
    """Compute and store the session's scores once per (rubric, scoring) version.

    Turns the annotator has not reached yet are annotated here first, synchronously
    (outside any transaction: the annotator may call a model). Returns None for a
    session that is gone or still running.
    """

    session = (
        PracticeSession.objects.select_related("case_version").filter(pk=session_id).first()
    )
    if session is None or session.is_active:
        return None  # deleted since it was enqueued, or not finished: nothing to do
    rubric_version, scoring_version = current_versions()
    existing = SessionScore.objects.filter(
        session=session, rubric_version=rubric_version, scoring_version=scoring_version
    ).first()
    if existing is not None:
        return existing
    missing = (
        Turn.objects.filter(
            session=session, speaker=Turn.Speaker.TRAINEE, status=Turn.Status.COMPLETE
        )
        .exclude(annotations__rubric_version=rubric_version)
        .values_list("pk", flat=True)
    )
    for turn_id in list(missing):
        annotate_turn(turn_id=turn_id)
    scores = score_engine(turn_records(session, rubric_version=rubric_version))
    skills = scores.skill_values

    try:
        with transaction.atomic():
            score = SessionScore.objects.create(
                session=session,
                rubric_version=rubric_version,
                scoring_version=scoring_version,
                trainee_id=session.trainee_id,
                case_id=session.case_version.case_id,
                started_at=session.started_at,
                ended_at=session.ended_at,
                too_short=scores.too_short,
                data=scores.model_dump(mode="json"),
                **{key: skills.get(key) for key in SKILL_COLUMNS},
            )
            # Same transaction: the dashboard's rollup never misses a committed
            # score, and a rolled-back score never reaches it.
            refresh_trainee_summary(
                trainee_id=session.trainee_id,
                rubric_version=rubric_version,
                scoring_version=scoring_version,
            )
            return score
    except IntegrityError:
        # Another delivery of the same task won the race: keep its row.
        return SessionScore.objects.get(
            session=session, rubric_version=rubric_version, scoring_version=scoring_version
        )


# SessionScore's skill columns are named after the skills' keys.
SKILL_COLUMNS: tuple[str, ...] = SKILL_KEYS


def score_for(session: PracticeSession) -> SessionScore | None:
    """The session's stored score under the current versions, or None.

    Only reads: scoring runs in the task (it may annotate turns and call a model),
    never in a page's request. A finished session without a score is being scored.
    """
    rubric_version, scoring_version = current_versions()
    return SessionScore.objects.filter(
        session=session, rubric_version=rubric_version, scoring_version=scoring_version
    ).first()


def is_scored(*, session_id: int) -> bool:
    """Whether the session has its score under the current versions (one query)."""
    rubric_version, scoring_version = current_versions()
    return SessionScore.objects.filter(
        session_id=session_id,
        rubric_version=rubric_version,
        scoring_version=scoring_version,
    ).exists()


def unscored_session_ids(*, older_than_seconds: int, limit: int = 200) -> list[int]:
    """Ended sessions still without a score under the current versions."""
    rubric_version, scoring_version = current_versions()
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    scored = SessionScore.objects.filter(
        rubric_version=rubric_version, scoring_version=scoring_version
    )
    return list(
        PracticeSession.objects.exclude(status=PracticeSession.Status.ACTIVE)
        .filter(ended_at__lt=cutoff)
        .exclude(pk__in=scored.values("session_id"))
        .order_by("ended_at")
        .values_list("pk", flat=True)[:limit]
    )
