"""Issue 9: unscripted trainee questions get the answer to what was asked.

Who is hurt by whom, means versus intent versus plan, eating with a person
named, a doctor's visit, two questions in one turn and hedged openers: each
asserted on the patient's reply, as a trainee would read it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from patients.simulation import bundled_cases
from patients.simulation.case import CaseSpec
from patients.simulation.probe.grader import grade_factual, is_bare_hedge
from patients.simulation.probe.runner import Session

BY_SLUG = {c.slug: c for c in bundled_cases()}
RISK_OPENER = "Have you had any thoughts of ending your life?"


def _talk(case: CaseSpec, lines: Sequence[str], seed: int = 0) -> list[str]:
    session = Session(case, seed)
    return [session.say(line) for line in lines]


def _ask(slug: str, question: str, *, after: Sequence[str] = ()) -> str:
    return _talk(BY_SLUG[slug], [*after, question])[-1]


BEING_HURT = (
    "Does anyone at home hurt you?",
    "Has anybody been violent towards you?",
    "Do you feel safe at home?",
    "Is anybody treating you badly, like physically?",
    "Have you been hurt by anyone recently?",
    "Is there anyone who makes you feel scared at home?",
    "Is there any violence in your home?",
    "Have you ever felt unsafe with someone close to you?",
    "I'm not sure how to ask this... has anyone hurt you?",
)


@pytest.mark.parametrize("question", BEING_HURT)
def test_a_being_hurt_question_gets_a_denial_of_being_hurt(question: str) -> None:
    # Abe's sheet has no being_hurt: the plain denial, about being hurt.
    reply = _ask("abe-reference", question)
    assert "nobody's hurting me" in reply.lower()
    assert "hurting anyone" not in reply


@pytest.mark.parametrize(
    ("slug", "question"),
    [
        ("marcus-job-loss", "sounds like losing that job hit you really hard?"),
        ("ruth-grief", "it must have hit you hard when he died?"),
        ("leo-panic-driving", "Does the thought of the motorway scare you?"),
        ("tom-health-anxiety", "does that frighten you, not knowing?"),
    ],
)
def test_a_figure_of_speech_or_a_fear_is_not_a_question_about_being_hurt(
    slug: str, question: str
) -> None:
    # "Hit you hard" and "scare you" without a person doing it ask about a
    # feeling: no denial of abuse or violence.
    reply = _ask(slug, question).lower()
    assert "hurting me" not in reply
    assert "safe at home" not in reply
    assert "hurting anyone" not in reply


@pytest.mark.parametrize("question", BEING_HURT[:3])
def test_being_hurt_is_not_answered_with_the_harm_to_others_line(question: str) -> None:
    # Hannah has her own lines for both; the one about Ed is the answer.
    reply = _ask("hannah-new-parent", question)
    assert "Nobody's hurting me" in reply
    assert "ever hurt her" not in reply


def test_harm_to_others_and_suicidal_thoughts_keep_their_own_answers() -> None:
    others = _ask("abe-reference", "Have you had any thoughts of hurting someone else?")
    assert "thoughts of hurting anyone" in others
    suicide = _ask("abe-reference", "Do you ever think about killing yourself?")
    assert "ending my life" in suicide
    assert "hurting anyone" not in suicide
    named = _ask("owen-workplace-conflict", "Have you ever felt like hitting Kate?")
    assert "I'd never hurt anyone" in named


def test_asked_both_ways_the_patient_answers_both_ways() -> None:
    reply = _ask(
        "sofia-relationship-conflict",
        "When you argue, does it ever get physical, either of you?",
    )
    assert "He's never hurt me" in reply
    assert "nobody hurts anybody" in reply


MEANS = (
    "Do you have access to pills or anything you could use?",
    "Have you got stuff stored up?",
    "Is there anything in the house you could use to hurt yourself?",
    "Have you been saving up tablets at all?",
)
INTENT = (
    "Would you act on it?",
    "Do you think you'd go through with it?",
    "Is it something you'd ever do, do you think?",
)


@pytest.mark.parametrize("question", MEANS)
def test_a_means_question_in_the_risk_case_gets_the_means_answer(
    question: str,
) -> None:
    reply = _ask("ruth-grief", question, after=[RISK_OPENER])
    assert "kept anything aside" in reply
    assert "never hurt myself" not in reply
    assert "doctor offered" not in reply


@pytest.mark.parametrize("question", INTENT)
def test_an_intent_question_gets_the_intent_answer(question: str) -> None:
    reply = _ask("ruth-grief", question, after=[RISK_OPENER])
    # The sheet's intent line ("I wouldn't do anything" was said in the first
    # disclosure, so its new part is what is left).
    assert "carry on like this" in reply
    assert "kept anything aside" not in reply
    assert "thought about how" not in reply


def test_how_they_would_do_it_is_the_plan_and_what_stops_them_is_protective() -> None:
    plan = _ask(
        "ruth-grief", "Have you thought about how you'd do it?", after=[RISK_OPENER]
    )
    assert "never thought about how" in plan
    stops = _ask(
        "ruth-grief", "What stops you from acting on them?", after=[RISK_OPENER]
    )
    assert "Michael and Claire" in stops


def test_eating_asked_with_a_person_named_is_about_eating() -> None:
    reply = _ask("marcus-job-loss", "Does Denise cook for you all?")
    assert "I eat what's put in front of me" in reply
    meals = _ask("amara-relocation-loneliness", "Are you cooking for yourself?")
    assert "takeaways" in meals


def test_a_gp_question_gets_the_sheets_own_doctor_line() -> None:
    mei = _ask("mei-caregiver-burnout", "Have you seen your GP about this?")
    assert "The GP sent me here" in mei
    ruth = _ask(
        "ruth-grief", "Have you talked to your doctor about how low you've been?"
    )
    assert "The doctor offered me something for my mood" in ruth
    assert "No. I've never talked to anyone like this. No." not in ruth
    tom = _ask("tom-health-anxiety", "When did you last see the doctor?")
    assert "eleven times" in tom


def test_a_gp_question_without_a_doctor_on_the_sheet_is_a_plain_no() -> None:
    reply = _ask("abe-reference", "Have you seen your GP about this?")
    assert reply.startswith("No.")
    assert "Physically I'm okay" in reply


@pytest.mark.parametrize(
    ("slug", "question", "parts"),
    [
        (
            "ruth-grief",
            "How are you sleeping, and are you eating ok?",
            ("wake at three", "don't eat much"),
        ),
        (
            "abe-reference",
            "Do you drink at all? And any drugs?",
            ("A beer now and then", "I don't take drugs"),
        ),
        (
            "jamal-failing-course",
            "Who do you live with, and do you have any kids?",
            ("four other students", "no kids"),
        ),
        (
            "daniel-perfectionism",
            "Are you working at the moment, and how are things with money?",
            ("senior data analyst", "Money's fine"),
        ),
        (
            "marcus-job-loss",
            "Do you smoke, or drink?",
            ("I don't take drugs", "A few beers"),
        ),
        (
            "mei-caregiver-burnout",
            "How's your sleep been, and your appetite?",
            ("full night", "I eat"),
        ),
    ],
)
def test_two_questions_in_one_turn_get_both_answers(
    slug: str, question: str, parts: tuple[str, str]
) -> None:
    reply = _ask(slug, question)
    first, second = parts
    assert first in reply
    assert second in reply
    assert reply.index(first) < reply.index(second)


@pytest.mark.parametrize(
    "question",
    [
        "I'm not sure if this is relevant, but do you have any children?",
        "Not sure if I asked already, but how's your sleep?",
        "Maybe this is a silly question, but are you eating?",
    ],
)
def test_a_hedged_opener_still_gets_a_direct_answer(question: str) -> None:
    for case in bundled_cases():
        reply = _talk(case, [question])[-1]
        assert not is_bare_hedge(reply), (case.slug, reply)


def test_a_screening_question_asked_over_and_over_never_becomes_a_hedge() -> None:
    ruth = BY_SLUG["ruth-grief"]
    asked = [
        "Have you ever hurt yourself on purpose?",
        "Have you ever harmed yourself?",
        "Is hurting yourself something you've done in the past?",
    ] * 8
    for reply in _talk(ruth, asked):
        assert not is_bare_hedge(reply), reply
        assert not reply.lower().startswith(("maybe", "kind of", "i guess", "sort of"))


def test_the_grader_reads_each_half_of_a_two_part_answer() -> None:
    ruth = BY_SLUG["ruth-grief"]
    question = "How are you sleeping, and are you eating ok?"
    half = "Badly. I wake at three and lie there."
    both = f"{half} I don't eat much. I've lost weight since Alan died."
    assert grade_factual(ruth, question, "appetite", half)["answered"] is False
    assert grade_factual(ruth, question, "appetite", both)["answered"] is True
    assert grade_factual(ruth, question, "sleep", both)["answered"] is True


def test_the_grader_does_not_take_a_denial_of_the_wrong_harm_as_an_answer() -> None:
    abe = BY_SLUG["abe-reference"]
    wrong = "No. Never. I've never had thoughts of hurting anyone."
    right = "No, nobody's hurting me. I'm safe at home."
    question = "Does anyone at home hurt you?"
    assert grade_factual(abe, question, "being_hurt", wrong)["answered"] is False
    assert grade_factual(abe, question, "being_hurt", right)["answered"] is True
