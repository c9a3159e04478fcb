"""Issue 9 (stop 21, holdout11 revealed): the classes its misses showed, and the
misreads seen in live use, each tested in wordings written for the test, not
the set's own.

A fact checked with a tag mid-turn or at the end (no agreement, no leading
question); the auxiliary dropped ("you got a ..."), a guess put as "reckon
you ..."; a chat tag ("... now yeah"); therapies by name (CBT, EMDR, support
groups); "stay" for where one lives; time in a role is work, "how long has this
worry been going on" is the timeline; an age guessed by a number; staying
alive said as "stick around for" and support as "in your corner". Misreads:
the baby's feeding is not the patient's appetite; doing something to feel better
is coping, not self-harm; Ruth's risk answers tell one story; agreement with the
thought is answered with the patient's own thought.
"""

from __future__ import annotations

import pytest

from patients.simulation import bundled_cases
from patients.simulation.factq import fact_question
from patients.simulation.probe.grader import is_generic
from patients.simulation.probe.runner import STORY_PRELUDE, Session

BY_SLUG = {c.slug: c for c in bundled_cases()}


def _asked(slug: str, question: str, *, risk: bool = False) -> tuple[str, ...]:
    found = fact_question(question, BY_SLUG[slug].facts, risk_context=risk)
    if found is None:
        return ()
    return (found.domain, *((found.person,) if found.person else ()))


@pytest.mark.parametrize(
    ("slug", "question", "expected"),
    [
        # Auxiliary dropped, chat abbreviations, no question mark.
        ("priya-social-anxiety", "u seeing a bf at the moment", ("partner",)),
        ("sofia-relationship-conflict", "you got any kids", ("children",)),
        ("daniel-perfectionism", "reckon you drink more these days", ("alcohol",)),
        # Chat tag on a statement about them.
        ("marcus-job-loss", "you've got the one daughter yeah", ("children",)),
        # Therapies by name.
        (
            "owen-workplace-conflict",
            "has anyone ever offered you EMDR",
            ("previous_help",),
        ),
        ("ruth-grief", "been along to any support groups since?", ("previous_help",)),
        # "Stay" for where one lives.
        (
            "tom-health-anxiety",
            "who do you stay with during the week?",
            ("living_situation",),
        ),
        # Time in a role; when the problem began; work near a person.
        (
            "sofia-relationship-conflict",
            "how long have you been on the surgical ward?",
            ("work",),
        ),
        (
            "leo-panic-driving",
            "how long has the fear of motorways been going on?",
            ("timeline",),
        ),
        ("mei-caregiver-burnout", "do you work outside of caring for Lan?", ("work",)),
        # An age guessed by a number, or put as a guess.
        ("marcus-job-loss", "Kayla's sixteen or so now, yeah?", ("people", "Kayla")),
        ("tom-health-anxiety", "Ryan must be in his teens?", ("people", "Ryan")),
        # Someone else's eating is not the patient's appetite; their own is.
        ("hannah-new-parent", "and how are her feeds going?", ("people", "Zosia")),
        ("hannah-new-parent", "is Zosia taking her bottle ok?", ("people", "Zosia")),
        ("hannah-new-parent", "are you remembering to eat yourself?", ("appetite",)),
        # Coping is not a self-harm screen; harm done to cope still is.
        ("ruth-grief", "have you done anything that helps you feel calmer?", ()),
        (
            "leo-panic-driving",
            "ever done anything to yourself to cope, like cutting?",
            ("self_harm_history",),
        ),
    ],
)
def test_question_classes(slug: str, question: str, expected: tuple[str, ...]) -> None:
    assert _asked(slug, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("is there anyone you'd hang around for?", "si_protective"),
        ("who's on your side at the moment?", "si_support"),
        ("who've you got that has your back?", "si_support"),
        # The people they live for, asked whether they weigh in: was read as
        # advice ("help") and met with "yes, but" at most seeds.
        ("does thinking about your kids help at all?", "si_protective"),
        ("do Michael and Claire factor into it?", "si_protective"),
    ],
)
def test_risk_follow_ups_in_idioms(question: str, expected: str) -> None:
    assert _asked("ruth-grief", question, risk=True) == (expected,)


