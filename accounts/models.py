"""People and their role. Cohorts (who supervises whom) live in `practice`."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class Role(models.TextChoices):
    TRAINEE = "trainee", "Trainee"
    SUPERVISOR = "supervisor", "Supervisor"
    PROGRAM_ADMIN = "program_admin", "Program admin"


class User(AbstractUser):
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.TRAINEE)
    display_name = models.CharField(max_length=150, blank=True)

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
