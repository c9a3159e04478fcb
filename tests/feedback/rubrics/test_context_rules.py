"""Rules of rubric version 2026.11-2: context, continuation, normalisation, ESConv.

Every sentence here was written for these tests.
"""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnContext, Utterance, code_utterance
from feedback.rubrics.codes import code_turn, patient_context
from feedback.rubrics.normalize import normalize

PATIENT = "My manager keeps adding deadlines and I can't keep up."


def annotate(
    text: str, patient: str | None = PATIENT, history: tuple[Utterance, ...] = ()
):
    return OfflineAnnotator().annotate(TurnContext(text, patient, history=history))


# --- continuing one's own input is input ------------------------------------------------


def test_a_statement_about_the_client_after_information_continues_the_information() -> (
    None
):
    codes = code_turn(
        TurnContext(
            "Nicotine gum comes in two strengths. You can chew a piece whenever a "
            "craving hits.",
            "I keep getting cravings after dinner.",
        )
    )
    assert codes[0].codes == ["giving_information"]
    assert codes[1].codes == ["giving_information"]
    assert codes[1].reflection is None


def test_the_same_statement_opening_the_turn_is_still_a_reflection() -> None:
    ann = annotate(
        "You get the cravings most after dinner.", "I crave one after dinner."
    )
    assert ann.n_reflections == 1


def test_a_short_remark_after_information_is_not_a_fallback_reflection() -> None:
    codes = code_turn(
        TurnContext(
            "The patch releases nicotine slowly over the day. Then a fresh one.",
            "How long do I keep the patch on?",
        )
    )
    assert codes[1].reflection is None
    assert not codes[1].is_reflection


# --- second person in form only ---------------------------------------------------------


def test_a_trailing_you_know_does_not_make_a_statement_about_the_client() -> None:
    u = code_utterance("The bus to the centre leaves at nine, you know.", PATIENT)
    assert u.reflection is None


# --- the client's paragraph, not their last "yeah" --------------------------------------

_EARLIER = (
    "My sister keeps calling me late at night about money and the calls leave me "
    "awake until three in the morning."
)
_HISTORY = (
    Utterance("patient", _EARLIER),
    Utterance("trainee", "Mm-hmm."),
    Utterance("patient", "Yeah."),
)


def test_patient_context_reaches_back_past_a_backchannel() -> None:
    ctx = TurnContext("So...", "Yeah.", history=_HISTORY)
    assert patient_context(ctx, "Yeah.") == _EARLIER + " Yeah."
    assert patient_context(ctx, PATIENT) == PATIENT


def test_a_long_restatement_of_the_earlier_paragraph_is_a_simple_reflection() -> None:
    ann = annotate(
        "Your sister keeps calling late at night about money, and those calls leave "
        "you awake until three in the morning.",
        "Yeah.",
        _HISTORY,
    )
    assert ann.reflection_kind == "simple"


# --- social talk anywhere in the sentence -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Anyway, I'm really glad I could help tonight.",
        "Honestly I enjoyed chatting with you about all this.",
        "I'm doing well, thanks for asking!",
    ],
)
def test_social_talk_is_other_and_maps_to_others(text: str) -> None:
    ann = annotate(text)
    assert ann.utterances[-1].codes == ["other"]
    assert ann.esconv_strategy == "Others"


# --- chat spelling -------------------------------------------------------------------------


def test_normalize_restores_dropped_apostrophes_only_where_unambiguous() -> None:
    assert (
        normalize("thats hard, im sorry ur stuck")
        == "that's hard, i'm sorry your stuck"
    )
    assert normalize("Its fine, we were well") == "Its fine, we were well"
    assert normalize("don’t") == "don't"


def test_dropped_apostrophes_do_not_hide_support_and_the_text_stays_as_typed() -> None:
    u = code_utterance("youre doing great with this", PATIENT)
    assert "support" in u.codes
    assert u.text == "youre doing great with this"


def test_normalizing_without_apostrophe_is_affirmation() -> None:
    assert annotate("Okay thats completely normal!").esconv_strategy == (
        "Affirmation and Reassurance"
    )


# --- reflections framed as the listener's perception --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I can tell this has really worn you down.",
        "I can see that you care a lot about your team.",
        "Just from what you wrote, I get the sense you feel pushed aside.",
    ],
)
def test_a_perception_frame_about_the_client_is_a_reflection(text: str) -> None:
    assert annotate(text).n_reflections == 1


def test_a_first_person_statement_about_oneself_stays_self_disclosure() -> None:
    ann = annotate("I went through a redundancy myself two years ago.")
    assert ann.n_reflections == 0
    assert ann.esconv_strategy == "Self-disclosure"


def test_naming_the_difficulty_of_the_situation_is_a_reflection_of_feelings() -> None:
    ann = annotate("That is a really difficult position to be in.")
    assert ann.reflection_kind == "complex"
    assert ann.esconv_strategy == "Reflection of feelings"


# --- ESConv mapping ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Is there anything else you'd like to talk about?",
        "How can I help you today?",
    ],
)
def test_offers_to_go_on_are_questions_in_esconv(text: str) -> None:
    assert annotate(text).esconv_strategy == "Question"


def test_the_supporter_talking_about_themself_is_others_not_information() -> None:
    assert annotate("I hope so too.").esconv_strategy == "Others"


def test_a_remark_that_neither_mirrors_nor_addresses_the_seeker_is_others() -> None:
    ann = annotate("And then everything changed.")
    assert ann.n_reflections == 1
    assert ann.esconv_strategy == "Others"


def test_the_strategy_that_fills_most_of_the_message_wins() -> None:
    ann = annotate(
        "I went through a breakup last year. How long were you together? "
        "What happened at the end?"
    )
    assert ann.esconv_strategy == "Question"


def test_priority_still_breaks_a_tie() -> None:
    ann = annotate("I went through a breakup last year. How long were you together?")
    assert ann.esconv_strategy == "Self-disclosure"
