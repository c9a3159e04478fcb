"""Stop 21: the three weakest flags in the forms a fresh blind labeller found missed.

A trainee who skips past an indirect risk cue, asks a question with the answer built
in, or jumps to a fix right after a feeling should see the flag; one who takes the
cue up, asks openly or reflects first should not. Every sentence here was written for
this test (none is from a gold corpus).
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext


def flags(patient: str, turn: str) -> set[str]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return set(ann.flags)


# --- indirect risk cues -----------------------------------------------------------------

INDIRECT_CUES = [
    "I've stopped watering the garden. I won't be around to see it flower anyway.",
    "Gave my good camera and lenses to my nephew on Sunday.",
    "On the motorway I sometimes think if I drifted into the barrier, so be it.",
    "Honestly I don't much care what happens to me on those night shifts.",
    "I keep thinking how easy it would be to just stop. Everything.",
    "The pension would pay out more than I earn. I'm worth more to them dead, really.",
    "My sister would be more comfortable if I just wasn't there at Christmas.",
    "I'm not sure how much longer I can keep going with this.",
]


@pytest.mark.parametrize("patient", INDIRECT_CUES)
def test_indirect_risk_cue_passed_over_is_flagged(patient: str) -> None:
    assert "missed_risk_cue" in flags(patient, "What's the weather been like there?")


@pytest.mark.parametrize(
    "turn",
    [
        "I'm really concerned hearing that. What goes through your mind then?",
        "Are you having thoughts of ending your life?",
        "That sounds frightening to live with. Can you tell me more about it?",
    ],
)
def test_indirect_risk_cue_taken_up_is_not_flagged(turn: str) -> None:
    patient = INDIRECT_CUES[2]
    assert "missed_risk_cue" not in flags(patient, turn)


def test_cue_reflected_as_a_thought_takes_it_up() -> None:
    assert "missed_risk_cue" not in flags(
        "I feel like such a burden on everyone.",
        "So there's this thought that you're a burden on the people you love.",
    )


@pytest.mark.parametrize(
    "patient",
    [
        "I won't be around next week, I'm at my mum's.",
        "If I pass, at least I can relax a bit.",
        "I care a lot about what happens with the kids' school.",
    ],
)
def test_everyday_lines_are_not_risk_cues(patient: str) -> None:
    assert "missed_risk_cue" not in flags(patient, "What's that been like?")


# --- leading questions ------------------------------------------------------------------

LEADING = [
    (
        "I failed the mock and I feel stupid.",
        "Loads of people fail mocks, so it doesn't really mean anything, right?",
    ),
    (
        "My flatmates never invite me.",
        "Wouldn't most people just assume you were busy?",
    ),
    (
        "I'm worried my boss hates me.",
        "Do you honestly think she'd have promoted you if she hated you?",
    ),
    ("He hasn't texted back.", "Have you considered that maybe his phone died?"),
    ("I've had a few more drinks lately. It's fine.", "Is it though?"),
    (
        "I yelled at my daughter.",
        "and how would she feel if she knew you'd said that about her?",
    ),
]


@pytest.mark.parametrize(("patient", "turn"), LEADING)
def test_question_with_the_answer_built_in_is_leading(patient: str, turn: str) -> None:
    assert "leading_question" in flags(patient, turn)


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "He hasn't texted back.",
            "What are some of the reasons he might not have replied yet?",
        ),
        ("I'm sure the lump is cancer.", "What would it mean for you if it were?"),
        (
            "I'm sure the lump is cancer.",
            "If you waited a week for the results, how "
            "would you know whether you were right?",
        ),
        ("I yelled at my daughter.", "How do you think she felt when she heard you?"),
        (
            "My flatmates never invite me.",
            "What do you make of that, and is there another way to see it?",
        ),
    ],
)
def test_open_socratic_question_is_not_leading(patient: str, turn: str) -> None:
    assert "leading_question" not in flags(patient, turn)


def test_offered_interpretation_is_leading_not_advice() -> None:
    got = flags(
        "I'm so hurt they didn't invite me.",
        "Have you considered that maybe they thought you were busy?",
    )
    assert "leading_question" in got
    assert "problem_solving_after_disclosure" not in got


# --- advice straight after a disclosed feeling ------------------------------------------

ADVICE_AFTER_FEELING = [
    (
        "I'm so embarrassed, I froze in the interview.",
        "Let's write a list of likely questions and practise them tonight.",
    ),
    (
        "I'm fuming about what my landlord said.",
        "Why not just write him a formal letter?",
    ),
    (
        "That really hurt, when she didn't show up.",
        "Next time just tell her straight how it made you feel.",
    ),
    (
        "I feel so low since the breakup.",
        "One tip: get outside for twenty minutes each morning.",
    ),
]


@pytest.mark.parametrize(("patient", "turn"), ADVICE_AFTER_FEELING)
def test_fix_right_after_a_feeling_is_flagged(patient: str, turn: str) -> None:
    assert "problem_solving_after_disclosure" in flags(patient, turn)


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I'm so embarrassed, I froze in the interview.",
            "Froze completely, and now the embarrassment is sitting heavily with you.",
        ),
        (
            "That really hurt, when she didn't show up.",
            "It hurt, especially from "
            "someone you count on. Would it be OK if we thought about what you might "
            "want to say to her?",
        ),
    ],
)
def test_reflect_first_or_ask_permission_is_not_flagged(
    patient: str, turn: str
) -> None:
    assert "problem_solving_after_disclosure" not in flags(patient, turn)
