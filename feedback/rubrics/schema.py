"""Output types of the annotation engine: one `TurnAnnotation` per trainee turn.

Everything here is plain data: pydantic models (validated, JSON-schema-able, so the LLM
annotator can use the same type for structured output) and frozen dataclasses for input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

# Bump whenever a definition, a decision rule or a label set changes: stored annotations
# are never recomputed, a new version adds new rows.
RUBRIC_VERSION = "2026.12-3"

Speaker = Literal["trainee", "patient"]

# MITI 4.2.1 behaviour codes (RUBRICS.md §1.1) plus three supplementary codes from MISC
# that the peer-support and ESConv schemes need (support, self_disclosure) and a code
# for fillers, greetings and structuring talk that carry no MITI behaviour.
BehaviourCode = Literal[
    "giving_information",
    "persuade",
    "persuade_with_permission",
    "question",
    "simple_reflection",
    "complex_reflection",
    "affirm",
    "seek_collaboration",
    "emphasize_autonomy",
    "confront",
    "support",
    "self_disclosure",
    "other",
]
MITI_CODES: tuple[str, ...] = get_args(BehaviourCode)[:10]
BEHAVIOUR_CODES: tuple[str, ...] = get_args(BehaviourCode)

QuestionKind = Literal["open", "closed"]
ReflectionKind = Literal["simple", "complex"]
# How an advice-like utterance is delivered (MISC splits Persuade into these).
AdviceForm = Literal["advise", "direct", "warn"]

SocraticType = Literal[
    "clarification",
    "assumptions",
    "reasons_evidence",
    "viewpoints",
    "implications",
    "question_about_question",
    "informational",
]
SOCRATIC_TYPES: tuple[str, ...] = get_args(SocraticType)

PadeskyStage = Literal["informational", "empathic_listening", "summary", "synthesizing"]
PADESKY_STAGES: tuple[str, ...] = get_args(PadeskyStage)

EsconvStrategy = Literal[
    "Question",
    "Restatement or Paraphrasing",
    "Reflection of feelings",
    "Self-disclosure",
    "Affirmation and Reassurance",
    "Providing Suggestions",
    "Information",
    "Others",
]
ESCONV_STRATEGIES: tuple[str, ...] = get_args(EsconvStrategy)

BoltCode = Literal[
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
]
BOLT_CODES: tuple[str, ...] = get_args(BoltCode)

Flag = Literal[
    "problem_solving_after_disclosure",
    "collusion",
    "unexpressed_feeling",
    "leading_question",
    "missed_risk_cue",
]
FLAGS: tuple[str, ...] = get_args(Flag)

MainBehaviour = Literal["question", "reflection", "therapist_input", "other"]

Level = Literal[0, 1, 2]


@dataclass(frozen=True, slots=True)
class Utterance:
    """One message of the conversation so far, as the annotator sees it."""

    speaker: Speaker
    text: str


@dataclass(frozen=True, slots=True)
class TurnContext:
    """Everything the annotator may look at for one trainee turn.

    `history` is the conversation before this turn, oldest first (it may or may not
    repeat `previous_patient_text` as its last item). `case_has_risk` makes the
    missed-risk-cue flag more sensitive to veiled cues.
    """

    trainee_text: str
    previous_patient_text: str | None = None
    history: Sequence[Utterance] = ()
    case_has_risk: bool = False


class UtteranceCode(BaseModel):
    """The codes of one utterance (a sentence or clause with its own function)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    codes: list[BehaviourCode] = Field(default_factory=list)
    question: QuestionKind | None = None
    reflection: ReflectionKind | None = None
    tag_question: bool = False
    advice_form: AdviceForm | None = None
    socratic_type: SocraticType | None = None
    padesky_stage: PadeskyStage | None = None

    @property
    def is_question(self) -> bool:
        return "question" in self.codes

    @property
    def is_reflection(self) -> bool:
        return "simple_reflection" in self.codes or "complex_reflection" in self.codes

    @property
    def is_input(self) -> bool:
        return any(
            c in self.codes
            for c in ("giving_information", "persuade", "persuade_with_permission")
        )


