"""Session scoring: from per-turn annotations and the patient's states to session scores.

Pure (no Django). `score_session(turns)` reads one whole session, in order, and returns
`SessionScores`: the MITI summary scores with their bands (RUBRICS.md §1.4-1.5), the
operational Guided Discovery rating 0-6 (§2.3), Padesky cycle completion and stage
counts (§3.2), the EPITOME empathy profile (§4.1), the BOLT conditional rates (§5.2),
the patient outcome read from the state, and one 0-100 score per skill.

The 0-100 skill scores (what the growth charts plot) are documented in
`docs/scoring.md`. Each is built from rubric metrics mapped piecewise-linearly so that a
metric at its published "fair" threshold scores 50 and at "good" scores 75; a skill's
`fair`/`good` lines (SKILLS below) are therefore 50/75, except Guided Discovery, which is
the 0-6 rating rescaled (fair 3 = 50, good 4 = 66.7, after CTS-R and CTRS).

Stored scores are never recomputed: bump SCORING_VERSION whenever a formula changes, and
the Django side adds rows next to the old ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .flags import is_emotional_disclosure
from .schema import TurnAnnotation

SCORING_VERSION = "scores-1"

# A session needs an arc before it can be scored at all (RUBRICS.md §1.4 asks for a
# minimum before proficiency bands; a two-message session has no arc).
MIN_TRAINEE_TURNS = 4
# Bands need enough coded utterances to mean anything (RUBRICS.md §1.4 suggestion).
MIN_UTTERANCES_FOR_BANDS = 10

Band = Literal["good", "fair", "below_fair"]
BAND_LABELS: dict[str, str] = {
    "good": "Good",
    "fair": "Fair",
    "below_fair": "Below fair",
    "insufficient": "Too few utterances for a band",
}

# Advice-like codes: what "problem-solving" means in MITI terms (RUBRICS.md §5.2).
_ADVICE = frozenset({"persuade", "persuade_with_permission"})
_REFLECTIONS = frozenset({"simple_reflection", "complex_reflection"})
_EMOTION_REFLECTIONS = frozenset({"reflections_on_emotions", "reflections_on_needs"})
_SOCRATIC_PROBING = frozenset(
    {
        "clarification",
        "assumptions",
        "reasons_evidence",
        "viewpoints",
        "implications",
        "question_about_question",
    }
)
# Disclosure layers (PATIENT_MODEL.md), for the outcome and the report's moments.
LAYER_NAMES: tuple[str, ...] = (
    "presenting problem",
    "situation",
    "automatic thought",
    "emotions",
    "behaviour",
    "intermediate belief",
    "core belief",
)


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One turn of a finished session as the scorer sees it.

    `annotation` is the trainee turn's TurnAnnotation (None for patient turns, or a
    trainee turn nobody annotated); `state` is the PatientState JSON after the turn.
    """

    index: int
    speaker: Literal["trainee", "patient"]
    text: str
    annotation: TurnAnnotation | None = None
    state: Mapping[str, Any] | None = None
    moves: tuple[str, ...] = field(default_factory=tuple)


# --- output types ---------------------------------------------------------------------


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Metric(_Out):
    """One rubric metric with its band and the line a trainee reads."""

    key: str
    label: str
    value: float | None
    display: str
    band: str | None = None  # good | fair | below_fair | insufficient | None (no bands)
    fair: str = ""
    good: str = ""
    line: str = ""


class Counts(_Out):
    trainee_turns: int = 0
    utterances: int = 0
    questions: int = 0
    open_questions: int = 0
    closed_questions: int = 0
    simple_reflections: int = 0
    complex_reflections: int = 0
    mi_adherent: int = 0
    mi_non_adherent: int = 0
    persuade_with_permission: int = 0
    seek_collaboration: int = 0
    emphasize_autonomy: int = 0
    affirm: int = 0
    socratic_questions: int = 0
    leading_questions: int = 0
    summaries: int = 0
    emotional_disclosures: int = 0
    problem_solving_after_emotion: int = 0
    reflect_after_emotion: int = 0
    unannotated_turns: int = 0


class Padesky(_Out):
    complete: bool = False
    completed_at_turn: int | None = None
    stage_counts: dict[str, int] = Field(default_factory=dict)


class Empathy(_Out):
    er: float = 0.0
    ip: float = 0.0
    ex: float = 0.0


