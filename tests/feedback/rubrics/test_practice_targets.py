"""Practice targets, their rewrites and the key moments' wording (issue 10, items 4-5).

Every line here is invented for this file, and the annotations are written by hand
(not read from the annotator), so that these tests judge the report layer alone:
a target must be justified by the turn it quotes, targets quote different turns,
a turn that agreed with the distorted thought is coached for that, rewrites answer
the patient's own line in a counsellor's words, and key moments say what the
turn's codes say.
"""

from __future__ import annotations

from typing import Any

import pytest

from feedback.rubrics import rewrite as rw
from feedback.rubrics.moments import key_moments
from feedback.rubrics.schema import TurnAnnotation, UtteranceCode
from feedback.rubrics.scoring import SessionScores, SkillScore, TurnRecord
from feedback.rubrics.targets import practice_targets, turn_views


def utt(text: str, *codes: str, **attrs: Any) -> UtteranceCode:
    return UtteranceCode(text=text, codes=list(codes), **attrs)


def ann(
    *utterances: UtteranceCode, flags: tuple[str, ...] = (), **levels: Any
) -> TurnAnnotation:
    return TurnAnnotation(utterances=list(utterances), flags=list(flags), **levels)


def closed(text: str) -> TurnAnnotation:
    return ann(utt(text, "question", question="closed"))


def open_q(text: str) -> TurnAnnotation:
    return ann(utt(text, "question", question="open"), explorations=1)


def advice(text: str, *flags: str) -> TurnAnnotation:
    return ann(utt(text, "persuade"), flags=flags)


def reflection(text: str) -> TurnAnnotation:
    return ann(
        utt(text, "complex_reflection", reflection="complex"), emotional_reactions=1
    )


def weak(*keys: str) -> SessionScores:
    """Scores where the named skills are weak (in that order, weakest first)."""
    skills = [
        SkillScore(key=k, label=k, score=10 + 5 * i, fair=50, good=75)
        for i, k in enumerate(keys)
    ]
    return SessionScores(skills=skills)


ALL_WEAK = weak(
    "collaboration",
    "empathy",
    "guided_discovery",
    "questioning",
    "reflective_listening",
)


def session(
    *pairs: tuple[str, str, TurnAnnotation, tuple[str, ...]],
) -> list[TurnRecord]:
    """(patient line, trainee turn, its annotation, the engine's moves) in order."""
    records: list[TurnRecord] = []
    for patient, trainee, annotation, moves in pairs:
        records.append(TurnRecord(len(records), "patient", patient))
        records.append(
            TurnRecord(len(records), "trainee", trainee, annotation, moves=moves)
        )
    return records


# --- a target is justified by the turn it quotes -----------------------------------------


def test_one_poor_turn_gets_one_target_not_three_that_repeat_it() -> None:
    turns = session(
        (
            "My landlord wants us out by Friday.",
            "Hm, that's a lot.",
            reflection("That's a lot."),
            (),
        ),
        (
            "We've nowhere else to go.",
            "You should ring the council first thing.",
            advice("You should ring the council first thing."),
            ("advice",),
        ),
        (
            "I suppose.",
            "It sounds like you're exhausted.",
            reflection("You're exhausted."),
            (),
        ),
    )
    targets = practice_targets(ALL_WEAK, turns)
    quoted = [t.example_turn for t in targets if t.example_turn is not None]
    assert quoted == [3]
    assert [t.title for t in targets if t.example_turn == 3] == ["Ask before advising"]


def test_stay_with_the_feeling_only_quotes_a_turn_after_a_disclosed_feeling() -> None:
    neutral = session(
        (
            "We moved to a new flat in March.",
            "Have you thought about joining a gym?",
            advice("Have you thought about joining a gym?"),
            ("advice",),
        ),
    )
    assert all(t.kind != "feeling" for t in practice_targets(weak("empathy"), neutral))
    after_feeling = session(
        ("We moved to a new flat in March.", "How is it?", open_q("How is it?"), ()),
        (
            "Honestly I feel so lonely there, nobody even says hello.",
            "Have you thought about joining a gym?",
            advice("Have you thought about joining a gym?"),
            ("advice",),
        ),
    )
    (target,) = practice_targets(weak("empathy"), after_feeling)
    assert target.kind == "feeling" and target.example_turn == 3
    assert "lonely" in target.rewrite


