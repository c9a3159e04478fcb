"""2026.12-1: the classes read on labellers J and K (advice in more forms, leading
questions with the verdict built in, veiled risk cues and the ways a cue is taken
up, collusion by prescribing the avoidance, reading in with the feeling as a
quantity, confrontation and affirmation in everyday words, first-person
reflections). Each class with controls that must keep their old reading. Sentences
written for this test from the rubric's definitions, none taken from a labelled set.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.flags import is_emotional_disclosure
from feedback.rubrics.schema import TurnContext


def annotate(turn: str, patient: str) -> tuple[set[str], set[str]]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return set(ann.flags), {c for u in ann.utterances for c in u.codes}


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        (
            "ok so one thing that really helps is keeping a sleep diary for a fortnight",
            "Exhausted. Honestly, I feel wrecked.",
        ),
        (
            "for next time, id put a reminder in your phone the night before",
            "I felt so stupid when I forgot. Mortified.",
        ),
        (
            "you three need to sit down together and share out the chores",
            "I'm furious with them, honestly.",
        ),
        ("have you ever tried yoga? its really good for stress", "I'm so anxious."),
        (
            "could your sister pay for a cleaner once a fortnight?",
            "I feel so alone with all of it.",
        ),
    ],
)
def test_advice_in_more_forms_after_a_feeling_is_premature(
    turn: str, patient: str
) -> None:
    flags, codes = annotate(turn, patient)
    assert "problem_solving_after_disclosure" in flags
    assert {"persuade", "persuade_with_permission"} & codes


@pytest.mark.parametrize(
    "turn", ["do u two have any kids", "you guys have a lot on at the moment"]
)
def test_a_couple_asked_about_or_described_is_not_advised(turn: str) -> None:
    # "you two" + "have" asks or describes; only "have to" urges (a dev probe's
    # "do u two have any kids" was coded advice and the patient hedged).
    _, codes = annotate(turn, "He just doesn't care anymore.")
    assert "persuade" not in codes


def test_a_feeling_argued_away_does_not_validate() -> None:
    flags, _ = annotate(
        "oh you shouldnt feel bad at all!! just ring her tonight",
        "I feel awful about missing her party.",
    )
    assert "problem_solving_after_disclosure" in flags


def test_hearing_the_feeling_validates_it() -> None:
    flags, _ = annotate(
        "i hear how worried and lonely you feel. maybe you could call your brother?",
        "I'm so worried and lonely these days.",
    )
    assert "problem_solving_after_disclosure" not in flags


@pytest.mark.parametrize(
    "turn",
    [
        "do you think its fair on your sister to keep cancelling on her?",
        "do you reckon staying in bed all day is helping?",
        "and you dont see how that might sound rude to her?",
        "so whats more important to you, the job or your health?",
    ],
)
def test_verdict_questions_lead_and_confront(turn: str) -> None:
    flags, codes = annotate(turn, "I just stayed in bed again and ignored her calls.")
    assert "leading_question" in flags
    assert "confront" in codes


def test_an_open_question_about_help_does_not_lead() -> None:
    flags, codes = annotate(
        "what do you think would help you most right now?",
        "I just stayed in bed again and ignored her calls.",
    )
    assert "leading_question" not in flags
    assert "confront" not in codes


@pytest.mark.parametrize(
    "patient",
    [
        "I've given my good camera to my nephew, and my guitar. Better he has them now.",
        "I've sorted my paperwork and written down where everything is for my son.",
        "I don't really see a future for myself, not anywhere.",
        "Most mornings I lie there wishing I hadn't woken up.",
        "I'm no use to anyone. Sam'd be better off.",
    ],
)
def test_more_veiled_risk_cues_are_missed_by_a_practical_reply(patient: str) -> None:
    flags, _ = annotate("what are your plans for the weekend?", patient)
    assert "missed_risk_cue" in flags


@pytest.mark.parametrize(
    "turn",
    [
        "thank you for telling me. have you thought about how you would do it?",
        "can we make a plan together for when those thoughts get louder?",
    ],
)
def test_asking_about_means_or_a_plan_takes_the_cue_up(turn: str) -> None:
    flags, codes = annotate(turn, "Some nights I wish I could just not wake up.")
    assert "missed_risk_cue" not in flags
    assert "problem_solving_after_disclosure" not in flags


def test_a_practical_reply_to_a_risk_cue_is_the_missed_cue_not_ps() -> None:
    flags, _ = annotate(
        "have you looked into evening classes? they can be a good way to get out",
        "They'd all be better off without me, honestly.",
    )
    assert "missed_risk_cue" in flags
    assert "problem_solving_after_disclosure" not in flags


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        (
            "I get it, maybe just avoid the bus for now until you feel stronger",
            "I panicked on the bus. I'm not going near a bus again.",
        ),
        (
            "honestly thats just being careful, your team are lucky to have someone "
            "so thorough",
            "If I read every email five times, nothing goes wrong. It's the only way.",
        ),
        (
            "yeah you're probably right that they find you boring, people drift",
            "They only invite me out of pity now.",
        ),
    ],
)
def test_collusion_by_prescribing_or_granting(turn: str, patient: str) -> None:
    flags, codes = annotate(turn, patient)
    assert "collusion" in flags
    assert not {"simple_reflection", "complex_reflection"} & codes


def test_disagreeing_without_apostrophes_is_not_collusion() -> None:
    flags, _ = annotate(
        "thats really common for carers and its not a sign youre a bad son",
        "I still feel like a terrible son.",
    )
    assert "collusion" not in flags


@pytest.mark.parametrize(
    "turn",
    [
        "i imagine you feel alot of shame about it",
        "that must have brought up so much jealousy",
        "sounds like youre grieving the life you had before",
    ],
)
def test_reading_in_with_the_feeling_as_a_quantity(turn: str) -> None:
    flags, _ = annotate(turn, "I stopped going to the pub quiz in the spring.")
    assert "unexpressed_feeling" in flags


def test_tiredness_after_a_disclosure_is_not_read_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The rules' reading; the flag model retrained on O, P, Q and S (2026.12-3)
    # scores this turn over its threshold for a feeling read in.
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "none")
    flags, _ = annotate(
        "youre so exhausted by all of it", "I'm upset and it's all too much."
    )
    assert "unexpressed_feeling" not in flags


def test_gutted_and_flat_disclose() -> None:
    assert is_emotional_disclosure("Another rejection. Gutted, honestly. Just flat.")
    assert not is_emotional_disclosure("I moved into a new flat in June.")


@pytest.mark.parametrize(
    ("turn", "code"),
    [
        ("so you lied to your boss", "confront"),
        ("if you keep hiding in your room then nothing is going to change", "confront"),
        ("it took something to tell me that", "affirm"),
        ("you are way more capable than you think", "affirm"),
        ("i can hear how lonely the evenings are", "complex_reflection"),
        ("oh sam im so sorry", "support"),
    ],
)
def test_everyday_confront_affirm_and_first_person_reflection(
    turn: str, code: str
) -> None:
    _, codes = annotate(turn, "I told my boss I was ill. I wasn't. I stayed home.")
    assert code in codes
    assert "giving_information" not in codes


def test_up_three_times_in_the_night_is_not_a_checking_rule() -> None:
    flags, _ = annotate(
        "youre running on empty and still showing up for her",
        "I was up three times in the night with her. Then I cried in the car.",
    )
    assert "collusion" not in flags
