"""The two annotators behind one interface: offline rules and LLM structured output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from llm.errors import LLMError, LLMOutputError
from llm.types import Message, Usage

from .code_model import add_codes
from .codebook import codebook_prompt, plain_label
from .codes import code_turn
from .collusion import PAST_VERDICT, collusive_utterances
from .empathy import empathy_levels
from .flag_model import revise
from .flag_suggestions import suggestion_for
from .flags import find_flags
from .memo import one_turn
from .moves import informs
from .schema import (
    RUBRIC_VERSION,
    BoltCode,
    EsconvStrategy,
    Flag,
    Level,
    TurnAnnotation,
    TurnContext,
    UtteranceCode,
    last_patient_text,
)
from .socratic_model import retype
from .strategies import bolt_codes, esconv_strategy

if TYPE_CHECKING:
    from llm.types import ChatModel


@dataclass(frozen=True, slots=True)
class Metered:
    """An annotation with the model tokens it cost (zero for the offline rules)."""

    annotation: TurnAnnotation
    usage: Usage = field(default_factory=Usage)
    model: str = ""


class Annotator(Protocol):
    name: str
    rubric_version: str

    def annotate(self, ctx: TurnContext) -> TurnAnnotation: ...

    def annotate_metered(self, ctx: TurnContext) -> Metered:
        """The annotation plus the tokens spent on it (for usage and cost)."""
        ...


class OfflineAnnotator:
    """Fast, deterministic annotator built from the codebook's decision rules."""

    name = "offline-rules"
    rubric_version = RUBRIC_VERSION

    def annotate_metered(self, ctx: TurnContext) -> Metered:
        return Metered(self.annotate(ctx))

    def annotate(self, ctx: TurnContext) -> TurnAnnotation:
        # The rules below normalise and split the same few strings again and again:
        # each distinct string once per turn (`memo`).
        with one_turn():
            return self._annotate(ctx)

    def _annotate(self, ctx: TurnContext) -> TurnAnnotation:
        coded = code_turn(ctx)
        # Computed once: the same sentences are recoded below and flagged in find_flags.
        collusive = set(collusive_utterances(ctx, coded))
        utterances = _without_collusive_reflections(coded, collusive)
        flags = find_flags(ctx, utterances, collusive=collusive)
        # The trained model adds the flags the rules missed (and may drop one it
        # scores far below every flagged turn it was trained on).
        flags = revise(ctx, flags)
        # The code model adds the weak codes the rules missed, after the flags: the
        # flags were tuned on the rules' codes, and a code the model is unsure of
        # must not hide one (a validation it read would waive problem solving).
        utterances = add_codes(ctx, utterances, collusive=collusive)
        # The Socratic-type model re-reads each question the rules typed (2026.12-3):
        # the rules' types were right on half the questions of unseen writers.
        utterances = retype(utterances)
        er, ip, ex = empathy_levels(ctx.trainee_text, utterances)
        return TurnAnnotation(
            utterances=utterances,
            emotional_reactions=er,
            interpretations=ip,
            explorations=ex,
            esconv_strategy=esconv_strategy(utterances, last_patient_text(ctx)),
            bolt_codes=bolt_codes(utterances),
            flags=flags,
            rationale=_rationale(utterances, flags),
            confidence=_confidence(utterances),
            suggestion=suggestion_for(flags, last_patient_text(ctx)),
            annotator=self.name,
            rubric_version=self.rubric_version,
        )


_BARE_INPUT = frozenset({"giving_information", "other"})


def _without_collusive_reflections(
    utterances: list[UtteranceCode], collusive: set[int]
) -> list[UtteranceCode]:
    """An utterance that endorses a distorted belief is agreement, not a reflection.

    Agreeing "it does sound like you're a failure" mirrors the patient's words, but a
    reflection chip would tell the trainee they listened well when they confirmed the
    distortion: it is coded as (misplaced) support and the turn carries the collusion
    flag.
    """
    if not collusive:
        return utterances
    out = []
    for i, u in enumerate(utterances):
        if i in collusive and u.is_reflection:
            codes = [
                c
                for c in u.codes
                if c not in ("simple_reflection", "complex_reflection")
            ]
            if "support" not in codes:
                codes.append("support")
            u = u.model_copy(
                update={"codes": codes, "reflection": None, "padesky_stage": None}
            )
        elif (
            i in collusive
            and u.codes
            and not u.is_question
            and _BARE_INPUT.issuperset(u.codes)
        ):
            # 2026.11-10: siding with the belief in a remark ("honestly i think
            # thats fair enough", "id be suspicious too") is the same misplaced
            # support; every development labeller but one coded most collusive
            # turns Support. Real information in it ("...is really common in
            # hiring") stays information.
            kept = [c for c in u.codes if c == "giving_information" and informs(u.text)]
            u = u.model_copy(update={"codes": [*kept, "support"]})
        elif (
            i in collusive
            and set(u.codes) == {"persuade"}
            and not u.is_question
            and PAST_VERDICT.search(u.text)
        ):
            # 2026.12-1: "you're right, you should have known" judges what the
            # patient did, it urges nothing: no advice chip ("Ask before advising"
            # would coach the wrong thing), the same misplaced support as above.
            u = u.model_copy(update={"codes": ["support"]})
        out.append(u)
    return out


