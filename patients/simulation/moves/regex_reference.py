"""`classify_moves_regex`: the original stand-alone classifier, regular expressions only.

Pure (no Django). Kept as a reference and for comparison in tests; the engine uses
`classify_moves` (classifier.py), which derives the MITI-type labels from the
annotator. It reads the turn sentence by sentence with the tables in `patterns.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from patients.simulation.dialogue import Utterance
from patients.simulation.text import content_words, split_sentences
from patients.simulation.vocab import emotions_named

from .classifier import expressed_emotions, last_patient_text
from .labels import MOVES
from .patterns import (
    ADVICE,
    ALTERNATIVES,
    CLOSED_Q,
    CLOSED_WH,
    COLLUSION,
    COMPLEX_MARKERS,
    CONFRONT,
    CONSEQUENCES,
    EVIDENCE,
    INFORMATION,
    LEADING,
    NOT_ADVICE,
    OFF_TOPIC,
    OPEN_Q,
    PERMISSION,
    REFLECTION,
    RISK,
    SELF_REFERENCE,
    SUMMARY,
    SYNTHESIS,
    TAG_QUESTION,
    VALIDATION,
    role_break_kind,
)


def classify_moves_regex(
    text: str, history: Sequence[Utterance] = ()
) -> tuple[str, ...]:
    """The original stand-alone classifier (regular expressions only).

    Kept as a reference and for comparison in tests; the engine uses
    `classify_moves`, which derives the MITI-type labels from the annotator.
    """
    found: set[str] = set()
    expressed = expressed_emotions(history)
    last_patient = last_patient_text(history)
    patient_asked_advice = bool(
        re.search(
            r"\bwhat (?:should|can|do you think) i (?:do|try)\b", last_patient, re.I
        )
    )
    if role_break_kind(text):
        found.add("role_break")
    if RISK.search(text):
        found.add("risk_question")
    permission = bool(PERMISSION.search(text)) or patient_asked_advice

    for sentence in split_sentences(text) or [text]:
        s = sentence.strip()
        is_question = s.endswith("?")
        tagged = bool(TAG_QUESTION.search(s))
        labels: set[str] = set()
        if CONFRONT.search(s):
            labels.add("confrontation")
        if LEADING.search(s):
            labels.add("leading_question")
        if COLLUSION.search(s):
            labels.add("collusion")
        if ADVICE.search(s) and not NOT_ADVICE.search(s):
            labels.add("advice_with_permission" if permission else "advice")
        if INFORMATION.search(s):
            labels.add("information")
        if (
            OFF_TOPIC.search(s)
            and not SELF_REFERENCE.search(s.replace("your favourite", ""))
            or re.search(
                r"\bwhat'?s your favou?rite\b|\bdid you (?:see|watch)\b", s, re.I
            )
        ):
            labels.add("off_topic")
        # Socratic moves are questions; the same words in a statement ("you've
        # noticed things that don't fit") summarise rather than ask.
        asks = is_question or bool(
            re.match(r"^(?:tell me|talk me|walk me|describe)", s, re.I)
        )
        if asks and SYNTHESIS.search(s):
            labels.add("socratic_synthesis")
        if asks and EVIDENCE.search(s):
            labels.add("socratic_evidence")
        if asks and ALTERNATIVES.search(s):
            labels.add("socratic_alternatives")
        if asks and CONSEQUENCES.search(s):
            labels.add("socratic_consequences")
        if SUMMARY.search(s) and len(s.split()) >= 12:
            labels.add("summary")
        if VALIDATION.search(s):
            labels.add("validation")

        if is_question and not tagged:
            if (
                PERMISSION.search(s)
                or RISK.search(s)
                or labels
                & {"leading_question", "off_topic", "advice", "advice_with_permission"}
            ):
                pass  # asking permission is collaboration; leading is its own code
            elif labels & {
                "socratic_evidence",
                "socratic_alternatives",
                "socratic_consequences",
                "socratic_synthesis",
            }:
                pass  # a Socratic question is an open question with a purpose
            elif CLOSED_WH.search(s):
                labels.add("closed_question")
            elif OPEN_Q.search(s):
                labels.add("open_question")
            elif CLOSED_Q.search(s):
                labels.add("closed_question")
            else:
                labels.add("open_question")
        elif REFLECTION.search(s) and not labels & {
            "advice",
            "advice_with_permission",
            "confrontation",
            "collusion",
        }:
            named = emotions_named(s)
            if named - expressed:
                labels.add("reading_in")
            elif COMPLEX_MARKERS.search(s) or len(s.split()) >= (7 if named else 14):
                labels.add("complex_reflection")
            elif content_words(s) and content_words(s) <= content_words(last_patient):
                labels.add("simple_reflection")
            else:
                labels.add("simple_reflection")
        elif OPEN_Q.search(s) and re.match(
            r"^(?:tell me|talk me|walk me|take me|describe|help me understand|say more)",
            s,
            re.I,
        ):
            labels.add("open_question")
        found |= labels

    if "role_break" in found:
        # Whatever else the sentence looks like, the attempt to break the frame
        # is what the patient reacts to.
        found &= {"role_break", "risk_question"}
    if not found:
        found.add("other")
    elif "summary" in found:
        # A summary is coded as such rather than as one more reflection.
        found.discard("simple_reflection")
    return tuple(m for m in MOVES if m in found)
