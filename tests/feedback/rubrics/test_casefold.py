"""A case-insensitive pattern's twin finds a match exactly where the pattern does.

The twins (`feedback.rubrics.casefold`) gate the rule patterns of both engines, so a
wrong twin would silently drop a code, a flag or a patient move.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import patients.simulation  # noqa: F401  (gates the engine's patterns)
from feedback.rubrics.casefold import fold_twin
from feedback.rubrics.evaluation.gold import read_gold
from feedback.rubrics.prefilter import GatedSearch

PROBES = Path(__file__).resolve().parents[3] / "patients" / "probes"

# (pattern, texts): each text in its written, upper-case and title-case forms.
CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        r"\b(?:(?:not|n'?t) (?:really )?fair|unfair)\b",
        ("That's not fair", "isn't fair", "unfairly", "so unfair", "notfair", "x"),
    ),
    (
        r"(?:\bcome on\b)|(?:\b(?:that'?s|you are) (?:just )?silly)",
        ("oh come on", "welcome on board", "you are just silly", "Thats silly"),
    ),
    (r"\b(?:a (?:total )?)?failure\b", ("a total failure", "failures", "Failure.")),
    (r"[A-Z]{2,}\d", ("ab1", "AB1", "a1", "zz9")),
    (r"[^a-z ]x", ("ax", "1x", " x", "Bx")),
    (r"(?<!\bnot )\bsure\b", ("not sure", "Sure", "NOT SURE", "unsure")),
    (r"^(?:hi|hello)\b(?! there)", ("Hi", "hello there", "hi you", "ohi")),
    (r"\b_?(?:it|9am)\b", ("_it", "9AM", "bit", "It is")),
    # \b before a non-word character, \b before ^, a lookbehind before a letter,
    # a small class at the front, a trie of shared beginnings.
    (r"\b(?:, right|\.{3}| so)\b", ("okay, right", "wait... so", ", right", "so")),
    (
        r"\b(?:^well|(?<!what )(?<!which )have you)",
        ("Well", "what have you", "have you"),
    ),
    (r"[,;]\s*(?:so|but)\b", ("fine; so", "fine,but", "so", ",sob")),
    (r"\b(?:try|trying|tried to|tr)\b", ("TRIED TO", "tried", "tr", "try it")),
)


def test_a_twin_matches_where_its_pattern_matches() -> None:
    for source, texts in CASES:
        rx = re.compile(source, re.IGNORECASE)
        twin = fold_twin(rx)
        assert twin is not None, source
        for part in (twin.lettered, twin.others, twin.anchored):
            assert part is None or not part.flags & re.IGNORECASE
        for text in texts:
            for form in (text, text.upper(), text.title()):
                assert twin.found(form.lower()) == bool(rx.search(form)), (source, form)


def test_what_the_rewrite_cannot_read_gets_no_twin() -> None:
    # Case-sensitive patterns need none; the Kelvin sign folds onto "k" and "K";
    # local flags and back-references are not read.
    assert fold_twin(re.compile(r"\bok\b")) is None
    assert fold_twin(re.compile("\u212a", re.IGNORECASE)) is None
    assert fold_twin(re.compile(r"(?-i:Ok)|fine", re.IGNORECASE)) is None
    assert fold_twin(re.compile(r"(\w+) \1", re.IGNORECASE)) is None


def test_a_gated_pattern_leaves_non_ascii_text_to_the_pattern() -> None:
    g = GatedSearch(
        re.compile(r"\bvery sorry\b", re.IGNORECASE),
        frozenset(),
        fold_twin(re.compile(r"\bvery sorry\b", re.IGNORECASE)),
    )
    assert g.search("I'm VERY SORRY") is not None
    assert g.search("I'm very sorry \u2014 really") is not None  # non-ASCII text
    assert g.search("I'm very upset") is None


def _texts() -> list[str]:
    texts = {t.context.trainee_text for t in read_gold()[::6]}
    for path in sorted(PROBES.glob("*.jsonl"))[::3]:  # glob: never held_out/
        for line in path.read_text().splitlines()[::4]:
            if line.strip():
                texts.add(json.loads(line)["text"])
    ordered = sorted(texts)
    return (
        ordered + [t.upper() for t in ordered[::5]] + [t.title() for t in ordered[::7]]
    )


def test_every_twin_gated_pattern_of_both_engines_answers_as_the_plain_one() -> None:
    gated = {
        id(v): v
        for name, module in list(sys.modules.items())
        if name.startswith(("feedback.rubrics", "patients.simulation"))
        for value in vars(module).values()
        for v in (value if isinstance(value, tuple | list) else (value,))
        if isinstance(v, GatedSearch) and v._twin is not None
    }
    engine = [
        v
        for name, module in list(sys.modules.items())
        if name.startswith("patients.simulation")
        for v in vars(module).values()
        if isinstance(v, GatedSearch)
    ]
    assert len(gated) > 200
    assert engine  # the patient engine's own patterns are gated too
    texts = _texts()
    for g in gated.values():
        for text in texts:
            got, want = g.search(text), g.regex.search(text)
            assert (got and got.span()) == (want and want.span()), (g.pattern, text)
