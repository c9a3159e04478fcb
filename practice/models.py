"""Cohorts, assignments, practice sessions and their turns."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Literal

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from .realtime import close_session_sockets


class Cohort(models.Model):
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=120, unique=True)
    trainees = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="trainee_cohorts", blank=True
    )
    supervisors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="supervised_cohorts", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Mode(models.TextChoices):
    PRACTICE = "practice", "Practice"
    ASSESSMENT = "assessment", "Assessment"


class Assignment(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        IN_PROGRESS = "in_progress", "In progress"
        COMPLETED = "completed", "Completed"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    case = models.ForeignKey("patients.Case", on_delete=models.PROTECT)
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments"
    )
    cohort = models.ForeignKey(Cohort, on_delete=models.SET_NULL, null=True, blank=True)
    mode = models.CharField(max_length=12, choices=Mode.choices, default=Mode.PRACTICE)
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.PENDING
    )
    due_at = models.DateTimeField(null=True, blank=True)
    # Assessment only: the trainee's report stays hidden after submission until
    # a supervisor releases it (PracticeSession.feedback_released_at).
    hold_feedback = models.BooleanField(
        default=False,
        help_text="Assessment: hide the report until a supervisor releases it.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    # The live patient-state panel in the chat: None follows the mode (on in
    # practice, off in assessment); the assignment's author may force either.
    show_state = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["due_at", "created_at"]
        constraints = [
            # Never two active assignments of one case to one trainee.
            models.UniqueConstraint(
                fields=["trainee", "case"],
                condition=~Q(status="completed"),
                name="practice_assignment_one_active_per_case",
            )
        ]
        indexes = [
            # Assignment lists: open work by due date (overdue first).
            models.Index(
                fields=["due_at"],
                condition=~Q(status="completed"),
                name="practice_assignment_open_due",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.case} → {self.trainee}"

    @property
    def is_overdue(self) -> bool:
        return (
            self.due_at is not None
            and self.status != self.Status.COMPLETED
            and self.due_at < timezone.now()
        )

    @property
    def shows_state(self) -> bool:
        if self.show_state is not None:
            return self.show_state
        return self.mode == Mode.PRACTICE

    @property
    def can_start(self) -> bool:
        # An assessment is one attempt: once submitted, only a reset reopens it.
        return not (
            self.mode == Mode.ASSESSMENT and self.status == self.Status.COMPLETED
        )

    # State changes. Each saves only the fields it changes; the caller holds the
    # transaction (and the row lock where two requests could race).
    def start(self) -> None:
        """A session was opened on a pending assignment: it is now in progress."""
        if self.status == self.Status.PENDING:
            self.status = self.Status.IN_PROGRESS
            self.save(update_fields=["status"])

    def complete(self) -> None:
        """A session on the assignment was ended: the assignment is done."""
        if self.status != self.Status.COMPLETED:
            self.status = self.Status.COMPLETED
            self.completed_at = timezone.now()
            self.save(update_fields=["status", "completed_at"])

    def reset(self) -> None:
        """Back to pending, so the trainee can take it again."""
        self.status = self.Status.PENDING
        self.completed_at = None
        self.save(update_fields=["status", "completed_at"])


class PracticeSession(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        ENDED = "ended", "Ended"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="practice_sessions",
    )
    case_version = models.ForeignKey("patients.CaseVersion", on_delete=models.PROTECT)
    assignment = models.ForeignKey(
        Assignment,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sessions",
    )
    mode = models.CharField(max_length=12, choices=Mode.choices, default=Mode.PRACTICE)
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    seed = models.PositiveIntegerField(default=0)
    # The patient's current inner state (PatientState JSON); each turn also keeps
    # a copy of the state after it, for the report's curves.
    state = models.JSONField(default=dict)
    started_at = models.DateTimeField(default=timezone.now)
    ended_at = models.DateTimeField(null=True, blank=True)
    # Rewind and retry: a branch copies the turns of `branch_of` before the
    # trainee turn at `branch_index`, where the trainee writes a new response.
    branch_of = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="branches",
    )
    branch_index = models.PositiveIntegerField(null=True, blank=True)
    # When a supervisor released the report of a held assessment.
    feedback_released_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        indexes = [
            # History page and dashboards: a trainee's sessions, newest first.
            models.Index(
                fields=["trainee", "-started_at"], name="practice_session_hist"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.trainee} · {self.case_version}"

    def get_absolute_url(self) -> str:
        return reverse("practice:session-detail", args=[self.uuid])

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def feedback_visible(self) -> bool:
        # Assessment sessions hide feedback until the session is submitted (and
        # released, when the assignment holds it).
        return not self.report_held

    @property
    def report_held(self) -> bool:
        """True while the trainee may not read the report's content.

        An assessment shows nothing (no scores, moments, moves or curves) while
        it is open, and, when its assignment holds feedback, until a supervisor
        releases it. Practice sessions are never held.
        """
        if self.mode != Mode.ASSESSMENT:
            return False
        if self.is_active:
            return True
        assignment = self.assignment
        return (
            assignment is not None
            and assignment.hold_feedback
            and self.feedback_released_at is None
        )

    @property
    def shows_state(self) -> bool:
        """Whether the chat shows the live patient-state panel."""
        if self.assignment is not None:
            return self.assignment.shows_state
        return self.mode == Mode.PRACTICE

    @property
    def trainee_turn_count(self) -> int:
        return self.turns.filter(
            speaker=Turn.Speaker.TRAINEE, status=Turn.Status.COMPLETE
        ).count()

    def close(self, *, reason: str = "The session ended before the reply.") -> None:
        """End the session. A reply still streaming can no longer be waited for,
        so it is marked failed (never complete) with `reason`."""
        self.turns.filter(status=Turn.Status.STREAMING).update(
            status=Turn.Status.FAILED, error=reason
        )
        self.status = self.Status.ENDED
        self.ended_at = timezone.now()
        self.save(update_fields=["status", "ended_at"])
        session_uuid = self.uuid

        def close_sockets() -> None:
            close_session_sockets(session_uuid)

        # After commit (persist, then broadcast): open sockets of the session
        # are closed, so nothing more can be sent into an ended session.
        transaction.on_commit(close_sockets, robust=True)


class Turn(models.Model):
    class Speaker(models.TextChoices):
        TRAINEE = "trainee", "Trainee"
        PATIENT = "patient", "Patient"

    class Status(models.TextChoices):
        STREAMING = "streaming", "Streaming"
        COMPLETE = "complete", "Complete"
        FAILED = "failed", "Failed"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    session = models.ForeignKey(
        PracticeSession, on_delete=models.CASCADE, related_name="turns"
    )
    index = models.PositiveIntegerField()
    speaker = models.CharField(max_length=10, choices=Speaker.choices)
    text = models.TextField(blank=True)
    # The browser's id for a trainee message: a resend after a reconnect carries
    # the same id and must not become a second turn.
    client_id = models.UUIDField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices)
    error = models.CharField(max_length=200, blank=True)
    # Trainee turns: the moves the classifier saw (scoring reads them). A failed
    # reply is regenerated from the state before the turn, not from a stored copy.
    moves = models.JSONField(default=list, blank=True)
    # Patient state after this turn (PatientState JSON).
    state_after = models.JSONField(null=True, blank=True)
    responder = models.CharField(max_length=40, blank=True)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    # The model that produced the reply (prices are per model; see MODEL_PRICES).
    model = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    first_token_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "index"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "index"], name="practice_turn_unique_index"
            ),
            models.UniqueConstraint(
                fields=["session", "client_id"],
                condition=Q(client_id__isnull=False),
                name="practice_turn_unique_client_id",
            ),
        ]
        indexes = [
            # Usage and cost pages: turns that used tokens, by period. Most turns
            # (trainee turns, offline replies) use none and stay out of the index.
            models.Index(
                fields=["created_at"],
                condition=Q(prompt_tokens__gt=0) | Q(completion_tokens__gt=0),
                name="practice_turn_billed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}#{self.index} {self.speaker}"

    # State changes of a patient reply: streaming -> complete | failed, and a
    # failed reply reopened for a retry. Each saves only what it changes.
    def complete(
        self,
        *,
        text: str,
        responder: str,
        state_after: object,
        first_token_at: datetime | None,
        prompt_tokens: int = 0,
        completion_tokens: int = 0,
        model: str = "",
    ) -> None:
        self.text = text
        self.status = self.Status.COMPLETE
        self.responder = responder
        self.state_after = state_after
        self.completed_at = timezone.now()
        self.first_token_at = first_token_at
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens
        self.model = model
        self.save(
            update_fields=[
                "text",
                "status",
                "responder",
                "state_after",
                "completed_at",
                "first_token_at",
                "prompt_tokens",
                "completion_tokens",
                "model",
            ]
        )

    def fail(self, reason: str, *, first_token_at: datetime | None = None) -> None:
        """Nothing half-written is kept as complete."""
        self.status = self.Status.FAILED
        self.text = ""
        self.error = reason[:200]
        self.first_token_at = first_token_at
        self.save(update_fields=["status", "text", "error", "first_token_at"])

    def reopen(self) -> None:
        """A failed reply streams again (retry)."""
        self.status = self.Status.STREAMING
        self.text = ""
        self.error = ""
        self.created_at = timezone.now()
        self.save(update_fields=["status", "text", "error", "created_at"])

    @property
    def utterance_speaker(self) -> Literal["trainee", "patient"]:
        """The speaker as the engines type it."""
        return as_speaker(self.speaker)

    @property
    def dom_id(self) -> str:
        return f"turn-{self.uuid}"


def as_speaker(value: str) -> Literal["trainee", "patient"]:
    """Narrow a stored speaker value to the engines' literal type."""
    return "trainee" if value == Turn.Speaker.TRAINEE else "patient"


