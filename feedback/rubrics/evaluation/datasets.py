"""Readers for the labelled datasets, in the file formats of ../shared/data/<dataset>/.

Each reader takes the dataset folder and yields `Item`s: the `TurnContext` the annotator
sees (the turn plus the patient's previous words and recent history) and the gold labels
keyed by task name. Readers only read; the mapping from an annotation to each scheme's
labels lives in `run.py`.
"""

from __future__ import annotations

import csv
import hashlib
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..schema import TurnContext, Utterance

# How much earlier conversation the annotator gets: enough for the flags, cheap to copy.
HISTORY = 6

BOLT_LABELS: tuple[str, ...] = (
    "reflections_on_needs",
    "reflections_on_emotions",
    "reflections_on_values",
    "reflections_on_consequences",
    "reflections_on_conflicts",
    "reflections_on_strengths",
    "questions_on_experiences",
    "questions_on_perspectives",
    "questions_on_emotions",
    "problem_solving",
    "planning",
    "normalizing",
    "psychoeducation",
)


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    context: TurnContext
    gold: dict[str, Hashable] = field(default_factory=dict)
    # The conversation (or seeker post, or thought) the item belongs to: the unit of
    # the two-halves split, so that one conversation never sits in both halves.
    group: str = ""

    @property
    def half(self) -> str:
        """ "A" or "B": `md5(group)` even or odd (docs/annotation.md, two halves)."""
        digest = hashlib.md5(  # noqa: S324 - a split, not security
            (self.group or self.id).encode()
        ).hexdigest()
        return "A" if int(digest, 16) % 2 == 0 else "B"


class DatasetFormatError(ValueError):
    """The folder does not hold the expected file or columns."""


def _rows(path: Path, filename: str, required: set[str]) -> Iterator[dict[str, str]]:
    file = path / filename if path.is_dir() else path
    if not file.exists():
        raise DatasetFormatError(f"{file} not found")
    with file.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = required - set(reader.fieldnames or ())
        if missing:
            raise DatasetFormatError(f"{file}: missing columns {sorted(missing)}")
        yield from reader


def read_annomi(path: Path) -> Iterator[Item]:
    """Therapist utterances of utterances.csv, with the transcript so far as history."""
    required = {
        "id",
        "conversation_id",
        "turn_index",
        "speaker",
        "text",
        "main_therapist_behaviour",
        "question_subtype",
        "reflection_subtype",
    }
    rows = list(_rows(path, "utterances.csv", required))
    rows.sort(key=lambda r: (r["conversation_id"], int(r["turn_index"] or 0)))
    history: list[Utterance] = []
    conversation = None
    for r in rows:
        if r["conversation_id"] != conversation:
            conversation, history = r["conversation_id"], []
        speaker = "trainee" if r["speaker"] == "therapist" else "patient"
        if speaker == "trainee":
            prev = history[-1] if history else None
            yield Item(
                id=r["id"],
                context=TurnContext(
                    trainee_text=r["text"],
                    previous_patient_text=prev.text
                    if prev and prev.speaker == "patient"
                    else None,
                    history=tuple(history[-HISTORY:]),
                ),
                gold={
                    "main_behaviour": r["main_therapist_behaviour"],
                    "question_subtype": _subtype(
                        r["question_subtype"], ("open", "closed")
                    ),
                    "reflection_subtype": _subtype(
                        r["reflection_subtype"], ("simple", "complex")
                    ),
                },
                group=r["conversation_id"],
            )
        history.append(Utterance(speaker, r["text"]))  # type: ignore[arg-type]


def _subtype(value: str, known: tuple[str, ...]) -> str:
    # Blank and "n/a" both mean "not present" (RUBRICS.md §7).
    value = value.strip().lower()
    return value if value in known else "none"


def read_epitome(path: Path) -> Iterator[Item]:
    required = {
        "id",
        "seeker_post",
        "response_post",
        "emotional_reactions_level",
        "interpretations_level",
        "explorations_level",
    }
    for r in _rows(path, "pairs.csv", required):
        yield Item(
            id=r["id"],
            context=TurnContext(
                trainee_text=r["response_post"],
                previous_patient_text=r["seeker_post"] or None,
            ),
            gold={
                "ER": int(r["emotional_reactions_level"]),
                "IP": int(r["interpretations_level"]),
                "EX": int(r["explorations_level"]),
            },
            group=r.get("conversation_id") or "",
        )


def read_esconv(path: Path, filename: str = "turns.csv") -> Iterator[Item]:
    """Supporter turns of turns.csv (pass failed_turns.csv for FailedESConv)."""
    required = {"id", "conversation_id", "turn_index", "speaker", "text", "strategy"}
    rows = list(_rows(path, filename, required))
    rows.sort(key=lambda r: (r["conversation_id"], int(r["turn_index"] or 0)))
    history: list[Utterance] = []
    conversation = None
    for r in rows:
        if r["conversation_id"] != conversation:
            conversation, history = r["conversation_id"], []
        speaker = "trainee" if r["speaker"] == "supporter" else "patient"
        if speaker == "trainee" and r["strategy"]:
            last_seeker = r.get("context_last_seeker_utterance") or None
            yield Item(
                id=r["id"],
                context=TurnContext(
                    trainee_text=r["text"],
                    previous_patient_text=last_seeker,
                    history=tuple(history[-HISTORY:]),
                ),
                gold={"strategy": r["strategy"]},
                group=r["conversation_id"],
            )
        history.append(Utterance(speaker, r["text"]))  # type: ignore[arg-type]


def read_socratiq(path: Path) -> Iterator[Item]:
    required = {"id", "context_thought", "text", "socratic_question_type"}
    for r in _rows(path, "questions.csv", required):
        yield Item(
            id=r["id"],
            context=TurnContext(
                trainee_text=r["text"],
                previous_patient_text=r["context_thought"] or None,
            ),
            gold={"question_type": r["socratic_question_type"]},
            group=r.get("conversation_id") or "",
        )


def read_bolt(path: Path) -> Iterator[Item]:
    """therapist_utterances.csv: one binary task per BOLT code (no context exists)."""
    required = {"id", "text"} | {f"label__{c}" for c in BOLT_LABELS}
    for r in _rows(path, "therapist_utterances.csv", required):
        yield Item(
            id=r["id"],
            context=TurnContext(trainee_text=r["text"]),
            gold={c: int(r[f"label__{c}"] or 0) for c in BOLT_LABELS},
            group=r.get("text_group_id") or "",
        )


def read_mi_gold(path: Path) -> Iterator[Item]:
    """sentences.csv: single listener sentences, no context, 15 MITI/MISC labels."""
    for r in _rows(path, "sentences.csv", {"id", "text", "miti_label"}):
        yield Item(
            id=r["id"],
            context=TurnContext(trainee_text=r["text"]),
            gold={"miti_label": r["miti_label"]},
            group=r.get("text_group_id") or "",
        )