class Outcome(_Out):
    belief_start: float | None = None
    belief_end: float | None = None
    belief_change: float | None = None  # negative = the thought loosened
    core_belief_change: float | None = None
    alliance_start: float | None = None
    alliance_end: float | None = None
    deepest_disclosure: int = 0
    deepest_disclosure_name: str = LAYER_NAMES[0]
    alternative_view: bool = False
    alternative_view_turn: int | None = None


class SkillScore(_Out):
    key: str
    label: str
    score: int | None
    fair: float
    good: float
    band: str | None = None
    basis: str = ""


class SessionScores(_Out):
    scoring_version: str = SCORING_VERSION
    too_short: bool = False
    too_short_reason: str = ""
    counts: Counts = Field(default_factory=Counts)
    metrics: list[Metric] = Field(default_factory=list)
    guided_discovery: int | None = None
    guided_discovery_reason: str = ""
    padesky: Padesky = Field(default_factory=Padesky)
    empathy: Empathy = Field(default_factory=Empathy)
    ps_after_emotion_rate: float | None = None
    reflect_after_emotion_rate: float | None = None
    outcome: Outcome = Field(default_factory=Outcome)
    skills: list[SkillScore] = Field(default_factory=list)

    def metric(self, key: str) -> Metric | None:
        return next((m for m in self.metrics if m.key == key), None)

    def skill(self, key: str) -> SkillScore | None:
        return next((s for s in self.skills if s.key == key), None)

    @property
    def skill_values(self) -> dict[str, int | None]:
        return {s.key: s.score for s in self.skills}


# --- skills: the one documented 0-100 score per skill -----------------------------------


@dataclass(frozen=True, slots=True)
class SkillSpec:
    key: str
    label: str
    fair: float
    good: float
    basis: str


SKILLS: tuple[SkillSpec, ...] = (
    SkillSpec(
        "reflective_listening",
        "Reflective listening",
        50,
        75,
        "mean of R:Q, % complex reflections and reflect-after-emotion, each scaled "
        "so MITI fair = 50 and good = 75",
    ),
    SkillSpec(
        "questioning",
        "Questioning",
        50,
        75,
        "70 % the % open questions scaled (MITI 3.1.1: 50 % = 50, 70 % = 75), 30 % "
        "the share of questions that are not leading",
    ),
    SkillSpec(
        "guided_discovery",
        "Guided discovery",
        50,
        66.7,
        "the Guided Discovery rating 0-6 × 100/6 (CTS-R competent 3 = 50, CTRS 4 = 66.7)",
    ),
    SkillSpec(
        "empathy",
        "Empathy",
        50,
        75,
        "EPITOME mean levels (ER 20 %, IP 40 %, EX 40 %; a mean of 1 'weak' = 50), "
        "blended 70/30 with not problem-solving after an emotion when one occurred",
    ),
    SkillSpec(
        "collaboration",
        "Collaboration",
        50,
        75,
        "mean of % MI-adherent scaled (90 % = 50, 100 % = 75) and a partnership "
        "score (50 + 25 per seek/autonomy/permission, − 25 per confront/persuade)",
    ),
)
SKILL_KEYS: tuple[str, ...] = tuple(s.key for s in SKILLS)


def scale(value: float, *, fair: float, good: float, top: float) -> float:
    """Map a metric onto 0-100 so that fair → 50, good → 75 and top (or more) → 100."""
    if value <= 0:
        return 0.0
    if value < fair:
        return 50.0 * value / fair
    if value < good:
        return 50.0 + 25.0 * (value - fair) / (good - fair)
    if value < top:
        return 75.0 + 25.0 * (value - good) / (top - good)
    return 100.0


def band_for(value: float | None, *, fair: float, good: float) -> Band | None:
    if value is None:
        return None
    if value >= good:
        return "good"
    if value >= fair:
        return "fair"
    return "below_fair"


# --- the scorer -----------------------------------------------------------------------


