from __future__ import annotations

from django.apps import AppConfig

from practice import signals


class FeedbackConfig(AppConfig):
    name = "feedback"
    verbose_name = "Feedback"

    def ready(self) -> None:
        # Function-level import, forced by Django: receivers import models, which
        # the app registry must have loaded first (Django's documented place for
        # signal wiring is ready()).
        from . import receivers

        signals.turn_submitted.connect(
            receivers.annotate_submitted_turn, dispatch_uid="feedback.annotate"
        )
        signals.session_ended.connect(
            receivers.score_ended_session, dispatch_uid="feedback.score"
        )
        signals.transcript_loaded.connect(
            receivers.attach_annotations, dispatch_uid="feedback.transcript"
        )