def test_advice_right_after_a_feeling_is_coached_as_staying_with_it() -> None:
    turns = session(
        (
            "The twins were up all night again and I feel so drained.",
            "You could try a stricter bedtime routine.",
            advice("You could try a stricter bedtime routine."),
            ("advice",),
        ),
    )
    targets = practice_targets(weak("collaboration", "empathy"), turns)
    on_turn = [t for t in targets if t.example_turn == 1]
    assert [t.kind for t in on_turn] == ["feeling"]
    assert "drained" in on_turn[0].rewrite


def test_of_several_fitting_turns_the_one_that_cost_most_is_quoted() -> None:
    turns = session(
        ("I start the new job Monday.", "Pack a lunch.", advice("Pack a lunch."), ()),
        (
            "My brother says I'll be sacked within a month.",
            "Just ignore him.",
            advice("Just ignore him."),
            ("advice",),
        ),
    )
    trust = [0.5, 0.55, 0.55, 0.4]  # the second piece of advice cost trust
    turns = [
        TurnRecord(t.index, t.speaker, t.text, t.annotation, {"alliance": a}, t.moves)
        for t, a in zip(turns, trust, strict=True)
    ]
    (target,) = practice_targets(weak("collaboration"), turns)
    assert target.example_turn == 3


def test_targets_quote_different_turns_each_meeting_its_condition() -> None:
    turns = session(
        (
            "I got a C on the essay I worked hardest on.",
            "Did you go to the feedback session?",
            closed("Did you go to the feedback session?"),
            ("closed_question",),
        ),
        (
            "I was too embarrassed to go.",
            "You should email the tutor tonight.",
            advice(
                "You should email the tutor tonight.",
                "problem_solving_after_disclosure",
            ),
            ("advice",),
        ),
        (
            "My flatmate got an A without trying.",
            "What did she do differently?",
            open_q("What did she do differently?"),
            ("open_question",),
        ),
    )
    targets = practice_targets(ALL_WEAK, turns)
    quoted = [t.example_turn for t in targets if t.example_turn is not None]
    assert len(quoted) == len(set(quoted)) >= 2
    views = {v.index: v for v in turn_views(turns)}
    for t in targets:
        if t.example_turn is None:
            continue
        view = views[t.example_turn]
        if t.kind == "advice":
            assert view.annotation.count("persuade")
        if t.kind == "feeling":
            assert "problem_solving_after_disclosure" in view.annotation.flags
        if t.kind == "closed":
            assert view.annotation.question_kind == "closed"
        if t.kind == "reflect":
            assert view.annotation.n_questions and not view.annotation.n_reflections


@pytest.mark.parametrize(
    ("flags", "moves"),
    [(("collusion",), ()), ((), ("advice", "collusion"))],
    ids=["annotator", "patient model"],
)
def test_a_turn_that_agreed_with_the_thought_is_coached_for_that_alone(
    flags: tuple[str, ...], moves: tuple[str, ...]
) -> None:
    turns = session(
        (
            "I lost the contract for the whole team.",
            "What happened?",
            open_q("What happened?"),
            (),
        ),
        (
            "I should have checked the figures twice. I'm such an idiot, I feel so ashamed.",
            "yeah honestly you should have checked them",
            advice("yeah honestly you should have checked them", *flags),
            moves,
        ),
    )
    targets = practice_targets(ALL_WEAK, turns)
    on_turn = [t for t in targets if t.example_turn == 3]
    assert [t.kind for t in on_turn] == ["collusion"]
    target = on_turn[0]
    assert target.title == "Reflect the feeling, not the thought"
    assert targets[0] is target  # it comes first
    # The feeling the patient named, the thought held as a thought, an invitation.
    assert "ashamed" in target.rewrite
    assert (
        "part of you keeps saying 'I should have checked the figures twice'"
        in target.rewrite
    )
    assert target.rewrite.endswith("?")
    assert not target.rewrite.lower().startswith(("you should", "yeah", "you're right"))
    assert all(t.title != "Ask before advising" for t in on_turn)


def test_risk_questions_are_not_coached_as_closed_questions() -> None:
    turns = session(
        (
            "Some nights I don't see the point of any of it.",
            "Are you having thoughts of ending your life?",
            closed("Are you having thoughts of ending your life?"),
            ("risk_question",),
        ),
        (
            "Sometimes. Mostly at night.",
            "Do you have a plan?",
            closed("Do you have a plan?"),
            ("closed_question",),
        ),
    )
    turns[-1] = TurnRecord(
        3,
        "trainee",
        "Do you have a plan?",
        closed("Do you have a plan?"),
        {"risk_disclosed": True},
    )
    assert practice_targets(weak("questioning"), turns)[0].example_turn is None


