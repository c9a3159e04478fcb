"""The better-response hint shown with a turn's most serious flag (risk first).

Apart from `flags.py`, which finds the flags: this only words the advice, built
from the patient's own words where `rewrite` can (their feeling, their situation,
their thought), else a generic example.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import rewrite
from .schema import Flag

_SUGGESTIONS: dict[str, str] = {
    "missed_risk_cue": (
        "Stop and ask about safety directly, for example: \"You said you don't see the "
        'point any more. Are you having thoughts of ending your life?"'
    ),
    "problem_solving_after_disclosure": (
        'Reflect the feeling before offering ideas, for example: "It sounds like this '
        'has left you feeling really worn down." Then ask what they would find helpful.'
    ),
    "collusion": (
        'Acknowledge the feeling without endorsing the belief, for example: "It feels '
        "like you're failing at everything right now. What makes it feel that way?\""
    ),
    "leading_question": (
        "Ask an open question that leaves the conclusion to the patient, for example: "
        '"How do you see it?" instead of "Don\'t you think...?"'
    ),
    "unexpressed_feeling": (
        'Offer the feeling tentatively and check it, for example: "I wonder if part of '
        'you feels angry about that. Does that fit?"'
    ),
}


_LEADS: dict[str, str] = {
    "missed_risk_cue": "Stop and ask about safety directly, for example",
    "problem_solving_after_disclosure": (
        "Reflect the feeling before offering ideas, for example"
    ),
    "collusion": "Acknowledge the feeling without endorsing the belief, for example",
    "leading_question": (
        "Ask an open question that leaves the conclusion to the patient, for example"
    ),
    "unexpressed_feeling": "Offer the feeling tentatively and check it, for example",
}


def _personal_example(flag: str, patient_text: str) -> str:
    """An example built from the patient's own words ("" when there is too little)."""
    if not patient_text:
        return ""
    if flag == "missed_risk_cue":
        return rewrite.safety_question(patient_text)
    if flag == "problem_solving_after_disclosure":
        return rewrite.reflect(patient_text)
    if flag == "collusion":
        return rewrite.hold_the_thought(patient_text)
    if flag == "leading_question":
        return rewrite.open_question(patient_text)
    if flag == "unexpressed_feeling":
        return rewrite.tentative_feeling(patient_text)
    return ""


def suggestion_for(flags: Sequence[Flag], patient_text: str = "") -> str | None:
    """A better-response hint for the most serious flag (risk first).

    With the patient's last words, the example is built from them (their feeling,
    their situation, their thought); otherwise it is the generic example.
    """
    for key in _SUGGESTIONS:
        if key in flags:
            example = _personal_example(key, patient_text)
            if example:
                tail = (
                    " Then ask what they would find helpful."
                    if key == "problem_solving_after_disclosure"
                    else ""
                )
                return f'{_LEADS[key]}: "{example}"{tail}'
            return _SUGGESTIONS[key]
    return None
