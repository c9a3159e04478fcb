"""`score_session`: one finished session, in order, to its `SessionScores`.

Pure (no Django). The entry point that runs the parts in their order: counts and the
patient outcome first (a too-short session still gets both), then Padesky, the
empathy profile and the after-a-feeling rates, the metrics, the Guided Discovery
rating, and last the skill scores, which read all of the above.
"""

from __future__ import annotations

from collections.abc import Sequence

from .client_rating import client_rating
from .discovery import guided_discovery, padesky
from .emotion import emotion_metrics, emotion_rates, empathy_profile
from .miti import count_turns, miti_metrics
from .outcome import outcome
from .records import SessionScores, TurnRecord
from .skills import skill_scores

# A session needs an arc before it can be scored at all (RUBRICS.md §1.4 asks for a
# minimum before proficiency bands; a two-message session has no arc).
MIN_TRAINEE_TURNS = 4


def score_session(turns: Sequence[TurnRecord]) -> SessionScores:
    """Score one session from its turns in order (patient and trainee interleaved)."""
    ordered = sorted(turns, key=lambda t: t.index)
    trainee = [t for t in ordered if t.speaker == "trainee"]
    counts = count_turns(ordered)
    result = SessionScores(counts=counts, outcome=outcome(ordered))
    if len(trainee) < MIN_TRAINEE_TURNS:
        result.too_short = True
        result.too_short_reason = (
            f"This session has {len(trainee)} message{'s' if len(trainee) != 1 else ''} "
            f"from you; scores need at least {MIN_TRAINEE_TURNS}."
        )
        return result

    annotated = [t.annotation for t in trainee if t.annotation is not None]
    result.padesky = padesky(trainee)
    result.empathy = empathy_profile(annotated)
    if counts.emotional_disclosures:
        ps_rate, reflect_rate = emotion_rates(counts)
        result.ps_after_emotion_rate = ps_rate
        result.reflect_after_emotion_rate = reflect_rate
    result.metrics = miti_metrics(counts) + emotion_metrics(counts, result)
    result.guided_discovery, result.guided_discovery_reason = guided_discovery(
        counts, result.padesky, result.outcome
    )
    result.skills = skill_scores(counts, result)
    result.client_rating = client_rating(ordered)
    return result