class TurnAnnotation(BaseModel):
    """The annotator's reading of one trainee turn (RUBRICS.md §0.2)."""

    model_config = ConfigDict(extra="forbid")

    utterances: list[UtteranceCode] = Field(default_factory=list)
    emotional_reactions: Level = 0
    interpretations: Level = 0
    explorations: Level = 0
    esconv_strategy: EsconvStrategy = "Others"
    bolt_codes: list[BoltCode] = Field(default_factory=list)
    flags: list[Flag] = Field(default_factory=list)
    rationale: str = ""
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    suggestion: str | None = None
    annotator: str = ""
    rubric_version: str = RUBRIC_VERSION
    fallback: bool = False

    @field_validator("flags", "bolt_codes")
    @classmethod
    def _unique(cls, value: list[str]) -> list[str]:
        # Keep first-seen order so that the UI shows flags in the order they were found.
        return list(dict.fromkeys(value))

    # -- helpers for scoring -------------------------------------------------------

    def count(self, code: str) -> int:
        """How many utterances carry `code` (a behaviour code)."""
        return sum(code in u.codes for u in self.utterances)

    @property
    def code_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(BEHAVIOUR_CODES, 0)
        for u in self.utterances:
            for c in u.codes:
                counts[c] += 1
        return counts

    @property
    def n_questions(self) -> int:
        return self.count("question")

    @property
    def n_open_questions(self) -> int:
        return sum(u.question == "open" for u in self.utterances)

    @property
    def n_closed_questions(self) -> int:
        return sum(u.question == "closed" for u in self.utterances)

    @property
    def n_simple_reflections(self) -> int:
        return self.count("simple_reflection")

    @property
    def n_complex_reflections(self) -> int:
        return self.count("complex_reflection")

    @property
    def n_reflections(self) -> int:
        return self.n_simple_reflections + self.n_complex_reflections

    @property
    def mi_adherent(self) -> int:
        """MIA = Seek + Affirm + Emphasize (RUBRICS.md §1.1)."""
        return (
            self.count("seek_collaboration")
            + self.count("affirm")
            + self.count("emphasize_autonomy")
        )

    @property
    def mi_non_adherent(self) -> int:
        """MINA = Confront + Persuade (Persuade with Permission is neither)."""
        return self.count("confront") + self.count("persuade")

    @property
    def question_kind(self) -> QuestionKind | None:
        """The turn's question attribute: open wins over closed (AnnoMI convention)."""
        kinds = {u.question for u in self.utterances if u.question}
        if "open" in kinds:
            return "open"
        return "closed" if "closed" in kinds else None

    @property
    def reflection_kind(self) -> ReflectionKind | None:
        """complex wins over simple: one complex reflection makes the turn complex."""
        kinds = {u.reflection for u in self.utterances if u.reflection}
        if "complex" in kinds:
            return "complex"
        return "simple" if "simple" in kinds else None

    @property
    def main_behaviour(self) -> MainBehaviour:
        """A single main behaviour for the turn, in AnnoMI's four classes."""
        return main_behaviour(self.utterances)

    @property
    def socratic_types(self) -> list[str]:
        return [u.socratic_type for u in self.utterances if u.socratic_type]

    @property
    def padesky_stages(self) -> list[str]:
        return [u.padesky_stage for u in self.utterances if u.padesky_stage]


def last_patient_text(ctx: TurnContext) -> str:
    """The patient's most recent words ("" when the trainee speaks first)."""
    if ctx.previous_patient_text:
        return ctx.previous_patient_text
    for u in reversed(ctx.history):
        if u.speaker == "patient":
            return u.text
    return ""


# Here, next to the types it reads, so that the codes and the schema do not import
# each other (`codes` re-exports it).
_INPUT_CODES = frozenset({"giving_information", "persuade", "persuade_with_permission"})


def main_behaviour(utterances: Sequence[UtteranceCode]) -> MainBehaviour:
    """One main behaviour for a turn in AnnoMI's four classes.

    A question anywhere makes the turn a question (a turn usually ends by handing the
    floor over with it), then reflection, then therapist input; affirmations, support,
    autonomy statements, greetings and fillers are `other`.
    """
    has = {c for u in utterances for c in u.codes}
    if "question" in has:
        return "question"
    if "simple_reflection" in has or "complex_reflection" in has:
        return "reflection"
    if has & _INPUT_CODES:
        return "therapist_input"
    # A statement that proposes working together ("We could look at a plan") is
    # negotiation, which AnnoMI counts as therapist input.
    if "seek_collaboration" in has:
        return "therapist_input"
    return "other"
