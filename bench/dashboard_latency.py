"""p50/p95 latency and query counts of the dashboard, drill-down and progress pages.

Run against a database seeded by `seed_scale` (PostgreSQL, a dedicated database):

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/practice_scale
    export DJANGO_SETTINGS_MODULE=config.settings.local
    python manage.py seed_scale --trainees 1000 --sessions 30 --turns 25
    python bench/dashboard_latency.py --requests 60

Requests go through Django's test client in-process (full middleware, templates and
database; no network or ASGI server), after warm-up requests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
# Allow "testserver" as a host for the test client.
os.environ.setdefault("ALLOWED_HOSTS", "*")

import django  # noqa: E402

# Models import only once the app registry is ready; the database comes from the
# environment, so Django can be set up before the imports below.
django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.models import User  # noqa: E402
from feedback.analytics import trainee_code  # noqa: E402
from feedback.models import SessionReview, SessionScore  # noqa: E402
from practice.models import Cohort, PracticeSession, Turn  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=60)
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["*"]

    supervisor = (
        User.objects.filter(username__regex=r"^scale-.*-s0$").order_by("-pk").first()
    )
    admin = User.objects.get(username="scale-admin")
    cohort = Cohort.objects.filter(supervisors=supervisor).first()
    trainee = cohort.trainees.order_by("pk").first()  # type: ignore[union-attr]
    session = (
        PracticeSession.objects.filter(trainee=trainee).order_by("-started_at").first()
    )
    code = trainee_code(trainee.pk)  # type: ignore[union-attr]
    pages = [
        ("dashboard (supervisor, 1 cohort of 50)", supervisor, "/feedback/"),
        (
            "dashboard (supervisor, blinded, filtered by date)",
            supervisor,
            "/feedback/?blind=1&from=2020-01-01",
        ),
        ("dashboard (program admin, 20 cohorts, 1,000 trainees)", admin, "/feedback/"),
        ("dashboard (program admin, page 20)", admin, "/feedback/?page=20"),
        # A case or date filter cannot use the rollups: the live queries over scores.
        (
            "dashboard (program admin, filtered by date)",
            admin,
            "/feedback/?from=2020-01-01",
        ),
        ("drill-down: trainee trajectories", supervisor, f"/feedback/trainees/{code}/"),
        (
            "drill-down: session review",
            supervisor,
            f"/feedback/sessions/{session.uuid}/",
        ),  # type: ignore[union-attr]
        ("progress (trainee)", trainee, "/practice/progress/"),
        (
            "session report (trainee)",
            trainee,
            f"/practice/sessions/{session.uuid}/report/",
        ),  # type: ignore[union-attr]
    ]
    print(
        f"Data: {User.objects.count():,} users, {PracticeSession.objects.count():,} sessions, "
        f"{Turn.objects.count():,} turns, {SessionScore.objects.count():,} scores, "
        f"{SessionReview.objects.count():,} reviews; database {connection.vendor} "
        f"{connection.settings_dict['NAME']}"
    )
    print()
    print("| page | p50 ms | p95 ms | max ms | queries |")
    print("|---|---:|---:|---:|---:|")
    for label, user, url in pages:
        client = Client()
        client.force_login(user)
        for _ in range(3):  # warm-up: connection pool, template and spec caches
            assert client.get(url).status_code == 200, url
        queries: list[str] = []

        def count(execute, sql, params, many, context, log=queries):  # type: ignore[no-untyped-def]
            log.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            client.get(url)
        timings = []
        for _ in range(args.requests):
            started = time.perf_counter()
            response = client.get(url)
            timings.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
        timings.sort()
        p95 = timings[max(0, int(round(0.95 * len(timings))) - 1)]
        print(
            f"| {label} | {statistics.median(timings):.0f} | {p95:.0f} | "
            f"{timings[-1]:.0f} | {len(queries)} |"
        )


if __name__ == "__main__":
    main()
