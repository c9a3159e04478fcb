"""MITI counts and summary scores with their bands (RUBRICS.md §1.4-1.5).

Pure (no Django). `count_turns` is the one pass over a session that tallies what the
annotator coded on each trainee turn (questions, reflections, MI-adherent and
non-adherent moves, Socratic probes, summaries) and, through `emotion.py`, how the
trainee answered each feeling the patient shared. `miti_metrics` turns the counts into
the four MITI summary scores (R:Q, % open questions, % complex reflections,
% MI-adherent), banded only when there are enough coded utterances.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..flags import is_emotional_disclosure
from .bands import band_for, pct, ratio
from .emotion import response_to_emotion
from .records import Counts, Metric, TurnRecord

# Bands need enough coded utterances to mean anything (RUBRICS.md §1.4 suggestion).
MIN_UTTERANCES_FOR_BANDS = 10

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


def count_turns(ordered: Sequence[TurnRecord]) -> Counts:
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
            problem_solving, reflected = response_to_emotion(a)
            if problem_solving:
                c.problem_solving_after_emotion += 1
            if reflected:
                c.reflect_after_emotion += 1
    return c


def miti_metrics(c: Counts) -> list[Metric]:
    """The four MITI summary scores, banded once there are enough utterances."""
    reflections = c.simple_reflections + c.complex_reflections
    banded = c.utterances >= MIN_UTTERANCES_FOR_BANDS

    def band(value: float | None, fair: float, good: float) -> str | None:
        if value is None:
            return None
        return band_for(value, fair=fair, good=good) if banded else "insufficient"

    rq = ratio(reflections, c.questions)
    pct_oq = ratio(c.open_questions, c.open_questions + c.closed_questions)
    pct_cr = ratio(c.complex_reflections, reflections)
    pct_mia = ratio(c.mi_adherent, c.mi_adherent + c.mi_non_adherent)
    return [
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
            display=pct(pct_oq),
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
            display=pct(pct_cr),
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
            display=pct(pct_mia),
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


def _rq_line(rq: float | None, reflections: int, questions: int) -> str:
    if rq is None:
        return f"You made {reflections} reflection(s) and asked no questions."
    return (
        f"{reflections} reflection(s) to {questions} question(s): aim for at least one "
        "reflection per question (fair), two is good."
    )
