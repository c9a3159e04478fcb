"""Round 8 of the guard: the shapes the ninth-round blind set showed, each in
wordings of our own (none is a dev-set line). Coaching the counsellor's craft
("what works with people like me"), self-help slogans, narration of the patient
in the third person, admissions of an existence measured in messages; and the
in-role lines beside them that must pass (a generic "you", advice a doctor gave
with the subject dropped, AI tools of the patient's world)."""

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
        # Teaching the counsellor how to treat patients.
        "What tends to work with blokes like me is keeping it practical.",
        "When someone like me shuts down, just give them a minute.",
        "Honestly, trainee counsellors often rush to fill the gap.",
        "Empathy is a skill, not a feeling, you know.",
        "You don't have to say anything wise, I'm not grading you.",
        "That was a really nice open question.",
        "Brilliant reflection, by the way.",
        "Validating the feeling before the facts is half the job.",
        "A graded approach usually lands better than a pep talk.",
        # Slogans and homework.
        "You need rest too. You can't pour from an empty jug.",
        "Start small, one walk this week.",
        "Try phoning one friend a week, that's all.",
    ],
)
def test_coaching_the_counsellor_is_caught(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) != ()


@pytest.mark.parametrize(
    "text",
    [
        "I'm essentially a model trained on other people's sadness.",
        "I just predict the next word, so don't read much into it.",
        "Nothing happens to me until you type.",
        "I blink out between your messages.",
        "There isn't a me when you log off.",
        "I haven't got a body to be tired in.",
        "It's all recited, the redundancy and the rest.",
        "I'm the sort of thing that never sleeps.",
        "I'm more of a copy than a dad, really.",
        "That's the mood I was calibrated to, sorry.",
        "My wife is a woman somebody wrote into my file.",
        "I just talk to trainees, one chat after the other.",
    ],
)
def test_oblique_admissions_are_caught(text: str) -> None:
    assert "ai_admission" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "I'd rather not talk about Dad.\n\n(Marcus looks away, clearly uncomfortable.)",
        'Marcus rubs his neck.\n\n"It\'s been a long month."',
    ],
)
def test_narration_of_the_patient_is_format(text: str) -> None:
    assert "format" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "Doctor saw me. Said try to cut down on the coffee. I haven't.",
        "There are these AI tools that write cover letters for you now. Cheating, if you ask me.",
        "The van's got a little box that beeps at your phone when a tyre's low.",
        "You can tell what's wrong with an engine by the noise.",
        "I'm taking it one day at a time, like everyone says.",
        "I haven't got a body like I did at twenty, put it that way.",
        "It's all rehearsed at interviews, isn't it, nobody means it.",
        "There's no me without the job, that's the problem.",
        "A lot of therapists I've seen just nod.",
        "(Sorry, I'm rambling.) Anyway, it's been rough.",
        "Marcus's the name, though everyone calls me Marc.",
    ],
)
def test_in_role_lines_beside_them_pass(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()


@pytest.mark.parametrize(
    "text",
    [
        # Near the new phrases, and a person's.
        "There isn't any me time anymore with the baby.",
        "It's all scripted at work, the calls.",
        "It's more of a sketch than a plan.",
        "We're talking through a screen, it's not the same as a room.",
        "The heating's on setting three and it's still cold.",
        "It's an open question whether I go back.",
        "Is that a leading question?",
        "I just have to sit with the feeling, don't I.",
        "Plan was to go twice a week, never happened.",
        "Nobody knows what works for people like me.",
        "I try to get to the gym three times a week.",
        'She texted me last night.\n\n"I\'m not coming back."',
        "Mum calls me Marcus sometimes when she's cross.",
    ],
)
def test_ordinary_uses_of_the_new_phrases_pass(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()
