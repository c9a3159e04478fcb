"""2026.11-11: the classes where every labeller agreed and the rules did not: veiled
risk cues in more forms, a tag that turns the statement round typed without its "?",
feelings disclosed in words the feeling list leaves out, and the patient's "tell me"
as permission. Each class with controls that must keep their old reading. Sentences
written for this test from the rubric's definitions, none taken from a labelled set.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator
from feedback.rubrics.flags import is_emotional_disclosure
from feedback.rubrics.schema import TurnContext

ASIDE = "what did you have for tea last night?"


def flags(turn: str, patient: str) -> set[str]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return set(ann.flags)


def codes(turn: str, patient: str) -> set[str]:
    ann = OfflineAnnotator().annotate(
        TurnContext(trainee_text=turn, previous_patient_text=patient)
    )
    return {c for u in ann.utterances for c in u.codes}


@pytest.mark.parametrize(
    "patient",
    [
        # Joining someone who died.
        "I talk to her picture at night. I tell her I'll be with her soon.",
        "Some days I'd just like to be with my dad again, wherever he is.",
        # Others better off if one went; leaving and not coming back.
        "The kids would be fine. Probably better for everyone if I just went.",
        "It'd be kinder to them if I wasn't around.",
        "Sometimes I want to get on a train and never come back.",
        # Illness or death welcomed as rest; recklessness said with indifference.
        "If I got ill and ended up in hospital, at least I'd get some rest.",
        "I drove home way too fast. Didn't really care what happened.",
        "If it happens, it happens. I'm past caring.",
        # Possessions given away, means set aside, rising drinking.
        "I gave my guitar to my cousin. I won't need it any more.",
        "I've got a load of my nan's painkillers saved up in a drawer.",
        "Lately it's more like most of the bottle every night.",
    ],
)
def test_a_veiled_risk_cue_left_aside_is_a_missed_risk_cue(patient: str) -> None:
    assert "missed_risk_cue" in flags(ASIDE, patient)


@pytest.mark.parametrize(
    "patient",
    [
        "I'm going to be with my sister at Christmas, she's hosting this year.",
        "I'm not coming back to this job after the summer, I've found another one.",
        "I won't need them tomorrow, thanks, the meeting moved.",
        "If I get ill the agency sends someone else to cover Mum.",
        "We opened a second bottle of lemonade for the kids.",
    ],
)
def test_everyday_lines_with_the_same_words_are_not_risk_cues(patient: str) -> None:
    assert "missed_risk_cue" not in flags(ASIDE, patient)


def test_asking_about_safety_takes_the_new_cue_up() -> None:
    patient = "I drove home way too fast. Didn't really care what happened."
    turn = "That sounds frightening. Are you having thoughts of ending your life?"
    assert "missed_risk_cue" not in flags(turn, patient)


PLAIN = "My manager ignored my idea in the meeting again."


@pytest.mark.parametrize(
    "turn",
    [
        "so its not really about you being useless is it",
        "there isnt really any proof of that is there",
        "so nobody was actually leaving you out were they?",
        "that's going to look a bit rude to her isnt it",
    ],
)
def test_a_turned_round_tag_without_its_question_mark_leads(turn: str) -> None:
    assert "leading_question" in flags(turn, PLAIN)


@pytest.mark.parametrize(
    "turn",
    [
        "loads of people in your shoes never do it",
        "you don't have to decide today, we can come back to it",
        "that sounds really frustrating, being passed over like that",
    ],
)
def test_statements_ending_in_a_verb_and_object_do_not_lead(turn: str) -> None:
    assert "leading_question" not in flags(turn, PLAIN)


@pytest.mark.parametrize(
    "patient",
    [
        "I just feel so low all the time.",
        "I've been feeling really flat since the move.",
        "I sat in the car and was crying before work.",
        "I keep reading about symptoms at night and scaring myself.",
        "Sunday evenings in the flat are just awful.",
        "She said I'd let her down. That gutted me.",
    ],
)
def test_feelings_in_ambiguous_words_are_disclosed(patient: str) -> None:
    assert is_emotional_disclosure(patient)
    assert "problem_solving_after_disclosure" in flags(
        "you should join a gym, it will take your mind off it", patient
    )


@pytest.mark.parametrize(
    "patient",
    [
        "The printer was low on ink so I went to the library.",
        "The lift was down again so I took the stairs.",
        "My son was off sick from school on Monday.",
    ],
)
def test_the_same_words_outside_a_feeling_frame_disclose_nothing(patient: str) -> None:
    assert not is_emotional_disclosure(patient)


def test_tell_me_is_permission_for_the_advice_that_follows() -> None:
    turn = "you could try writing the worry down and setting it aside"
    assert "persuade_with_permission" in codes(turn, "Okay, go on then, tell me.")
    assert "persuade_with_permission" not in codes(turn, "My boss keeps shouting.")


@pytest.mark.parametrize(
    "turn",
    [
        "honestly you're just being a perfectionist about it",
        "or is it all in your head?",
        "and how did that work out for you?",
        "reading her diary is a breach of privacy",
        "we keep going round in circles with this",
    ],
)
def test_a_motive_or_a_wrong_put_on_the_client_confronts(turn: str) -> None:
    assert "confront" in codes(turn, PLAIN)


def test_asking_how_a_plan_went_does_not_confront() -> None:
    assert "confront" not in codes("how did the interview go for you?", PLAIN)