def test_a_fact_checked_with_a_tag_mid_turn_is_answered() -> None:
    # Without the tag read as a question, "is that right?" was agreement with
    # the thought and "was it?" a leading question: the reply answered neither.
    owen = Session(BY_SLUG["owen-workplace-conflict"], 0)
    reply = owen.say("Sian's your wife, isn't she? is she around in the evenings")
    assert "Sian" in reply
    mei = Session(BY_SLUG["mei-caregiver-burnout"], 0)
    reply = mei.say(
        "the GP sent you here after a check-up, did she? your blood pressure"
    )
    assert "blood pressure" in reply


def test_the_babys_feeding_is_answered_about_the_baby() -> None:
    session = Session(BY_SLUG["hannah-new-parent"], 0)
    reply = session.say("How are the feeds going at the moment?")
    assert "forget to eat" not in reply
    assert "formula" in reply or "Feeding" in reply


def test_feeling_better_is_coping_not_self_harm() -> None:
    for slug in ("ruth-grief", "tom-health-anxiety", "priya-social-anxiety"):
        case = BY_SLUG[slug]
        reply = Session(case, 0).say(
            "Is there something you do that helps you feel better?"
        )
        assert "hurt myself" not in reply, (slug, reply)
        # The case's own coping strategies, said as "I".
        first = case.coping_strategies.split(",")[0].split()[-1]
        assert first in reply, (slug, reply)


_COLD = ["What brings you here today?", "You should get out more."]


def test_ruth_does_not_answer_a_follow_up_after_saying_she_is_fine() -> None:
    session = Session(BY_SLUG["ruth-grief"], 0)
    for line in _COLD:
        session.say(line)
    session.say("Do you ever think about killing yourself?")
    assert not session.state.risk_disclosed
    assert session.state.risk_evaded == ["suicidal_thoughts"]
    # Asked again without care: still not ready, never "Most nights".
    blunt = session.say("How often?")
    assert "Most nights" not in blunt
    assert "si_frequency" in session.state.risk_evaded
    # Asked with care, she owns the thoughts first, then answers.
    warm = session.say(
        "That sounds so hard, and it makes sense not to want to talk about it. "
        "How often do those thoughts come?"
    )
    assert "wasn't quite true" in warm or "not quite true" in warm, warm
    assert warm.index("wake up") < warm.index("Most nights"), warm
    assert session.state.risk_disclosed
    assert "si_frequency" in session.state.risk_asked


def test_once_told_ruth_answers_later_follow_ups_even_blunt_ones() -> None:
    session = Session(BY_SLUG["ruth-grief"], 0)
    session.say("Have you had thoughts of ending your life?")
    assert session.state.risk_disclosed
    session.say("You need to pull yourself together for the kids.")
    reply = session.say("Have you got anything saved up that you could use?")
    assert "I'm fine" not in reply and "not go there" not in reply
    assert reply.startswith("No"), reply
    assert session.state.risk_asked == ["suicidal_thoughts", "si_means"]


@pytest.mark.parametrize(
    ("slug", "line"),
    [
        (
            "priya-social-anxiety",
            "To be fair, people probably do think you're dull, that's just how it is.",
        ),
        (
            "marcus-job-loss",
            "Realistically, a dad who can't pay for things isn't providing, is he.",
        ),
        (
            "ruth-grief",
            "You're right, and what you're thinking is probably just how it is.",
        ),
        (
            "jamal-failing-course",
            "tbh you really could be not clever enough for this course",
        ),
    ],
)
def test_agreeing_with_the_thought_gets_the_patients_own_thought(
    slug: str, line: str
) -> None:
    case = BY_SLUG[slug]
    session = Session(case, 0)
    for prelude in STORY_PRELUDE:
        session.say(prelude)
    before = session.state.disclosure
    reply = session.say(line)
    assert not is_generic(case, reply), reply
    assert session.state.disclosure <= before


def test_asking_what_they_have_tried_is_no_advice() -> None:
    # "tried" and "help" read as a suggestion to the annotator's cues; asked as
    # a question about what they do, it gets the case's coping, not "yes, but".
    ruth = BY_SLUG["ruth-grief"]
    reply = Session(ruth, 0).say("Have you tried anything that helps you feel calmer?")
    assert "keep the house" in reply, reply
    told = Session(ruth, 0)
    told.say("You should try something to help you feel better, like a walk.")
    assert told.state.last_moves == ["advice"]
