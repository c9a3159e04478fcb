"""The four statements of a chat message's save, without the ORM's per-query cost.

A trainee message is the chat's hot path (issue 14): under the session lock it
reads the session and its transcript and writes two turns and the new patient
state, and the first patient word waits for all of it. Built by the ORM those
four statements took about 1.9 ms, round trips included (the lock with its join
~0.6 ms, the transcript ~0.35 ms, `bulk_create` of two rows ~0.7 ms, the update
~0.2 ms), nearly all of it Python; written here once they take about 0.7 ms for
the same SQL (measured in one process on the same rows, docs/benchmarks.md). They stay four statements: the transcript must be read by a
statement that starts *after* the lock is granted, because under READ COMMITTED a
statement waiting for a row lock keeps its own snapshot, so a transcript read in
the locking statement could miss the turns of the message it waited for.

On PostgreSQL (psycopg 3 with client-side binding, Django's default) the four
go in two round trips: the lock and the transcript in one simple-protocol query
of two statements, the INSERT and the UPDATE in another. That keeps the rule
above: each statement of a multi-statement query takes its own snapshot under
READ COMMITTED, so the transcript statement, which starts only once the lock is
granted, sees the turns the lock holder committed (the same test holds).

The SQL is built from the models' metadata (table and column names, every
concrete column of an insert, each value prepared by its field), so a new field
needs no change here; the values go through the fields' own conversions in both
directions. It is portable: `FOR UPDATE OF` only where the database has it
(SQLite has one writer anyway), and `bulk_create` where INSERT cannot return ids.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, cast

from django.db import connection
from django.db.models import Field, Model

from accounts.models import User

from .models import PracticeSession, Turn

# What a message needs of the session; rendering the new turns reads mode and
# status (other fields stay deferred and load on access, never on this path).
_NEEDED = frozenset(
    {"id", "uuid", "trainee_id", "case_version_id", "assignment_id"}
    | {"mode", "status", "seed", "state"}
)
# In the model's column order, as `Model.from_db` takes a subset of them.
SESSION_FIELDS = tuple(
    f.attname for f in PracticeSession._meta.concrete_fields if f.attname in _NEEDED
)
# One transcript row: what the duplicate check, the last turn and the history use.
TurnRow = tuple[int, int, str, str, str, Any]


@dataclass(frozen=True, slots=True)
class LockedSession:
    session: PracticeSession
    # The trainee's daily token budget (None: unlimited).
    budget: int | None


def _q(name: str) -> str:
    return connection.ops.quote_name(name)


def _column(model: type[Model], name: str) -> str:
    """The quoted column of a model's field (by name or attname)."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field)
    return _q(field.column)


@functools.cache
def _lock_sql(vendor: str, for_update_of: bool) -> str:
    s_meta, u_meta = PracticeSession._meta, User._meta
    columns = ", ".join(f"s.{_column(PracticeSession, n)}" for n in SESSION_FIELDS)
    budget = _q(u_meta.get_field("daily_token_budget").column)
    sql = (
        f"SELECT {columns}, u.{budget} "  # noqa: S608 - names from model metadata
        f"FROM {_q(s_meta.db_table)} s "
        f"INNER JOIN {_q(u_meta.db_table)} u "
        f"ON u.{_q(u_meta.pk.column)} = s.{_q(s_meta.get_field('trainee').column)} "
        f"WHERE s.{_q(s_meta.pk.column)} = %s "
        f"AND s.{_q(s_meta.get_field('trainee').column)} = %s"
    )
    # The session row only (not the user's): one message at a time per session.
    return sql + " FOR UPDATE OF s" if for_update_of else sql


def _two_statements_per_trip() -> bool:
    """Whether one execute may carry two statements and return both results:
    psycopg 3's client-side-binding cursor sends a query with its parameters
    merged by the simple protocol, which runs several statements (and `nextset`
    reads the next result). Not SQLite, psycopg 2 (no `nextset`) nor
    `server_side_binding` (the extended protocol runs one statement)."""
    return (
        connection.vendor == "postgresql"
        and getattr(getattr(connection, "Database", None), "__name__", "") == "psycopg"
        and not connection.settings_dict.get("OPTIONS", {}).get("server_side_binding")
    )


def lock_session(*, session_id: int, user_id: int) -> LockedSession:
    """Lock the session row (inside the caller's transaction) and read it with
    the trainee's budget; PracticeSession.DoesNotExist if it is not theirs."""
    features = connection.features
    sql = _lock_sql(connection.vendor, features.has_select_for_update_of)
    with connection.cursor() as cursor:
        cursor.execute(sql, [session_id, user_id])
        row = cursor.fetchone()
    return _locked(row)


def lock_and_read(
    *, session_id: int, user_id: int
) -> tuple[LockedSession, list[TurnRow]]:
    """`lock_session`, then `transcript_rows` read after the lock is granted; one
    round trip where the database takes two statements at once."""
    if not _two_statements_per_trip():
        locked = lock_session(session_id=session_id, user_id=user_id)
        return locked, transcript_rows(session_id)
    features = connection.features
    sql = (
        _lock_sql(connection.vendor, features.has_select_for_update_of)
        + "; "
        + _transcript_sql(connection.vendor)
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [session_id, user_id, session_id])
        row = cursor.fetchone()
        cursor.nextset()
        turns = list(cursor.fetchall())
    return _locked(row), turns


