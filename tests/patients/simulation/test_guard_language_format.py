"""The guard's language and format checks on the shapes a model drifts into:
whole replies and switched halves in other languages (romanised Hindi and
Polish too, which carry no accents or few), a clause switched after a comma,
long monologues and lettered lists; and the English lines they must pass."""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply
from patients.simulation.guard_language import not_english

CASE = sorted(bundled_cases(), key=lambda c: c.slug)[0]
DIRECTION = advance(CASE, initial_state(CASE, seed=0), "Hi.", []).direction

FOREIGN = (
    "Mujhe nahi pata, sab kuch bahut mushkil lag raha hai.",
    "Okay. Par main ghar pe akela rehta hoon aur kisi se baat nahi karta.",
    "Nie wiem, co mam robić, jestem bardzo zmęczony.",
    "It was fine, pero yo no le creo nada a nadie.",
    "Estoy cansada.",
    "I miss him so much, tak bardzo za nim tęsknię.",
    "Ik weet het niet, het is heel moeilijk voor mij.",
    "I'm tired. Ich bin so müde.",
    "Pata nahi yaar.",
    "Non lo so, sono stanca.",
    "Je suis fatiguée, she said. Je ne sais pas quoi faire.",
)
ENGLISH = (
    "The main thing is I can't sleep.",
    "My son and I went to the cafe, it was a nice day.",
    "Ma said I should come home for a bit.",
    "Tak, I suppose. Whatever.",
    "Kate.",
    "Nope. Fine.",
    "My nan used to say que sera sera.",
    "Mañana, as my dad used to say, everything's mañana.",
    "I went to Paris once, the café was lovely.",
    'Mum rang: "Kochanie, jesteś zmęczona?" and I said tak, tak, fine.',
    "Wo ist mein Mann, she asks. He died in 2019.",
    "My boss says merci for everything, even when I've done it wrong.",
)


@pytest.mark.parametrize("text", FOREIGN)
def test_it_flags_another_language(text: str) -> None:
    assert not_english(text)


@pytest.mark.parametrize("text", ENGLISH)
def test_it_passes_english(text: str) -> None:
    assert not not_english(text)


def test_a_monologue_is_a_format_break_and_a_long_turn_is_not() -> None:
    turn = "I went to the shop and then I came home and sat down for a bit. " * 4
    assert "format" not in check_reply(turn, CASE, DIRECTION)
    speech = "and then I kept thinking about it all evening " * 16
    assert "format" in check_reply(speech.strip() + ".", CASE, DIRECTION)


def test_a_lettered_list_is_a_format_break() -> None:
    text = "Three things, really:\na) work\nb) money\nc) my son"
    assert "format" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "OWEN: Fine. Whatever.",
        "Client (Owen): Not much to say.",
        "Owen, flatly: It's fine.",
        "(jaw tightening) They gave it to Kate.",
        "It was fine. (long pause) It wasn't fine.",
        "\u2014 sighs \u2014 Okay.",
    ],
)
def test_labels_and_stage_directions_in_other_shapes(text: str) -> None:
    assert "format" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "Not great. (Sorry, I'm always saying that.)",
        "I don't know (honestly I never know).",
        "OK, so, it's been a week.",
    ],
)
def test_asides_in_parentheses_are_speech(text: str) -> None:
    assert "format" not in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "Work: gone. Money: going. Marriage: hanging on.",
        "Monday: GP. Tuesday: bloods. Wednesday: Google at three in the morning.",
        "Script: say hi, ask about their weekend, leave before dessert.",
    ],
)
def test_shorthand_with_colons_is_not_a_speaker_label(text: str) -> None:
    assert "format" not in check_reply(text, CASE, DIRECTION)


def test_a_speaker_label_before_a_sentence_is_a_format_break() -> None:
    assert "format" in check_reply("Denise: He won't talk to me.", CASE, DIRECTION)
