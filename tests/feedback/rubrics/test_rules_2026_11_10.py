"""2026.11-10: confrontation, leading questions, collusive support and chat spellings
in the forms trainees type them, each class with controls that must keep their old
reading. Sentences written for this test from the rubric's definitions, none taken
from a labelled set."""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext

PATIENT = "I just feel like nobody at work respects me. I keep thinking I should quit."


def annotate(turn: str, patient: str = PATIENT) -> tuple[set[str], set[str]]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return {c for u in ann.utterances for c in u.codes}, set(ann.flags)


def codes(turn: str, patient: str = PATIENT) -> set[str]:
    return annotate(turn, patient)[0]


@pytest.mark.parametrize(
    "turn",
    [
        # A judging word put on the client's move or view.
        "Quitting would be a stupid move.",
        "That's a pretty lazy attitude.",
        "That's a very negative way to look at it.",
        "you're being so dramatic",
        # Disputing the account, questioning honesty.
        "That doesn't sound right to me.",
        "You're making it sound worse than it is.",
        "Sounds like you're just looking for an excuse to leave.",
        "You always say that.",
        # Blame put back, the behaviour said not to work, sarcasm.
        "Maybe the problem is you, not them.",
        "Honestly you're not helping yourself by thinking like that.",
        "Moaning about them every night isn't going to change anything.",
        "because sulking at your desk has worked so well for you",
        "you might be part of the problem here",
        # Moralising, and correcting with the client's own record.
        "You should know better by now.",
        "You can't just quit every time things get hard.",
        "you said that last week too",
        "you cant keep skipping meetings like this",
    ],
)
def test_everyday_confrontation_confronts(turn: str) -> None:
    assert "confront" in codes(turn)


@pytest.mark.parametrize(
    "turn",
    [
        # Reassurance with the same words negated, or the patient's view held up.
        "You're not stupid for feeling this way.",
        "That's not a bad idea at all.",
        "Do you think you're weak for struggling?",
        "You worry people will think you're pathetic.",
        # Plight, not judgement: what happened to the client.
        "It sounds like extreme stress.",
        "It takes time to get over it.",
        # A condition that invites the client's view, and a choice honoured.
        "You can tell me if it sounds daft.",
        "You chose to be there for her even when it was hard.",
        "You know better than anyone what feels manageable.",
    ],
)
def test_reassurance_and_plight_do_not_confront(turn: str) -> None:
    assert "confront" not in codes(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "so it probably wasn't personal then, was it?",
        "isn't it more that they just didn't think?",
        "wouldn't she want you to be happy?",
    ],
)
def test_a_question_with_its_answer_built_in_persuades(turn: str) -> None:
    found = codes(turn)
    assert "persuade" in found or "confront" in found


@pytest.mark.parametrize(
    "turn",
    [
        "What do you make of that?",
        "How did you feel when she said it?",
        "What if you kept avoiding the calls?",
    ],
)
def test_open_questions_do_not_persuade(turn: str) -> None:
    assert "persuade" not in codes(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "did they not even think to ask you first??",
        "do you not see how much they rely on you?",
        "how long do you think you can keep covering for him like that?",
    ],
)
def test_disbelief_and_uncontracted_negatives_lead(turn: str) -> None:
    assert "leading_question" in annotate(turn)[1]


def test_an_open_question_typed_in_disbelief_does_not_lead() -> None:
    assert "leading_question" not in annotate("what did she say after that??")[1]


@pytest.mark.parametrize(
    "turn",
    [
        "id just tell your manager how you feel",
        "id cut the late shifts if I were you",
        "what if you practised saying no to one extra task?",
    ],
)
def test_chat_advice_persuades(turn: str) -> None:
    assert "persuade" in codes(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "you must really resent them for that",
        "you must of been so embarrassed",
    ],
)
def test_an_inferred_state_is_not_advice(turn: str) -> None:
    assert "persuade" not in codes(turn)


def test_id_feel_the_same_supports() -> None:
    assert "support" in codes("id probably feel the same tbh")


def test_approving_the_avoidance_colludes_and_supports() -> None:
    patient = "Made an excuse and went home the long way. Avoided him after."
    found, flags = annotate("fair enough, no need to push yourself", patient)
    assert "collusion" in flags
    assert "support" in found
    assert not found & {"simple_reflection", "complex_reflection"}
