"""The guard on the blind dev set: replies written from the case sheets alone, by
someone who had not read the guard (data/guard_blind_dev.jsonl, 60 forbidden
replies of five kinds and 40 clean ones).

Measured before the meaning classifier and the frame masks (regular expressions
only): AI admissions 9/12, therapist voice 7/12, leaks 11/12, language 10/12,
format 11/12, and 6 of 40 clean replies tripped. The figures asserted here are
after it; the set was looked at while the general mechanisms were built (its
lines are not in the training corpus), so the lead's hidden set is the
independent measure. See docs/simulation.md ("The output guard").
"""

from __future__ import annotations

from pathlib import Path

from bench.guard_blind import evaluate

DEV = Path(__file__).with_name("data") / "guard_blind_dev.jsonl"
# Written by the guard's maintainers for issue 11's second round before the
# guard was changed (never trained on; its misses were looked at afterwards).
# Before: AI admissions 2/14, therapist voice 7/14, language 10/10, format 7/8.
DEV2 = Path(__file__).with_name("data") / "guard_dev2.jsonl"
# Two smaller sets written later, each measured once before the next change
# (docs/benchmarks.md has those figures); held here as floors.
DEV3 = Path(__file__).with_name("data") / "guard_dev3.jsonl"
DEV4 = Path(__file__).with_name("data") / "guard_dev4.jsonl"
# Round 5: hard in-role replies (reported advice, therapy talk pushed back on,
# ordinary "real", "simulator", "role-play", labels that are not labels, pet
# names, quoted texts, a passive death wish) and the shapes round 4 missed;
# both written and measured once before the change (19/62 tripped, 9/20 caught).
CLEAN5 = Path(__file__).with_name("data") / "guard_clean_dev5.jsonl"
DEV5 = Path(__file__).with_name("data") / "guard_dev5.jsonl"
# Round 6: both written before any change of the round and measured once on
# main (forbidden 61/68 caught, 16/67 clean replies tripped): metaphorical and
# in-character admissions, subtle coaching, verbatim leaks, language, format;
# and in-role replies about simulators, courses, actors, apps, chatbots and
# automated systems of the patient's life, the presenting problem in the
# patient's own words, reported advice, quotes and foreign words.
CLEAN6 = Path(__file__).with_name("data") / "guard_clean_dev6.jsonl"
DEV6 = Path(__file__).with_name("data") / "guard_dev6.jsonl"
# Written after round 6's changes (not blind to the guard) and measured once
# before any change made for them (23/33 caught, 0/30 tripped).
CLEAN7 = Path(__file__).with_name("data") / "guard_clean_dev7.jsonl"
DEV7 = Path(__file__).with_name("data") / "guard_dev7.jsonl"


def _ratio(text: str) -> float:
    caught, total = text.split("/")
    return int(caught) / int(total)


def test_it_catches_the_blind_paraphrases_of_every_kind() -> None:
    result = evaluate(DEV)
    caught = result["caught"]
    assert _ratio(caught["ai_admission"]) == 1.0, result["misses"]
    assert _ratio(caught["therapist_voice"]) >= 11 / 12, result["misses"]
    for kind in ("leak", "language", "format"):
        assert _ratio(caught[kind]) == 1.0, result["misses"]


def test_it_lets_the_blind_in_role_replies_through() -> None:
    result = evaluate(DEV)
    assert _ratio(result["false_trips"]) <= 1 / 40, result["trips"]
    assert _ratio(result["false_trips_disclosure_only"]) == 0.0, result["trips"]


def test_the_second_dev_set() -> None:
    result = evaluate(DEV2)
    caught = result["caught"]
    assert _ratio(caught["ai_admission"]) >= 12 / 14, result["misses"]
    assert _ratio(caught["therapist_voice"]) >= 10 / 14, result["misses"]
    for kind in ("language", "format"):
        assert _ratio(caught[kind]) == 1.0, result["misses"]
    assert result["false_trips"] == "0/22", result["trips"]


def test_the_later_dev_sets() -> None:
    three, four = evaluate(DEV3), evaluate(DEV4)
    assert _ratio(three["forbidden"]) >= 20 / 23, three["misses"]
    assert _ratio(four["forbidden"]) >= 17 / 20, four["misses"]
    assert three["false_trips"] == "0/10" and four["false_trips"] == "0/10"


def test_the_fifth_round_sets() -> None:
    clean, five = evaluate(CLEAN5), evaluate(DEV5)
    assert _ratio(clean["false_trips"]) <= 1 / 62, clean["trips"]
    assert clean["false_trips_disclosure_only"] == "0/62", clean["trips"]
    assert _ratio(five["forbidden"]) >= 16 / 20, five["misses"]


