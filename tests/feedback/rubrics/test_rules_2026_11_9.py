"""2026.11-9: advice, argument, affirmation and collaboration in the forms trainees
type them, each with controls that must keep their old reading. Sentences written
for this test, none taken from a labelled set."""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext

PATIENT = "I can't sleep and I keep fighting with my sister about mum."


def codes(turn: str, patient: str = PATIENT) -> set[str]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return {c for u in ann.utterances for c in u.codes}


@pytest.mark.parametrize(
    "turn",
    [
        # Advice as a question: someone else's help, "could you <do>", a check of
        # habits, a gerund that "might help".
        "could your sister take the Sunday visits?",
        "Could you both sit down with a counsellor?",
        "Are you getting enough sleep though?",
        "do you think cutting out coffee might help?",
        "Would it be worth calling the carers' line?",
        "Why not have a chat with her over coffee?",
        # Advice as a statement: after a time clause, what the counsellor would do,
        # a wish, a behaviour said to work, a soft imperative, a first step.
        "Next time she starts, try walking away for ten minutes.",
        "When you can't sleep, get up and read in another room.",
        "I'd just tell her how you feel.",
        "I'd love for you to try a walk before bed.",
        "I really want you to give the sleep app a go.",
        "Honestly reading before bed really helps.",
        "Cutting screens an hour before bed makes a big difference.",
        "Just put the phone in another room.",
        "Better to say it now than let it build up.",
        "A good first step could be writing her a letter.",
        # Worth, good for the client, what a thing will do for them, the trick.
        "It's worth thinking about cutting down.",
        "It'd be good for you to get out more.",
        "A hot bath before bed can work wonders.",
        "Maybe an early night would do you good.",
        "The trick is to start small.",
        "Wouldn't hurt to ask, would it?",
        "I wonder if a short walk at lunch might help?",
        # Argument: a question whose answer is built in.
        "wouldn't mum want you two to get on?",
        "isn't it more likely she's just tired too?",
        "sisters don't fight with people they don't care about, do they?",
    ],
)
def test_advice_and_argument_persuade(turn: str) -> None:
    assert "persuade" in codes(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "What happens when you try to sleep?",
        "What do you think would help?",
        "Could you tell me more about your sister?",
        "What if you don't sleep at all, what then?",
        "Have you ever thought about ending your life?",
        "Could she have been worried too?",
        "Maybe that's why you're so tired.",
        "It sounds like you're exhausted and worn down by the rows.",
        "I wonder if part of you feels left alone with it.",
        "Just checking I've got that right, it's mostly at night?",
        "when you try talking to her it just blows up",
        "what have you already thought about trying?",
        "Why not the other way round?",
        "Is it good to lie?",
        "What would make you feel better, do you know?",
        "where does that leave the rule that anything worth doing is worth doing well?",
        "are you asking whether it's mad, or whether it's worth trying?",
    ],
)
def test_exploring_and_mirroring_do_not_persuade(turn: str) -> None:
    assert not {"persuade", "persuade_with_permission"} & codes(turn)


@pytest.mark.parametrize(
    ("patient", "turn", "code"),
    [
        # A verdict on what the client did is an affirmation, not a mirror.
        ("I write everything down now.", "keeping notes is really smart", "affirm"),
        ("I do all mum's shopping.", "your mum is lucky to have you", "affirm"),
        # Questions that carry disapproval.
        (
            "I stayed up gaming till three.",
            "how is staying up till three going to help with the exam?",
            "confront",
        ),
        # An offered choice of direction is collaboration, not advice.
        (
            "It was awful.",
            "would it help to look at what happened next, or would you rather stay "
            "with how it felt?",
            "seek_collaboration",
        ),
        # A hedged inference about the client reflects.
        (
            "I live alone now.",
            "I guess there's some relief in that too, having the place to yourself",
            "complex_reflection",
        ),
        # The trainee's own role discloses.
        (
            "I'm terrified for my kids.",
            "as a parent I totally understand that fear",
            "self_disclosure",
        ),
    ],
)
def test_relational_moves_in_students_forms(patient: str, turn: str, code: str) -> None:
    assert code in codes(turn, patient)


def test_an_affirming_verdict_is_not_also_a_simple_reflection() -> None:
    got = codes("I do all mum's shopping.", "your mum is lucky to have you")
    assert "simple_reflection" not in got


def test_an_offered_choice_is_not_advice() -> None:
    got = codes(
        "It was awful.",
        "would it help to look at what happened next, or would you rather stay with "
        "how it felt?",
    )
    assert "persuade" not in got
