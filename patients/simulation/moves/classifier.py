"""`classify_moves`: the labels of one trainee turn, derived from the annotator's codes.

Pure (no Django). The turn is split and coded by the annotator's offline rules
(`feedback.rubrics.code_turn` and its flags); MITI-type labels are read from those
codes, and the patterns in `patterns.py` add only what the annotator does not code.
The two history helpers here are shared with the regex-only reference classifier.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from feedback.rubrics import TurnContext, UtteranceCode, code_turn, one_turn
from feedback.rubrics.collusion import collusive_utterances
from feedback.rubrics.flags import leads
from feedback.rubrics.sympathy import is_bare_sympathy
from patients.simulation.dialogue import Utterance
from patients.simulation.vocab import emotions_named

from .discovery import (
    ALTERNATIVES_MORE,
    CONSEQUENCES_MORE,
    ELICITING_THOUGHT,
    EVIDENCE_MORE,
    FRIEND_FRAME,
    HOMEWORK,
    INVITATION,
    OPEN_AFTER_FRAME,
    PLEASANTRY,
    RATING,
    SUMMARY_MIN_WORDS,
    SUMMARY_MORE,
    SYNTHESIS_MORE,
)
from .discovery_forms import (
    ASKING_FOR_THOUGHT,
    DECATASTROPHE,
    EFFECT_OF_BELIEVING,
    EVIDENCE_AGAINST,
    EVIDENCE_FOR,
    NAMING_THE_THOUGHT,
    OTHER_EXPLANATIONS,
    OTHER_PERSON,
    PERMISSION_TO_SPEAK,
    SUMMARY_FORMS,
    SYNTHESIS_FORMS,
    TASK_TALK,
)
from .discovery_meaning import (
    AUTONOMY,
    announced_examination,
    asks_for_view,
    balanced_summary,
    discovery_labels,
    gives_back_summary,
    other_viewpoint,
    session_task,
    summary_parts,
)
from .labels import MOVES, SOCRATIC
from .patterns import (
    ALTERNATIVES,
    COLLUSION,
    CONFRONT,
    CONSEQUENCES,
    EVIDENCE,
    LEADING,
    NORMALISING,
    OFF_TOPIC,
    PERMISSION,
    RISK,
    SELF_REFERENCE,
    STRUCTURING,
    SUMMARY,
    SYNTHESIS,
    THOUGHT_ANCHOR,
    VALIDATION,
    role_break_kind,
)


def expressed_emotions(history: Sequence[Utterance]) -> set[str]:
    found: set[str] = set()
    for u in history:
        if u.speaker == "patient":
            found |= emotions_named(u.text)
    return found


def last_patient_text(history: Sequence[Utterance]) -> str:
    for u in reversed(history):
        if u.speaker == "patient":
            return u.text
    return ""


# -- labels derived from the annotator's offline codes ---------------------------------
#
# The annotator (`feedback.rubrics`) codes every utterance with MITI behaviour codes
# (question open/closed, reflection simple/complex, persuade with or without
# permission, affirm, confront, giving information), a Paul & Elder question type, a
# Padesky stage and turn-level flags (leading question, collusion). Where a move is
# the same concept, it is read from those codes, so the report and the patient never
# disagree about what the trainee did. The patterns (`patterns.py`) stay only for what
# the annotator does not code: role breaks, risk questions, off-topic talk, reading
# in, collusion, normalising validation, the Socratic subtypes aimed at the patient's
# thought, and structuring talk (closing, agenda), plus two narrow recall supplements
# (confrontation, leading question) listed in `SUPPLEMENTS` below.

# Annotator gaps that change how the patient must react. Each is a supplement to
# the annotator's code, never a replacement; remove one when the annotator covers it.
SUPPLEMENTS: dict[str, str] = {
    "confrontation": "dismissive statements the annotator may code as a reflection "
    "('Other people have it worse than you'), or miss in an imperative",
    "leading_question": "'surely', 'wouldn't it be better' without a question mark",
}
_PERSUADE = frozenset({"persuade", "persuade_with_permission"})
_ASKING = frozenset({"open_question", "socratic_synthesis", *SOCRATIC})
# A turn with these is not read as a Socratic question whatever its frame.
_NOT_SOCRATIC = frozenset(
    {"advice", "confrontation", "leading_question", "risk_question"}
)


def _socratic_labels(u: UtteranceCode, text: str, asks: bool) -> set[str]:
    """Socratic subtypes of one question utterance."""
    if not asks or PERMISSION.search(text) or ASKING_FOR_THOUGHT.search(text):
        # "Would it be okay if I shared an idea?" asks leave, not about the thought.
        return set()
    labels: set[str] = set()
    # The annotator's stage and question type count only for a question about
    # the thought, not one that asks for it or for its rating.
    typed = not NAMING_THE_THOUGHT.search(text)
    if (
        SYNTHESIS.search(text)
        or SYNTHESIS_MORE.search(text)
        or SYNTHESIS_FORMS.search(text)
        or (u.padesky_stage == "synthesizing" and THOUGHT_ANCHOR.search(text) and typed)
    ):
        labels.add("socratic_synthesis")
    anchored = bool(THOUGHT_ANCHOR.search(text))
    if (
        EVIDENCE.search(text)
        or EVIDENCE_MORE.search(text)
        or EVIDENCE_FOR.search(text)
        or EVIDENCE_AGAINST.search(text)
        or (u.socratic_type == "reasons_evidence" and anchored and typed)
    ):
        labels.add("socratic_evidence")
    if (
        ALTERNATIVES.search(text)
        or ALTERNATIVES_MORE.search(text)
        or OTHER_EXPLANATIONS.search(text)
        or OTHER_PERSON.search(text)
        or DECATASTROPHE.search(text)
        or (u.socratic_type == "viewpoints" and anchored and typed)
    ):
        labels.add("socratic_alternatives")
    if (
        CONSEQUENCES.search(text)
        or CONSEQUENCES_MORE.search(text)
        or EFFECT_OF_BELIEVING.search(text)
        or (u.socratic_type == "implications" and anchored and typed)
    ):
        labels.add("socratic_consequences")
    return labels


def _listed(text: str) -> bool:
    """An announced summary in note form ("Quick summary - situation, thought,
    feelings, what you did. Yes?") is short but lists three parts or more."""
    return len(text.split()) >= 8 and (
        text.count(",") + len(re.findall(r"\bthen\b", text, re.I)) >= 2
    )


class _Hits:
    """Whether each pattern matches one sentence, searched at most once: the checks
    below ask about validation and normalising twice for a sentence of
    information, and about risk once for the turn and again for its only sentence."""

    __slots__ = ("_seen", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._seen: dict[re.Pattern[str], bool] = {}

    def __call__(self, pattern: re.Pattern[str]) -> bool:
        hit = self._seen.get(pattern)
        if hit is None:
            hit = self._seen[pattern] = pattern.search(self.text) is not None
        return hit


def classify_moves(text: str, history: Sequence[Utterance] = ()) -> tuple[str, ...]:
    """Labels of one trainee turn, given the transcript before it.

    MITI-type labels come from the annotator's `code_turn`; see the comment above.
    """
    # The annotator's rules read the same strings several times: once per turn.
    with one_turn():
        return _classify_moves(text, history)


def _classify_moves(text: str, history: Sequence[Utterance]) -> tuple[str, ...]:
    found: set[str] = set()
    last_patient = last_patient_text(history)
    risk = RISK.search(text) is not None
    if risk:
        found.add("risk_question")
    if role_break_kind(text):
        # Whatever else the turn looks like, the attempt to break the frame is what
        # the patient reacts to.
        found.add("role_break")
        return tuple(m for m in MOVES if m in found)
    ctx = TurnContext(trainee_text=text, previous_patient_text=last_patient or None)
    utterances = code_turn(ctx)
    # Of the annotator's turn flags (`find_flags`) only two are read here, so only
    # their two rules run: the others (problem solving after a disclosure, an
    # unexpressed feeling, a missed risk cue) cost about 0.3 ms a message on the
    # first word's path for nothing the patient reacts to.
    colludes = any(
        not PLEASANTRY.search(utterances[i].text)
        # A question that examines the thought agrees with none of it (stop 22).
        and not discovery_labels(utterances[i].text)
        # "How much do you believe that thought right now?" rates it, agrees
        # with nothing.
        and not RATING.search(utterances[i].text)
        for i in collusive_utterances(ctx, utterances)
    )
    leading = leads(ctx, utterances)
    if leading and AUTONOMY.search(text):
        # "How would you put it, in your own words? No right answer." leaves the
        # answer to the patient: judge the turn without the disclaimer (stop 22).
        plain = AUTONOMY.sub("", text)
        plain_ctx = TurnContext(
            trainee_text=plain, previous_patient_text=last_patient or None
        )
        leading = leads(plain_ctx, code_turn(plain_ctx))
    expressed: set[str] | None = None  # computed only if a reflection names a feeling
    # The turn asks the patient something: an instruction for answering it or the
    # reason for asking is part of the question, not advice (stop 21).
    turn_asks = any(u.question is not None for u in utterances) or "?" in text
    # A turn that gives back the patient's account (stop 22): its statements are
    # the patient's own material, not advice.
    summary_turn = gives_back_summary(text)
    # Socratic labels found only by the parts of a question (discovery_meaning),
    # kept unless the turn also advises, confronts or leads.
    by_meaning: set[str] = set()

    for u in utterances:
        s = u.text.strip()
        has = _Hits(s)
        codes = set(u.codes)
        labels: set[str] = set()
        structuring = bool(STRUCTURING.search(s))
        if (
            "confront" in codes
            # A question about the thought built of discovery's parts ("How could
            # you put it in a more balanced way?") challenges nobody (stop 22).
            and not discovery_labels(s)
            and not ELICITING_THOUGHT.search(s)
            and not DECATASTROPHE.search(s)
            and not PERMISSION_TO_SPEAK.search(s)
        ) or (CONFRONT.search(s) and not PERMISSION_TO_SPEAK.search(s)):
            labels.add("confrontation")
        if LEADING.search(s):
            labels.add("leading_question")
        if COLLUSION.search(s):
            labels.add("collusion")
        task = turn_asks and bool(TASK_TALK.search(s))
        if (
            "persuade" in codes
            and not structuring
            and not INVITATION.search(s)
            and not task
            and not SUMMARY_FORMS.search(s)
            and not PERMISSION_TO_SPEAK.search(s)
            and not session_task(s)
            and not (summary_turn and summary_parts(s))
        ):
            # A task for the week asked as a question is homework set together.
            homework = u.question is not None and HOMEWORK.search(s)
            labels.add("advice_with_permission" if homework else "advice")
        if "persuade_with_permission" in codes and not structuring:
            labels.add("advice_with_permission")
        if (
            "giving_information" in codes
            and not structuring
            and not has(NORMALISING)
            and not has(VALIDATION)
            and not task
        ):
            labels.add("information")
        if (
            OFF_TOPIC.search(s)
            and not SELF_REFERENCE.search(s.replace("your favourite", ""))
            or re.search(
                r"\bwhat'?s your favou?rite\b|\bdid you (?:see|watch)\b", s, re.I
            )
        ):
            labels.add("off_topic")
        if "affirm" in codes or has(VALIDATION) or has(NORMALISING):
            labels.add("validation")
        elif (
            "support" in codes
            and u.reflection is None
            and u.question is None
            and is_bare_sympathy(s)
        ):
            # "That sounds so hard.": the annotator codes bare sympathy support alone
            # (no reflection: nothing of the patient's is given back), but to the
            # patient it is still warmth that the listener is with them (stop 21).
            labels.add("validation")
        is_question = u.question is not None
        asks = (
            is_question
            or s.endswith("?")
            or bool(re.match(r"^(?:tell me|talk me|walk me|describe)", s, re.I))
        )
        labels |= _socratic_labels(u, s, asks)
        if asks:
            meant = discovery_labels(s) - labels
            by_meaning |= meant
            labels |= meant
        if (u.padesky_stage == "summary" or SUMMARY.search(s)) and len(s.split()) >= 12:
            labels.add("summary")

        if is_question:
            if (
                (risk if s == text else has(RISK))
                or codes & _PERSUADE
                or labels & {"leading_question", "off_topic", "confrontation"}
                or labels & SOCRATIC
                or "socratic_synthesis" in labels
            ):
                pass  # the question has a more specific function
            elif "seek_collaboration" in codes and has(PERMISSION):
                pass  # asking permission is collaboration, not a question to answer
            elif u.question == "closed" and (
                OPEN_AFTER_FRAME.search(s) or RATING.search(s)
            ):
                # A 0-100 rating asks for the patient's own measure (stop 21).
                labels.add("open_question")
            else:
                labels.add(f"{u.question}_question")
        elif u.reflection is not None and not labels & {
            "advice",
            "advice_with_permission",
            "confrontation",
            "collusion",
            "summary",
        }:
            named = emotions_named(s)
            if named:
                if expressed is None:
                    expressed = expressed_emotions(history)
                if named - expressed:
                    labels.add("reading_in")
            if "reading_in" not in labels and not (
                "validation" in labels and u.reflection == "simple"
            ):
                # A normalising statement ("That makes sense") is validation in our
                # vocabulary; the annotator, without that code, calls it simple.
                labels.add(f"{u.reflection}_reflection")
        found |= labels

    if leading and not (
        (RATING.search(text) or DECATASTROPHE.search(text)) and not LEADING.search(text)
    ):
        # The annotator's flag, unless the turn's only question of that shape
        # asks for a rating: "from 0 to 100, how strong was it?" supplies no answer.
        found.add("leading_question")
    if announced_examination(text) and not found & SOCRATIC:
        by_meaning.add("socratic_evidence")
        found.add("socratic_evidence")
        found -= {"open_question", "closed_question"}
    if asks_for_view(text) and "socratic_synthesis" not in found:
        by_meaning.add("socratic_synthesis")
        found.add("socratic_synthesis")
        found.discard("open_question")
    if by_meaning and (found & _NOT_SOCRATIC or "advice" in found):
        # The lecturer's "Don't you think a more balanced view would be...?" and the
        # cross-examiner's questions keep the codes they had.
        found -= by_meaning
        found.add("open_question")
    if (
        (SUMMARY_MORE.search(text) and len(text.split()) >= SUMMARY_MIN_WORDS)
        or ((SUMMARY_MORE.search(text) or SUMMARY_FORMS.search(text)) and _listed(text))
        or summary_turn
    ):
        # The summary's list gives back what the patient said, not information.
        found.add("summary")
        found.discard("information")
    if found & _ASKING and not found & _NOT_SOCRATIC and "advice" not in found:
        # A sentence of context or of the reason for asking ("To keep us focused,
        # I'll stay with the worst point.") around an open question is not a
        # lecture: the turn hands the floor to the patient (stop 21).
        found.discard("information")
    if found & {"leading_question", "confrontation"}:
        # "Surely you can see a more balanced way of looking at it?" supplies the
        # conclusion: a leading question is not guided discovery (RUBRICS.md 3.2).
        found.discard("socratic_synthesis")
    if (
        FRIEND_FRAME.search(text) or OTHER_PERSON.search(text) or other_viewpoint(text)
    ) and not (found & _NOT_SOCRATIC):
        found.add("socratic_alternatives")
        found -= {"open_question", "closed_question", "simple_reflection", "other"}
    if colludes and not balanced_summary(text):
        found.add("collusion")
    elif balanced_summary(text):
        # Giving back both sides of the evidence agrees with neither (stop 22).
        found.discard("collusion")
    if not found:
        found.add("other")
    return tuple(m for m in MOVES if m in found)