def score_session(turns: Sequence[TurnRecord]) -> SessionScores:
    """Score one session from its turns in order (patient and trainee interleaved)."""
    ordered = sorted(turns, key=lambda t: t.index)
    trainee = [t for t in ordered if t.speaker == "trainee"]
    counts = _counts(ordered)
    outcome = _outcome(ordered)
    result = SessionScores(counts=counts, outcome=outcome)
    if len(trainee) < MIN_TRAINEE_TURNS:
        result.too_short = True
        result.too_short_reason = (
            f"This session has {len(trainee)} message{'s' if len(trainee) != 1 else ''} "
            f"from you; scores need at least {MIN_TRAINEE_TURNS}."
        )
        return result

    annotated = [t.annotation for t in trainee if t.annotation is not None]
    result.padesky = _padesky(trainee)
    result.empathy = Empathy(
        er=_mean([a.emotional_reactions for a in annotated]),
        ip=_mean([a.interpretations for a in annotated]),
        ex=_mean([a.explorations for a in annotated]),
    )
    if counts.emotional_disclosures:
        result.ps_after_emotion_rate = (
            counts.problem_solving_after_emotion / counts.emotional_disclosures
        )
        result.reflect_after_emotion_rate = (
            counts.reflect_after_emotion / counts.emotional_disclosures
        )
    result.metrics = _metrics(counts, result)
    result.guided_discovery, result.guided_discovery_reason = _guided_discovery(
        counts, result.padesky, outcome
    )
    result.skills = _skills(counts, result)
    return result


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _ratio(num: int, den: int) -> float | None:
    # RUBRICS.md §1.4: guard the divisions; undefined is None, never 0.
    return num / den if den else None


def _counts(ordered: Sequence[TurnRecord]) -> Counts:
    c = Counts()
    previous_patient = ""
    for turn in ordered:
        if turn.speaker == "patient":
            previous_patient = turn.text
            continue
        c.trainee_turns += 1
        a = turn.annotation
        after_emotion = is_emotional_disclosure(previous_patient)
        previous_patient = ""
        if a is None:
            c.unannotated_turns += 1
            continue
        codes = a.code_counts
        c.utterances += sum(1 for u in a.utterances if u.codes and u.codes != ["other"])
        c.questions += a.n_questions
        c.open_questions += a.n_open_questions
        c.closed_questions += a.n_closed_questions
        c.simple_reflections += a.n_simple_reflections
        c.complex_reflections += a.n_complex_reflections
        c.mi_adherent += a.mi_adherent
        c.mi_non_adherent += a.mi_non_adherent
        c.persuade_with_permission += codes["persuade_with_permission"]
        c.seek_collaboration += codes["seek_collaboration"]
        c.emphasize_autonomy += codes["emphasize_autonomy"]
        c.affirm += codes["affirm"]
        c.socratic_questions += sum(
            1 for u in a.utterances if u.socratic_type in _SOCRATIC_PROBING
        )
        c.leading_questions += "leading_question" in a.flags
        c.summaries += sum(1 for u in a.utterances if u.padesky_stage == "summary")
        if after_emotion:
            c.emotional_disclosures += 1
            reflected = any(
                code in _REFLECTIONS for code in codes if codes[code]
            ) or bool(_EMOTION_REFLECTIONS & set(a.bolt_codes))
            validated = reflected or codes["support"] > 0 or codes["affirm"] > 0
            advised = (
                any(codes[code] for code in _ADVICE)
                or "problem_solving" in a.bolt_codes
            )
            # §5.2: the first response is problem-solving with no reflection or
            # validation in the same turn; the annotator's own flag counts too.
            if "problem_solving_after_disclosure" in a.flags or (
                advised and not validated
            ):
                c.problem_solving_after_emotion += 1
            if reflected:
                c.reflect_after_emotion += 1
    return c


def _padesky(trainee: Sequence[TurnRecord]) -> Padesky:
    """§3.2: informational → reflection → summary → synthesising, in order, one topic."""
    stage_counts = {
        "informational": 0,
        "empathic_listening": 0,
        "summary": 0,
        "synthesizing": 0,
    }
    order = ("informational", "empathic_listening", "summary", "synthesizing")
    progress: dict[str, int] = {}
    completed_at: int | None = None
    for turn in trainee:
        if turn.annotation is None:
            continue
        topic = str((turn.state or {}).get("topic", ""))
        for utterance in turn.annotation.utterances:
            stage = utterance.padesky_stage
            if stage is None:
                continue
            stage_counts[stage] += 1
            reached = progress.get(topic, 0)
            # A stage counts only once the previous ones happened on this topic.
            if reached < len(order) and order[reached] == stage:
                progress[topic] = reached + 1
                if progress[topic] == len(order) and completed_at is None:
                    completed_at = turn.index
    return Padesky(
        complete=completed_at is not None,
        completed_at_turn=completed_at,
        stage_counts=stage_counts,
    )


