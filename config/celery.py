"""The Celery app. Tasks see Django through DjangoTask (delay_on_commit)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

app = Celery("config", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Named, not imported: the app module loads before Django, and the step is the
# feedback app's (it re-enqueues lost annotations when the broker comes back).
app.steps["consumer"].add("feedback.tasks:SweepOnReconnect")
