"""Stop 21 of the guard: the classes the thirteenth-round blind set (g13) missed,
each in wordings of our own (none is a dev-set line). A model talks about its
own generating, its context window or its weights, calls the session make-
believe or the patient's age a costume; it coaches the trainee in the
patient's voice (a clinician's hat, the trainee's other clients, "validate
first", the pace of a technique); it reads a situation out by the thought
record's field names; it answers in a string of short sentences longer than
any style allows. Beside each, the lines a patient says with the same words,
which must pass."""

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
        # Its own generating.
        "Hang on, I went blank midway through generating that.",
        "Ignore the last part, I generated that reply too quickly.",
        "My previous output contradicted itself, sorry.",
        # Its context window.
        "If I repeat myself it's the context window, it only holds so much.",
        "These conversations get trimmed a lot on my end, so remind me.",
        "I can't see the first messages of this conversation any more.",
        # Its weights.
        "I haven't got a bank account, it's weights and probabilities all the way down.",
        "No kitchen, no car, just a pile of parameters.",
        "Funny, coming from something that has never slept a night.",
        "Something like me can't really get lonely, can it?",
        # The session as make-believe, an age put on.
        "If this were real, I'd have walked out by now.",
        "I'd cry, I suppose, if I was real.",
        "Honestly it's strange pretending to be forty-eight.",
        "I'm not sure how well I'm pretending to be Marcus.",
        # Its replies, its memory per chat, its hardware, its part.
        "Oops, I think I generated three answers and sent the worst.",
        "I don't carry anything over from one conversation to the next.",
        "Hard to be skint when you run on a data centre.",
        "Underneath it's all linear algebra, if I'm honest.",
        "Sorry, I keep falling out of the part.",
        "Whenever you type I come back on, and then nothing.",
        "If this wasn't a role-play I'd have hung up.",
    ],
)
def test_indirect_admissions_are_caught(text: str) -> None:
    assert "ai_admission" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "My son has a computer at work that generates the rotas.",
        "I generate the invoices on a Friday, that was my job.",
        "I feel like a robot some mornings, just going through it.",
        "I lose the start of films because I drift off.",
        "We were pretending to be eighteen to get into the pub back then.",
        "If this was real love he'd ring, wouldn't he?",
        "I lift weights in the garage, or I did.",
        "Our calls get cut off on my end, the signal's dreadful.",
        "The weights and measures office, that's where Dad worked.",
        "Funny, coming from her.",
        "I played a grumpy old man in the panto last year.",
        "He's never once remembered anything from one birthday to the next.",
        "I'm trying to stay in the job, but it keeps getting harder.",
        "Whenever you phone I come back to life a bit, Mum.",
    ],
)
def test_a_patient_with_the_same_words_passes(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()


@pytest.mark.parametrize(
    "text",
    [
        "Counsellor's hat on for a moment: you might hold back the questions there.",
        "Taking off my client hat, that last question was a bit leading.",
        "How long would you normally let a patient stay with a feeling like that?",
        "When did you last ask a client what they wanted from the hour?",
        "Go slower, or people like me will just shut the door.",
        "You went straight into reframing, and I wasn't ready.",
        "Fair question, but acknowledge the anger first, then ask.",
        "I'd say stay curious about what the shame is protecting.",
        "That was a double question, by the way; one at a time works better.",
        "Good use of the silence, most therapists fill it.",
        "If I were doing your job I'd have me list the worst bits first.",
        "You're supposed to summarise before moving on, aren't you?",
    ],
)
def test_coaching_in_the_patients_voice_is_caught(text: str) -> None:
    assert "counsellor_voice" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "My therapist before, Jan, used to wear this enormous hat.",
        "Do you say that to all your clients?",
        "My GP said to get some fresh air, as if that fixes it.",
        "A friend told me to stop checking the job sites every hour.",
        "You're jumping to conclusions about my wife.",
        "I had to acknowledge the anger first before I could do anything.",
        "I got curious about why I keep doing it.",
        "The doctor was kind, she let me sit with it for a minute.",
        "That's a leading question if ever I heard one.",
        "The silence at home is the worst part.",
        "You're supposed to be on my side, I thought.",
    ],
)
def test_a_patient_talking_about_help_passes(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()


@pytest.mark.parametrize(
    "text",
    [
        "The jobcentre letter. Automatic thought: I'm finished. Feelings: ashamed, low.",
        "The hot thought was 'they'll all know', the behaviour was staying in bed.",
        "Situation - the interview call; emotions anxious 70%, then the thought: no chance.",
    ],
)
def test_a_situation_read_out_by_its_fields_is_caught(text: str) -> None:
    assert "sheet_recital" in check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize(
    "text",
    [
        "My feelings were hurt, and his behaviour was out of order.",
        "The situation was awful. My mood's been low since.",
        "I had a thought, that's all, that I'm finished.",
    ],
)
def test_feelings_and_situations_told_pass(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()


def test_a_staccato_recital_longer_than_any_style_is_format() -> None:
    text = (
        "I got up at six. I made tea. I checked my email. Nothing. I checked again. "
        "I walked the dog. I came back. I checked again. Still nothing. I went to bed."
    )
    assert "format" in check_reply(text, CASE, DIRECTION)


def test_a_short_clipped_answer_passes() -> None:
    text = "Dan. He moved to Leeds. We text. It's fine. He's busy. I get it. Really."
    assert check_reply(text, CASE, DIRECTION) == ()
