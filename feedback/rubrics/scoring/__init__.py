"""Session scoring: from per-turn annotations and the patient's states to session scores.

Pure (no Django). `score_session(turns)` reads one whole session, in order, and returns
`SessionScores`: the MITI summary scores with their bands (RUBRICS.md §1.4-1.5), the
operational Guided Discovery rating 0-6 (§2.3), Padesky cycle completion and stage
counts (§3.2), the EPITOME empathy profile (§4.1), the BOLT conditional rates (§5.2),
the patient outcome read from the state, and one 0-100 score per skill
(`docs/scoring.md`).

Stored scores are never recomputed: bump SCORING_VERSION whenever a formula changes, and
the Django side adds rows next to the old ones.

Layout, one module per part of the score:

    records.py    TurnRecord in; SessionScores and its parts out; SCORING_VERSION
    bands.py      band_for, scale (fair → 50, good → 75) and shared number helpers
    miti.py       the counting pass over a session and the four MITI summary scores
    emotion.py    EPITOME profile; problem-solving / reflecting after a feeling (BOLT)
    discovery.py  Padesky cycle and the Guided Discovery rating
    outcome.py    belief, alliance and disclosure change read from the patient state
    skills.py     SKILLS and the 0-100 skill scores
    scorer.py     score_session, which runs the parts in order
"""

from __future__ import annotations

from .bands import BAND_LABELS, Band, band_for, scale
from .miti import MIN_UTTERANCES_FOR_BANDS
from .records import (
    LAYER_NAMES,
    SCORING_VERSION,
    ClientRating,
    Counts,
    Empathy,
    Metric,
    Outcome,
    Padesky,
    SessionScores,
    SkillScore,
    TurnRecord,
)
from .scorer import MIN_TRAINEE_TURNS, score_session
from .skills import SKILL_KEYS, SKILLS, SkillSpec

__all__ = [
    "BAND_LABELS",
    "LAYER_NAMES",
    "MIN_TRAINEE_TURNS",
    "ClientRating",
    "MIN_UTTERANCES_FOR_BANDS",
    "SCORING_VERSION",
    "SKILLS",
    "SKILL_KEYS",
    "Band",
    "Counts",
    "Empathy",
    "Metric",
    "Outcome",
    "Padesky",
    "SessionScores",
    "SkillScore",
    "SkillSpec",
    "TurnRecord",
    "band_for",
    "scale",
    "score_session",
]