def _rationale(utterances: list[UtteranceCode], flags: list[Flag]) -> str:
    """Why the turn got its codes, in the trainee-facing words of the codebook."""
    parts = []
    for u in utterances:
        names = []
        for code in u.codes:
            if code == "question" and u.question:
                names.append(plain_label(f"question.{u.question}"))
            elif code != "other" or len(u.codes) == 1:
                names.append(plain_label(code))
        if u.tag_question:
            names.append("checked with a tag question")
        snippet = u.text if len(u.text) <= 40 else u.text[:37] + "..."
        parts.append(f'"{snippet}": {", ".join(names).lower() or "no code"}')
    text = "; ".join(parts) or "empty turn"
    if flags:
        text += ". Watch: " + ", ".join(plain_label(f"flag.{f}").lower() for f in flags)
    return text[:500]


def _confidence(utterances: list[UtteranceCode]) -> float:
    """Rules are surest on explicit forms ('?', set phrases), least on reflections."""
    if not utterances:
        return 0.3
    score = 0.0
    for u in utterances:
        if u.is_question or u.codes == ["other"]:
            score += 0.85
        elif u.is_reflection:
            score += 0.55
        else:
            score += 0.65
    return round(score / len(utterances), 2)


# --- LLM annotator ------------------------------------------------------------------


class LLMUtterance(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    codes: list[str]
    question: str | None = None
    reflection: str | None = None
    tag_question: bool = False
    socratic_type: str | None = None
    padesky_stage: str | None = None


class LLMTurnAnnotation(BaseModel):
    """What the model must return (the JSON schema sent for structured output).

    The fields are loosely typed on purpose: the strict check happens in
    `_to_annotation`, so that an out-of-range value is a rejection this module sees and
    counts, not an opaque error inside the client.
    """

    model_config = ConfigDict(extra="forbid")

    utterances: list[LLMUtterance]
    emotional_reactions: int
    interpretations: int
    explorations: int
    esconv_strategy: str
    bolt_codes: list[str] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)
    rationale: str
    confidence: float
    suggestion: str | None = None


class AnnotationRejected(ValueError):
    """The answer parsed but broke the rubric (unknown code, level out of range)."""


_SYSTEM = """You annotate one counselling-trainee turn against a codebook.
Split the trainee turn into utterances (one sentence or clause with its own function)
and code each one. Use only these codes and labels:

{codebook}

Rules: an utterance ending in '?' is a question unless it is a reflection closed by a
tag question ('..., is that right?'): then code it as a reflection with tag_question
true.
question is "open" or "closed" for questions, else null; reflection is "simple" or
"complex" for reflections, else null. When unsure between simple and complex, choose
simple. Empathy levels are integers 0, 1 or 2. confidence is between 0 and 1.
Answer with JSON only."""


def _user_prompt(ctx: TurnContext) -> str:
    lines = []
    for u in list(ctx.history)[-6:]:
        lines.append(f"{u.speaker}: {u.text}")
    if ctx.previous_patient_text and not (
        ctx.history and ctx.history[-1].text == ctx.previous_patient_text
    ):
        lines.append(f"patient: {ctx.previous_patient_text}")
    history = "\n".join(lines) or "(no earlier messages)"
    risk = "yes" if ctx.case_has_risk else "no"
    return (
        f"Conversation so far:\n{history}\n\nCase carries risk: {risk}\n\n"
        f"Trainee turn to annotate:\n{ctx.trainee_text}"
    )


