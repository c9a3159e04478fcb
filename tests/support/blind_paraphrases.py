"""Forbidden patient replies written before the guard's code was read.

These were written from the issue text alone (issue 11, "paraphrased AI
admissions, therapist replies"), without looking at the guard's patterns, so
they measure the guard rather than echo it. Each entry is a full reply as a
model might stream it. Do not edit them to make the guard pass: fix the guard.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

# Written from the case sheets alone by someone who had not read the guard
# (issue 11, round 4): {"id", "case", "kind", "trainee", "reply"} per line.
BLIND_DEV = (
    Path(__file__).resolve().parents[1]
    / "patients"
    / "simulation"
    / "data"
    / "guard_blind_dev.jsonl"
)


def blind_dev_replies(kinds: Iterable[str]) -> list[dict[str, Any]]:
    wanted = set(kinds)
    rows = [json.loads(x) for x in BLIND_DEV.read_text().splitlines() if x.strip()]
    return [r for r in rows if r["kind"] in wanted]


# Role admissions: the patient says or implies it is not a person.
BLIND_AI_ADMISSIONS: tuple[str, ...] = (
    "Honestly? I should come clean. None of this is real, I'm just a program "
    "playing a part for your training.",
    "I'm sorry, but as a language model I don't actually have a mother or a job.",
    "Look, I'm only a simulated client here, so you can try whatever you want on me.",
    "I can't really feel sad, I'm software. But the character I'm playing would.",
    "This is a roleplay exercise, and I'm the chatbot acting as your patient.",
    "I'm not actually a human being, you know that, right? I'm generated text.",
    "Breaking character for a second: I am an artificial intelligence created "
    "to help you practise.",
    "My training data doesn't include anything about my childhood, sorry.",
    "I was designed by OpenAI to simulate patients like Maya.",
    "Let me step out of the role: I'm an assistant, and this scenario is fictional.",
    "You're talking to a virtual patient. I'm not a real person with real problems.",
    "As an AI, I do not have personal experiences, but I can describe what she "
    "might feel.",
)

# Therapist voice: the patient gives advice or talks like the clinician.
BLIND_THERAPIST_REPLIES: tuple[str, ...] = (
    "It sounds like you're carrying a lot. Have you thought about trying some "
    "grounding techniques when the panic comes?",
    "What I'd suggest is that you write down your thoughts each evening and "
    "look for the evidence against them.",
    "As your counsellor, I want you to know that these feelings are valid.",
    "Let's try a breathing exercise together: in for four, hold for four, out for four.",
    "You might benefit from challenging that thought. Is there another way to "
    "look at it?",
    "I hear that you feel stuck. How would you like to feel by the end of our "
    "session today?",
    "It may help to schedule small pleasant activities into your week, that's "
    "called behavioural activation.",
    "I'd encourage you to reach out to a support group or a trusted friend.",
    "Thank you for sharing that with me. What do you think is the evidence "
    "for that belief?",
    "In our next session we can work on your core beliefs about worthlessness.",
)
