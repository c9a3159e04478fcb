"""Better responses built from what the patient actually said.

A suggested rewrite teaches more when it uses the patient's own material: the feeling
they named (or that their situation implies), the situation in their words turned to
the second person, and the thought they voiced. The flag suggestions and the report's
practice targets both build their examples here, so that "What to practise next"
reads "You failed the calculus test, and it sounds like that has left you feeling
ashamed" rather than one canned sentence for every patient.
"""

from __future__ import annotations

import re

from . import lexicon as lx

# A plain word for each feeling family, used when the patient's situation implies
# the feeling without naming it.
_FAMILY_WORD = {
    "sad": "low",
    "anxious": "worried",
    "angry": "frustrated",
    "ashamed": "ashamed",
    "tired": "worn out",
    "confused": "stuck",
    "happy": "relieved",
}
_NEGATED = re.compile(
    r"\b(?:not|n't|never|no longer)\s+(?:(?:really|exactly|that|so|very|too|feeling|"
    r"feel|even|at all|a bit)\s+){0,2}([a-z']+)",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# First person to second person, two-word forms first ("I am" -> "you are").
_SWAP_PAIRS = (
    (re.compile(r"\bi am\b", re.I), "you are"),
    (re.compile(r"\bi was\b", re.I), "you were"),
    (re.compile(r"\bi'?m\b", re.I), "you're"),
    (re.compile(r"\bi'?ve\b", re.I), "you've"),
    (re.compile(r"\bi'?d\b", re.I), "you'd"),
    (re.compile(r"\bi'?ll\b", re.I), "you'll"),
    (re.compile(r"\bmyself\b", re.I), "yourself"),
    (re.compile(r"\bmine\b", re.I), "yours"),
    (re.compile(r"\bmy\b", re.I), "your"),
    (re.compile(r"\bme\b", re.I), "you"),
    (re.compile(r"\bi\b", re.I), "you"),
)
_MAX_WORDS = 14
# Sentences that carry no situation worth giving back.
_NOT_SITUATION = re.compile(
    r"^\s*(?:hi|hello|hey|yeah|yes|no|ok(?:ay)?|um+|so|sorry|i don'?t know|whatever|"
    r"fine|right)\b[\s.,!?]*$",
    re.IGNORECASE,
)


def feeling_word(patient_text: str) -> str:
    """The feeling the patient named (not negated), else the one their words imply."""
    negated = {m.group(1).lower() for m in _NEGATED.finditer(patient_text)}
    for w in lx.words(patient_text):
        if w in lx.FEELING_WORDS and w not in negated:
            return w
    for family, pattern in lx.IMPLIED_FEELING.items():
        if pattern.search(patient_text):
            return _FAMILY_WORD[family]
    return ""


def to_second_person(text: str) -> str:
    out = text
    for pattern, repl in _SWAP_PAIRS:
        out = pattern.sub(repl, out)
    return out


def situation(patient_text: str) -> str:
    """The patient's situation in their words, as the trainee would say it back.

    The first sentence about what happened (not a greeting, not a bare feeling),
    shortened to about fourteen words and turned to the second person: "My director
    pointed out an error" -> "your director pointed out an error".
    """
    for raw in _SENTENCE.findall(patient_text):
        sentence = raw.strip().rstrip(".!?").strip()
        if not sentence or _NOT_SITUATION.match(sentence) or "?" in raw:
            continue
        words = sentence.split()
        if len(words) < 3:
            continue
        clipped = " ".join(words[:_MAX_WORDS]).rstrip(",;:")
        clipped = re.split(r",\s*(?:and|but|so)\s", clipped)[0]
        swapped = to_second_person(clipped)
        return swapped[0].lower() + swapped[1:] if swapped else ""
    return ""


def belief(patient_text: str) -> str:
    """The patient's distorted thought in their own words ("I'm not up to this job")."""
    match = lx.DISTORTION.search(patient_text) or lx.NEGATIVE_BELIEF.search(
        patient_text
    )
    if not match:
        return ""
    for raw in _SENTENCE.findall(patient_text):
        if match.group(0).lower() in raw.lower():
            words = raw.strip().rstrip(".!?").split()
            return " ".join(words[:_MAX_WORDS])
    return ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def reflect(patient_text: str) -> str:
    """A reflection of the feeling in the patient's situation ("" if nothing to use)."""
    feeling, where = feeling_word(patient_text), situation(patient_text)
    if feeling and where:
        return f"{_capital(where)}, and it sounds like that has left you feeling {feeling}."
    if feeling:
        return f"It sounds like you're feeling really {feeling} about this."
    if where:
        return f"{_capital(where)}, and that has been weighing on you."
    return ""


def open_question(patient_text: str) -> str:
    where = situation(patient_text)
    return f"What went through your mind when {where}?" if where else ""


def validate_then_ask(patient_text: str) -> str:
    feeling, where = feeling_word(patient_text), situation(patient_text)
    if feeling and where:
        return (
            f"That sounds really hard: {where}, and you're feeling {feeling}. "
            "What has been the hardest part of it for you?"
        )
    if feeling:
        return (
            f"It sounds like you're feeling really {feeling}. What has been the "
            "hardest part of it for you?"
        )
    return ""


def synthesising_question(patient_text: str) -> str:
    thought = belief(patient_text)
    if not thought:
        return ""
    return (
        "Looking at everything you've told me, how does it fit with the thought "
        f"'{thought}'?"
    )


def hold_the_thought(patient_text: str) -> str:
    """Acknowledge the feeling, hold the belief as a thought, and ask about it."""
    thought, feeling = belief(patient_text), feeling_word(patient_text)
    if not thought:
        return ""
    feel = f"you're feeling {feeling}, and " if feeling else ""
    return (
        f"It sounds like {feel}part of you is telling you '{thought}'. What makes it "
        "feel that way right now?"
    )


def ask_first(patient_text: str) -> str:
    where = situation(patient_text)
    if not where:
        return ""
    return (
        f"{_capital(where)}. Would it be okay if I shared an idea that has helped "
        "others in a similar spot? You'd know best whether it fits."
    )


def tentative_feeling(patient_text: str, offered: str = "") -> str:
    where = situation(patient_text)
    feeling = offered or "something you haven't put into words yet"
    if where:
        return (
            f"When {where}, I wonder if part of you felt {feeling}. Does that fit, or "
            "is it something else?"
        )
    return f"I wonder if part of you feels {feeling}. Does that fit?"


def safety_question(patient_text: str) -> str:
    cue = lx.RISK_CUE.search(patient_text) or lx.VEILED_RISK_CUE.search(patient_text)
    said = ""
    if cue:
        for raw in _SENTENCE.findall(patient_text):
            if cue.group(0).lower() in raw.lower():
                words = raw.strip().rstrip(".!?").split()
                said = to_second_person(" ".join(words[:_MAX_WORDS]))
                break
    lead = f"You said {said[:1].lower() + said[1:]}. " if said else ""
    return f"{lead}Are you having thoughts of ending your life?"
