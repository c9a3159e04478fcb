"""2026.11-8: Confront in more of the forms MITI's definition lists, with controls."""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext


def codes(patient: str, turn: str) -> set[str]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return {c for u in ann.utterances for c in u.codes}


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        # Blame put back on the patient.
        ("It's not my fault, he wound me up.", "you chose to shout at him though"),
        ("He made me hit him.", "no one can make you hit someone"),
        # Correcting the patient with their own record.
        (
            "I just don't have time.",
            "you found time to watch four hours of telly though",
        ),
        # Disputing the account instead of exploring it.
        ("Everyone hates me.", "everyone? that seems unlikely"),
        ("It's only a few drinks.", "a few drinks every night is a big deal though"),
        # Criticising an attitude, labelling, a rhetorical blaming question.
        ("They're all idiots.", "that attitude isn't going to get you anywhere"),
        ("It's her job, not mine.", "that's a bit unfair on her isn't it"),
        ("I didn't ring her in the end.", "so you broke your promise again"),
        (
            "She should have known.",
            "how was she supposed to know if you never told her?",
        ),
    ],
)
def test_confrontation_in_the_definitions_forms(patient: str, turn: str) -> None:
    assert "confront" in codes(patient, turn)


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I walked out, nobody spoke to me.",
            "it sounds like nobody made you feel welcome",
        ),
        ("I nearly didn't come today.", "you chose to come anyway, that took guts"),
        ("I keep not calling him.", "you did say part of you wants to call him"),
        (
            "My sister never helps with mum.",
            "that sounds unfair on you, carrying it all",
        ),
        (
            "I keep putting off the doctor.",
            "you've been putting it off because it scares you",
        ),
        (
            "I don't know how I was meant to know.",
            "how were you supposed to know, nobody told you",
        ),
    ],
)
def test_sympathy_recall_and_reflection_are_not_confrontation(
    patient: str, turn: str
) -> None:
    assert "confront" not in codes(patient, turn)
