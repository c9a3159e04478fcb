"""The one documented 0-100 score per skill (what the growth charts plot).

Pure (no Django). Documented in `docs/scoring.md`. Each skill is built from rubric
metrics mapped piecewise-linearly (`bands.scale`) so that a metric at its published
"fair" threshold scores 50 and at "good" scores 75; a skill's `fair`/`good` lines
(SKILLS below) are therefore 50/75, except Guided Discovery, which is the 0-6 rating
rescaled (fair 3 = 50, good 4 = 66.7, after CTS-R and CTRS). `basis` is the sentence
the report shows under each score.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bands import band_for, mean, scale
from .records import Counts, SessionScores, SkillScore


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


def skill_scores(c: Counts, s: SessionScores) -> list[SkillScore]:
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
    values["reflective_listening"] = mean(parts) if parts else 0.0

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