def _outcome(ordered: Sequence[TurnRecord]) -> Outcome:
    states = [t.state for t in ordered if t.state]
    if not states:
        return Outcome()
    first, last = states[0], states[-1]
    topic = str(last.get("topic", ""))
    belief = last.get("belief") or {}
    belief_start = last.get("belief_start") or first.get("belief") or {}
    out = Outcome(
        alliance_start=_float(first.get("alliance")),
        alliance_end=_float(last.get("alliance")),
        deepest_disclosure=int(last.get("disclosure", 0) or 0),
    )
    out.deepest_disclosure_name = LAYER_NAMES[min(out.deepest_disclosure, 6)]
    # The thought the session ended on; its conviction at the start of the session.
    if topic in belief and topic in belief_start:
        out.belief_start = float(belief_start[topic])
        out.belief_end = float(belief[topic])
        out.belief_change = round(out.belief_end - out.belief_start, 1)
    core, core_start = last.get("core_belief"), last.get("core_belief_start")
    if core is not None and core_start is not None:
        out.core_belief_change = round(float(core) - float(core_start), 1)
    for turn in ordered:
        if turn.state and turn.state.get("alternative_view"):
            out.alternative_view = True
            out.alternative_view_turn = turn.index
            break
    return out


def _float(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None


def _metrics(c: Counts, s: SessionScores) -> list[Metric]:
    reflections = c.simple_reflections + c.complex_reflections
    banded = c.utterances >= MIN_UTTERANCES_FOR_BANDS

    def band(value: float | None, fair: float, good: float) -> str | None:
        if value is None:
            return None
        return band_for(value, fair=fair, good=good) if banded else "insufficient"

    rq = _ratio(reflections, c.questions)
    pct_oq = _ratio(c.open_questions, c.open_questions + c.closed_questions)
    pct_cr = _ratio(c.complex_reflections, reflections)
    pct_mia = _ratio(c.mi_adherent, c.mi_adherent + c.mi_non_adherent)
    metrics = [
        Metric(
            key="rq",
            label="Reflection-to-question ratio",
            value=rq,
            display=f"{rq:.2f}" if rq is not None else "—",
            band=band(rq, 1.0, 2.0),
            fair="1:1",
            good="2:1",
            line=_rq_line(rq, reflections, c.questions),
        ),
        Metric(
            key="pct_open",
            label="Open questions",
            value=pct_oq,
            display=_pct(pct_oq),
            band=band(pct_oq, 0.5, 0.7),
            fair="50 %",
            good="70 %",
            line=(
                f"{c.open_questions} of your {c.open_questions + c.closed_questions} "
                "questions were open; open questions invite the patient to tell more."
                if pct_oq is not None
                else "You asked no questions, so there is no share of open questions."
            ),
        ),
        Metric(
            key="pct_complex",
            label="Complex reflections",
            value=pct_cr,
            display=_pct(pct_cr),
            band=band(pct_cr, 0.4, 0.5),
            fair="40 %",
            good="50 %",
            line=(
                f"{c.complex_reflections} of your {reflections} reflections added "
                "meaning (a feeling, a value, both sides), not only repeated words."
                if pct_cr is not None
                else "You made no reflections; try mirroring what the patient said."
            ),
        ),
        Metric(
            key="pct_mia",
            label="MI-adherent",
            value=pct_mia,
            display=_pct(pct_mia),
            band=band(pct_mia, 0.9, 1.0),
            fair="90 %",
            good="100 %",
            line=(
                f"{c.mi_adherent} MI-adherent moves (affirm, seek collaboration, "
                f"emphasise autonomy) against {c.mi_non_adherent} non-adherent "
                "(advice without permission, confrontation)."
                if pct_mia is not None
                else "No MI-adherent or non-adherent moves were coded."
            ),
        ),
    ]
    if s.ps_after_emotion_rate is not None:
        metrics.append(
            Metric(
                key="ps_after_emotion",
                label="Problem-solving after a feeling",
                value=s.ps_after_emotion_rate,
                display=_pct(s.ps_after_emotion_rate),
                line=(
                    f"The patient shared a feeling {c.emotional_disclosures} time(s); "
                    f"{c.problem_solving_after_emotion} time(s) your next message went "
                    "to solutions without reflecting it first. Lower is better."
                ),
            )
        )
        metrics.append(
            Metric(
                key="reflect_after_emotion",
                label="Reflected after a feeling",
                value=s.reflect_after_emotion_rate,
                display=_pct(s.reflect_after_emotion_rate),
                line=(
                    f"{c.reflect_after_emotion} of {c.emotional_disclosures} feelings "
                    "the patient shared got a reflection in your next message."
                ),
            )
        )
    return metrics


def _pct(value: float | None) -> str:
    return f"{value * 100:.0f} %" if value is not None else "—"


def _rq_line(rq: float | None, reflections: int, questions: int) -> str:
    if rq is None:
        return f"You made {reflections} reflection(s) and asked no questions."
    return (
        f"{reflections} reflection(s) to {questions} question(s): aim for at least one "
        "reflection per question (fair), two is good."
    )


def _guided_discovery(c: Counts, p: Padesky, o: Outcome) -> tuple[int, str]:
    """RUBRICS.md §2.3, applied as a ladder: each level needs the one below it."""
    questions = c.open_questions + c.closed_questions
    reflections = c.simple_reflections + c.complex_reflections
    pct_open = c.open_questions / questions if questions else 0.0
    if questions == 0:
        return 0, "No questions that probe the patient's thinking."
    if c.mi_non_adherent >= questions:
        return (
            (1, "Some questions, but persuasion and confrontation dominated.")
            if questions
            else (0, "Persuasion or confrontation dominated.")
        )
    # Level 2 caps: mostly closed, leading or argumentative (the "2" anchor).
    if pct_open < 0.5 or c.leading_questions >= 2 or c.mi_non_adherent >= 2:
        if c.socratic_questions and reflections:
            return 2, "Questions were mostly closed or leading, or advice crept in."
        return 2, "Some questions, mostly closed or leading; little reflection."
    if c.socratic_questions == 0 or reflections == 0:
        return (
            3,
            "Mostly open questions, but little probing of the thought or reflecting.",
        )
    if c.summaries == 0:
        return 3, "Open, probing questions and reflections, but no summary."
    if not (p.stage_counts.get("synthesizing") or o.alternative_view):
        return 4, "Open probing questions, reflections and a summary; no synthesis yet."
    if (
        p.complete
        and o.alternative_view
        and c.leading_questions == 0
        and c.mi_non_adherent == 0
    ):
        return (
            6,
            "A full Padesky cycle; the patient voiced the new view in their own words.",
        )
    return (
        5,
        "Nearly a full cycle: a synthesising question or a new view, not both in order.",
    )


def _skills(c: Counts, s: SessionScores) -> list[SkillScore]:
    metric = {m.key: m.value for m in s.metrics}
    values: dict[str, float | None] = {}

    parts = []
    if metric.get("rq") is not None:
        parts.append(scale(metric["rq"] or 0.0, fair=1.0, good=2.0, top=3.0))
    elif c.simple_reflections + c.complex_reflections:
        parts.append(100.0)  # reflections and no questions at all
    if metric.get("pct_complex") is not None:
        parts.append(scale(metric["pct_complex"] or 0.0, fair=0.4, good=0.5, top=0.7))
    if s.reflect_after_emotion_rate is not None:
        parts.append(scale(s.reflect_after_emotion_rate, fair=0.5, good=0.75, top=1.0))
    values["reflective_listening"] = _mean(parts) if parts else 0.0

    questions = c.open_questions + c.closed_questions
    if questions:
        not_leading = 1.0 - min(1.0, c.leading_questions / questions)
        values["questioning"] = (
            0.7 * scale(c.open_questions / questions, fair=0.5, good=0.7, top=0.9)
            + 30.0 * not_leading
        )
    else:
        values["questioning"] = 0.0

    values["guided_discovery"] = (
        (s.guided_discovery or 0) * 100 / 6 if s.guided_discovery is not None else None
    )

    epitome = (
        100.0 * (0.2 * s.empathy.er + 0.4 * s.empathy.ip + 0.4 * s.empathy.ex) / 2.0
    )
    if s.ps_after_emotion_rate is not None:
        values["empathy"] = 0.7 * epitome + 30.0 * (1.0 - s.ps_after_emotion_rate)
    else:
        values["empathy"] = epitome

    partnership = (
        50.0
        + 25.0
        * (c.seek_collaboration + c.emphasize_autonomy + c.persuade_with_permission)
        - 25.0 * c.mi_non_adherent
    )
    partnership = max(0.0, min(100.0, partnership))
    if metric.get("pct_mia") is not None:
        mia = scale(metric["pct_mia"] or 0.0, fair=0.9, good=1.0, top=1.0001)
        # pct_mia is at most 1.0, which `scale` maps to 75 (good): full marks need
        # partnership too.
        values["collaboration"] = (mia + partnership) / 2
    else:
        values["collaboration"] = partnership

    out = []
    for spec in SKILLS:
        raw = values.get(spec.key)
        score = None if raw is None else round(max(0.0, min(100.0, raw)))
        out.append(
            SkillScore(
                key=spec.key,
                label=spec.label,
                score=score,
                fair=spec.fair,
                good=spec.good,
                band=band_for(score, fair=spec.fair, good=spec.good),
                basis=spec.basis,
            )
        )
    return out
