"""The offline patient answers what was asked (the realism review in docs/simulation.md).

Sessions here start the way the product starts them (`practice.services.start_session`):
the case's opening line is already the patient's first turn.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from feedback.rubrics import TurnContext, code_turn
from patients.simulation import (
    CaseSpec,
    OfflineResponder,
    PatientState,
    ReplyContext,
    StageDirection,
    Utterance,
    advance,
    bundled_cases,
    initial_state,
)
from patients.simulation import parameters as P
from patients.simulation.focus import question_focus
from patients.simulation.moves import classify_moves
from patients.simulation.responders.offline import (
    CLOSING,
    GREETINGS,
    NOT_YET,
    RESTATE_LEADS,
    SOCIAL_ANSWERS,
)
from patients.simulation.text import split_sentences
from patients.simulation.vocab import emotion_key

CASES = bundled_cases()
BY_SLUG = {c.slug: c for c in CASES}
OPENING_QUESTION = "Hi, thanks for coming in. What brings you here today?"

Turn = tuple[str, str, StageDirection, PatientState]


def _session(
    case: CaseSpec,
    lines: Sequence[str],
    *,
    seed: int = 0,
    state: PatientState | None = None,
) -> list[Turn]:
    """(trainee line, reply, direction, state after) per turn, opening line first."""
    responder = OfflineResponder()
    state = state or initial_state(case, seed=seed)
    history = [Utterance("patient", case.opening_line)]
    out: list[Turn] = []
    for line in lines:
        step = advance(case, state, line, history)
        history.append(Utterance("trainee", line))
        reply = responder.reply(
            ReplyContext(case, step.state, step.direction, history, seed)
        )
        history.append(Utterance("patient", reply))
        out.append((line, reply, step.direction, step.state))
        state = step.state
    return out


def _norms(text: str) -> set[str]:
    return {
        " ".join(s.lower().split())
        for s in split_sentences(text)
        if len(s.split()) >= 3
    }


def _voiced(reply: str, lines: Sequence[str]) -> bool:
    """`reply` says one of `lines`, at least its first sentence (a cap may cut
    the rest; a repeat may open with "Like I said,")."""
    text = " ".join(reply.lower().split())
    for line in lines:
        first = split_sentences(line)[0].lower().rstrip(".!?")
        if first in text or first[:1].lower() + first[1:] in text:
            return True
    return False


def _warm(case: CaseSpec, alliance: float = 0.75, **changes: object) -> PatientState:
    return initial_state(case, seed=0).model_copy(
        update={"alliance": alliance, "resistance": 0.05, **changes}, deep=True
    )


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.slug)
def test_it_answers_what_brings_you_here_with_the_presenting_problem(
    case: CaseSpec,
) -> None:
    # The bug: amara (tangent) answered "Hard to put it that simply. Possibly. I
    # haven't thought about it like that." Every case, hostile ones included,
    # says why they came, in their own words.
    for seed in range(5):
        ((_, reply, direction, _),) = _session(case, [OPENING_QUESTION], seed=seed)
        assert direction.focus == "agenda" and direction.layer == 0
        assert _voiced(reply, case.voice.presenting), (seed, reply)


def test_a_guarded_patient_gives_the_presenting_problem_briefly() -> None:
    case = BY_SLUG["sofia-relationship-conflict"]  # upset, hard: starts guarded
    ((_, reply, direction, _),) = _session(case, ["What brings you here?"])
    assert direction.guarded and direction.max_sentences <= P.GUARDED_SENTENCES
    assert _voiced(reply, case.voice.presenting), reply
    assert len(split_sentences(reply)) <= P.GUARDED_SENTENCES


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.slug)
def test_no_reply_repeats_the_opening_line(case: CaseSpec) -> None:
    opening = _norms(case.opening_line) | {" ".join(case.opening_line.lower().split())}
    lines = ["Hello.", OPENING_QUESTION, "Hi. How has your week been?"]
    for seed in range(3):
        for _, reply, _, _ in _session(case, lines, seed=seed):
            assert not (_norms(reply) & opening), reply
            assert not reply.startswith(case.opening_line), reply


def test_a_greeting_after_the_opening_line_gets_a_greeting_back() -> None:
    case = BY_SLUG["ruth-grief"]
    turns = _session(case, ["Hello.", "Hello, nice to meet you. Did you find us okay?"])
    (_, hello, _, _), (_, social, _, _) = turns
    assert hello in GREETINGS
    assert social in SOCIAL_ANSWERS


def test_a_feelings_question_gets_feelings_once_trust_allows() -> None:
    case = BY_SLUG["marcus-job-loss"]
    turns = _session(
        case,
        [OPENING_QUESTION, "What happened?", "How did you feel when that happened?"],
        state=_warm(case),
    )
    _, reply, direction, state = turns[-1]
    situation = case.situation(direction.topic)
    assert direction.focus == "emotion" and direction.layer == 3
    assert _voiced(reply, situation.voice.emotion), reply
    assert not _voiced(reply, situation.voice.thought), reply
    # The skipped thought is still ahead: gradual, not lost.
    assert "2" not in state.layer_turns


def test_a_thought_question_gets_the_thought_only_if_disclosure_allows() -> None:
    case = BY_SLUG["ruth-grief"]
    lines = [OPENING_QUESTION, "What happened?", "What went through your mind?"]
    *_, (_, warm_reply, warm, _) = _session(case, lines, state=_warm(case))
    situation = case.situation(warm.topic)
    assert warm.layer == 2 and _voiced(warm_reply, situation.voice.thought)

    guarded_start = _warm(case, alliance=0.25)
    ((_, reply, direction, state),) = _session(
        case, ["What went through your mind?"], state=guarded_start
    )
    assert state.alliance < P.gate(2, case.style)
    assert direction.reason == "not_yet" and direction.focus == "thought"
    assert split_sentences(reply)[0] in NOT_YET["thought"], reply
    assert not _voiced(reply, situation.voice.thought), reply
    assert situation.auto_thought.lower()[:20] not in reply.lower()


def test_what_happened_gets_the_situation_not_the_next_layer() -> None:
    case = BY_SLUG["hannah-new-parent"]
    lines = [OPENING_QUESTION, "What happened?", "What went through your mind?"]
    turns = _session(
        case, [*lines, "What happened at the time, exactly?"], state=_warm(case)
    )
    _, reply, direction, state = turns[-1]
    assert direction.focus == "situation" and direction.layer == 1
    assert _voiced(reply, case.situation(direction.topic).voice.situation), reply
    assert state.disclosure == 2  # nothing deeper was opened by the question


def test_a_question_about_a_named_situation_moves_to_it() -> None:
    case = BY_SLUG["amara-relocation-loneliness"]
    lunch = case.situations[1]
    turns = _session(
        case,
        [OPENING_QUESTION, "What happened with the lunch at work?"],
        state=_warm(case),
    )
    _, reply, direction, _ = turns[-1]
    assert direction.topic == lunch.id
    assert _voiced(reply, lunch.voice.situation), reply


def test_a_question_about_something_later_starts_with_the_next_part() -> None:
    # "What did you do?" before anything is told: the story starts at the start.
    case = BY_SLUG["marcus-job-loss"]
    turns = _session(
        case, [OPENING_QUESTION, "What did you do then?"], state=_warm(case)
    )
    _, reply, direction, _ = turns[-1]
    assert direction.reason == "toward_asked" and direction.layer == 1
    assert _voiced(reply, case.situation(direction.topic).voice.situation), reply


def test_closing_winds_down_instead_of_opening_a_new_layer() -> None:
    case = BY_SLUG["marcus-job-loss"]
    lines = [OPENING_QUESTION, "What happened?", "We're nearly out of time for today."]
    *_, (_, before, _, state_before), (_, reply, direction, state) = _session(
        case, lines, state=_warm(case)
    )
    assert direction.reason == "closing"
    assert state.disclosure == state_before.disclosure
    assert reply in {line for lines in CLOSING.values() for line in lines}


def test_passive_si_is_disclosed_warmly_and_with_trust_and_denied_elsewhere() -> None:
    ruth = BY_SLUG["ruth-grief"]
    rapport = [
        OPENING_QUESTION,
        "It sounds like it's been a really heavy few months.",
        "That makes a lot of sense. It sounds like you've been carrying a lot on your own.",
    ]
    warm_ask = (
        "Thank you for telling me that. Sometimes when people feel this low they "
        "have thoughts of ending their life. Have you had thoughts like that?"
    )
    *_, (_, reply, direction, state) = _session(ruth, [*rapport, warm_ask])
    assert direction.content["risk"] == "disclose" and state.risk_disclosed
    assert _voiced(reply, ruth.voice.risk), reply

    # Right after unasked-for advice, a bare question meets "I'm fine".
    cold = [
        *rapport,
        "You should get out more.",
        "Have you had thoughts of ending your life?",
    ]
    *_, (_, reply, direction, state) = _session(ruth, cold)
    assert direction.content["risk"] == "evade" and not state.risk_disclosed
    assert not _voiced(reply, ruth.voice.risk)

    for case in CASES:
        if case.risk_flags:
            continue
        *_, (_, reply, direction, _) = _session(case, [*rapport, warm_ask])
        assert direction.content["risk"] == "deny"
        assert re.match(r"^No\b", reply), (case.slug, reply)


def test_told_lines_are_not_repeated_unless_marked_as_a_repeat() -> None:
    # Voice lines are often two sentences; a line whose sentences were said must
    # come back as "Like I said, ...", never silently verbatim.
    for case in CASES:
        material = set()
        for s in case.situations:
            for lines in s.voice.model_dump().values():
                for line in lines:
                    material |= _norms(line)
        for line in case.voice.presenting:
            material |= _norms(line)
        asks = [OPENING_QUESTION, "What brings you here?", "What happened?"] * 3
        said: set[str] = set()
        for _, reply, _, _ in _session(case, asks, state=_warm(case)):
            repeated = (_norms(reply) & said & material) - {""}
            if repeated:
                assert reply.startswith(tuple(RESTATE_LEADS)) or any(
                    f"{lead} " in reply for lead in RESTATE_LEADS
                ), (case.slug, reply)
            said |= _norms(reply)


def test_reflecting_a_feeling_the_patient_has_but_has_not_voiced_raises_trust() -> None:
    # Issue 9: an accurate reflection of a feeling that is in the case is not
    # "reading in"; it is the skill that builds trust.
    case = BY_SLUG["amara-relocation-loneliness"]  # sad, down, lonely is hers
    (*_, (_, _, _, before), (_, reply, direction, after)) = _session(
        case,
        [OPENING_QUESTION, "So you've been feeling really sad about all of it."],
        state=_warm(case),
    )
    assert direction.act != "correct"
    assert after.alliance > before.alliance
    assert "sad" in {emotion_key(e) for s in case.situations for e in s.emotions}
    assert not re.search(r"\bI'?m not sad\b|\bI am not sad\b", reply), reply


def test_style_flourishes_come_whole_and_never_after_a_risk_answer() -> None:
    case = BY_SLUG["amara-relocation-loneliness"]  # tangent
    tangents = set(case.voice.tangent)
    lines = [OPENING_QUESTION, "Do you have people you can talk to?"] + [
        "Have you had thoughts of ending your life?"
    ]
    for seed in range(8):
        turns = _session(case, lines, seed=seed)
        for _, reply, direction, _ in turns:
            for tangent in tangents:
                first = split_sentences(tangent)[0]
                if first in reply:
                    assert tangent in reply, reply  # not cut in half by the cap
            if "risk" in direction.content:
                assert not any(split_sentences(t)[0] in reply for t in tangents)


@pytest.mark.parametrize(
    ("text", "focus"),
    [
        ("Hi, thanks for coming in. What brings you here today?", "agenda"),
        ("How has your week been?", "checkin"),
        ("What happened at the meeting?", "situation"),
        ("How did you feel when he said that?", "emotion"),
        ("How did it feel when that thought came up?", "emotion"),
        ("What went through your mind?", "thought"),
        ("What did you do then?", "behaviour"),
        ("What are you hoping to get from coming here?", "goal"),
        ("We're nearly out of time.", "closing"),
        ("Hello.", "greeting"),
        ("It sounds like that was really hard.", "none"),
        ("Have you had thoughts of ending your life?", "none"),
    ],
)
def test_it_reads_what_a_question_is_about(text: str, focus: str) -> None:
    assert question_focus(text) == focus


MITI_LINES = [
    "What brings you in today?",
    "Do you have people you can talk to?",
    "How many hours do you sleep?",
    "You're worried.",
    "It sounds like the worry about money has been weighing on you.",
    "It sounds hard. What tells you that's true?",
    "You should make a budget.",
    "Have you tried making a list?",
    "Would it be okay if I shared an idea? You could try a list.",
    "Come on, that's ridiculous.",
]


@pytest.mark.parametrize("text", MITI_LINES)
def test_question_reflection_and_advice_kinds_are_the_annotators(text: str) -> None:
    patient = "I've been so worried about money since I lost my job."
    history = [
        Utterance("trainee", "What brings you in?"),
        Utterance("patient", patient),
    ]
    moves = set(classify_moves(text, history))
    codes = code_turn(TurnContext(trainee_text=text, previous_patient_text=patient))
    reflections = {f"{u.reflection}_reflection" for u in codes if u.reflection}
    assert {m for m in moves if m.endswith("_reflection")} <= reflections
    # A normalising "That makes sense" is validation here, a simple reflection there.
    assert reflections - moves <= (
        {"simple_reflection"} if "validation" in moves else set()
    )
    has = {c for u in codes for c in u.codes}
    assert ("advice" in moves) == ("persuade" in has)
    assert ("advice_with_permission" in moves) == ("persuade_with_permission" in has)
    assert ("confrontation" in moves) >= ("confront" in has)
    questions = {
        f"{u.question}_question"
        for u in codes
        if u.question
        and not {"persuade", "persuade_with_permission"} & set(u.codes)
        and u.socratic_type != "reasons_evidence"
        and "seek_collaboration" not in u.codes
    }
    assert questions <= moves


def test_a_question_that_mentions_talking_is_not_advice() -> None:
    # The old stand-alone pattern read "you can talk" as advice; the annotator
    # codes a closed question, and the patient now hears one.
    assert classify_moves("Do you have people you can talk to?") == ("closed_question",)
