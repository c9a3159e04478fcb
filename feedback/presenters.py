"""Turn a stored annotation into what a trainee reads: one chip per code per turn.

The annotator codes utterances (a long message may have dozens); the page shows one
chip per behaviour code of the whole turn, one per Socratic type and one per flag, and
keeps the utterance detail in the "Why" disclosure. Words are plain: no code
identifiers, no confidence figures. The trainee-facing label and "why" line of a key
come from the codebook (`entry.plain`, `entry.why`); `PLAIN` below covers only the two
reflection-depth keys the codebook has no entry for; supervisor-only detail (annotator, rubric
version, confidence, the annotator's own rationale) is marked `reviewer_*` and shown
on the review page only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from feedback.rubrics import CODEBOOK
from feedback.rubrics.schema import (
    BEHAVIOUR_CODES,
    FLAGS,
    PADESKY_STAGES,
    SOCRATIC_TYPES,
)

# Trainee-facing (label, one-line why) for the two keys the codebook has no entry of
# its own for (reflection depth, used by the review forms). Every other key's plain
# wording lives in the codebook (`CodebookEntry.plain` / `.why`), in one place.
PLAIN: dict[str, tuple[str, str]] = {
    "reflection.simple": ("Simple reflection", "Close to their own words."),
    "reflection.complex": (
        "Deeper reflection",
        "Adds a feeling, a value or both sides of a dilemma.",
    ),
}

GOOD_CODES = {
    "complex_reflection",
    "simple_reflection",
    "affirm",
    "seek_collaboration",
    "emphasize_autonomy",
    "persuade_with_permission",
}
POOR_CODES = {"persuade", "confront"}
LEVELS = {0: "not shown", 1: "some", 2: "strong"}
# Sentences listed in a turn's "Why" before "and N more".
MAX_LINES = 8
# Chip order: reflections and questions first, what to work on last.
CHIP_ORDER = (
    "complex_reflection",
    "simple_reflection",
    "question",
    "affirm",
    "seek_collaboration",
    "emphasize_autonomy",
    "support",
    "persuade_with_permission",
    "giving_information",
    "self_disclosure",
    "persuade",
    "confront",
)


def plain_label(key: str) -> str:
    """The trainee-facing name of a codebook key ("persuade", "flag.collusion")."""
    entry = CODEBOOK.get(key)
    text = getattr(entry, "plain", "") or getattr(entry, "plain_label", "")
    if text:
        return str(text)
    if key in PLAIN:
        return PLAIN[key][0]
    return key.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def plain_why(key: str) -> str:
    """The trainee-facing one-line "why" of a codebook key ("" when there is none)."""
    entry = CODEBOOK.get(key)
    text = getattr(entry, "why", "") or getattr(entry, "plain_why", "")
    if text:
        return str(text)
    return PLAIN[key][1] if key in PLAIN else ""


# Readable names for the behaviour codes (review forms, dashboard, exports' readers).
CODE_LABELS: dict[str, str] = {
    code: plain_label(code) for code in CHIP_ORDER + ("other",)
}


@dataclass(frozen=True)
class Chip:
    label: str
    tone: str  # good | poor | neutral | flag
    title: str = ""
    key: str = ""


@dataclass(frozen=True)
class UtteranceLine:
    """One utterance in the "Why" disclosure: its words and what they were coded."""

    text: str
    labels: list[str] = field(default_factory=list)


def _question_label(kinds: set[str]) -> tuple[str, str]:
    if kinds == {"open", "closed"}:
        return "Open and closed questions", "question"
    if "open" in kinds:
        return plain_label("question.open"), "question.open"
    if "closed" in kinds:
        return plain_label("question.closed"), "question.closed"
    return plain_label("question"), "question"


def turn_codes(utterances: list[dict[str, Any]]) -> list[str]:
    """The turn's behaviour codes, each once, in chip order ("other" left out)."""
    present = {c for u in utterances for c in u.get("codes", [])}
    return [c for c in CHIP_ORDER if c in present]


def _all_codes(utterances: list[dict[str, Any]]) -> list[str]:
    """Every behaviour code of the turn once, in the codebook's order ("other" too)."""

    present = {c for u in utterances for c in u.get("codes", [])}
    return [c for c in BEHAVIOUR_CODES if c in present]


def turn_socratic(utterances: list[dict[str, Any]]) -> str:
    """The turn's Socratic type: the first probing type, else "informational", else ""."""
    types = [u.get("socratic_type") for u in utterances if u.get("socratic_type")]
    probing = [t for t in types if t != "informational"]
    return str(probing[0]) if probing else str(types[0]) if types else ""


