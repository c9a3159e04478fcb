"""The annotator's speed-ups change how the rules run, never what they say.

Each test pins one piece of shared machinery (per-turn memory, the linear models'
sums) against the plain computation it replaced.
"""

from __future__ import annotations

import random
import re
import sys
import threading

from feedback.rubrics import OfflineAnnotator, TurnContext, one_turn
from feedback.rubrics import flag_cues as fc
from feedback.rubrics.evaluation.gold import read_gold
from feedback.rubrics.linear_model import probabilities, sigmoid
from feedback.rubrics.memo import per_turn
from feedback.rubrics.normalize import normalize
from feedback.rubrics.prefilter import GatedSearch, gate_keys, rare_keys

TURNS = (
    TurnContext("You're right, thats just how it is.", "Im a failure at everything."),
    TurnContext(
        "Have you tried going for a walk? It's up to you.", "What should I do?"
    ),
    TurnContext("Mm-hmm. So part of you wants to stop, and part of you doesn't."),
)


def test_per_turn_computes_each_string_once_inside_a_turn_only() -> None:
    calls: list[str] = []

    @per_turn
    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    assert shout("a") == shout("a") == "A"
    assert calls == ["a", "a"]  # no scope: no memory
    calls.clear()
    with one_turn():
        assert [shout("a"), shout("b"), shout("a")] == ["A", "B", "A"]
        with one_turn():  # nested scopes share the outer memory
            shout("b")
    assert calls == ["a", "b"]
    calls.clear()
    with one_turn():  # a new turn starts empty
        shout("a")
    assert calls == ["a"]


def test_per_turn_memory_is_not_shared_between_threads() -> None:
    seen: list[str] = []

    @per_turn
    def record(text: str) -> str:
        seen.append(threading.current_thread().name)
        return text

    def one() -> None:
        with one_turn():
            record("same line")

    threads = [threading.Thread(target=one, name=f"t{i}") for i in range(2)]
    with one_turn():
        record("same line")
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(seen) == ["MainThread", "t0", "t1"]


def test_annotations_are_the_same_with_and_without_the_turn_memory() -> None:
    annotator = OfflineAnnotator()
    for ctx in TURNS:
        scoped = annotator.annotate(ctx)
        plain = annotator._annotate(ctx)  # the rules without the per-turn memory
        assert scoped == plain
    assert normalize("thats ok") == "that's ok"


def test_probabilities_add_the_weights_in_feature_order() -> None:
    # The reference is the loop the models were trained and shipped with: one
    # feature at a time, so the floats must agree to the last bit.
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 10)
        labels = [f"l{i}" for i in range(n)]
        bias = tuple(rng.uniform(-3, 3) for _ in range(n))
        table = {
            f"f{j}": tuple(
                rng.uniform(-2, 2) * rng.choice((1, 1e-9, 1e9)) for _ in labels
            )
            for j in range(40)
        }
        feats = [f"f{rng.randint(0, 60)}" for _ in range(rng.randint(0, 30))]
        z = list(bias)
        for f in feats:
            for k, w in enumerate(table.get(f, ())):
                z[k] += w
        expected = {label: sigmoid(z[k]) for k, label in enumerate(labels)}
        assert probabilities(labels, bias, table, feats) == expected


def _gold_texts() -> list[str]:
    turns = read_gold()[::4]  # a quarter of the corpus: about a minute's checks
    texts = {t.context.trainee_text for t in turns}
    texts |= {t.context.previous_patient_text or "" for t in turns}
    return sorted(texts)


def test_every_gated_pattern_answers_as_the_plain_pattern() -> None:
    # The gates are derived from the patterns; this checks the derivation on real
    # sentences, in their typed, normalised and lower-case forms.
    gated = {
        id(v): v
        for name, module in list(sys.modules.items())
        if name.startswith("feedback.rubrics")
        for v in vars(module).values()
        if isinstance(v, GatedSearch)
    }
    assert len(gated) > 50
    texts = _gold_texts()
    texts = texts + [t.lower() for t in texts]
    for g in gated.values():
        for text in texts:
            got, want = g.search(text), g.regex.search(text)
            assert (got and got.span()) == (want and want.span()), (g.pattern, text)


def test_gate_keys_follow_the_pattern() -> None:
    assert gate_keys(re.compile(r"\b(?:you should|try (?:to|and))\b", re.I)) == {
        "you ",
        "try ",
    }
    # A part that could start with anything: the keys come from a later part.
    assert gate_keys(re.compile(r"\b\w+ing (?:it|that) out\b")) == {"ing "}
    # Could match from any character: no gate, the pattern alone answers.
    assert gate_keys(re.compile(r"\w+")) is None
    # A non-ASCII letter that folds onto an ASCII one ('ſ' matches 's') ends a key.
    assert gate_keys(re.compile("ſorry", re.I)) == {"orry"}
    assert gate_keys(re.compile("so\u2019rry", re.I)) == {"so\u2019r"}
    g = GatedSearch(re.compile(r"\b(?:feel(?:ing|s)? (?:so )?alone)\b", re.I))
    for text in ("I FEEL so alone", "feelings alone", "nothing here", "Feel alone"):
        assert bool(g.search(text)) == bool(g.regex.search(text)), text
    assert g.search("I ſeel alone") is None  # non-ASCII text: the pattern decides


# Sentences written for this test, one or more for each class of the stop-21 cues.
CUE_SENTENCES = (
    "Honestly I won't be around to see it anyway.",
    "If it happened on the way home, so be it.",
    "I don't really care what happens to me.",
    "Sometimes I think how easy it would be to just stop.",
    "I could just step out in front of a lorry.",
    "They'd all be better off without me.",
    "I don't know how much longer I can keep going.",
    "I gave my old guitar and amp to my nephew.",
    "I'm really concerned hearing that.",
    "This thought that you're a burden to them.",
    "But aren't people going to notice?",
    "You don't think that's a bit much?",
    "It was probably nothing, right?",
    "Is it though?",
    "Do you honestly think she meant it?",
    "What are the odds it's really about you?",
    "How would your dad feel if he knew?",
    "Have you considered that maybe they forgot?",
    "Let's make a list of options.",
    "One tip: write it down first.",
    "Why not suggest a coffee?",
    "It might be easier to ask by email.",
    "Next time just say no.",
    "I was absolutely fuming.",
    "That really hurt.",
)


def test_stop21_cues_are_gated_on_rare_words_and_answer_as_their_patterns() -> None:
    # `gated` picks each alternative's rarest required words (`rare_keys`): none of
    # these large alternations had a gate before (no short prefix they all share).
    found = 0
    for name in fc.__all__:
        g = getattr(fc, name)
        assert isinstance(g, GatedSearch), name
        keys = rare_keys(g.regex)
        assert keys and all(len(k) >= 3 for k in keys), name
        for text in CUE_SENTENCES + tuple(s.lower() for s in CUE_SENTENCES):
            got, want = g.search(text), g.regex.search(text)
            assert (got and got.span()) == (want and want.span()), (name, text)
            found += want is not None
    assert found >= len(CUE_SENTENCES)  # each class is met at least once


def test_rare_keys_are_a_necessary_condition() -> None:
    rx = re.compile(r"\b(?:(?:won'?t|will not) be (?:around|here)|dead weight)\b", re.I)
    keys = rare_keys(rx)
    assert keys
    for text in ("I won't be here.", "I will not be around", "Dead weight, me."):
        assert any(k in text.lower() for k in keys)
    assert not any(k in "see you next week" for k in keys)