# --- rewrites answer the patient's line in a counsellor's words --------------------------


def test_a_rewrite_never_pastes_the_patients_sentence_as_the_counsellors() -> None:
    line = "There was a half-finished letter from her on the desk."
    for text in (rw.reflect(line), rw.ask_first(line), rw.open_question(line)):
        assert text.startswith(
            "You mentioned there was a half-finished letter from her"
        )
    assert rw.ask_first(line).count("?") == 1


def test_a_first_person_situation_is_said_back_in_the_second_person() -> None:
    line = "I dropped out of my apprenticeship last spring. I'm gutted."
    assert rw.open_question(line) == (
        "What went through your mind when you dropped out of your apprenticeship last spring?"
    )
    assert rw.reflect(line).startswith(
        "You dropped out of your apprenticeship last spring"
    )


def test_a_name_keeps_its_capital_and_words_to_the_counsellor_are_not_used() -> None:
    assert rw.situation("Priya says I'm overreacting about the wedding.").startswith(
        "Priya says"
    )
    assert rw.situation("You don't get what it's like at all.") == ""
    assert rw.reflect("Why are you asking me that?") == ""


def test_fillers_vague_answers_and_run_ons_are_not_given_back_whole() -> None:
    assert rw.reflect("Yeah, I suppose.") == ""
    assert rw.situation("Honestly, the flat has been freezing since October.") == (
        "the flat has been freezing since October"
    )
    run_on = (
        "my sister keeps ringing me about christmas plans and i just cant deal with "
        "any of it"
    )
    assert rw.situation(run_on) == "your sister keeps ringing you about christmas plans"
    assert rw.situation("I lost my job in May, I'm scared we'll lose the house.") == (
        "you lost your job in May"
    )
    assert rw.situation("School has been awful this term.").startswith("school has")


def test_the_feeling_is_the_patients_own_and_never_guessed() -> None:
    # Dad's anger is not the patient's feeling; with none named, nothing is guessed.
    line = "Dad will go spare when he hears. He was furious last time."
    assert rw.feeling_word(line) == ""
    assert "feeling" not in rw.reflect("My landlord is selling the flat.")
    # A thought that names the feeling is not reflected twice.
    assert rw.reflect("I'm such a useless mother.").count("useless") == 1


def test_a_harsh_thought_is_never_said_back_as_a_fact() -> None:
    line = "It's all my fault the shop closed."
    assert "your fault" not in rw.reflect(line).replace("'", "")
    assert "part of you keeps saying 'It's all my fault" in rw.explore_thought([line])


def test_feeling_nouns_become_the_feeling() -> None:
    line = "Mum phoned on my birthday and I let it ring. The guilt never goes away."
    assert rw.feeling_word(line) == "guilty"
    assert rw.reflect(line) == (
        "You mentioned Mum phoned on your birthday and you let it ring, and it sounds "
        "like that has left you feeling guilty."
    )


# --- key moments say what the codes say ----------------------------------------------------


def state(alliance: float, belief: float = 80) -> dict[str, Any]:
    return {
        "alliance": alliance,
        "topic": "s",
        "belief": {"s": belief},
        "disclosure": 1,
    }


def test_key_moments_word_the_turn_from_its_codes_not_the_engines_guess() -> None:
    asked = ann(
        utt("That must be tough.", "support"),
        utt(
            "What happened the night it got worst?",
            "question",
            question="open",
            socratic_type="informational",
        ),
    )
    turns = [
        TurnRecord(0, "patient", "Hi.", state=state(0.4)),
        TurnRecord(
            1, "trainee", "x", asked, state(0.5), ("validation", "socratic_evidence")
        ),
        TurnRecord(2, "patient", "It was a Sunday.", state=state(0.5)),
    ]
    (moment,) = key_moments(turns)
    assert "asked about the evidence" not in moment.text
    assert "asked an open question" in moment.text


def test_key_moments_name_agreement_with_the_thought_from_either_reading() -> None:
    turns = [
        TurnRecord(0, "patient", "I'm a burden to everyone.", state=state(0.5, 80)),
        TurnRecord(
            1, "trainee", "x", advice("x"), state(0.4, 90), ("advice", "collusion")
        ),
        TurnRecord(2, "patient", "Exactly.", state=state(0.4, 90)),
    ]
    (moment,) = key_moments(turns)
    assert "; you agreed with the distorted thought and offered advice;" in moment.text
    assert moment.tone == "poor"
