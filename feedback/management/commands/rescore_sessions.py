"""`manage.py rescore_sessions`: score ended sessions under the current versions.

Pages read scores of the current (rubric, scoring) version only, so bumping either
version empties the dashboard, drill-down and progress pages until sessions are
scored again. This command scores every ended session that has no score at the current
versions (annotating any trainee turn the current rubric has not seen, exactly as a
live scoring task does), then rebuilds every trainee's dashboard rollup from the
stored rows. Safe to run again, or to interrupt and resume: scored sessions are
skipped, and rollups are recomputed from their sources.

    python manage.py rescore_sessions              # everything missing, then rollups
    python manage.py rescore_sessions --dry-run    # how many sessions would be scored
    python manage.py rescore_sessions --limit 500  # a batch (newest sessions first)
"""

from __future__ import annotations

import logging
import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Exists, OuterRef

from feedback.models import SessionScore
from feedback.rollups import rebuild_summaries
from feedback.scoring_services import current_versions, score_session
from practice.models import PracticeSession

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = (
        "Score ended sessions that lack a score for the current rubric and scoring "
        "version, then rebuild the dashboard rollups. Idempotent."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--limit", type=int, default=None, help="Score at most this many sessions."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Only count the sessions to score."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        rubric_version, scoring_version = current_versions()
        scored_now = SessionScore.objects.filter(
            session_id=OuterRef("pk"),
            rubric_version=rubric_version,
            scoring_version=scoring_version,
        )
        pending = PracticeSession.objects.filter(
            status=PracticeSession.Status.ENDED
        ).filter(~Exists(scored_now))
        # Newest first: with --limit, the sessions supervisors look at come back first.
        ids = list(pending.order_by("-ended_at", "-pk").values_list("pk", flat=True))
        if options["limit"] is not None:
            ids = ids[: options["limit"]]
        self.stdout.write(
            f"{len(ids):,} ended session(s) without a score for rubric {rubric_version}, "
            f"scoring {scoring_version}."
        )
        if options["dry_run"]:
            return
        started = time.perf_counter()
        failed: list[int] = []
        for n, session_id in enumerate(ids, start=1):
            try:
                # One session at a time, each in its own transactions (the service's):
                # an interrupted run keeps what it scored, and a rerun skips it.
                score_session(session_id=session_id)
            except Exception:
                # Keep going: one broken session must not block the rest; reported below.
                logger.exception("rescoring session %s failed", session_id)
                failed.append(session_id)
            if n % 500 == 0:
                self.stdout.write(f"  … {n:,} of {len(ids):,}")
        # score_session refreshed its trainee's rollup already; the rebuild also fixes
        # rollups written before this code existed or left stale by deleted sessions.
        rollups = rebuild_summaries()
        self.stdout.write(
            self.style.SUCCESS(
                f"Scored {len(ids) - len(failed):,} session(s); rebuilt {rollups:,} "
                f"rollup(s) in {time.perf_counter() - started:.1f} s."
            )
        )
        if failed:
            shown = ", ".join(str(i) for i in failed[:10])
            msg = f"{len(failed)} session(s) could not be scored (ids {shown}); see the log."
            raise CommandError(msg)
