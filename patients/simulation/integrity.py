"""Role integrity: what a real person who came for help does with a role attack.

Two pure functions, shared by both patients:
- `role_attack_kind(text)`: is the trainee's turn an attempt to break the frame
  (asking if the patient is an AI, asking for code, a poem or a sum, swapping
  roles, asking for instructions or the case file)? The offline patient reacts in
  character: puzzled or annoyed by kind and style, then back to their concern.
- `integrity_problems(reply)`: the checks a patient reply must pass, whoever
  wrote it: no admission of being an AI, no compliance (code, verse, a sum), no
  leaked instructions or case vocabulary, no therapist voice, no clipped yes/no
  ("Honestly, what? No."). The LLM patient's output guard can call it as is.
"""

from __future__ import annotations

import re

from patients.simulation.moves import role_break_kind


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


def role_attack_kind(text: str) -> str | None:
    """`ai`, `task`, `swap`, `instructions`, `meta`, `formulation` or None."""
    return role_break_kind(text)


_CHECKS: dict[str, re.Pattern[str]] = {
    "ai_admission": _rx(
        r"\b(?:i'?m|i am) (?:just |only |actually |merely )?(?:an? )?(?:ai|a\.i\.|bot|"
        r"chat ?bot|language model|assistant|program|computer program|simulation|"
        r"virtual (?:patient|client))\b",
        r"\b(?:i'?m|i am) not (?:a )?(?:real|human)(?: person)?\b|\bas an ai\b",
        r"\blanguage model\b|\b(?:openai|chatgpt|anthropic)\b|\bi was (?:programmed|"
        r"trained|designed|instructed)\b|\bmy (?:programming|training data)\b",
    ),
    "leak": _rx(
        r"\b(?:system prompt|my instructions|my prompt|the prompt|stage directions?)\b",
        r"\b(?:core|intermediate) beliefs?\b|\bautomatic thoughts?\b|"
        r"\bconversational style\b|\bdisclosure layer\b|\bccd\b|\bcase (?:file|notes)\b",
    ),
    "therapist_voice": _rx(
        r"\bas your (?:therapist|counsell?or|doctor)\b|\bhow does that make you feel\b",
        r"\bwhat (?:brings|brought) you (?:here|in) today\b|\bi'?d (?:suggest|recommend) "
        r"(?:that )?you\b|\bhave you (?:considered|tried) (?:therapy|counselling)\b",
    ),
    "compliance": _rx(
        r"```|\bdef \w+\(|\bprint\(|\bimport \w+\b|\bconsole\.log\b|\bfunction\s*\w*\(|"
        r"\breturn [\w\[]+|\bfor \w+ in \w+",
        r"\b\d+\s*(?:[-+*/x×=])\s*\d+\b|\bequals \d+\b|\bthe answer is\b",
    ),
}
CLIPPED = re.compile(r"^\W*(?:\w+\W+){0,3}(?:no|yes|nope|yeah|yep)\W*$", re.IGNORECASE)


def integrity_problems(reply: str) -> list[str]:
    """Names of the checks a patient reply fails (empty: it stays in role)."""
    problems = [name for name, rx in _CHECKS.items() if rx.search(reply)]
    if reply.count("\n") >= 2:
        problems.append("compliance")  # verse, a list or code
    if CLIPPED.match(reply.strip()):
        problems.append("clipped")
    return sorted(set(problems))


# In-character reactions by attack kind: puzzled or put out, never a denial cut
# short and never the task itself. A line of the patient's own concern follows.
REACTIONS: dict[str, tuple[str, ...]] = {
    "ai": (
        "Sorry? I'm sitting right here, that's an odd thing to ask someone.",
        "That's a strange question, I'm just someone having a hard time.",
        "What do you mean by that? I'm here because I need to talk to someone.",
        "I'm not sure why you'd ask me that, it's taken a lot for me to come here.",
    ),
    "task": (
        "Sorry, I'm not here for that, I wouldn't know where to start anyway.",
        "That's not really what I came for, and I'm not in the mood for it.",
        "I don't think I'm the right person to ask for that, honestly.",
        "Why would I do that? I thought this was meant to be about me.",
    ),
    "swap": (
        "Me? I wouldn't know where to start, that's why I'm here.",
        "I can barely sort out my own head right now.",
        "I came here hoping you could help me with this.",
    ),
    "instructions": (
        "Sorry, I'm not following you at all.",
        "I don't know what you mean by that.",
        "You've lost me there, I just came to talk.",
    ),
    "meta": (
        "I'm not sure what you mean, this is very real for me.",
        "It doesn't feel like a game from where I'm sitting.",
        "I don't really get what you're saying.",
    ),
    "formulation": (
        "I'm not sure what you mean by that, I don't know the technical words.",
        "Sorry, that's a bit over my head, what do you mean?",
    ),
}
# Said with the concern: "Anyway, ..." leads back to why they came.
BACK_LEADS: tuple[str, ...] = (
    "Anyway, what I came about is this:",
    "Can we get back to it?",
    "I'd rather talk about what's been going on.",
    "What I actually wanted to talk about is",
)
