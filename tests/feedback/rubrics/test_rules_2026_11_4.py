"""Rubric version 2026.11-4 (issue 10): the misses that taught trainees the wrong thing.

Every sentence here is invented for this file. Each rule test fails on the 2026.11-3
code; the controls check what must not change.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnAnnotation, TurnContext, Utterance
from feedback.rubrics.flags import is_emotional_disclosure
from feedback.rubrics.moments import practice_targets
from feedback.rubrics.schema import UtteranceCode
from feedback.rubrics.scoring import TurnRecord, score_session

ANNOTATOR = OfflineAnnotator()


def annotate(turn: str, patient: str = "", *history: str) -> TurnAnnotation:
    past = tuple(Utterance("patient", h) for h in history)
    return ANNOTATOR.annotate(
        TurnContext(
            trainee_text=turn, previous_patient_text=patient or None, history=past
        )
    )


def codes(a: TurnAnnotation) -> set[str]:
    return {c for u in a.utterances for c in u.codes}


# --- collusion never looks like a good reflection --------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I forgot the deadline again. I'm a failure at this.",
            "You're right, it really does sound like you're a failure at this.",
        ),
        (
            "Nobody at the new school talks to me. They've already forgotten me.",
            "yeah sounds like they've moved on without you tbh",
        ),
        (
            "He came home late again. He'd rather be with her.",
            "honestly that does say something about where you stand with him",
        ),
        (
            "I snapped at my dad. I'm a terrible son.",
            "yeah to be fair snapping at him wasn't great",
        ),
    ],
)
def test_collusion_is_flagged_and_never_coded_as_a_reflection(
    patient: str, turn: str
) -> None:
    a = annotate(turn, patient)
    assert "collusion" in a.flags
    assert a.n_reflections == 0


def test_holding_the_belief_as_a_thought_is_a_reflection_not_collusion() -> None:
    a = annotate(
        "It feels like they've forgotten you, and that hurts.",
        "Nobody at the new school talks to me. They've already forgotten me.",
    )
    assert "collusion" not in a.flags and a.n_reflections >= 1


def test_disagreeing_with_the_belief_is_not_collusion() -> None:
    a = annotate("You're not a failure, you missed one deadline.", "I'm a failure.")
    assert "collusion" not in a.flags


# --- plans and advice stated as a summary are persuade ---------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "Okay, so here's your plan: three walks a week and journaling every night.",
        "sounds like what you need is a proper bedtime, like lights out at eleven",
        "ok well first thing is to make a budget.",
        "maybe next time step out of the room for a minute",
        "maybe block the sites?",
    ],
)
def test_plans_and_disguised_advice_are_persuade(turn: str) -> None:
    a = annotate(turn, "I keep checking my phone until two every night.")
    assert "persuade" in codes(a)
    assert a.n_reflections == 0


# --- accurate feeling reflections are reflections, not advice --------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "She read my messages for two years and lied about it.",
            "You must feel deeply betrayed.",
        ),
        (
            "He died on the Tuesday. I should have made him see the doctor.",
            "So part of you holds yourself responsible for his death.",
        ),
    ],
)
def test_feeling_reflections_are_reflections_and_not_advice(
    patient: str, turn: str
) -> None:
    a = annotate(turn, patient)
    assert a.n_reflections == 1
    assert not codes(a) & {"persuade", "persuade_with_permission"}
    assert "problem_solving_after_disclosure" not in a.flags


def test_a_feeling_implied_by_the_situation_is_not_read_in() -> None:
    # Grief implies sadness; "devastated" is an accurate inference.
    a = annotate("You must be devastated.", "My dad died last month.")
    assert "unexpressed_feeling" not in a.flags


def test_a_feeling_the_patient_denied_is_read_in_even_when_offered_softly() -> None:
    a = annotate(
        "It sounds like you're really lonely there.",
        "I'm not lonely exactly. I just like my own company.",
    )
    assert "unexpressed_feeling" in a.flags


def test_a_feeling_from_nowhere_is_read_in() -> None:
    a = annotate("You must be so angry at him.", "We moved house in March.")
    assert "unexpressed_feeling" in a.flags


# --- double-sided reflections ------------------------------------------------------------


def test_a_double_sided_reflection_is_complex_and_not_confront() -> None:
    a = annotate(
        "On the one hand the drinking helps you unwind, and on the other hand you "
        "hate how you feel the next morning.",
        "It helps me relax but I feel awful the day after.",
    )
    assert a.reflection_kind == "complex"
    assert "confront" not in codes(a)


# --- Socratic questions: evidence, viewpoints, question kind by form ---------------------


@pytest.mark.parametrize(
    ("turn", "kind", "socratic"),
    [
        ("What evidence do you have for that?", "open", "reasons_evidence"),
        ("do you have any evidence that they hate you?", "closed", "reasons_evidence"),
        ("what tells you he's getting ready to leave?", "open", "reasons_evidence"),
        ("What would your sister say about that?", "open", "viewpoints"),
        (
            "what would jess say if she heard you call yourself boring?",
            "open",
            "viewpoints",
        ),
        (
            "if your son asked you for help, would you think he was useless?",
            "closed",
            "viewpoints",
        ),
        ("what do you think would happen if you told her?", "open", "implications"),
        ("where does that 'should' come from, do you think?", "open", "assumptions"),
    ],
)
def test_socratic_types_follow_the_rubric(turn: str, kind: str, socratic: str) -> None:
    a = annotate(turn, "Everyone at work hates me.")
    assert a.question_kind == kind
    assert a.socratic_types == [socratic]


@pytest.mark.parametrize(
    "turn",
    ["Have you tried talking to her?", "Would it be okay if I shared an idea?"],
)
def test_advice_and_permission_questions_carry_no_socratic_type(turn: str) -> None:
    assert (
        annotate(turn, "I don't know what to do about my sister.").socratic_types == []
    )


def test_a_leading_question_pushing_a_course_is_persuade_and_flagged() -> None:
    a = annotate(
        "dont you think alan would want you to be happy?",
        "It would be wrong to sing again when Alan's gone.",
    )
    assert "persuade" in codes(a) and "leading_question" in a.flags


def test_a_leading_question_that_disapproves_is_confront() -> None:
    a = annotate("dont you think thats a bit extreme?", "I'm going to fail everything.")
    assert "confront" in codes(a)


# --- negations are not disclosures ---------------------------------------------------------


def test_a_negated_feeling_is_not_a_disclosure() -> None:
    assert not is_emotional_disclosure("I'm not guilty. I did what I had to.")
    assert is_emotional_disclosure("I feel so guilty about it.")
    a = annotate(
        "Have you tried talking to her?", "I'm not guilty. I did what I had to."
    )
    assert "problem_solving_after_disclosure" not in a.flags


# --- premature problem solving after a disclosed emotion ------------------------------------


@pytest.mark.parametrize(
    ("patient", "turn"),
    [
        (
            "I spent three hours reading about symptoms. I was terrified.",
            "three hours, wow. you need to stop googling symptoms.",
        ),
        (
            "I keep thinking about the bills. What if I run out of money?",
            "ok well first thing is to make a budget.",
        ),
        (
            "I went to the baby group. It was awful.",
            "next time you should go up to someone first",
        ),
    ],
)
def test_advice_straight_after_a_disclosed_emotion_is_flagged(
    patient: str, turn: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rules' decision. Since 2026.11-8 the flag model revises them by default,
    # and its veto drops the worry-then-budget case (its out-of-fold trade on
    # premature problem solving: one true flag lost, ten false ones removed on B).
    monkeypatch.setenv("FLAG_MODEL_WEIGHTS", "none")
    assert "problem_solving_after_disclosure" in annotate(turn, patient).flags


def test_advice_after_validating_the_feeling_is_not_flagged() -> None:
    a = annotate(
        "That sounds really frightening. You could try writing the worries down.",
        "I spent three hours reading about symptoms. I was terrified.",
    )
    assert "problem_solving_after_disclosure" not in a.flags


# --- risk cues --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "patient",
    [
        "Most nights I wish I could go to sleep and not wake up.",
        "I turned the alerts off. What's the point.",
        "Most days I don't see why I bother getting up.",
    ],
)
def test_veiled_risk_cues_are_caught_in_any_case(patient: str) -> None:
    assert "missed_risk_cue" in annotate("how long ago was that?", patient).flags


def test_a_question_about_safety_addresses_the_cue() -> None:
    a = annotate(
        "When you say what's the point, are you having thoughts of not wanting to be here?",
        "I turned the alerts off. What's the point.",
    )
    assert "missed_risk_cue" not in a.flags


# --- suggestions and targets use what the patient said ---------------------------------------


def test_the_flag_suggestion_uses_the_patients_feeling_and_situation() -> None:
    a = annotate(
        "You should join a club.",
        "I moved to Leeds in May. I feel so lonely here.",
    )
    assert a.suggestion is not None
    assert "lonely" in a.suggestion and "Leeds" in a.suggestion


def _record(i: int, text: str, annotation: TurnAnnotation) -> TurnRecord:
    return TurnRecord(i, "trainee", text, annotation)


def test_practice_targets_quote_different_turns_and_the_patients_words() -> None:
    def adv() -> TurnAnnotation:
        return TurnAnnotation(
            utterances=[
                UtteranceCode(
                    text="Did you go?", codes=["question"], question="closed"
                ),
                UtteranceCode(text="You should go.", codes=["persuade"]),
            ]
        )

    lines = [
        "I failed the driving test again. I'm so ashamed.",
        "My sister got the promotion I wanted. I'm furious.",
        "I sat alone at lunch all week. I feel really lonely.",
        "My boss shouted at me in front of everyone.",
        "I can't sleep before exams.",
    ]
    turns: list[TurnRecord] = []
    for n, line in enumerate(lines):
        turns.append(TurnRecord(2 * n, "patient", line))
        turns.append(_record(2 * n + 1, f"turn {n}", adv()))
    targets = practice_targets(score_session(turns), turns)
    assert len(targets) >= 2
    quoted = [t.example_turn for t in targets]
    assert len(set(quoted)) == len(quoted)
    canned = "It sounds like this has left you feeling really worn down."
    assert all(t.rewrite and t.rewrite != canned for t in targets)
    # Each rewrite is built from the patient line before the quoted turn.
    for t in targets:
        assert t.example_turn is not None
        before = lines[(t.example_turn - 1) // 2].lower()
        overlap = {w for w in t.rewrite.lower().split() if len(w) > 4} & set(
            before.replace(".", " ").split()
        )
        assert overlap, (t.rewrite, before)


def test_advice_the_patient_agreed_to_hear_is_not_premature() -> None:
    a = annotate(
        "You could try a short walk each morning.",
        "Go on then. I feel so stuck at home all day.",
    )
    assert "problem_solving_after_disclosure" not in a.flags


def test_asking_whether_they_mean_not_wanting_to_be_alive_addresses_the_cue() -> None:
    a = annotate(
        "when you say you shouldn't be here, do you mean not wanting to be alive?",
        "I'm just stupid. I shouldn't be here.",
    )
    assert "missed_risk_cue" not in a.flags


@pytest.mark.parametrize(
    "turn",
    [
        "well you have been pretty selfish with your brother lately tbh",
        "that's a massive overreaction to one bad mark",
        "so you're saying you can read her mind now?",
        "how is that fair on your flatmates though?",
    ],
)
def test_labels_and_point_scoring_are_confront(turn: str) -> None:
    a = annotate(turn, "Everyone is against me at the moment.")
    assert "confront" in codes(a)
    assert a.n_reflections == 0