def _chips(utterances: list[dict[str, Any]], flags: list[str]) -> list[Chip]:
    chips: list[Chip] = []
    for code in turn_codes(utterances):
        if code == "question":
            kinds = {str(u["question"]) for u in utterances if u.get("question")}
            label, key = _question_label(kinds)
            tone = "good" if "open" in kinds else "neutral"
        else:
            label, key = plain_label(code), code
            tone = (
                "good"
                if code in GOOD_CODES
                else "poor"
                if code in POOR_CODES
                else "neutral"
            )
        chips.append(Chip(label, tone, plain_why(key), code))
    socratic = {str(u["socratic_type"]) for u in utterances if u.get("socratic_type")}
    for kind in socratic - {"informational"}:
        key = f"socratic.{kind}"
        chips.append(Chip(plain_label(key), "good", plain_why(key), key))
    for flag in flags:
        key = f"flag.{flag}"
        chips.append(Chip(plain_label(key), "flag", plain_why(key), key))
    return chips


def utterance_line(u: dict[str, Any]) -> UtteranceLine:
    labels = []
    for code in u.get("codes", []):
        if code == "question" and u.get("question"):
            labels.append(plain_label(f"question.{u['question']}"))
        elif code != "other" or len(u.get("codes", [])) == 1:
            labels.append(plain_label(code))
    if u.get("socratic_type") and u["socratic_type"] != "informational":
        labels.append(plain_label(f"socratic.{u['socratic_type']}"))
    return UtteranceLine(text=str(u.get("text", "")), labels=labels)


def annotation_view(data: dict[str, Any]) -> dict[str, Any]:
    """What the annotation element shows, and its machine-readable attributes."""
    utterances: list[dict[str, Any]] = list(data.get("utterances", []))
    flags = [str(f) for f in data.get("flags", [])]
    chips = _chips(utterances, flags)
    empathy = [
        (
            plain_label("empathy.ER"),
            LEVELS.get(data.get("emotional_reactions", 0), "not shown"),
        ),
        (
            plain_label("empathy.IP"),
            LEVELS.get(data.get("interpretations", 0), "not shown"),
        ),
        (
            plain_label("empathy.EX"),
            LEVELS.get(data.get("explorations", 0), "not shown"),
        ),
    ]
    return {
        "chips": chips,
        # Flags as their own list too (the "Why" gives each its reason).
        "flags": [
            {
                "key": f,
                "label": plain_label(f"flag.{f}"),
                "description": plain_why(f"flag.{f}"),
            }
            for f in flags
        ],
        "why": [c for c in chips if c.title],
        # A long message keeps its "Why" short: the first sentences, then a count.
        "lines": [utterance_line(u) for u in utterances[:MAX_LINES]]
        if len(utterances) > 1
        else [],
        "more_lines": max(0, len(utterances) - MAX_LINES),
        "empathy": empathy,
        "suggestion": data.get("suggestion"),
        # Stable hooks (README, "Stable hooks"): space-separated behaviour codes of
        # the turn, its Socratic type or "", space-separated flags.
        "data_codes": " ".join(_all_codes(utterances)),
        "data_socratic": turn_socratic(utterances),
        "data_flags": " ".join(flags),
        # Supervisor-only detail (review page).
        "reviewer_rationale": data.get("rationale", ""),
        "reviewer_confidence": data.get("confidence"),
        "annotator": data.get("annotator", ""),
        "rubric_version": data.get("rubric_version", ""),
        "fallback": data.get("fallback", False),
    }


def correction_choices() -> dict[str, list[tuple[Any, str]]]:
    """The options of the review page's correction forms, in plain words."""

    return {
        # Questions and reflections have their own selects (kind, depth).
        "codes": [
            (c, plain_label(c))
            for c in CHIP_ORDER
            if c not in ("question", "simple_reflection", "complex_reflection")
        ]
        + [("other", plain_label("other"))],
        "socratic": [(t, plain_label(f"socratic.{t}")) for t in SOCRATIC_TYPES],
        "padesky": [(s, plain_label(f"padesky.{s}")) for s in PADESKY_STAGES],
        "flags": [(f, plain_label(f"flag.{f}")) for f in FLAGS],
        "levels": [(level, f"{level} · {name}") for level, name in LEVELS.items()],
    }
