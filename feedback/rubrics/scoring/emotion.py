"""Empathy and the response to feelings: the EPITOME profile and the BOLT rates.

Pure (no Django). `empathy_profile` averages the annotator's EPITOME levels
(emotional reactions, interpretations, explorations; RUBRICS.md §4.1) over the
annotated trainee turns. `response_to_emotion` reads the trainee turn that follows a
feeling the patient shared (RUBRICS.md §5.2): was it problem-solving without a
reflection or validation first, and did it reflect the feeling? `miti.count_turns`
tallies those answers; `emotion_rates` and `emotion_metrics` turn the tallies into the
two conditional rates and the report's lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..schema import TurnAnnotation
from .bands import mean, pct
from .records import Counts, Empathy, Metric, SessionScores

# Advice-like codes: what "problem-solving" means in MITI terms (RUBRICS.md §5.2).
_ADVICE = frozenset({"persuade", "persuade_with_permission"})
_REFLECTIONS = frozenset({"simple_reflection", "complex_reflection"})
_EMOTION_REFLECTIONS = frozenset({"reflections_on_emotions", "reflections_on_needs"})


def empathy_profile(annotated: Sequence[TurnAnnotation]) -> Empathy:
    """Mean EPITOME levels (0-2) over the annotated trainee turns."""
    return Empathy(
        er=mean([a.emotional_reactions for a in annotated]),
        ip=mean([a.interpretations for a in annotated]),
        ex=mean([a.explorations for a in annotated]),
    )


def response_to_emotion(a: TurnAnnotation) -> tuple[bool, bool]:
    """(problem-solving, reflected) for the trainee turn after a shared feeling."""
    codes = a.code_counts
    reflected = any(code in _REFLECTIONS for code in codes if codes[code]) or bool(
        _EMOTION_REFLECTIONS & set(a.bolt_codes)
    )
    validated = reflected or codes["support"] > 0 or codes["affirm"] > 0
    advised = any(codes[code] for code in _ADVICE) or "problem_solving" in a.bolt_codes
    # §5.2: the first response is problem-solving with no reflection or
    # validation in the same turn; the annotator's own flag counts too.
    problem_solving = "problem_solving_after_disclosure" in a.flags or (
        advised and not validated
    )
    return problem_solving, reflected


def emotion_rates(c: Counts) -> tuple[float, float]:
    """(problem-solving, reflect) rates after a feeling; needs a disclosure."""
    return (
        c.problem_solving_after_emotion / c.emotional_disclosures,
        c.reflect_after_emotion / c.emotional_disclosures,
    )


def emotion_metrics(c: Counts, s: SessionScores) -> list[Metric]:
    """The two after-a-feeling metrics, when the patient shared a feeling at all."""
    if s.ps_after_emotion_rate is None:
        return []
    return [
        Metric(
            key="ps_after_emotion",
            label="Problem-solving after a feeling",
            value=s.ps_after_emotion_rate,
            display=pct(s.ps_after_emotion_rate),
            line=(
                f"The patient shared a feeling {c.emotional_disclosures} time(s); "
                f"{c.problem_solving_after_emotion} time(s) your next message went "
                "to solutions without reflecting it first. Lower is better."
            ),
        ),
        Metric(
            key="reflect_after_emotion",
            label="Reflected after a feeling",
            value=s.reflect_after_emotion_rate,
            display=pct(s.reflect_after_emotion_rate),
            line=(
                f"{c.reflect_after_emotion} of {c.emotional_disclosures} feelings "
                "the patient shared got a reflection in your next message."
            ),
        ),
    ]
