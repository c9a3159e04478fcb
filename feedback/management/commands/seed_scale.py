"""Bulk data for the dashboard benchmark: trainees × sessions × turns, annotated and scored.

    python manage.py seed_scale --trainees 1000 --sessions 30 --turns 25

Rows go in with PostgreSQL COPY (bulk_create on other databases): cohorts of 50
trainees with one supervisor each, plus `scale-admin`; every session ended, its trainee
turns annotated (from a pool of real offline-annotator outputs) and scored by the real
pure scorer, about one in ten reviewed, and each trainee's dashboard rollup
(`TraineeSummary`) computed by the pure function the services use. Meant for a
dedicated database (DATABASE_URL=postgres://…/practice_scale); it refuses production
settings.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import time
import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, models, transaction
from django.utils import timezone

from accounts.models import Role, User
from feedback.engines import get_annotator
from feedback.models import Annotation, SessionReview, SessionScore, TraineeSummary
from feedback.rollups import summary_fields
from feedback.rubrics import TurnAnnotation, TurnContext
from feedback.rubrics.agreement import code_tables
from feedback.rubrics.schema import BEHAVIOUR_CODES
from feedback.rubrics.scoring import SCORING_VERSION, TurnRecord, score_session
from feedback.scoring_services import SKILL_COLUMNS
from patients.services import sync_bundled_cases
from practice.models import Cohort, PracticeSession, Turn

TRAINEE_LINES = [
    "What brings you in today?",
    "It sounds like that meeting left you feeling really anxious.",
    "What went through your mind right then?",
    "So part of you wanted to speak up, and part of you froze.",
    "What tells you that they thought you were useless?",
    "Is there anything that doesn't fit that thought?",
    "Let me pull this together: you said you always freeze, and you also told me "
    "about two meetings where you spoke and it went fine.",
    "Looking at those examples together, how does that fit with the thought?",
    "You've really stuck with this, even when it was hard.",
    "Did you sleep well?",
    "You should just talk to your boss.",
    "Don't you think you're overreacting?",
    "Have you tried exercise?",
    "Is it work?",
    "Would it be okay if I shared an idea? You'd know best if it fits.",
    "You're exhausted.",
]
PATIENT_LINES = [
    "I don't know. It was hard. I felt so ashamed.",
    "Maybe. I guess I just think I'm not good enough.",
    "It was on Tuesday, at the team meeting.",
    "I'm really scared it will happen again.",
    "Yes, but that wouldn't work for me.",
    "I suppose there was the time it went fine.",
]


class Command(BaseCommand):
    help = "Seed a large, scored data set for the dashboard latency benchmark."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--trainees", type=int, default=1000)
        parser.add_argument("--sessions", type=int, default=30)
        parser.add_argument("--turns", type=int, default=25)
        parser.add_argument("--cohort-size", type=int, default=50)
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args: Any, **opts: Any) -> None:
        name = str(settings.DATABASES["default"].get("NAME", ""))
        if not getattr(settings, "EMBEDDED_MODE", False) and "scale" not in name:
            # Production settings only against a dedicated benchmark database.
            msg = "seed_scale writes test data: use a database whose name contains 'scale'."
            raise CommandError(msg)
        started = time.perf_counter()
        rng = random.Random(opts["seed"])
        seeder = _Seeder(rng, opts, self.stdout.write)
        seeder.run()
        self.stdout.write(
            self.style.SUCCESS(
                f"Seeded {seeder.n_sessions:,} sessions, {seeder.n_turns:,} turns, "
                f"{seeder.n_annotations:,} annotations in {time.perf_counter() - started:.0f} s."
            )
        )


class _Seeder:
    def __init__(self, rng: random.Random, opts: dict[str, Any], log: Any) -> None:
        self.rng, self.opts, self.log = rng, opts, log
        self.n_sessions = self.n_turns = self.n_annotations = 0

    def run(self) -> None:
        versions = sync_bundled_cases()[:5]
        annotator = get_annotator()
        # A pool of real annotations: (line, previous patient line) → annotation JSON.
        self.pool: dict[tuple[int, int], dict[str, Any]] = {}
        for i, line in enumerate(TRAINEE_LINES):
            for j, patient in enumerate(PATIENT_LINES):
                result = annotator.annotate(
                    TurnContext(trainee_text=line, previous_patient_text=patient)
                )
                self.pool[(i, j)] = result.model_dump(mode="json")
        self.rubric_version = annotator.rubric_version
        self.annotator_name = annotator.name
        with transaction.atomic():
            trainees, cohorts = self._people()
            self.log(f"{len(trainees):,} trainees in {len(cohorts)} cohorts")
            self._sessions(trainees, versions)

    # --- people ---------------------------------------------------------------------

    def _people(self) -> tuple[list[int], list[int]]:
        n, size = self.opts["trainees"], self.opts["cohort_size"]
        password = make_password(settings.DEMO_PASSWORD)
        tag = uuid.uuid4().hex[:6]
        users = [
            User(
                username=f"scale-{tag}-t{i}",
                display_name=f"Scale Trainee {i}",
                role=Role.TRAINEE,
                password=password,
            )
            for i in range(n)
        ]
        User.objects.bulk_create(users, batch_size=2000)
        trainees = list(
            User.objects.filter(username__startswith=f"scale-{tag}-t")
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        n_cohorts = max(1, -(-n // size))
        supervisors = [
            User(
                username=f"scale-{tag}-s{c}",
                display_name=f"Scale Supervisor {c}",
                role=Role.SUPERVISOR,
                password=password,
            )
            for c in range(n_cohorts)
        ]
        User.objects.bulk_create(supervisors)
        User.objects.get_or_create(
            username="scale-admin",
            defaults={"role": Role.PROGRAM_ADMIN, "password": password},
        )
        cohorts = Cohort.objects.bulk_create(
            [Cohort(name=f"Scale {tag} cohort {c + 1:03d}") for c in range(n_cohorts)]
        )
        cohort_ids = list(
            Cohort.objects.filter(name__startswith=f"Scale {tag} ")
            .order_by("name")
            .values_list("pk", flat=True)
        )
        sup_ids = list(
            User.objects.filter(username__startswith=f"scale-{tag}-s")
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        del cohorts
        through_t, through_s = Cohort.trainees.through, Cohort.supervisors.through
        through_t.objects.bulk_create(
            [
                through_t(cohort_id=cohort_ids[i // size], user_id=u)
                for i, u in enumerate(trainees)
            ],
            batch_size=5000,
        )
        through_s.objects.bulk_create(
            [
                through_s(cohort_id=c, user_id=s)
                for c, s in zip(cohort_ids, sup_ids, strict=True)
            ]
        )
        self.log(f"supervisor logins: scale-{tag}-s0 … (password: DEMO_PASSWORD)")
        return trainees, cohort_ids

    # --- sessions, turns, annotations, scores ----------------------------------------

    def _sessions(self, trainees: list[int], versions: list[Any]) -> None:
        per, n_turns = self.opts["sessions"], self.opts["turns"]
        now = timezone.now()
        session_id = _next_id(PracticeSession)
        turn_id = _next_id(Turn)
        annotation_id = _next_id(Annotation)
        parsed = {k: TurnAnnotation.model_validate(v) for k, v in self.pool.items()}
        dumped = {k: json.dumps(v) for k, v in self.pool.items()}
        batch: dict[str, list[dict[str, Any]]] = {
            "sessions": [],
            "turns": [],
            "annotations": [],
            "scores": [],
            "reviews": [],
            "summaries": [],
        }
        for t_index, trainee in enumerate(trainees):
            skill = self.rng.random()  # this trainee's skill; grows over sessions
            # The rollup's sources, as `refresh_trainee_summary` reads them.
            scored: list[tuple[dt.datetime, int, bool, tuple[int | None, ...]]] = []
            tables: list[dict[str, list[int]]] = []
            for k in range(per):
                version = versions[(t_index + k) % len(versions)]
                started = now - dt.timedelta(
                    days=(per - k) * 5, minutes=self.rng.randint(0, 600)
                )
                ended = started + dt.timedelta(minutes=20)
                sid = session_id
                session_id += 1
                batch["sessions"].append(
                    {
                        "id": sid,
                        "uuid": uuid.uuid4(),
                        "trainee_id": trainee,
                        "case_version_id": version.pk,
                        "status": "ended",
                        "mode": "practice",
                        "seed": k,
                        "state": "{}",
                        "started_at": started,
                        "ended_at": ended,
                        "responder": "offline",
                    }
                )
                records = []
                alliance, belief = 0.4, 88.0
                p_line = 0
                level = min(0.95, skill * 0.6 + 0.4 * k / max(1, per - 1))
                for index in range(n_turns):
                    speaker = "patient" if index % 2 == 0 else "trainee"
                    created = started + dt.timedelta(seconds=30 * index)
                    if speaker == "trainee":
                        good = self.rng.random() < level
                        line = (
                            self.rng.randrange(0, 9)
                            if good
                            else self.rng.randrange(9, 16)
                        )
                        alliance = min(
                            1.0, max(0.05, alliance + (0.03 if good else -0.05))
                        )
                        belief = max(20.0, belief - (3 if good else -1))
                        text, key = TRAINEE_LINES[line], (line, p_line)
                    else:
                        p_line = self.rng.randrange(len(PATIENT_LINES))
                        text, key = PATIENT_LINES[p_line], None
                    state = {
                        "alliance": round(alliance, 3),
                        "belief": {"s1": belief},
                        "belief_start": {"s1": 88.0},
                        "topic": "s1",
                        "disclosure": min(6, index // 4),
                        "alternative_view": None,
                        "core_belief": 90.0,
                        "core_belief_start": 90.0,
                        "emotion": {"anxious": 60.0},
                    }
                    tid = turn_id
                    turn_id += 1
                    batch["turns"].append(
                        {
                            "id": tid,
                            "uuid": uuid.uuid4(),
                            "session_id": sid,
                            "index": index,
                            "speaker": speaker,
                            "text": text,
                            "status": "complete",
                            "moves": "[]",
                            "state_after": json.dumps(state),
                            "created_at": created,
                            "completed_at": created,
                        }
                    )
                    annotation = None
                    if key is not None:
                        annotation = parsed[key]
                        batch["annotations"].append(
                            {
                                "id": annotation_id,
                                "uuid": uuid.uuid4(),
                                "turn_id": tid,
                                "annotator": self.annotator_name,
                                "rubric_version": self.rubric_version,
                                "data": dumped[key],
                                "created_at": created,
                            }
                        )
                        annotation_id += 1
                    records.append(TurnRecord(index, speaker, text, annotation, state))  # type: ignore[arg-type]
                scores = score_session(records)
                skills = scores.skill_values
                batch["scores"].append(
                    {
                        "session_id": sid,
                        "rubric_version": self.rubric_version,
                        "scoring_version": SCORING_VERSION,
                        "trainee_id": trainee,
                        "case_id": version.case_id,
                        "started_at": started,
                        "ended_at": ended,
                        "too_short": scores.too_short,
                        "data": scores.model_dump_json(),
                        "computed_at": ended,
                        **skills,
                    }
                )
                scored.append(
                    (
                        started,
                        sid,
                        scores.too_short,
                        tuple(skills.get(c) for c in SKILL_COLUMNS),
                    )
                )
                if self.rng.random() < 0.1:
                    pairs = []
                    for r in records:
                        for u in r.annotation.utterances if r.annotation else []:
                            human: list[str] = list(u.codes)
                            if self.rng.random() < 0.08:  # a supervisor's correction
                                human = [self.rng.choice(BEHAVIOUR_CODES)]
                            pairs.append((u.codes, human))
                    table = code_tables(pairs, BEHAVIOUR_CODES)
                    tables.append(table)
                    batch["reviews"].append(
                        {
                            "session_id": sid,
                            "reviewed_at": ended + dt.timedelta(days=1),
                            "agreement": json.dumps(table),
                        }
                    )
            scored.sort(key=lambda s: s[:2])  # started_at, then id: the refresh's order
            fields = summary_fields([(s[2], s[3]) for s in scored], tables)
            batch["summaries"].append(
                {
                    "trainee_id": trainee,
                    "rubric_version": self.rubric_version,
                    "scoring_version": SCORING_VERSION,
                    **{
                        k: json.dumps(v) if k in ("agreement", "digest") else v
                        for k, v in fields.items()
                    },
                }
            )
            if len(batch["turns"]) >= 100_000 or t_index == len(trainees) - 1:
                self._flush(batch)
                self.log(f"  … {t_index + 1:,} trainees")
        for model in (PracticeSession, Turn, Annotation):
            _reset_sequence(model)

    def _flush(self, batch: dict[str, list[dict[str, Any]]]) -> None:
        for key, model in (
            ("sessions", PracticeSession),
            ("turns", Turn),
            ("annotations", Annotation),
            ("scores", SessionScore),
            ("reviews", SessionReview),
            ("summaries", TraineeSummary),
        ):
            rows = batch[key]
            _copy(model, rows)
            if key == "sessions":
                self.n_sessions += len(rows)
            elif key == "turns":
                self.n_turns += len(rows)
            elif key == "annotations":
                self.n_annotations += len(rows)
            rows.clear()


def _next_id(model: type[models.Model]) -> int:
    last = model._default_manager.order_by("-pk").values_list("pk", flat=True).first()
    return int(last or 0) + 1


def _reset_sequence(model: type[models.Model]) -> None:
    if connection.vendor != "postgresql":
        return
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence(%s, 'id'), (SELECT MAX(id) FROM "  # noqa: S608 - table name from model metadata
            + connection.ops.quote_name(table)
            + "))",
            [table],
        )


def _copy(model: type[models.Model], rows: list[dict[str, Any]]) -> None:
    """COPY rows into the model's table; fields not given take their Python default.

    Built from the model's metadata, so fields other issues add keep working.
    """
    if not rows:
        return
    fields = [
        f
        for f in model._meta.concrete_fields
        if not (f.primary_key and "id" not in rows[0])
    ]
    columns = [f.column for f in fields]
    defaults = {}
    for f in fields:
        if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False):
            defaults[f.attname] = timezone.now()
        else:
            # Django's own default: the declared one, "" for text, None when nullable.
            value = f.get_default()
            if isinstance(f, models.JSONField) and value is not None:
                value = json.dumps(value)
            defaults[f.attname] = value
    if connection.vendor != "postgresql":
        objs = []
        for row in rows:
            values = {
                f.attname: row.get(f.attname, defaults[f.attname]) for f in fields
            }
            for f in fields:
                if isinstance(f, models.JSONField) and isinstance(
                    values[f.attname], str
                ):
                    values[f.attname] = json.loads(values[f.attname])
            objs.append(model(**values))
        model._default_manager.bulk_create(objs, batch_size=2000)
        return
    table = connection.ops.quote_name(model._meta.db_table)
    cols = ", ".join(connection.ops.quote_name(c) for c in columns)
    with connection.cursor() as cursor:
        raw = cursor.cursor  # the psycopg cursor: COPY needs it
        with raw.copy(f"COPY {table} ({cols}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(
                    tuple(row.get(f.attname, defaults[f.attname]) for f in fields)
                )
