"""The chat message's own statements (practice.message_rows) against the ORM's.

They replaced ORM queries on the hot path (issue 14), so they must read and
write exactly what the ORM did, and keep the session lock's guarantee: a message
that waited for the lock sees the turns of the message it waited for.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from django.db import connection, transaction

from practice import message_rows, services
from practice.exceptions import ReplyPending
from practice.models import PracticeSession, Turn
from practice.services import submit_trainee_turn


def _submit(session: Any, user: Any, text: str, client_id: uuid.UUID) -> Any:
    return submit_trainee_turn(
        session_id=session.pk, user_id=user.pk, text=text, client_id=client_id
    )


@pytest.mark.django_db
def test_the_locked_read_is_the_orms_session_and_budget(
    practice_session: Any, trainee: Any
) -> None:
    trainee.daily_token_budget = 5000
    trainee.save(update_fields=["daily_token_budget"])
    with transaction.atomic():
        locked = message_rows.lock_session(
            session_id=practice_session.pk, user_id=trainee.pk
        )
    fresh = PracticeSession.objects.get(pk=practice_session.pk)
    for name in message_rows.SESSION_FIELDS:
        assert getattr(locked.session, name) == getattr(fresh, name), name
    assert locked.session.state == fresh.state and locked.session.state
    assert locked.budget == 5000
    # What rendering the new turns reads, without another query.
    assert locked.session.is_active and locked.session.feedback_visible


@pytest.mark.django_db
def test_someone_elses_session_is_not_found(
    practice_session: Any, other_trainee: Any
) -> None:
    with pytest.raises(PracticeSession.DoesNotExist), transaction.atomic():
        message_rows.lock_session(
            session_id=practice_session.pk, user_id=other_trainee.pk
        )


@pytest.mark.django_db
def test_the_lock_and_the_transcript_in_one_trip_read_what_two_statements_do(
    practice_session: Any, trainee: Any, other_trainee: Any
) -> None:
    _submit(practice_session, trainee, "What brings you here?", uuid.uuid4())
    practice_session.turns.filter(speaker="patient", index=2).update(
        status=Turn.Status.COMPLETE
    )
    with transaction.atomic():
        locked, rows = message_rows.lock_and_read(
            session_id=practice_session.pk, user_id=trainee.pk
        )
        apart = message_rows.lock_session(
            session_id=practice_session.pk, user_id=trainee.pk
        )
        assert rows == message_rows.transcript_rows(practice_session.pk)
    assert [r[1] for r in rows] == [0, 1, 2]
    for name in message_rows.SESSION_FIELDS:
        assert getattr(locked.session, name) == getattr(apart.session, name), name
    assert locked.budget == apart.budget
    with pytest.raises(PracticeSession.DoesNotExist), transaction.atomic():
        message_rows.lock_and_read(
            session_id=practice_session.pk, user_id=other_trainee.pk
        )


@pytest.mark.django_db
def test_the_saved_turns_read_back_as_the_orm_wrote_them(
    practice_session: Any, trainee: Any
) -> None:
    client_id = uuid.uuid4()
    submitted = _submit(practice_session, trainee, "What brings you here?", client_id)
    trainee_turn, patient_turn = submitted.trainee_turn, submitted.patient_turn
    assert patient_turn is not None
    stored = {t.pk: t for t in Turn.objects.filter(session=practice_session)}
    for made in (trainee_turn, patient_turn):
        row = stored[made.pk]  # the id that came back is the row's
        for field in Turn._meta.concrete_fields:
            assert getattr(row, field.attname) == getattr(made, field.attname), (
                field.name
            )
    assert stored[trainee_turn.pk].client_id == client_id
    assert stored[trainee_turn.pk].state_after == submitted.reply.state.model_dump(
        mode="json"
    )
    session = PracticeSession.objects.get(pk=practice_session.pk)
    assert session.state == stored[trainee_turn.pk].state_after
    # The transcript read sees them, in order, with the client id comparable.
    rows = message_rows.transcript_rows(practice_session.pk)
    assert [r[1] for r in rows] == [0, 1, 2]
    assert rows[1][5] == message_rows.db_client_id(client_id)


@pytest.mark.django_db
def test_a_resent_message_is_recognised_and_not_saved_twice(
    practice_session: Any, trainee: Any
) -> None:
    client_id = uuid.uuid4()
    first = _submit(practice_session, trainee, "How are you?", client_id)
    again = _submit(practice_session, trainee, "How are you?", client_id)
    assert first.created and not again.created
    assert again.trainee_turn.pk == first.trainee_turn.pk
    assert practice_session.turns.count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_message_that_waited_for_the_lock_sees_the_message_before_it(
    practice_session: Any, trainee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two tabs send at once: the second waits for the first's lock, then must
    see its turns (patient reply pending), not the transcript from before."""
    holding, release = threading.Event(), threading.Event()
    real_advance = services.advance

    def slow_advance(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread().name == "first":
            holding.set()  # the lock is held from here until release
            assert release.wait(10)
        return real_advance(*args, **kwargs)

    monkeypatch.setattr(services, "advance", slow_advance)
    outcome: dict[str, Any] = {}

    def send(name: str, text: str) -> None:
        try:
            outcome[name] = _submit(practice_session, trainee, text, uuid.uuid4())
        except Exception as error:  # noqa: BLE001 - recorded for the assertions
            outcome[name] = error
        finally:
            connection.close()

    first = threading.Thread(target=send, args=("first", "Hello"), name="first")
    second = threading.Thread(target=send, args=("second", "Hi"), name="second")
    first.start()
    assert holding.wait(10)
    second.start()
    second.join(0.3)
    assert second.is_alive()  # waiting for the session lock
    release.set()
    first.join(10)
    second.join(10)
    assert outcome["first"].created
    assert isinstance(outcome["second"], ReplyPending)
    assert list(
        practice_session.turns.order_by("index").values_list("index", "speaker")
    ) == [(0, "patient"), (1, "trainee"), (2, "patient")]
