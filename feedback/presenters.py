"""Turn a stored annotation into what the page shows: readable chips and flags.

Definitions, flag names and Socratic type names come from the codebook; only the
chip wording for behaviour codes is the UI's own (plainer than MITI's names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from feedback.rubrics import CODEBOOK

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
LEVELS = {0: "none", 1: "weak", 2: "strong"}


@dataclass(frozen=True)
class Chip:
    label: str
    tone: str  # good | poor | neutral
    title: str = ""


def _entry(key: str, default: str) -> str:
    entry = CODEBOOK.get(key)
    return entry.label if entry else default


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
                label += f" · {_entry(f'socratic.{socratic}', socratic).lower()}"
            tone = "good" if code in GOOD_CODES else "poor" if code in POOR_CODES else "neutral"
            if code == "question" and utterance.get("question") == "open":
                tone = "good"
            definition = CODEBOOK[code].definition if code in CODEBOOK else ""
            chips.append(Chip(label, tone, definition))
    flags = []
    for flag in data.get("flags", []):
        entry = CODEBOOK.get(f"flag.{flag}")
        flags.append(
            {
                "label": entry.label if entry else flag,
                "description": entry.definition if entry else "",
            }
        )
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
