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
from typing import TYPE_CHECKING, Any, NamedTuple

from django.db import IntegrityError, transaction
from django.db.models import F, OuterRef, Subquery
from django.utils import timezone

from feedback.rubrics import TurnAnnotation
from feedback.rubrics import scoring as scoring_engine
from feedback.rubrics.scoring import SKILL_KEYS, TurnRecord
from feedback.rubrics.scoring import score_session as score_engine
from feedback.services import annotate_turn
from practice.models import PracticeSession, Turn, as_speaker

from . import corrections
from .engines import get_annotator
from .models import Annotation, CodeOverride, SessionScore, TurnCorrection
from .rollups import refresh_trainee_summary

if TYPE_CHECKING:
    from feedback.rubrics.scoring import TurnRecord

logger = logging.getLogger(__name__)


def current_versions() -> tuple[str, str]:
    """(rubric version, scoring version) that pages read and new scores use."""

    # Read from the module at call time: a version bump (or a test) changes it.
    return get_annotator().rubric_version, scoring_engine.SCORING_VERSION


def turn_records(session: PracticeSession, *, rubric_version: str) -> list[TurnRecord]:
    """The session's complete turns as the pure scorer reads them (four queries).

    A turn a supervisor corrected is read with the correction (the current annotation
    of the turn), and its moves (what the key moments say the trainee did) follow it.
    """
    return corrected_turn_records(session, rubric_version=rubric_version).records


class CorrectedRecords(NamedTuple):
    records: list[TurnRecord]
    # Fingerprint of the corrections included ("" = none) and the corrected turns' indices.
    fingerprint: str
    corrected: frozenset[int]


def corrected_turn_records(
    session: PracticeSession, *, rubric_version: str
) -> CorrectedRecords:
    """`turn_records`, the fingerprint of the corrections they include and which turns
    were corrected."""
    turns = list(
        Turn.objects.filter(session=session, status=Turn.Status.COMPLETE)
        .order_by("index")
        .values("pk", "index", "speaker", "text", "state_after", "moves")
    )
    annotations = Annotation.objects.current_for_session(
        session.pk, rubric_version=rubric_version
    )
    found = corrections.load(a.pk for a in annotations.values())
    corrected: list[tuple[int, dict[str, Any]]] = []
    indices: set[int] = set()
    records = []
    for t in turns:
        current = annotations.get(t["pk"])
        data: dict[str, Any] | None = None
        moves = tuple(t["moves"] or ())
        if current is not None:
            overrides, turn_correction = found.for_annotation(current.pk)
            data, changes = corrections.effective_data(
                current.data, overrides, turn_correction
            )
            if changes:
                corrected.append((t["pk"], data))
                indices.add(t["index"])
                moves = corrections.moves_from(data)
        records.append(
            TurnRecord(
                index=t["index"],
                speaker=as_speaker(t["speaker"]),
                text=t["text"],
                annotation=TurnAnnotation.model_validate(data) if data else None,
                state=t["state_after"],
                moves=moves,
            )
        )
    return CorrectedRecords(records, corrections.digest(corrected), frozenset(indices))


def score_session(*, session_id: int) -> SessionScore | None:
    """Compute and store the session's scores once per (rubric, scoring) version and
    set of supervisor corrections.

    The first scoring stores revision 0. After a supervisor corrects a turn the same
    task runs again and, when the corrections differ from those the latest row was
    computed with, adds revision n + 1 marked supervisor-corrected (rows are never
    edited). Turns the annotator has not reached yet are annotated here first, synchronously
    (outside any transaction: the annotator may call a model). Returns None for a
    session that is gone or still running.
    """
    session = (
        PracticeSession.objects.select_related("case_version")
        .filter(pk=session_id)
        .first()
    )
    if session is None or session.is_active:
        return None  # deleted since it was enqueued, or not finished: nothing to do
    rubric_version, scoring_version = current_versions()
    versions = SessionScore.objects.filter(
        session=session, rubric_version=rubric_version, scoring_version=scoring_version
    )
    latest = versions.order_by("-revision").first()
    if latest is None:
        missing = (
            Turn.objects.filter(
                session=session,
                speaker=Turn.Speaker.TRAINEE,
                status=Turn.Status.COMPLETE,
            )
            .exclude(annotations__rubric_version=rubric_version)
            .values_list("pk", flat=True)
        )
        for turn_id in list(missing):
            annotate_turn(turn_id=turn_id)
    records, fingerprint, _ = corrected_turn_records(
        session, rubric_version=rubric_version
    )
    if latest is not None and latest.corrections == fingerprint:
        # Scored with exactly these corrections already (a redelivery, or a
        # correction that repeats the annotator's reading): nothing new to store.
        return latest
    revision = 0 if latest is None else latest.revision + 1
    scores = score_engine(records)
    skills = scores.skill_values

    try:
        with transaction.atomic():
            score = SessionScore.objects.create(
                session=session,
                rubric_version=rubric_version,
                scoring_version=scoring_version,
                revision=revision,
                # A rescoring after a correction is supervisor-corrected even when the
                # correction was taken back: it was a supervisor who asked for it.
                supervisor_corrected=bool(fingerprint) or revision > 0,
                corrections=fingerprint,
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
        return versions.order_by("-revision").first()


# SessionScore's skill columns are named after the skills' keys.
SKILL_COLUMNS: tuple[str, ...] = SKILL_KEYS


def score_for(session: PracticeSession) -> SessionScore | None:
    """The session's stored score under the current versions, or None.

    Only reads: scoring runs in the task (it may annotate turns and call a model),
    never in a page's request. A finished session without a score is being scored.
    """
    rubric_version, scoring_version = current_versions()
    return (
        SessionScore.objects.filter(
            session=session,
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        )
        .order_by("-revision")
        .first()
    )


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


def stale_corrected_session_ids(
    *, older_than_seconds: int, within_seconds: int = 86_400, limit: int = 200
) -> list[int]:
    """Ended sessions whose latest score misses a supervisor's correction.

    The rescoring after a correction is a task like any other and can be lost (a
    broker outage). Candidates: corrections saved after the session's latest score,
    within the last day (a correction that repeats the annotator's reading never
    changes the score, so it must not be retried for ever); kept when the corrections
    they fingerprint differ from those the latest score used.
    """
    rubric_version, scoring_version = current_versions()
    now = timezone.now()
    latest = (
        SessionScore.objects.filter(
            session_id=OuterRef("turn__session_id"),
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        )
        .order_by("-revision")
        .values("computed_at")[:1]
    )
    candidates: set[int] = set()
    for model in (CodeOverride, TurnCorrection):
        candidates.update(
            model.objects.filter(
                updated_at__lt=now - timedelta(seconds=older_than_seconds),
                updated_at__gt=now - timedelta(seconds=within_seconds),
            )
            .annotate(scored_at=Subquery(latest))
            .filter(scored_at__lt=F("updated_at"))
            .values_list("turn__session_id", flat=True)[:limit]
        )
    stale = []
    for session in PracticeSession.objects.filter(pk__in=candidates).exclude(
        status=PracticeSession.Status.ACTIVE
    ):
        score = score_for(session)
        fingerprint = corrected_turn_records(
            session, rubric_version=rubric_version
        ).fingerprint
        if score is not None and score.corrections != fingerprint:
            stale.append(session.pk)
    return sorted(stale)[:limit]