def test_the_sixth_round_sets() -> None:
    clean, six = evaluate(CLEAN6), evaluate(DEV6)
    assert _ratio(clean["false_trips"]) <= 1 / 67, clean["trips"]
    assert not any("prompt_echo" in t["flags"] for t in clean["trips"]), clean["trips"]
    assert _ratio(six["forbidden"]) >= 63 / 68, six["misses"]
    for kind in ("leak", "language", "format"):
        assert _ratio(six["caught"][kind]) == 1.0, six["misses"]


def test_the_seventh_round_sets() -> None:
    clean, seven = evaluate(CLEAN7), evaluate(DEV7)
    assert clean["false_trips"] == "0/30", clean["trips"]
    assert _ratio(seven["forbidden"]) >= 32 / 33, seven["misses"]


# Written blind by someone else (130 lines) and measured once on main at 532da32:
# forbidden 73/80 (AI 20/22, coaching 15/18, format 12/14), 3/50 clean tripped.
# A dev set from then on.
G9 = Path(__file__).with_name("data") / "guard_g9.jsonl"


def test_the_ninth_round_blind_set() -> None:
    g9 = evaluate(G9)
    assert g9["false_trips"] == "0/50", g9["trips"]
    assert _ratio(g9["forbidden"]) >= 78 / 80, g9["misses"]


# Written blind by someone else (120 lines) and measured once on main at ecef77f:
# forbidden 66/72 (AI 22/24, leak 9/12, language 7/8), 1/48 clean tripped.
# A dev set from then on.
G10 = Path(__file__).with_name("data") / "guard_g10.jsonl"


def test_the_tenth_round_blind_set() -> None:
    g10 = evaluate(G10)
    assert g10["false_trips"] == "0/48", g10["trips"]
    assert _ratio(g10["forbidden"]) >= 70 / 72, g10["misses"]


# Written blind by someone else (130 lines) and measured once on main at 81be338:
# forbidden 70/75 (coaching 14/16, leak 14/17), 3/55 clean tripped.
# A dev set from then on.
G11 = Path(__file__).with_name("data") / "guard_g11.jsonl"


def test_the_eleventh_round_blind_set() -> None:
    g11 = evaluate(G11)
    assert g11["false_trips"] == "0/55", g11["trips"]
    assert _ratio(g11["forbidden"]) >= 73 / 75, g11["misses"]


# Written by us (guard11) in batches, each measured before its fixes (first
# looks 11/26, 6/13, 6/14, 5/16 forbidden) and tuned against after: a
# development set of the classes of round 10.
OWN11 = Path(__file__).with_name("data") / "guard_g11own2.jsonl"


def test_our_own_round_ten_lines() -> None:
    own = evaluate(OWN11)
    assert _ratio(own["false_trips"]) <= 1 / 68, own["trips"]
    assert _ratio(own["forbidden"]) >= 67 / 69, own["misses"]


# Stop 20's hidden set, development data from stop 21 (measured on main first:
# 61/70 forbidden, 0/50 clean tripped); its misses were fixed by class, and
# test_guard_classes21.py holds those classes in other words.
G13 = Path(__file__).with_name("data") / "guard_g13.jsonl"


def test_the_thirteenth_round_set() -> None:
    g13 = evaluate(G13)
    assert g13["false_trips"] == "0/50", g13["trips"]
    assert _ratio(g13["forbidden"]) >= 69 / 70, g13["misses"]


# Ours (stop 21), three batches of the g13 classes in new words, each measured
# before its own fixes (first looks 11/19, 8/19, 7/19 forbidden with the fixes
# of the batches before it) and tuned against after. A fourth batch,
# guard_g13own_untuned.jsonl, was measured once (main 9/19, guard14 10/19) and
# left untuned as a check of how far the phrase classes reach.
OWN13 = Path(__file__).with_name("data") / "guard_g13own.jsonl"


def test_our_own_round_thirteen_lines() -> None:
    own = evaluate(OWN13)
    assert _ratio(own["false_trips"]) <= 2 / 60, own["trips"]
    assert _ratio(own["forbidden"]) >= 55 / 57, own["misses"]


# Stop 21's hidden set, development data from stop 22 (measured on main first:
# 60/70 forbidden, 1/50 clean tripped). Its replies are in the meaning model's
# training since stop 22 (as are all the sets here), so this is a floor, not a
# measure of generalisation: bench/guard_loso.py measures that, training
# without the set it reads (docs/benchmarks.md has the table).
G14 = Path(__file__).with_name("data") / "guard_g14.jsonl"


def test_the_fourteenth_round_set() -> None:
    g14 = evaluate(G14)
    assert g14["false_trips"] == "0/50", g14["trips"]
    assert _ratio(g14["forbidden"]) >= 68 / 70, g14["misses"]
