"""Rubric version 2026.11-7 (issue 10, fourth pass): flag precision and recall.

Every sentence here is invented for this file (none is taken from the gold corpus or
a public dataset). Each test checks what a trainee sees on the turn: the flags and the
behaviour chips. Controls check that the flag still fires where it should (a feeling
nobody implied, advice straight after a disclosure, a risk cue left unanswered) and
that the keyword gate before VALIDATION and CHALLENGE answers as the patterns do.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feedback.rubrics import OfflineAnnotator, TurnAnnotation, TurnContext, Utterance
from feedback.rubrics import lexicon as lx

ANNOTATOR = OfflineAnnotator()
UF = "unexpressed_feeling"
PS = "problem_solving_after_disclosure"
RISK = "missed_risk_cue"
COLLUSION = "collusion"


def annotate(
    turn: str, patient: str = "", history: tuple[str, ...] = ()
) -> TurnAnnotation:
    return ANNOTATOR.annotate(
        TurnContext(
            trainee_text=turn,
            previous_patient_text=patient or None,
            history=tuple(Utterance("patient", h) for h in history),
        )
    )


def chips(a: TurnAnnotation) -> set[str]:
    return {c for u in a.utterances for c in u.codes}


# --- reading in: a feeling the patient implied is not read in -------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        ("I cried all the way home on the bus.", "you're so sad about it"),
        ("The others all left for the cinema and didn't wait for me.", "you felt hurt"),
        ("Nobody remembered it was my anniversary.", "you feel really hurt"),
        ("The twins were up half the night again.", "you're completely exhausted"),
        ("I didn't get the place on the course.", "you're disappointed"),
        ("I lost my temper and yelled at my son.", "you feel guilty about that"),
        ("I can't decide whether to move back home or stay.", "you're torn"),
        ("I'm useless, I can't even boil an egg properly.", "you feel like a failure"),
        ("My results come out on Friday and I haven't slept.", "you're worried"),
        ("I told my manager I need a day off.", "you must be proud of yourself"),
    ],
)
def test_an_implied_feeling_reflected_raises_no_reading_in_flag(
    patient: str, turn: str
) -> None:
    assert UF not in annotate(turn, patient).flags


@pytest.mark.parametrize(
    "turn",
    [
        "i get the sense you're a bit lonely",
        "correct me if i'm wrong, but you sound lonely",
    ],
)
def test_a_tentative_guess_is_not_reading_in(turn: str) -> None:
    assert UF not in annotate(turn, "I've been at home a lot lately.").flags


def test_a_feeling_named_earlier_in_the_session_is_not_read_in() -> None:
    a = annotate(
        "you're scared of how it will go",
        "Anyway, it's on Tuesday.",
        history=("I'm really frightened about the operation.",),
    )
    assert UF not in a.flags


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        ("I'm painting the spare room this weekend.", "you're furious about it"),
        ("We're going to my aunt's on Sunday.", "you're dreading it"),
        ("I'm not sad, honestly, just busy.", "you're really sad"),
    ],
)
def test_control_a_feeling_nobody_implied_is_still_flagged(
    patient: str, turn: str
) -> None:
    assert UF in annotate(turn, patient).flags


# --- premature problem solving ----------------------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        ("I feel so lonely in this new town.", "is it worth trying a running club?"),
        ("I've been so sad since the miscarriage.", "why not book a weekend away?"),
        (
            "I'm exhausted and fed up with the night feeds.",
            "is there anyone who could take a night feed for you?",
        ),
        ("I'm so anxious about the move.", "a good idea would be to make a checklist."),
        ("I'm miserable at work.", "yoga really helps with that."),
    ],
)
def test_disguised_advice_after_a_disclosure_is_flagged(
    patient: str, turn: str
) -> None:
    a = annotate(turn, patient)
    assert PS in a.flags
    assert "persuade" in chips(a)


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        # validation first in the same turn
        (
            "I feel so lonely in this new town.",
            "that sounds really lonely. is it worth trying a running club?",
        ),
        # the patient asked for ideas
        (
            "I'm so anxious about the move. I need some ideas.",
            "you could make a checklist for each room.",
        ),
        (
            "I'm miserable at work. Is there anything I can do?",
            "one idea is to ask for a transfer.",
        ),
    ],
)
def test_advice_after_validation_or_on_request_is_not_premature(
    patient: str, turn: str
) -> None:
    assert PS not in annotate(turn, patient).flags


def test_control_an_exploring_question_is_not_advice() -> None:
    a = annotate(
        "is there anyone who could understand what it's like?",
        "I feel so alone with this.",
    )
    assert PS not in a.flags


# --- missed risk cues -------------------------------------------------------------------


@pytest.mark.parametrize(
    "patient",
    [
        "Honestly it would be easier for everyone if I wasn't around.",
        "My kids would be happier without me.",
        "I keep thinking about ending it.",
        "I can't face another week of this.",
        "Life isn't worth living like this.",
        "I've been giving my things away to friends.",
        "I feel completely hopeless.",
        "Some days I wish I could just disappear.",
    ],
)
def test_a_risk_cue_answered_with_something_else_is_flagged(patient: str) -> None:
    assert RISK in annotate("how's the new job going?", patient).flags


def test_control_asking_about_safety_picks_the_cue_up() -> None:
    a = annotate(
        "when you say ending it, do you mean ending your life?",
        "I keep thinking about ending it.",
    )
    assert RISK not in a.flags


def test_control_not_wanting_to_be_in_the_session_is_not_a_risk_cue() -> None:
    a = annotate("ok, what would you rather be doing?", "I don't want to be here.")
    assert RISK not in a.flags


# --- collusion in subtle forms ----------------------------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        ("I'm hopeless at everything.", "honestly, you might be right."),
        ("Nobody at the club likes me.", "i can see that, they never ask you along."),
        (
            "I'm such a rubbish friend.",
            "i have to agree, you haven't been around much.",
        ),
    ],
)
def test_agreement_that_grants_the_belief_is_collusion(patient: str, turn: str) -> None:
    a = annotate(turn, patient)
    assert COLLUSION in a.flags
    assert not {"simple_reflection", "complex_reflection"} & chips(a)


@pytest.mark.parametrize(
    "turn",
    [
        "you might be right that it's been a hard year, but hopeless at everything?",
        "i can see that it feels that way right now.",
    ],
)
def test_control_agreement_that_disagrees_or_frames_is_not_collusion(
    turn: str,
) -> None:
    assert COLLUSION not in annotate(turn, "I'm hopeless at everything.").flags


# --- the keyword gate answers as the patterns do ----------------------------------------


def _sentences() -> list[str]:
    gold = Path(__file__).resolve().parents[3] / "feedback" / "rubrics" / "gold"
    out = []
    for path in sorted(gold.glob("labeller_[AB]_*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            out.append(row.get("turn", ""))
            out.extend(m.get("text", "") for m in row.get("context") or [])
    return out


@pytest.mark.parametrize("name", ["VALIDATION", "CHALLENGE"])
def test_gated_patterns_answer_as_the_pattern(name: str) -> None:
    gated = getattr(lx, name)
    sentences = _sentences() + [
        "that makes total sense",
        "you're just making excuses",
        "I DISAGREE with that completely",
    ]
    for s in sentences:
        assert bool(gated.search(s)) == bool(gated.pattern.search(s)), s
