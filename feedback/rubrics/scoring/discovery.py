"""Guided discovery: Padesky cycle completion (§3.2) and the 0-6 rating (§2.3).

Pure (no Django). `padesky` follows the four stages (informational questions →
empathic listening → summary → synthesising question) per topic, in order, from the
annotator's stage codes. `guided_discovery` applies the RUBRICS.md §2.3 anchors as a
ladder over the counts, the Padesky result and the patient outcome (whether the
patient voiced an alternative view).
"""

from __future__ import annotations

from collections.abc import Sequence

from .records import Counts, Outcome, Padesky, TurnRecord


def padesky(trainee: Sequence[TurnRecord]) -> Padesky:
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


def guided_discovery(c: Counts, p: Padesky, o: Outcome) -> tuple[int, str]:
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