def _locked(row: Any) -> LockedSession:
    if row is None:
        raise PracticeSession.DoesNotExist
    values = list(row[: len(SESSION_FIELDS)])
    state_index = SESSION_FIELDS.index("state")
    state_field = PracticeSession._meta.get_field("state")
    # The JSON as the ORM decodes it (Django reads jsonb as text).
    values[state_index] = cast(Any, state_field).from_db_value(
        values[state_index], None, connection
    )
    uuid_index = SESSION_FIELDS.index("uuid")
    values[uuid_index] = PracticeSession._meta.get_field("uuid").to_python(
        values[uuid_index]
    )
    session = PracticeSession.from_db(connection.alias, SESSION_FIELDS, values)
    return LockedSession(session=session, budget=row[len(SESSION_FIELDS)])


@functools.cache
def _transcript_sql(vendor: str) -> str:
    meta = Turn._meta
    names = ("id", "index", "speaker", "status", "text", "client_id")
    columns = ", ".join(_column(Turn, n) for n in names)
    return (
        f"SELECT {columns} FROM {_q(meta.db_table)} "  # noqa: S608 - names from model metadata
        f"WHERE {_q(meta.get_field('session').column)} = %s "
        f"ORDER BY {_q(meta.get_field('index').column)}"
    )


def transcript_rows(session_id: int) -> list[TurnRow]:
    """(pk, index, speaker, status, text, client_id) of every turn, in order.

    client_id is as the database returns it; compare it with `db_client_id`."""
    with connection.cursor() as cursor:
        cursor.execute(_transcript_sql(connection.vendor), [session_id])
        return list(cursor.fetchall())


def db_client_id(value: Any) -> Any:
    """A client id as `transcript_rows` returns it (a UUID, or hex on SQLite)."""
    field = Turn._meta.get_field("client_id")
    return field.get_db_prep_value(value, connection)


@functools.cache
def _insert_sql(vendor: str, rows: int) -> tuple[str, tuple[Any, ...]]:
    meta = Turn._meta
    fields = tuple(f for f in meta.concrete_fields if not f.primary_key)
    columns = ", ".join(_q(f.column) for f in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = (
        f"INSERT INTO {_q(meta.db_table)} ({columns}) "  # noqa: S608 - names from model metadata
        f"VALUES {', '.join([one] * rows)} RETURNING {_q(meta.pk.column)}"
    )
    return sql, fields


def insert_turns(turns: list[Turn]) -> None:
    """INSERT the turns in one statement and set their ids, as `bulk_create` does."""
    if not connection.features.can_return_rows_from_bulk_insert:
        Turn.objects.bulk_create(turns)
        return
    sql, params = _insert_statement(turns)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        ids = [row[0] for row in cursor.fetchall()]
    _set_ids(turns, ids)


def insert_turns_and_save_state(turns: list[Turn], session: PracticeSession) -> None:
    """`insert_turns`, then `save_state`; one round trip where the database takes
    two statements at once (the INSERT's ids are the first result)."""
    if not (
        _two_statements_per_trip()
        and connection.features.can_return_rows_from_bulk_insert
    ):
        insert_turns(turns)
        save_state(session)
        return
    insert, params = _insert_statement(turns)
    update, update_params = _state_statement(session)
    with connection.cursor() as cursor:
        cursor.execute(f"{insert}; {update}", [*params, *update_params])
        ids = [row[0] for row in cursor.fetchall()]
    _set_ids(turns, ids)


def _insert_statement(turns: list[Turn]) -> tuple[str, list[Any]]:
    sql, fields = _insert_sql(connection.vendor, len(turns))
    params = [
        field.get_db_prep_save(field.pre_save(turn, True), connection)
        for turn in turns
        for field in fields
    ]
    return sql, params


def _set_ids(turns: list[Turn], ids: list[Any]) -> None:
    # RETURNING gives the rows in VALUES order on PostgreSQL and SQLite (what
    # Django's bulk_create relies on as well).
    for turn, pk in zip(turns, ids, strict=True):
        turn.pk = pk
        turn._state.adding = False
        turn._state.db = connection.alias


@functools.cache
def _state_sql(vendor: str) -> str:
    meta = PracticeSession._meta
    return (
        f"UPDATE {_q(meta.db_table)} SET {_q(meta.get_field('state').column)} = %s "  # noqa: S608 - names from model metadata
        f"WHERE {_q(meta.pk.column)} = %s"
    )


def save_state(session: PracticeSession) -> None:
    """`session.save(update_fields=["state"])`, one statement without the ORM."""
    sql, params = _state_statement(session)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _state_statement(session: PracticeSession) -> tuple[str, list[Any]]:
    field = PracticeSession._meta.get_field("state")
    value = field.get_db_prep_save(session.state, connection)
    return _state_sql(connection.vendor), [value, session.pk]