def _to_annotation(raw: LLMTurnAnnotation, name: str) -> TurnAnnotation:
    """Validate the model's answer against the rubric; raise AnnotationRejected."""
    for level in (raw.emotional_reactions, raw.interpretations, raw.explorations):
        if level not in (0, 1, 2):
            raise AnnotationRejected(f"empathy level out of range: {level}")
    if not 0.0 <= raw.confidence <= 1.0:
        raise AnnotationRejected(f"confidence out of range: {raw.confidence}")
    try:
        utterances = [
            UtteranceCode.model_validate(
                {
                    **u.model_dump(),
                    # Keep attributes consistent with the codes (clamp, not reject).
                    "question": u.question if "question" in u.codes else None,
                    "reflection": u.reflection
                    if {"simple_reflection", "complex_reflection"} & set(u.codes)
                    else None,
                }
            )
            for u in raw.utterances
        ]
        return TurnAnnotation(
            utterances=utterances,
            emotional_reactions=_level(raw.emotional_reactions),
            interpretations=_level(raw.interpretations),
            explorations=_level(raw.explorations),
            esconv_strategy=raw.esconv_strategy,  # type: ignore[arg-type]
            bolt_codes=raw.bolt_codes,  # type: ignore[arg-type]
            flags=raw.flags,  # type: ignore[arg-type]
            rationale=raw.rationale[:1000],
            confidence=raw.confidence,
            suggestion=raw.suggestion,
            annotator=name,
            rubric_version=RUBRIC_VERSION,
        )
    except ValidationError as exc:
        raise AnnotationRejected(str(exc)) from exc


def _level(value: int) -> Level:
    return 2 if value == 2 else 1 if value == 1 else 0


class LLMAnnotator:
    """Annotates with a chat model's structured output, falling back to the offline one.

    An answer that is not valid JSON for the schema (the model raises LLMOutputError) or
    that breaks the rubric is rejected and asked for once more; after the second failure
    the offline annotation is returned with `fallback=True`. Any other model failure
    (deadline, timeout, rate limit, server error, open circuit breaker) falls back to
    the offline annotation at once, also marked `fallback=True`.
    """

    rubric_version = RUBRIC_VERSION

    def __init__(
        self,
        model: ChatModel,
        *,
        fallback: OfflineAnnotator | None = None,
        max_tokens: int | None = 1500,
    ) -> None:
        self.model = model
        self.fallback = fallback or OfflineAnnotator()
        self.max_tokens = max_tokens
        self.name = f"llm:{model.model}" if getattr(model, "model", "") else "llm"
        self.rejections: list[str] = []

    def _messages(self, ctx: TurnContext) -> list[Message]:
        return [
            Message("system", _SYSTEM.format(codebook=codebook_prompt())),
            Message("user", _user_prompt(ctx)),
        ]

    def annotate(self, ctx: TurnContext) -> TurnAnnotation:
        return self.annotate_metered(ctx).annotation

    def annotate_metered(self, ctx: TurnContext) -> Metered:
        messages = self._messages(ctx)
        # Tokens of every answer that parsed, including ones the rubric rejected.
        usage = Usage()
        reason = "LLM output rejected twice"
        for _attempt in range(2):
            try:
                result = self.model.structured(
                    messages, LLMTurnAnnotation, max_tokens=self.max_tokens
                )
                usage += result.usage
                value = result.value
                if not isinstance(value, LLMTurnAnnotation):
                    value = LLMTurnAnnotation.model_validate(
                        value.model_dump() if isinstance(value, BaseModel) else value
                    )
                return Metered(
                    _to_annotation(value, self.name), usage, self.model.model
                )
            except (LLMOutputError, AnnotationRejected, ValidationError) as exc:
                # Keep the reason: the evaluation command reports rejection counts.
                self.rejections.append(f"{type(exc).__name__}: {exc}"[:300])
            except LLMError as exc:
                # Deadline, timeout, rate limit, 5xx, open circuit, prompt too
                # long: the client already retried within the deadline, so the
                # offline annotation stands in now (marked) instead of a Celery
                # retry chain that could run for minutes.
                self.rejections.append(f"{type(exc).__name__}: {exc}"[:300])
                reason = f"LLM unavailable: {type(exc).__name__}"
                break
        offline = self.fallback.annotate(ctx)
        kept = offline.model_copy(
            update={
                "fallback": True,
                "annotator": f"{self.name}+fallback:{self.fallback.name}",
                "rationale": (offline.rationale + f" [{reason}]")[:1000],
            }
        )
        return Metered(kept, usage, self.model.model)


__all__ = [
    "Annotator",
    "AnnotationRejected",
    "BoltCode",
    "EsconvStrategy",
    "LLMAnnotator",
    "LLMTurnAnnotation",
    "Metered",
    "OfflineAnnotator",
]
