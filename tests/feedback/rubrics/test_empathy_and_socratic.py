"""EPITOME levels, Socratic types, Padesky stages, ESConv and BOLT mappings."""

from __future__ import annotations

import pytest

from feedback.rubrics import OfflineAnnotator, TurnContext, code_utterance


def annotate(text: str, patient: str | None = "I lost my job and I feel useless."):
    return OfflineAnnotator().annotate(TurnContext(text, patient))


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Thanks for posting.", 0),
        ("Sending hugs, hang in there.", 1),
        ("I'm really sad to hear you've been going through this alone.", 2),
    ],
)
def test_it_rates_emotional_reactions(text: str, level: int) -> None:
    assert annotate(text).emotional_reactions == level


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("Have you updated your CV?", 0),
        ("I understand how you feel.", 1),
        (
            "It sounds like losing the job has left you feeling you let everyone down.",
            2,
        ),
        ("Same here, I was laid off in spring and spent weeks on the sofa.", 2),
    ],
)
def test_it_rates_interpretations(text: str, level: int) -> None:
    assert annotate(text).interpretations == level


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("That is rough.", 0),
        ("What happened?", 1),
        ("When the evenings get quiet, what goes through your mind?", 2),
    ],
)
def test_it_rates_explorations(text: str, level: int) -> None:
    assert annotate(text).explorations == level


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "When you say you 'ruined' the evening, what exactly happened?",
            "clarification",
        ),
        ("What tells you they're angry with you?", "reasons_evidence"),
        (
            "If your sister told you this had happened to her, how would you see it?",
            "viewpoints",
        ),
        ("What if you kept avoiding the calls?", "implications"),
        ("Are you assuming your friends noticed?", "assumptions"),
        (
            "What makes that the question you keep coming back to?",
            "question_about_question",
        ),
        ("When did you last see your cousin?", "informational"),
    ],
)
def test_it_types_socratic_questions(text: str, kind: str) -> None:
    assert code_utterance(text).socratic_type == kind


def test_it_gives_no_socratic_type_to_a_statement() -> None:
    assert code_utterance("You're worn out.", "I'm tired.").socratic_type is None


@pytest.mark.parametrize(
    ("text", "stage"),
    [
        ("Have there been times this month when you did speak up?", "informational"),
        ("So when your manager agreed, you felt relieved.", "empathic_listening"),
        (
            "Let me pull this together: you said you always freeze, and you also told "
            "me about two meetings where you spoke.",
            "summary",
        ),
        (
            "Looking at those examples together, how does that fit with 'I freeze'?",
            "synthesizing",
        ),
    ],
)
def test_it_assigns_padesky_stages(text: str, stage: str) -> None:
    ann = annotate(text, "I always freeze in meetings.")
    assert stage in ann.padesky_stages


@pytest.mark.parametrize(
    ("text", "strategy"),
    [
        ("What happened at work today?", "Question"),
        (
            "You could ask your manager which deadline matters most.",
            "Providing Suggestions",
        ),
        ("I went through the same thing last year and it was hard.", "Self-disclosure"),
        ("That sounds exhausting.", "Reflection of feelings"),
        ("You're welcome, take care!", "Others"),
        ("You can do this, I believe in you.", "Affirmation and Reassurance"),
        ("Most colleges have a free counselling service.", "Information"),
    ],
)
def test_it_maps_turns_to_esconv_strategies(text: str, strategy: str) -> None:
    assert (
        annotate(text, "My manager keeps adding deadlines.").esconv_strategy == strategy
    )


def test_it_maps_turns_to_bolt_codes() -> None:
    assert (
        "questions_on_emotions"
        in annotate("How did you feel when she said that?").bolt_codes
    )
    assert (
        "problem_solving" in annotate("You should update your CV tonight.").bolt_codes
    )
    assert (
        "normalizing" in annotate("It's completely normal to feel that way.").bolt_codes
    )
