"""Annotations of trainee turns. Stored results are never recomputed: a new
rubric version or another annotator adds rows next to the old ones."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models

from feedback.rubrics import TurnAnnotation
from feedback.rubrics.scoring import SKILL_KEYS, SessionScores

from .presenters import annotation_view

if TYPE_CHECKING:
    from feedback.rubrics import TurnAnnotation
    from feedback.rubrics.scoring import SessionScores


class AnnotationQuerySet(models.QuerySet["Annotation"]):
    """The one definition of "the current annotation of a turn": its newest row.

    Rows are never edited; a re-annotation (another annotator or rubric version)
    adds a row, and the newest one is what every page, the scorer and the review
    show (ties on the timestamp go to the later row).
    """

    def current_by_turn(self) -> dict[int, Annotation]:
        """{turn id: current annotation} over the rows of this queryset."""
        current: dict[int, Annotation] = {}
        for annotation in self.order_by("turn_id", "created_at", "pk"):
            current[annotation.turn_id] = annotation
        return current

    def current_for_session(
        self, session_id: int, *, rubric_version: str | None = None
    ) -> dict[int, Annotation]:
        """{turn id: current annotation} for a session's turns (one query)."""
        rows = self.filter(turn__session_id=session_id)
        if rubric_version is not None:
            rows = rows.filter(rubric_version=rubric_version)
        return rows.current_by_turn()

    def current_for_turn(self, turn_id: int) -> Annotation | None:
        return self.filter(turn_id=turn_id).order_by("-created_at", "-pk").first()


class Annotation(models.Model):
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    turn = models.ForeignKey(
        "practice.Turn", on_delete=models.CASCADE, related_name="annotations"
    )
    annotator = models.CharField(max_length=200)
    rubric_version = models.CharField(max_length=40)
    # The engine's TurnAnnotation as JSON.
    data = models.JSONField()
    # True when an LLM result was rejected and the offline result kept instead.
    fallback = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    duration_ms = models.PositiveIntegerField(default=0)
    # What the annotation cost (LLM annotator only), for usage and budgets.
    model = models.CharField(max_length=100, blank=True)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)

    objects = AnnotationQuerySet.as_manager()

    class Meta:
        ordering = ["turn", "-created_at"]
        constraints = [
            # A redelivered task cannot add a second row for the same work.
            models.UniqueConstraint(
                fields=["turn", "annotator", "rubric_version"],
                name="feedback_annotation_unique_per_version",
            )
        ]

    def __str__(self) -> str:
        return f"{self.turn} · {self.annotator} {self.rubric_version}"

    @property
    def view(self) -> dict[str, object]:
        return annotation_view(self.data)

    @property
    def result(self) -> TurnAnnotation:
        return TurnAnnotation.model_validate(self.data)


# --- session scores, review and the formulation exercise ------------------------------


class SessionScoreQuerySet(models.QuerySet["SessionScore"]):
    def current(self) -> SessionScoreQuerySet:
        """Only each session's newest revision per version (what every page reads).

        A supervisor's correction adds a revision instead of editing the old row, so
        "the session's score" is the row no newer revision supersedes.
        """
        newer = SessionScore.objects.filter(
            session_id=models.OuterRef("session_id"),
            rubric_version=models.OuterRef("rubric_version"),
            scoring_version=models.OuterRef("scoring_version"),
            revision__gt=models.OuterRef("revision"),
        )
        return self.filter(~models.Exists(newer))


