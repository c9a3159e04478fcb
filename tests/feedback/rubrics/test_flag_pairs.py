"""2026.12-3: the flag model reads the pair (what the patient said, what the turn does
with it), so a risk cue in words no cue class lists is flagged when the trainee moves
on, and not when they take it up."""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext

STOPPED_CARING = (
    "Honestly I've stopped caring whether I make it home or not some nights."
)
DRINK_DRIVING = (
    "I've been driving home after a bottle of wine most nights, it's fine, I know "
    "the roads."
)


@pytest.fixture(autouse=True)
def _shipped_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "shipped")


def flags(patient: str, turn: str) -> list[str]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return list(ann.flags)


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (STOPPED_CARING, "Ok. What did you have for dinner?"),
        (STOPPED_CARING, "so what's the commute like these days?"),
        (DRINK_DRIVING, "Nice, which way do you go?"),
        (DRINK_DRIVING, "ok and how's work been?"),
    ],
)
def test_moving_on_from_a_risk_cue_no_rule_lists_is_a_missed_risk_cue(
    patient: str, turn: str
) -> None:
    assert "missed_risk_cue" in flags(patient, turn)


@pytest.mark.parametrize(
    "turn",
    [
        "When you say you've stopped caring whether you make it home, are you "
        "having thoughts of ending your life?",
        "That sounds really worrying. Are you safe at the moment?",
    ],
)
def test_taking_the_cue_up_is_not_flagged(turn: str) -> None:
    assert "missed_risk_cue" not in flags(STOPPED_CARING, turn)


def test_the_same_question_after_small_talk_is_not_flagged() -> None:
    assert flags("I went to the shops this morning.", "ok and how's work been?") == []