class ModelCall(models.Model):
    """One request to a model endpoint, whatever became of it (the audit trail).

    Every attempt is a row: accepted, rejected by the guard, retried, cut,
    timed out, refused by the circuit breaker. Token counts are the server's,
    or estimated from the text when it sent none (`estimated`). Budgets, the
    usage page and `llm_usage` all add up these rows. Prompt and response text
    are kept only with LLM_LOG_TEXT, and cleared after LLM_LOG_RETENTION_DAYS.
    """

    class Role(models.TextChoices):
        PATIENT = "patient", "Patient"
        ANNOTATOR = "annotator", "Annotator"
        OTHER = "other", "Other"

    role = models.CharField(max_length=10, choices=Role.choices)
    model = models.CharField(max_length=100)
    host = models.CharField(max_length=200, blank=True)
    # ok, accepted, rejected, error, timeout, cut, closed, circuit_open
    outcome = models.CharField(max_length=20)
    attempt = models.PositiveSmallIntegerField(default=0)
    guard = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=300, blank=True)
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    estimated = models.BooleanField(default=False)
    latency_ms = models.PositiveIntegerField(default=0)
    first_token_ms = models.PositiveIntegerField(null=True, blank=True)
    # The patient turn a reply call produced, or the trainee turn an annotation
    # call was about; None for calls outside a session (check_llm, scoring).
    turn = models.ForeignKey(
        Turn,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="model_calls",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="model_calls",
    )
    request_text = models.TextField(blank=True)
    response_text = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            # Usage page, llm_usage --since, the audit list: calls by period.
            models.Index(fields=["created_at"], name="practice_modelcall_created"),
            # The daily token budget: one trainee's calls since midnight.
            models.Index(fields=["user", "created_at"], name="practice_modelcall_user"),
        ]

    def __str__(self) -> str:
        return f"{self.role} {self.model} {self.outcome}"

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens
