"""People and their role, and the audit trail of what program staff did.

Cohorts (who supervises whom) live in `practice`.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models


class Role(models.TextChoices):
    TRAINEE = "trainee", "Trainee"
    SUPERVISOR = "supervisor", "Supervisor"
    PROGRAM_ADMIN = "program_admin", "Program admin"


class User(AbstractUser):
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.TRAINEE)
    display_name = models.CharField(max_length=150, blank=True)
    # Patient-model tokens (prompt + completion) a trainee may use per day; empty
    # means no limit. Enforced when a message is submitted in the chat.
    daily_token_budget = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Tokens per day for the simulated patient; empty for no limit.",
    )

    class Meta:
        db_table = "accounts_user"

    def __str__(self) -> str:
        return self.display_name or self.get_full_name() or self.username

    @property
    def is_trainee(self) -> bool:
        return self.role == Role.TRAINEE

    @property
    def is_supervisor(self) -> bool:
        return self.role == Role.SUPERVISOR

    @property
    def is_program_admin(self) -> bool:
        return self.role == Role.PROGRAM_ADMIN

    @property
    def home_url(self) -> str:
        return {
            Role.TRAINEE: "/practice/",
            Role.SUPERVISOR: "/feedback/",
            Role.PROGRAM_ADMIN: "/manage/",
        }[Role(self.role)]


class AuditEvent(models.Model):
    """One thing program staff did: who, what, to which object, when.

    The target is stored as a type, a label and an id rather than a foreign key,
    so the trail survives when the object is deleted (an unused case, a
    cancelled assignment).
    """

    class Verb(models.TextChoices):
        CREATED = "created", "Created"
        PUBLISHED = "published", "Published"
        IMPORTED = "imported", "Imported"
        ARCHIVED = "archived", "Archived"
        RESTORED = "restored", "Restored"
        DELETED = "deleted", "Deleted"
        ASSIGNED = "assigned", "Assigned"
        RESET = "reset", "Reset"
        CANCELLED = "cancelled", "Cancelled"
        ADDED = "added", "Added to cohort"
        REMOVED = "removed", "Removed from cohort"
        UPDATED = "updated", "Updated"
        LINK_ISSUED = "link_issued", "Password link issued"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    verb = models.CharField(max_length=20, choices=Verb.choices)
    target_type = models.CharField(max_length=30)
    target_id = models.CharField(max_length=64, blank=True)
    target_label = models.CharField(max_length=200)
    summary = models.CharField(max_length=300, blank=True)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The audit page: newest first, optionally filtered by verb.
            models.Index(fields=["-created_at"], name="accounts_audit_recent"),
            # "What happened to this object": the case and assignment pages.
            models.Index(
                fields=["target_type", "target_id"], name="accounts_audit_target"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.actor} {self.verb} {self.target_type} {self.target_label}"