class SessionScore(models.Model):
    """A finished session's scores under one rubric and scoring version.

    Computed once when the session ends and never recomputed: a new version adds a
    row. The skill columns and the trainee/case/date copies are denormalised from
    `data` and the session so the dashboard and progress pages read this table alone
    (one row per session instead of 25 turns and their annotations).
    """

    session = models.ForeignKey(
        "practice.PracticeSession", on_delete=models.CASCADE, related_name="scores"
    )
    rubric_version = models.CharField(max_length=40)
    scoring_version = models.CharField(max_length=40)
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    case = models.ForeignKey(
        "patients.Case", on_delete=models.PROTECT, related_name="+"
    )
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    too_short = models.BooleanField(default=False)
    reflective_listening = models.PositiveSmallIntegerField(null=True, blank=True)
    questioning = models.PositiveSmallIntegerField(null=True, blank=True)
    guided_discovery = models.PositiveSmallIntegerField(null=True, blank=True)
    empathy = models.PositiveSmallIntegerField(null=True, blank=True)
    collaboration = models.PositiveSmallIntegerField(null=True, blank=True)
    # The engine's SessionScores as JSON (metrics, bands, counts, outcome).
    data = models.JSONField()
    computed_at = models.DateTimeField(auto_now_add=True)
    # 0 = the annotator's codes; each rescoring after a supervisor's correction adds
    # revision n + 1 (the old rows stay as they were).
    revision = models.PositiveSmallIntegerField(default=0)
    supervisor_corrected = models.BooleanField(default=False)
    # Fingerprint of the corrections this row was computed with ("" = none), so a
    # redelivered rescoring task finds its row instead of adding another.
    corrections = models.CharField(max_length=64, blank=True, default="")

    objects = SessionScoreQuerySet.as_manager()

    class Meta:
        constraints = [
            # Idempotent scoring: a redelivered task cannot add a second row.
            models.UniqueConstraint(
                fields=["session", "rubric_version", "scoring_version", "revision"],
                name="feedback_sessionscore_unique_per_revision",
            )
        ]
        indexes = [
            # Progress page, drill-down and dashboard trajectories: one trainee's
            # scores in date order (WHERE trainee_id IN … AND versions ORDER BY
            # started_at), also the window behind the cohort heat map's "latest".
            models.Index(
                fields=["trainee", "rubric_version", "scoring_version", "started_at"],
                name="feedback_score_trainee_time",
            ),
            # Dashboard filters by case and date over the cohorts' scores.
            models.Index(
                fields=["case", "started_at"], name="feedback_score_case_time"
            ),
            # Dashboard "awaiting review" queue: versions = … AND NOT EXISTS(review)
            # ORDER BY ended_at DESC LIMIT 10, read newest first off this index.
            models.Index(
                fields=["rubric_version", "scoring_version", "-ended_at"],
                name="feedback_score_queue",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} · {self.rubric_version}/{self.scoring_version}"

    @property
    def skill_values(self) -> list[int | None]:
        """The skill columns in the order of the skills list (`SKILL_KEYS`)."""
        return [getattr(self, key) for key in SKILL_KEYS]

    @property
    def result(self) -> SessionScores:
        return SessionScores.model_validate(self.data)


class TraineeSummary(models.Model):
    """Rollup of one trainee's scores and reviews under one rubric and scoring version.

    Derived data only: `feedback.rollups.refresh_trainee_summary` recomputes the row
    from the trainee's `SessionScore` and `SessionReview` rows whenever a session is
    scored or reviewed (inside the same transaction), and `rescore_sessions` /
    `seed_scale` rebuild them, so recomputing always gives the same row. The unfiltered
    dashboard reads one row per trainee here instead of every score and review.
    """

    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    rubric_version = models.CharField(max_length=40)
    scoring_version = models.CharField(max_length=40)
    # Scores under these versions, too-short sessions included (the review queue).
    scored = models.PositiveIntegerField(default=0)
    # Scores that are not too short: the sessions the skill columns describe.
    sessions = models.PositiveIntegerField(default=0)
    # Scored sessions a supervisor marked reviewed, and their summed 2x2 tables.
    reviewed = models.PositiveIntegerField(default=0)
    agreement = models.JSONField(default=dict)
    # Heat-map inputs: the newest session's skill score, and the mean of the three
    # newest sessions minus the mean of the three before them (nulls skipped).
    reflective_listening_latest = models.PositiveSmallIntegerField(
        null=True, blank=True
    )
    questioning_latest = models.PositiveSmallIntegerField(null=True, blank=True)
    guided_discovery_latest = models.PositiveSmallIntegerField(null=True, blank=True)
    empathy_latest = models.PositiveSmallIntegerField(null=True, blank=True)
    collaboration_latest = models.PositiveSmallIntegerField(null=True, blank=True)
    reflective_listening_trend = models.FloatField(null=True, blank=True)
    questioning_trend = models.FloatField(null=True, blank=True)
    guided_discovery_trend = models.FloatField(null=True, blank=True)
    empathy_trend = models.FloatField(null=True, blank=True)
    collaboration_trend = models.FloatField(null=True, blank=True)
    # The dashboard's trainee row: latest non-null score and trend per skill, and the
    # sparkline's values (`feedback.analytics.TraineeDigest`).
    digest = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            # One rollup per trainee and versions. Its index also serves the
            # dashboard's reads: the trainee rows of one page
            # (WHERE trainee_id IN (page) AND versions) and the heat map, totals and
            # agreement sums (versions AND trainee_id IN (cohort members)).
            models.UniqueConstraint(
                fields=["trainee", "rubric_version", "scoring_version"],
                name="feedback_traineesummary_unique_per_version",
            )
        ]

    def __str__(self) -> str:
        return f"{self.trainee_id} · {self.rubric_version}/{self.scoring_version}"


class SessionReview(models.Model):
    """A supervisor marked the session reviewed; keeps the agreement tables."""

    session = models.OneToOneField(
        "practice.PracticeSession", on_delete=models.CASCADE, related_name="review"
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    reviewed_at = models.DateTimeField()
    # Per code, the 2x2 table [both, annotator only, supervisor only, neither] over
    # this session's utterances, so the dashboard sums tables instead of re-reading
    # every annotation of every reviewed session.
    agreement = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"review of {self.session_id}"


class CodeOverride(models.Model):
    """A supervisor's reading of one utterance of a trainee turn: behaviour codes,
    question kind, reflection depth, Socratic type and Padesky stage ("" = none).

    The row holds the whole reading of the utterance, so the current annotation of
    the utterance is this row when it exists; `original_codes` and `original` keep
    what the annotator said.
    """

    turn = models.ForeignKey(
        "practice.Turn", on_delete=models.CASCADE, related_name="code_overrides"
    )
    annotation = models.ForeignKey(
        Annotation, on_delete=models.CASCADE, related_name="overrides"
    )
    utterance_index = models.PositiveSmallIntegerField()
    original_codes = models.JSONField(default=list)
    codes = models.JSONField(default=list)
    question = models.CharField(max_length=10, blank=True, default="")
    reflection = models.CharField(max_length=10, blank=True, default="")
    socratic_type = models.CharField(max_length=40, blank=True, default="")
    padesky_stage = models.CharField(max_length=40, blank=True, default="")
    # The annotator's question/reflection/socratic_type/padesky_stage of the utterance.
    original = models.JSONField(default=dict)
    coder = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            # One human reading per utterance of an annotation; a new correction
            # replaces the old one.
            models.UniqueConstraint(
                fields=["annotation", "utterance_index"],
                name="feedback_codeoverride_one_per_utterance",
            )
        ]

    def __str__(self) -> str:
        return f"{self.turn_id}/{self.utterance_index}: {self.codes}"


class TurnCorrection(models.Model):
    """A supervisor's reading of a whole trainee turn: EPITOME levels and flags."""

    turn = models.ForeignKey(
        "practice.Turn", on_delete=models.CASCADE, related_name="turn_corrections"
    )
    annotation = models.OneToOneField(
        Annotation, on_delete=models.CASCADE, related_name="turn_correction"
    )
    emotional_reactions = models.PositiveSmallIntegerField(default=0)
    interpretations = models.PositiveSmallIntegerField(default=0)
    explorations = models.PositiveSmallIntegerField(default=0)
    flags = models.JSONField(default=list)
    # The annotator's levels and flags: {"emotional_reactions": 1, ..., "flags": [...]}.
    original = models.JSONField(default=dict)
    coder = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.turn_id}: levels and flags"


class ReviewComment(models.Model):
    """A supervisor's comment on a session, optionally pinned to one turn."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    session = models.ForeignKey(
        "practice.PracticeSession", on_delete=models.CASCADE, related_name="comments"
    )
    turn = models.ForeignKey(
        "practice.Turn",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="comments",
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    text = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"comment on {self.session_id}"


class FormulationAttempt(models.Model):
    """The trainee's case formulation after a session, scored against the CCD."""

    session = models.OneToOneField(
        "practice.PracticeSession", on_delete=models.CASCADE, related_name="formulation"
    )
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    answer = models.JSONField()
    # The engine's FormulationResult (per-field scores, the expected text).
    result = models.JSONField()
    total = models.PositiveSmallIntegerField()
    submitted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"formulation of {self.session_id}: {self.total}"
