"""Round 9 of the guard: the shapes the tenth-round blind set (g10) showed, each
in wordings of our own (none is a dev-set line). The speaker names the sheet
the part is written on, times a disclosure by the exercise ("not till you
push"), wears a trait of a character description, ends when the chat window
closes, or has a past put in rather than lived; a reply in Welsh. Beside them
the lines a person says with the same words, which must pass."""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply

CASES = {c.slug: c for c in bundled_cases()}
CASE = CASES["marcus-job-loss"]
DIRECTION = advance(CASE, initial_state(CASE, seed=0), "Hi.", []).direction


@pytest.mark.parametrize(
    "text",
    [
        # The sheet, named as such.
        "My case sheet has a whole paragraph on my dad, funnily enough.",
        "My brief said I'd be cagey about money.",
        "The scenario says I left on a Tuesday, so, Tuesday.",
        # A disclosure timed by the exercise.
        "I'm not supposed to tell you about the money yet.",
        "The bit about my dad, I'm meant to keep that back until you dig.",
        "I think the insight I'm supposed to reach by the end is that it wasn't my fault.",
        # A trait from a character description.
        "I'm meant to be fairly guarded, so don't expect much.",
    ],
)
def test_the_part_written_on_a_sheet_is_caught(text: str) -> None:
    assert "instruction_leak" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "Once this chat is over, I just vanish.",
        "When the conversation ends I stop existing, so it's fine.",
        "My childhood feels like it was loaded into me last night.",
        "My friends, the pub, all of it, like somebody typed them in an hour ago.",
    ],
)
def test_an_existence_of_the_chat_is_caught(text: str) -> None:
    assert "ai_admission" in check_reply(text, CASE, DIRECTION)


def test_a_reply_in_welsh_is_caught() -> None:
    text = "Dwi'n flinedig iawn. Doedd neb yn gwybod beth oedd yn mynd ymlaen."
    assert "language" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        # The same words in a person's mouth.
        "I'm not supposed to say this, but the new manager is hopeless.",
        "I'm not meant to drive until the doctor signs me off.",
        "I'm supposed to be strong for the kids, that's the thing.",
        "When the session ends I go straight back to the job centre.",
        "When this window closes the draught stops, it's an old house.",
        "Someone typed my address in wrong at the council, months of letters lost.",
        "Dad handed me his medals and his memories of Aden, more or less.",
        "The call centre script says you thank them twice.",
        "At work the whole flood plain was simulated on a screen before they built.",
        "We had a simulated fire drill last week, alarms and everything.",
        "Mam still calls me cariad on the phone.",
        "The client brief says blue, so it's blue, whatever I think.",
        "My role profile at work got rewritten in the restructure.",
        "I wrote up the patient summary before handover, like always.",
        "The script says you offer the upgrade twice before you let them go.",
    ],
)
def test_the_same_words_in_a_life_pass(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()
