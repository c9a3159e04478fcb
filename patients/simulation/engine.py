"""One step of the patient engine: classify, transition, direct."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from patients.simulation.case import CaseSpec
from patients.simulation.dialogue import Utterance
from patients.simulation.direction import StageDirection, direct
from patients.simulation.factq import asks_coping, fact_question
from patients.simulation.factq_risk_model import classify_risk
from patients.simulation.factq_turn import core, parts, questions, telegraphic
from patients.simulation.facts import SCREENING_DOMAINS
from patients.simulation.moves import MoveClassifier, classify_moves
from patients.simulation.moves.case_aware import (
    add_collusion,
    own_feelings,
    reinterpret,
)
from patients.simulation.state import PatientState, initial_state
from patients.simulation.transitions import SI_DOMAINS, apply_moves
from patients.simulation.vocab import emotion_key

# After a question about suicidal thoughts, "How often?" or "Do you have a plan?"
# within this many turns is a follow-up about those thoughts.
RISK_CONTEXT_TURNS = 4
# After a plain "No, nothing like that" there are no thoughts to follow up: only
# the very next turn may still ask about them ("Not even in passing?"). Four
# turns read a summary, a 0-100 rating and an evidence question after a denial
# as "how often?" and answered each with the denial again.
RISK_CONTEXT_AFTER_DENIAL = 0
# The trainee back at work on the thought (a Socratic question, a summary) is
# not asking about suicidal thoughts, whatever "it" or "that" points back to.
_THOUGHT_WORK = frozenset(
    {
        "socratic_evidence",
        "socratic_alternatives",
        "socratic_consequences",
        "socratic_synthesis",
        "summary",
    }
)


@dataclass(frozen=True, slots=True)
class Advance:
    state: PatientState
    moves: tuple[str, ...]
    direction: StageDirection


_FEELINGS: dict[int, tuple[CaseSpec, frozenset[str]]] = {}


def case_feelings(case: CaseSpec) -> frozenset[str]:
    cached = _FEELINGS.get(id(case))
    if cached is not None and cached[0] is case:
        return cached[1]
    texts = [case.presenting_problem, case.history, *case.voice.presenting]
    for s in case.situations:
        texts += [*s.voice.emotion]
    keys = [emotion_key(e) for s in case.situations for e in s.emotions]
    feelings = own_feelings(texts, keys)
    _FEELINGS[id(case)] = (case, feelings)
    return feelings


SCREENING_QUESTIONS = SI_DOMAINS | SCREENING_DOMAINS
_NOT_ADVICE = frozenset({"advice", "advice_with_permission", "information"})
# "Have you spoken to a GP about the anxiety?" asks what the patient has done,
# though its wording is a suggestion's: questions about help already sought,
# medication and health are answered, not met with "yes, but".
_HISTORY = frozenset({"previous_help", "medication", "health"})
# A fact checked with a tag ("you live with a flatmate, is it?", "you don't
# drink, do you?") or asked as "how about sleep?" reads as leading or as a
# suggestion by its form alone; about a fact of the patient's life it is a
# question, and gets the fact.
_CHECKED = re.compile(
    r"(?:,|\s-)\s*(?:(?:do|does|did|is|are|was|were|have|has|had|can|could|would|"
    r"will)(?:n'?t)?(?: (?:you|it|he|she|they|that))?|isn'?t it|right|yeah|yes|no|"
    r"correct|true|i take it|i'?m guessing)\s*\?\s*$"
    r"|^(?:(?:and|so|ok|okay)[,.]?\s+)?(?:how|what) about\b",
    re.IGNORECASE,
)
# The same tag inside the turn, a question or a remark after it: "so you've got
# a daughter, is that right? the one you mentioned", "Sian's your wife, yeah?
# does she know?".
_CHECKED_WITHIN = re.compile(
    r"(?:,|\s-)\s*(?:(?:is|was|are|were|isn'?t) (?:that|it|she|he) "
    r"(?:right|correct|so|true)|(?:is|was|are|were|do|does|did|have|has|had|can|"
    r"could|would|will)(?:n'?t)? (?:you|it|he|she|they|that)|right|yeah|yes|"
    r"correct|true)\s*\?\s*\S",
    re.IGNORECASE,
)
_FORM_ONLY = frozenset({"advice", "leading_question"})
# What a checked fact's form alone reads as: a tag is no agreement with the
# patient's thought ("is that right?" is not "you're right").
_CHECKED_FORM = _FORM_ONLY | {"collusion"}
# A question about a habit ("do you ever smoke weed or take anything to switch
# off?", "have you ever tried the gym?") asks what the patient does, though its
# words name something to do; it suggests nothing.
_HABIT = re.compile(
    r"^\s*(?:(?:and|so|ok|okay|just|also)[,.]?\s+)*(?:do|did|have|are|were) you "
    r"(?:ever|often|usually|normally|sometimes|still|tend to)\b"
    # Where things stand: "have you gone back yet?", "have you been back at
    # work?" ask what has happened, not what to do.
    r"|^\s*(?:(?:and|so|ok|okay|just|also)[,.]?\s+)*(?:have|has) you (?:gone|been|"
    r"got|returned|moved) back\b",
    re.IGNORECASE,
)
# A request for the fact ("so remind me what ur studying", "tell me what your
# job is"): an imperative, but nothing it asks the patient to do beyond
# answering.
_TELL_ME = re.compile(
    r"\b(?:remind me|tell me|fill me in(?: on)?|let me know|refresh my memory)"
    r"(?: again)?(?:,)? (?:what|how|where|who|when|whether|if|about)\b",
    re.IGNORECASE,
)
# Words the move coder hears as confronting that, in a screening or risk
# question, are not: honesty with someone other than the counsellor ("who
# could you be honest with?", "be honest with Michael"), "come on" as the
# verb ("when do they come on?", "does it come on at night?") and lying in bed
# ("when you're lying there").
_NOT_CONFRONTING = re.compile(
    r"\bwho\b.{0,40}\bbe (?:honest|open|straight) with\b|\bbe (?:honest|open|straight) "
    r"with (?:someone|somebody|anyone|anybody|him|her|them|your|(?-i:[A-Z][a-z]+))\b|"
    r"\b(?:do|does|did|they|it|thoughts?|feelings?|urges?)\b(?: \w+){0,2} come on\b|"
    # The onset: "has it come on since the job?", "it came on slowly".
    r"\b(?:has|have|had|it|they|this|that|panic|anxiety|worry)\b(?: \w+){0,2} "
    r"(?:come|came|comes|coming) on\b|\b(?:come|came|comes|coming) on (?:since|after|"
    r"before|when|gradually|suddenly|slowly|at|in|over|all of a sudden|out of)\b|"
    r"\blying (?:there|down|awake|in bed)\b",
    re.IGNORECASE,
)
# A fact asked inside a confronting or advice-shaped frame ("be honest with me,
# how much are you drinking?", "You should cut down. How much a week?"): the
# frame is what the move coder hears, but the question still asks for a fact.
_PRESSING = frozenset({"advice", "confrontation", "leading_question"})


def _checked(text: str) -> bool:
    """A fact put to the patient with a tag, at the end or mid-turn."""
    text = text.strip()
    return bool(_CHECKED.search(text) or _CHECKED_WITHIN.search(text))


def _habit(text: str) -> bool:
    """A question about a habit or where things stand, as the whole turn or as
    one part of a two-part question ("what were you doing for work, and have
    you gone back yet?")."""
    return bool(_HABIT.match(text)) or any(_HABIT.match(part) for part in parts(text))


def asked_plainly(
    text: str, history: Sequence[Utterance], classifier: MoveClassifier
) -> bool:
    """Whether the question that carries a fact reads as a plain question once
    the frame around it is set aside. "Don't you think you drink too much?" and
    "have you tried cutting back on the drink?" stay confronting and advice:
    the pressure is in the question itself."""
    asked = questions(text)
    if not asked:
        return False
    question = core(asked[-1]).strip()
    if telegraphic(question):
        # "sleep any better or still rough": "sleep" is not an instruction.
        return True
    if question == text.strip():
        return False
    return not set(classifier(question, history)) & _PRESSING


# Socratic questions that ask for a view: what someone else would say, what it
# would mean, how it fits, what does not fit. "How do you know Jess?" reads as
# an evidence question to the move coder and asks a fact: the mood below tells
# them apart.
_ASKS_A_VIEW = _THOUGHT_WORK - {"summary"}
# The mood of a question asking for a view: hypothetical ("what would you say
# to him?", "if a colleague told you...") or about the thought itself ("how
# does that fit with the thought?"); "what did your GP say?" is a report.
_VIEW_MOOD = re.compile(
    r"\b(?:would|might|could|if|suppose|imagine|pretend)\b|"
    r"\b(?:the|that|this|your) (?:thought|belief|fear|worry|idea|conclusion)\b|"
    r"\bfit\b",
    re.IGNORECASE,
)


def _in_risk_talk(case: CaseSpec, state: PatientState, moves: Sequence[str]) -> bool:
    """Whether a question without words of its own about suicidal thoughts is
    still read as a follow-up about them."""
    if state.risk_turn is None:
        return False
    if set(moves) & _THOUGHT_WORK and state.turn > state.risk_turn:
        # Right after the risk answer, "What makes you sure of that?" asks
        # what keeps them safe; a turn later it is back at the thought.
        return False
    present = case.facts.suicidal_thoughts.present or bool(
        {"passive_si", "active_si"} & set(case.risk_flags)
    )
    window = RISK_CONTEXT_TURNS if present else RISK_CONTEXT_AFTER_DENIAL
    return state.turn - state.risk_turn <= window


def _view_asked_plainly(
    text: str, history: Sequence[Utterance], classifier: MoveClassifier
) -> bool:
    """Whether the turn's last question, read alone, is a Socratic question
    with nothing pressing in it ("Think about the good things. Can you do
    that?" is not: its question asks nothing of the patient's view)."""
    asked = questions(text)
    if not asked:
        return False
    question = core(asked[-1]).strip()
    if question == text.strip():
        return False
    read = set(classifier(question, history))
    return bool(read & _ASKS_A_VIEW) and not read & _PRESSING


def case_beliefs(case: CaseSpec) -> list[str]:
    """The distorted thoughts a trainee might agree with."""
    return [
        *(s.auto_thought for s in case.situations),
        *case.core_beliefs,
        *(line for s in case.situations for line in s.voice.thought),
    ]


def advance(
    case: CaseSpec,
    state: PatientState,
    trainee_text: str,
    history: Sequence[Utterance],
    *,
    classifier: MoveClassifier = classify_moves,
) -> Advance:
    """Apply one trainee turn to the patient; pure and deterministic.

    `history` is the transcript *before* `trainee_text`. The returned state is
    the one to store with the patient's reply.
    """
    if state.case_slug != case.slug:
        raise ValueError(
            f"state belongs to case {state.case_slug!r}, not {case.slug!r}"
        )
    moves = reinterpret(
        tuple(classifier(trainee_text, history)), trainee_text, case_feelings(case)
    )
    moves = add_collusion(moves, trainee_text, case_beliefs(case))
    in_risk_talk = _in_risk_talk(case, state, moves)
    fact = (
        None
        if "role_break" in moves
        else fact_question(trainee_text, case.facts, risk_context=in_risk_talk)
    )
    if (
        fact is not None
        and set(moves) & _ASKS_A_VIEW
        and fact.domain not in SCREENING_QUESTIONS
        and _VIEW_MOOD.search(trainee_text)
        and not _checked(trainee_text)
    ):
        # "If a colleague on the ward told you this, what would you say to
        # her?", "Luca suggested counselling. How does that fit with the
        # thought?": a person or a job named inside a Socratic question asks
        # for a view, not for the fact sheet's line about them.
        fact = None
    if fact is not None and (
        fact.domain in SCREENING_QUESTIONS or fact.domain in _HISTORY
    ):
        # "Have you thought about how you would do it?" reads like a suggestion
        # to the annotator's cues; a screening or risk question is never advice,
        # nor is a question about help already sought. Nor is it leading: "any
        # idea of how you might do it?" offers no answer the assessment could
        # do without.
        dropped = _NOT_ADVICE | (
            {"leading_question"} if fact.domain in SCREENING_QUESTIONS else set()
        )
        if _NOT_CONFRONTING.search(trainee_text):
            dropped |= {"confrontation"}
        if _checked(trainee_text):
            # "your GP flagged your blood pressure, was it?" checks a fact.
            dropped |= _CHECKED_FORM
        kept = tuple(m for m in moves if m not in dropped)
        moves = kept or ("closed_question",)
    elif (
        fact is None
        and set(moves) & _PRESSING == {"advice"}
        and set(moves) & _ASKS_A_VIEW
        and _view_asked_plainly(trainee_text, history, classifier)
    ):
        # "Let's try another angle too. If a man you respected had lost his
        # work, how would you see him?": the frame reads as a suggestion, the
        # question is guided discovery; read alone, it suggests nothing.
        moves = tuple(m for m in moves if m != "advice")
    elif (
        fact is None
        and set(moves) & _PRESSING == {"advice"}
        and asks_coping(trainee_text)
    ):
        # "have you tried anything to help you feel better?" asks what they do;
        # "tried" and "help" read as a suggestion to the annotator's cues.
        kept = tuple(m for m in moves if m != "advice")
        moves = kept or ("open_question",)
    elif fact is not None and _checked(trainee_text):
        kept = tuple(m for m in moves if m not in _CHECKED_FORM)
        moves = kept or ("closed_question",)
    elif (
        fact is not None
        and set(moves) & _PRESSING
        and (
            # An example offered in a fact question ("anyone you're close to,
            # like a good friend?") is what the annotator flags as leading;
            # with nothing else pressing it still asks for the fact, as a
            # checked fact does above.
            set(moves) & _PRESSING == {"leading_question"}
            # "has it come on since the job?": the verb, not "Come on!".
            or (
                set(moves) & _PRESSING == {"confrontation"}
                and bool(_NOT_CONFRONTING.search(trainee_text))
            )
            or asked_plainly(trainee_text, history, classifier)
            or (set(moves) & _PRESSING == {"advice"} and _habit(trainee_text))
            or (set(moves) & _PRESSING == {"advice"} and _TELL_ME.search(trainee_text))
        )
    ):
        kept = tuple(m for m in moves if m not in _PRESSING)
        moves = kept or ("closed_question",)
    moved, outcome = apply_moves(case, state, moves, trainee_text, fact)
    final, direction = direct(case, moved, moves, outcome, trainee_text, fact)
    return Advance(state=final, moves=moves, direction=direction)


# A neutral opening question: it takes the classifiers, the fact-question model
# and the transition and direction steps through their per-case set-up.
_WARM_UP_LINE = "What brings you here today, and how have you been feeling?"


def warm_up(case: CaseSpec) -> None:
    """Fill the per-case caches `advance` builds on first use (the case's own
    feelings and beliefs, topic words, fact-question features): 1-5 ms, paid
    otherwise by the first message of a session on a case this process has not
    seen. Pure: runs one throw-away step and keeps nothing but those caches."""
    advance(case, initial_state(case, seed=0), _WARM_UP_LINE, [])
    # The risk follow-up model is read only inside a risk conversation: loaded
    # here (about 15 ms) rather than on the first follow-up a trainee asks.
    classify_risk(_WARM_UP_LINE)
