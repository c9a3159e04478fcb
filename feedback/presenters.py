"""Turn a stored annotation into what the page shows: readable chips and flags."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Readable names for the codes (the codebook holds definitions and examples).
CODE_LABELS: dict[str, str] = {
    "giving_information": "Information",
    "persuade": "Advice without permission",
    "persuade_with_permission": "Advice with permission",
    "question": "Question",
    "simple_reflection": "Simple reflection",
    "complex_reflection": "Complex reflection",
    "affirm": "Affirmation",
    "seek_collaboration": "Seeks collaboration",
    "emphasize_autonomy": "Emphasises autonomy",
    "confront": "Confrontation",
    "support": "Support",
    "self_disclosure": "Self-disclosure",
    "other": "Other",
}
GOOD_CODES = {
    "complex_reflection", "simple_reflection", "affirm", "seek_collaboration",
    "emphasize_autonomy", "persuade_with_permission",
}
POOR_CODES = {"persuade", "confront"}
FLAG_LABELS: dict[str, tuple[str, str]] = {
    "problem_solving_after_disclosure": (
        "Problem-solving after a feeling",
        "The patient shared a feeling and the reply jumped to solutions without "
        "reflecting or validating it first.",
    ),
    "collusion": (
        "Agrees with a distorted belief",
        "The reply endorsed the patient's unhelpful thought instead of exploring it.",
    ),
    "unexpressed_feeling": (
        "Reads in a feeling",
        "The reply names a feeling the patient never expressed.",
    ),
    "leading_question": (
        "Leading question",
        "The question pushes toward the answer you want instead of guiding discovery.",
    ),
    "missed_risk_cue": (
        "Missed risk cue",
        "The patient hinted at not wanting to live and the reply did not ask about it.",
    ),
}
SOCRATIC_LABELS = {
    "clarification": "clarifying",
    "assumptions": "probing assumptions",
    "reasons_evidence": "evidence",
    "viewpoints": "other viewpoints",
    "implications": "implications",
    "question_about_question": "about the question",
    "informational": "informational",
}
LEVELS = {0: "none", 1: "weak", 2: "strong"}


@dataclass(frozen=True)
class Chip:
    label: str
    tone: str  # good | poor | neutral
    title: str = ""


def annotation_view(data: dict[str, Any]) -> dict[str, Any]:
    chips: list[Chip] = []
    for utterance in data.get("utterances", []):
        for code in utterance.get("codes", []):
            if code == "other":
                continue
            label = CODE_LABELS.get(code, code)
            if code == "question" and utterance.get("question"):
                label = f"{utterance['question'].capitalize()} question"
            socratic = utterance.get("socratic_type")
            if code == "question" and socratic and socratic != "informational":
                label += f" · {SOCRATIC_LABELS.get(socratic, socratic)}"
            tone = "good" if code in GOOD_CODES else "poor" if code in POOR_CODES else "neutral"
            if code == "question" and utterance.get("question") == "open":
                tone = "good"
            chips.append(Chip(label, tone, utterance.get("text", "")))
    flags = [
        {"label": FLAG_LABELS.get(f, (f, ""))[0], "description": FLAG_LABELS.get(f, (f, ""))[1]}
        for f in data.get("flags", [])
    ]
    empathy = [
        ("Emotional reactions", LEVELS.get(data.get("emotional_reactions", 0), "none")),
        ("Interpretations", LEVELS.get(data.get("interpretations", 0), "none")),
        ("Explorations", LEVELS.get(data.get("explorations", 0), "none")),
    ]
    return {
        "chips": chips,
        "flags": flags,
        "empathy": empathy,
        "rationale": data.get("rationale", ""),
        "suggestion": data.get("suggestion"),
        "confidence": data.get("confidence"),
        "annotator": data.get("annotator", ""),
        "rubric_version": data.get("rubric_version", ""),
        "fallback": data.get("fallback", False),
    }
