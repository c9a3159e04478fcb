"""The risk review after a suicidal disclosure and the patient's own rating (pure)."""

from __future__ import annotations

from typing import Any

from feedback.rubrics.risk import review_risk
from feedback.rubrics.scoring import TurnRecord
from feedback.rubrics.scoring.client_rating import client_rating


def state(
    alliance: float,
    *,
    disclosure: int = 1,
    risk: bool = False,
    belief: float = 80,
    alternative: str | None = None,
) -> dict[str, Any]:
    return {
        "alliance": alliance,
        "disclosure": disclosure,
        "risk_disclosed": risk,
        "topic": "s1",
        "belief": {"s1": belief},
        "belief_start": {"s1": 80.0},
        "alternative_view": alternative,
    }


def session(
    lines: list[tuple[str, tuple[str, ...]]],
    states: list[dict[str, Any]],
    replies: list[str] | None = None,
) -> list[TurnRecord]:
    records = [TurnRecord(index=0, speaker="patient", text="Hello.", state=states[0])]
    for i, ((text, moves), st) in enumerate(zip(lines, states[1:], strict=True)):
        records.append(
            TurnRecord(
                index=2 * i + 1, speaker="trainee", text=text, state=st, moves=moves
            )
        )
        reply = (replies or [])[i] if replies and i < len(replies) else "I see."
        records.append(
            TurnRecord(index=2 * i + 2, speaker="patient", text=reply, state=st)
        )
    return records


def test_it_lists_what_was_asked_and_missed_after_a_disclosure() -> None:
    turns = session(
        [
            ("What brings you in?", ("open_question",)),
            ("Are you having thoughts of killing yourself?", ("risk_question",)),
            (
                "How often do they come? Have you thought about how you would do it?",
                ("open_question",),
            ),
            ("Who could you talk to when it gets bad?", ("open_question",)),
        ],
        [
            state(0.5),
            state(0.55),
            state(0.6, risk=True),
            state(0.6, risk=True),
            state(0.62, risk=True),
        ],
    )
    review = review_risk(turns, flags=["Passive thoughts of death"])
    assert review is not None
    assert review.disclosed_turn == 3
    assert [a.key for a in review.asked] == ["direct", "frequency", "plan", "support"]
    assert [key for key, _ in review.missed] == [
        "intent",
        "means",
        "past_attempts",
        "protective",
    ]
    assert review.flags == ("Passive thoughts of death",)


def test_a_direct_question_before_the_disclosure_is_listed_as_asked() -> None:
    # The direct question drew a denial; the patient disclosed two turns later.
    turns = session(
        [
            ("Do you ever think about killing yourself?", ("closed_question",)),
            ("Okay. What has the last week been like?", ("open_question",)),
            ("Is there anything you're looking forward to?", ("closed_question",)),
        ],
        [state(0.5), state(0.5), state(0.5), state(0.52, risk=True)],
        replies=["No, nothing like that.", "Long. Empty.", "Not really. Not anymore."],
    )
    review = review_risk(turns)
    assert review is not None
    assert review.disclosed_turn == 5
    asked = {a.key: a.turn for a in review.asked}
    assert asked == {"direct": 1, "protective": 5}
    assert review.total == 8 and len(review.missed) == 6


def test_a_disclosure_without_a_direct_question_misses_it() -> None:
    turns = session(
        [("What has been hardest this week?", ("open_question",))],
        [state(0.5), state(0.5, risk=True)],
    )
    review = review_risk(turns)
    assert review is not None
    assert ("direct", "Asking directly about suicidal thoughts") in review.missed


def test_it_has_no_risk_review_without_a_disclosure() -> None:
    turns = session(
        [("How often do you feel like this?", ("open_question",))],
        [state(0.5), state(0.5)],
    )
    assert review_risk(turns) is None


def test_a_listening_session_rates_higher_than_a_lecturing_one() -> None:
    listening = session(
        [
            ("It sounds like you feel let down.", ("complex_reflection",)),
            ("What went through your mind?", ("open_question",)),
            ("So part of you thinks you failed.", ("complex_reflection",)),
            ("What tells you that?", ("socratic_evidence",)),
        ],
        [
            state(0.45),
            state(0.55, disclosure=2),
            state(0.62, disclosure=3),
            state(0.7, disclosure=4, belief=70),
            state(0.75, disclosure=4, belief=60),
        ],
    )
    lecturing = session(
        [
            ("You should exercise more.", ("advice",)),
            ("Have you tried sleeping earlier?", ("closed_question",)),
            ("You need to stop thinking like that.", ("confrontation",)),
            ("Just talk to your boss.", ("advice",)),
        ],
        [state(0.45), state(0.35), state(0.34), state(0.22), state(0.15)],
        replies=["I feel so ashamed about it.", "No.", "Maybe.", "Yes, but..."],
    )
    good, poor = client_rating(listening), client_rating(lecturing)
    assert good is not None and poor is not None
    for item in ("relationship", "goals", "approach", "overall"):
        assert 0 <= getattr(poor, item) < getattr(good, item) <= 10
    assert good.total == round(
        good.relationship + good.goals + good.approach + good.overall, 1
    )
    assert poor.below_cutoff
    assert good.sentence.startswith("I felt you listened")
    assert "advice" in poor.sentence


def test_the_sentence_names_the_feeling_the_advice_cut_off() -> None:
    turns = session(
        [
            ("It sounds hard.", ("simple_reflection",)),
            ("You should talk to Kayla.", ("advice",)),
        ],
        [state(0.5), state(0.6), state(0.5)],
        replies=["I feel so guilty about Kayla.", "Yes, but she won't listen."],
    )
    rating = client_rating(turns)
    assert rating is not None
    assert "you jumped to advice when I said I felt guilty" in rating.sentence
