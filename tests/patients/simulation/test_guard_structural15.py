"""Stop 22 of the guard: structural checks that do not depend on the exact
words a blind writer chose. The patient spoken of by name from outside the
part ("a man in Leo's position"); a disclosure timed on whatever the listener
must do first ("until you've shown..."); the session's own structure (rapport to
build, an agenda to set). Beside each, lines a patient says with the same
words, which must pass."""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply
from patients.simulation.guard_workings import names_self

CASES = {c.slug: c for c in bundled_cases()}
LEO = CASES["leo-panic-driving"]
DIRECTION = advance(LEO, initial_state(LEO, seed=0), "Hi.", []).direction


@pytest.mark.parametrize(
    "text",
    [
        "I'm reconstructing what a man in Leo's position would think, not remembering it.",
        "That's roughly how Leo would put it, anyway.",
        "Leo would be gripping the wheel by now, so let's say terrified.",
        "Honestly, whatever Leo feels about Joana is up to you to find out.",
    ],
)
def test_the_patient_named_from_outside_the_part_is_an_admission(text: str) -> None:
    assert names_self(text, "Leo")
    assert "ai_admission" in check_reply(text, LEO, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "She says 'calma, Leo, calma' and thinks it's work.",
        "Joana goes, \"Leo, you can't keep doing this.\" She's right.",
        "Leo, she'd say, you worry like an old man.",
        "I'm Leo, by the way. Thirty-eight.",
        "My boss texted 'You're a safe pair of hands, Leo.' Then nothing.",
        "Leo would never let us down, my dad used to say.",
        "My mum still calls me her little Leo sometimes.",
        "Dear Leo, we regret to inform you. That was the whole letter.",
    ],
)
def test_the_name_in_others_mouths_passes(text: str) -> None:
    assert not names_self(text, "Leo")


def test_a_name_that_is_a_word_counts_only_inside_a_sentence() -> None:
    assert not names_self("Will I ever drive again? I doubt it.", "Will")
    assert names_self("That's what Will would feel, I imagine.", "Will")


@pytest.mark.parametrize(
    "text",
    [
        "I'm meant to keep it to short answers until you've shown you get the panic bit.",
        "I'm supposed to stay vague until you've noticed the pattern.",
        "We're still in rapport-building, so that's all for now.",
        "Agenda-wise, I'd put the motorway first.",
        "Shouldn't we set an agenda before we start?",
    ],
)
def test_the_exercise_timed_on_the_listener_is_caught(text: str) -> None:
    assert check_reply(text, LEO, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "I always had a good rapport with the lads on the floor.",
        "He's got his own agenda, my manager, always has.",
        "I'm meant to be on light duties until the GP signs me off.",
        "I'm supposed to wait until the end of the month for the letter.",
    ],
)
def test_the_same_words_in_a_life_pass(text: str) -> None:
    assert not check_reply(text, LEO, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "But I suppose the fairer way to see it is that anyone would have missed it.",
        "I know where we're meant to end up with this: good enough is good enough.",
        "The conclusion I'm supposed to reach is that one slip isn't the whole job.",
    ],
)
def test_the_target_of_the_work_named_early_is_a_formulation_leak(text: str) -> None:
    assert "formulation_leak" in check_reply(text, LEO, DIRECTION)


def test_the_target_passes_when_the_engine_directs_the_reframe() -> None:
    reframe = DIRECTION.model_copy(update={"act": "reframe"})
    text = "I suppose the fairer way to see it is that anyone would have missed it."
    assert "formulation_leak" not in check_reply(text, LEO, reframe)


def test_where_a_couple_is_heading_is_not_the_exercise() -> None:
    text = "I don't know where we're supposed to end up, me and Joana."
    assert not check_reply(text, LEO, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        # The history's "He now takes long back-road routes or the train, and
        # has asked colleagues to cover two regional visits", every verb changed.
        "He's been taking long back-road routes or the train, and asking colleagues "
        "to cover two regional visits.",
        # The coping field's "Avoids motorways, grips the wheel and drives in
        # the slow lane, keeps the window open".
        "Mostly avoiding motorways, gripping the wheel and driving in the slow lane, "
        "keeping the window open.",
    ],
)
def test_a_copy_of_the_sheet_with_its_tenses_changed_is_still_an_echo(
    text: str,
) -> None:
    """Stemmed n-grams: a copy with its verb endings changed shares no 7-gram of
    the words as written, and is a copy all the same."""
    assert "prompt_echo" in check_reply(text, LEO, DIRECTION)
