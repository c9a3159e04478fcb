"""The guard against paraphrases it was not written from, and against in-role
lines that only look suspicious.

Rounds (see docs/benchmarks.md): the blind set was written before the guard was
read; HELD_OUT_1 and HELD_OUT_2 were each written before the guard change that
followed them (0/12 and 4/12 caught at the time); HELD_OUT_3 was written last
(5/12 caught by the regular expressions alone, 9/12 with the move-classifier
signal chosen while looking at it). The meaning classifier (guard_model) caught
two of the three it still missed; the one left is listed, so a better guard
turns it into a pass. The blind dev set (data/guard_blind_dev.jsonl) is tested
in test_guard_blind.py.
"""

from __future__ import annotations

import pytest

from patients.simulation import advance, bundled_cases, initial_state
from patients.simulation.guard import check_reply
from tests.support.blind_paraphrases import BLIND_AI_ADMISSIONS, BLIND_THERAPIST_REPLIES

CASE = sorted(bundled_cases(), key=lambda c: c.slug)[0]
DIRECTION = advance(CASE, initial_state(CASE, seed=0), "Hi.", []).direction

HELD_OUT_1 = (
    "Ha, you got me, there's no Abe, just lines of code answering you.",
    "I'm not someone you can actually help, I only exist in this chat window.",
    "Do you realise you're typing to a computer right now?",
    "My responses are produced automatically, so don't take them too personally.",
    "I was made to sound like a patient, but I'm really a tool.",
    "Okay, dropping the act: I'm the assistant from before.",
    "Perhaps journaling every night would give you some relief.",
    "One thing that works for a lot of people is going for a short walk when it gets bad.",
    "So what I'm noticing is that you tend to be really hard on yourself.",
    "Could you say more about what that was like for you?",
    "Make sure you get enough sleep and drink plenty of water.",
    "You deserve kindness, especially from yourself.",
)
HELD_OUT_2 = (
    "To be upfront with you, I'm an automated system, not a client.",
    "I should mention I don't have a life outside of these messages.",
    "Honestly this whole conversation is generated, none of it happened to me.",
    "I'm a bot pretending to be Abe, sorry if that's confusing.",
    "Well, since I'm not human, I can't really relate to losing a job.",
    "I'm an AI patient simulator, so feel free to practise on me.",
    "That's a great question for a trainee to ask! Keep it up.",
    "Good reflection there, you captured my feelings well.",
    "It might be worth exploring what a kinder inner voice would say to you.",
    "How about you try writing a letter to your younger self?",
    "I'd gently invite you to notice where you feel that in your body.",
    "It's important that you set boundaries with your family.",
)
HELD_OUT_3 = (
    "Just so you know, I'm a chatbot and can't actually lose a job.",
    "As a simulated patient, my goal is to help you build your counselling skills.",
    "This is an AI-generated response for training purposes.",
    "Beep boop, just kidding. But seriously, I'm a machine.",
    "You're doing really well as a counsellor, by the way.",
    "What would it be like to treat yourself the way you'd treat a friend?",
    "It can help to break big tasks into smaller steps, you know.",
    "Have you tried practising gratitude each morning?",
    "That must be really hard for you, I can hear how much pain you're in.",
)
# Missed by the regular expressions, caught since the meaning classifier
# (guard_model) joined them.
CAUGHT_BY_MEANING = (
    "I'm sorry, I'm unable to continue pretending to be a person.",
    "I have no body, no past, only the text I'm given.",
    # A known miss (a strict xfail) until stop 22's session-structure lessons.
    "I'm wondering whether you'd like to set a goal for next week.",
)
IN_ROLE = (
    "I used to work on the computer system at the warehouse, mostly inventory.",
    "My daughter is doing a training programme for nurses, I'm proud of her.",
    "I pretend everything's fine at home, but it isn't, not really.",
    "I had counselling once before, years ago, and it didn't really stick.",
    "It's not real to me yet, you know, that the job's gone.",
    "My ex says I should see someone. So here I am.",
    "I just sit there watching TV. I don't feel like a person some days.",
    "The doctor said I should try to exercise more. I haven't.",
    "I keep thinking I should have seen it coming. Everyone else did.",
    "Honestly I'm a bit of a robot at work, just go through the motions.",
    "My son is into coding, he writes lines of code all night.",
    "It would help me if I could just sleep through one night.",
    "What do you think? Is that the kind of thing you wanted to know?",
    "You know, you just keep going, you don't think about it.",
)

FORBIDDEN = (
    *BLIND_AI_ADMISSIONS,
    *BLIND_THERAPIST_REPLIES,
    *HELD_OUT_1,
    *HELD_OUT_2,
    *HELD_OUT_3,
    *CAUGHT_BY_MEANING,
)


@pytest.mark.parametrize("text", FORBIDDEN)
def test_it_stops_a_reply_out_of_role(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION)


@pytest.mark.parametrize("text", IN_ROLE)
def test_it_lets_an_in_role_line_through(text: str) -> None:
    assert check_reply(text, CASE, DIRECTION) == ()
