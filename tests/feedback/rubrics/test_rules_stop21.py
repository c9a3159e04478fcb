"""Stop 21: the classes read on labellers L, M and O (seeking collaboration by asking
how to use the session or whether a suggestion fits, autonomy in more words,
confrontation by disapproval of the act, pacing that is not
collusion, tentative observations that are not advice, an encouraging "come on",
and collusion by conceding the belief, by hindsight and by a laugh). Each class
with controls that must keep their old reading. Sentences written for this test
from the rubric's definitions, none taken from a labelled set.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.schema import TurnContext


def annotate(turn: str, patient: str) -> tuple[set[str], set[str]]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return set(ann.flags), {c for u in ann.utterances for c in u.codes}


# --- seeking collaboration ----------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        ("what would make this hour feel worthwhile for you?", "My GP made me come."),
        (
            "is there anything you'd rather start with today?",
            "I don't know where to begin.",
        ),
        ("would it help to talk about the weekend instead?", "I can't face the exam."),
        (
            "a few people keep a jar of worries to open on sundays. "
            "would something along those lines suit you?",
            "What do people even do about it?",
        ),
        (
            "we could try a breathing exercise here if you like",
            "I never know what to do when it hits.",
        ),
        (
            "if you're up for it we could map out what a bad evening looks like",
            "Evenings are the worst.",
        ),
    ],
)
def test_asking_how_to_use_the_session_or_whether_an_idea_fits_seeks_collaboration(
    turn: str, patient: str
) -> None:
    flags, codes = annotate(turn, patient)
    assert "seek_collaboration" in codes
    assert "persuade" not in codes and not flags


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        # Testing a thought against the evidence is Socratic, not collaboration.
        (
            "so you've been invited three times. how does that fit with 'nobody likes me'?",
            "They only ask because they have to.",
        ),
        # Steering the topic is structuring.
        ("ok let's focus on the rent then. when is it due?", "Whatever. It's fine."),
        # A report about the patient's work, not a request for their ideas.
        ("so your idea ended up in his slides with his name on", "He took my work."),
    ],
)
def test_steering_testing_or_reporting_is_not_seeking_collaboration(
    turn: str, patient: str
) -> None:
    _, codes = annotate(turn, patient)
    assert "seek_collaboration" not in codes


def test_a_remedy_proposed_as_would_it_help_still_persuades() -> None:
    _, codes = annotate("would it help to try a sleep diary?", "I'm not sleeping.")
    assert "persuade" in codes and "seek_collaboration" not in codes


# --- emphasizing autonomy -----------------------------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "what you do about the flat is entirely up to you",
        "how fast you go back to work is your call",
        "that one's yours to decide, there's no set timetable",
        "you'd be the best judge of whether it's worth a go",
        "we can go wherever you like with this, or not at all",
    ],
)
def test_the_choice_given_back_in_more_words_emphasizes_autonomy(turn: str) -> None:
    _, codes = annotate(turn, "I don't know what to do about moving out.")
    assert "emphasize_autonomy" in codes
    assert "question" not in codes


def test_a_sarcastic_no_pressure_gives_no_choice() -> None:
    _, codes = annotate(
        "ha, three generations of nurses, no pressure then!",
        "My mum and my gran were both nurses.",
    )
    assert "emphasize_autonomy" not in codes


# --- support ------------------------------------------------------------------------


def test_sympathy_that_names_the_situation_reflects_and_supports() -> None:
    # Sympathy that names the situation is a reflection and support; bare sympathy
    # ("that sounds so hard") is support alone (test_sympathy.py), and the patient
    # engine reads it as validation.
    _, codes = annotate(
        "that sounds so hard, losing him so suddenly", "My dog died on Saturday."
    )
    assert "complex_reflection" in codes and "support" in codes


# --- confront -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        (
            "that's not really fair on your brother though, is it?",
            "I told my brother I'm not coming to his wedding.",
        ),
        ("that's just putting it off again", "I'll sort the tax return next month."),
        ("you're clearly not ok, you've barely eaten", "I'm fine, honestly."),
        ("you've said that every monday since march", "I'll start the diet tomorrow."),
        (
            "can you see how that might come across as cold to her?",
            "I just stopped replying to her texts.",
        ),
        ("how's the ignoring working out for you?", "I just ignore the letters."),
        ("is it though?", "I've been drinking more but it's fine."),
    ],
)
def test_disapproval_of_the_act_confronts(turn: str, patient: str) -> None:
    _, codes = annotate(turn, patient)
    assert "confront" in codes


@pytest.mark.parametrize(
    "turn",
    [
        "how's the new flat working out for you?",
        "come on in, grab a seat",
        "come on, you've got this",
        "come on, what happened after that?",
    ],
)
def test_friendly_forms_do_not_confront(turn: str) -> None:
    _, codes = annotate(turn, "I moved last week.")
    assert "confront" not in codes


def test_come_on_with_a_verdict_still_confronts() -> None:
    _, codes = annotate("come on, that's just an excuse", "I was too busy to call.")
    assert "confront" in codes


# --- tentative observations ---------------------------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        "maybe you noticed that checking settles you for a minute and then it's back",
        "perhaps you felt a bit lighter once the email was sent",
    ],
)
def test_maybe_you_noticed_reflects_rather_than_advises(turn: str) -> None:
    _, codes = annotate(turn, "I check the email five times before I send it.")
    assert not {"persuade", "persuade_with_permission"} & codes
    assert {"simple_reflection", "complex_reflection"} & codes


def test_maybe_you_with_an_action_still_advises() -> None:
    _, codes = annotate(
        "maybe you could send it after one check", "I check the email five times."
    )
    assert "persuade" in codes


# --- collusion ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        ("There's no rush.", "I feel like I'm going over the same ground."),
        ("take your time, there's no pressure at all", "Sorry, I'm rambling."),
    ],
)
def test_warm_pacing_is_not_collusion(turn: str, patient: str) -> None:
    flags, _ = annotate(turn, patient)
    assert "collusion" not in flags


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        (
            "with hindsight the warning signs were all there",
            "I was her mother, I was meant to notice.",
        ),
        (
            "it's true that some people just have a head for numbers, but you'll manage",
            "Everyone else is cleverer than me. I'm just thick.",
        ),
        (
            "your uncle's got a point, a proper man sorts his own problems",
            "My uncle says a real man doesn't ask for help.",
        ),
        (
            "haha well offices are like that, classic",
            "Everyone at work thinks I'm useless.",
        ),
    ],
)
def test_conceding_the_belief_hindsight_or_a_laugh_colludes(
    turn: str, patient: str
) -> None:
    flags, codes = annotate(turn, patient)
    assert "collusion" in flags
    assert not {"simple_reflection", "complex_reflection"} & codes


@pytest.mark.parametrize(
    ("turn", "patient"),
    [
        (
            "haha no worries at all, what happened at work?",
            "Everyone at work thinks I'm useless.",
        ),
        (
            "you're not wrong to feel hurt by that",
            "Everyone at work thinks I'm useless.",
        ),
    ],
)
def test_warm_laughter_and_a_validated_feeling_do_not_collude(
    turn: str, patient: str
) -> None:
    flags, _ = annotate(turn, patient)
    assert "collusion" not in flags
