"""Which fact-sheet domain a question is about, by meaning rather than phrase.

`factq.py` reads questions with regular expressions grouped by meaning; they
catch the wordings someone thought of ("How are you eating?") and miss the rest
("hows your eating been", "had any counselling or support before"). This is
their fallback: a multinomial logistic regression over word features that do
not depend on the exact sentence:

- light stems ("eating", "eaten", "eats" -> "eat"), so inflections share weight;
- concept tokens from a synonym map (eat/meals/food/hungry -> APPETITE,
  drink/booze/pints/wine -> ALCOHOL, little one/kids/baby -> CHILDREN...), so a
  word never seen in training still votes through its concept;
- word pairs, and the pair of the question's opening word with each concept
  ("how ... APPETITE" against "why ... APPETITE").

The classes are the everyday and screening domains plus "none" (a question
about feelings, thoughts, the story or the session). The weights are trained by
`python -m patients.simulation.factq_train` on questions this project wrote
(`factq_corpus/questions.txt` and the team probe sets), never on the held-out
blind probe sets, and live in `factq_weights.json` beside this module.

Pure Python and no Django: the engine calls it on a turn the regexes did not
place.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path

from patients.simulation.text import one_typo

__all__ = [
    "WEIGHTS_PATH",
    "classify",
    "features",
    "is_known",
    "known_words",
    "probabilities",
    "vocabulary_of",
    "words",
]

WEIGHTS_PATH = Path(__file__).with_name("factq_weights.json")

_CONTRACTIONS = (
    (re.compile(r"\bcan'?t\b"), "can not"),
    (re.compile(r"\bwon'?t\b"), "will not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"\bi'?m\b"), "i am"),
    (re.compile(r"\bhow'?s\b"), "how is"),
    (re.compile(r"\bwhat'?s\b"), "what is"),
    (re.compile(r"\bwho'?s\b"), "who is"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"'s\b"), " s"),
)
_WORDS = re.compile(r"[a-z]+")

# Phrases first (replaced by one token), then single words.
_PHRASES = (
    ("little one", "CHILDREN"),
    ("little ones", "CHILDREN"),
    ("other half", "PARTNER"),
    ("significant other", "PARTNER"),
    ("for a living", "WORK"),
    ("other people can not", "OTHERS_CANNOT"),
    ("others can not", "OTHERS_CANNOT"),
    ("no one else", "OTHERS_CANNOT"),
    ("nobody else", "OTHERS_CANNOT"),
    ("not there", "OTHERS_CANNOT"),
    ("end it", "DEATH"),
    ("take your own life", "DEATH"),
    ("mental health", "HELP"),
    ("blood pressure", "HEALTH"),
    ("at home", "HOME"),
    ("on your own", "ALONE"),
    ("by yourself", "ALONE"),
)
# Stem (after `_stem`) -> concept. The concept carries the meaning; the stems
# cover the ways students say it.
_CONCEPTS: dict[str, str] = {}
for _label, _stems in {
    "APPETITE": "eat ate eaten appetite food meal hungry hunger weight diet cook snack "
    "breakfast lunch dinner tea supper takeaway starv feed",
    "SLEEP": "sleep slept asleep nap insomnia bed bedtime tired rest night "
    "nightmare dream wake awake kip exhaust",
    "ALCOHOL": "drink drunk alcohol booze pint wine beer vodka gin spirit unit "
    "pub hungover hangover glass",
    "DRUGS": "drug weed cannabis smoke smoker vape spliff cocaine coke high "
    "substance recreational street",
    "MEDICATION": "medication medicat meds medicine tablet pill prescri "
    "antidepressant sertraline citalopram dose",
    "HELP": "counsel counsell counsellor counselling therapy therapist "
    "psychologist psychiatrist support service professional",
    "CHILDREN": "kid child children son daughter baby babies toddler "
    "grandchild grandkid youngest eldest",
    "PARTNER": "partner husband wife boyfriend girlfriend married marriage "
    "spouse fella relationship dating single divorce",
    "HOME": "live living flat house apartment home halls housemate flatmate "
    "roommate accommodation",
    "WORK": "work job career employ employer boss office shift "
    "student study uni university course college retire promot redund "
    "team contract role",
    "MONEY": "money financ afford bill debt rent mortgage income saving benefit "
    "skint broke pay cash wage salary loan",
    "HEALTH": "health physical ill illness pain ache medical condition doctor "
    "gp test scan diagnos heart symptom body unwell",
    "WHEN": "long when start began begin since month year week ago first",
    "PEOPLE": "friend family sibling brother sister relative colleague mate "
    "neighbour parent mum mom dad mother father",
    "VOICES": "voice hear heard hallucinat vision strange unusual watch plot",
    "HURT": "hurt harm hit violent violence abuse safe scared afraid frighten "
    "threaten danger push",
    "SELF": "yourself self cut burn overdose injur",
    "DEATH": "suicid suicide kill dead die death ending",
    "FEEL": "feel felt emotion thought think mind believe mean sad angry upset "
    "worry anxious",
}.items():
    for _stem_word in _stems.split():
        _CONCEPTS.setdefault(_stem_word, _label)

_SUFFIXES = ("ings", "ing", "ied", "ies", "ed", "es", "s")
_OPENERS = frozenset(
    "how what when who where why which do does did are is was were have has had "
    "can could would will any".split()
)


def _stem(word: str) -> str:
    """A light stem: enough to join inflections, never a dictionary form."""
    if word.endswith(("ss", "us", "is")) or word in {"does", "has", "was", "yes"}:
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in {"ied", "ies"}:
                return stem + "y"
            if suffix in {"ing", "ed"} and len(stem) > 3 and stem[-1] == stem[-2]:
                return stem[:-1]  # "stopped" -> "stop"
            return stem
    return word


def _concept(stem: str) -> str | None:
    if stem in _CONCEPTS:
        return _CONCEPTS[stem]
    # Prefix concepts ("prescri" for prescribed, prescription).
    for size in (7, 6, 5):
        if len(stem) > size and stem[:size] in _CONCEPTS:
            return _CONCEPTS[stem[:size]]
    return None


# Typos ("apetite", "slepping", "boyfreind"): a word that is no real word of
# the lexicon (`known_words`), one edit from the words of exactly one concept,
# is read as that concept's word; `factq_spelling.py` does the same for the
# regexes, on the text. Short words are left alone ("bear" is not "beer"), and
# so is every real word ("looked" is not "cooked", "tried" not "tired").
_TYPO_MIN = 5
_TARGETS = tuple(sorted(k for k in _CONCEPTS if len(k) >= _TYPO_MIN))


def _corrected(word: str, stem: str, known: frozenset[str]) -> str:
    """The concept word a misspelt word stands for, or its stem."""
    if len(stem) < _TYPO_MIN or _concept(stem) is not None or is_known(word, known):
        return stem
    for form in dict.fromkeys((stem, word)):
        # One edit from a whole key first ("medicaton" is "medication", though
        # its start is one edit from "medical" too), then from a prefix key.
        for found in (
            [key for key in _TARGETS if one_typo(form, key)],
            [key for key in _TARGETS if _near_start(form, key)],
        ):
            # Near two concepts it must be one meaning ("drunk"/"drink").
            if found and len({_CONCEPTS[key] for key in found}) == 1:
                return found[0]
            if found:
                return stem
    return stem


def _near_start(stem: str, key: str) -> bool:
    # A long concept key is often a prefix ("medicat", "suicid", "prescri"):
    # matched against the start of a longer stem ("sucidal").
    if len(key) < 6 or len(stem) < len(key):
        return False
    return any(one_typo(stem[:size], key) for size in (len(key) - 1, len(key) + 1))


def words(text: str) -> list[str]:
    """The lower-case words of a question, contractions spelled out."""
    low = text.lower().replace("\u2019", "'")
    for pattern, replacement in _CONTRACTIONS:
        low = pattern.sub(replacement, low)
    return _WORDS.findall(low)


def tokens(text: str, known: frozenset[str] | None = None) -> list[str]:
    low = " ".join(words(text))
    for phrase, concept in _PHRASES:
        low = re.sub(rf"\b{phrase}\b", concept, low)
    vocabulary = known_words() if known is None else known
    out = []
    for word in low.split():
        if word.isupper():
            out.append(word)
            continue
        stem = _stem(word)
        out.append(
            stem if len(word) < _TYPO_MIN else _corrected(word, stem, vocabulary)
        )
    return out


def vocabulary_of(texts: list[str]) -> frozenset[str]:
    """The words of `texts` (for the lexicon of real words)."""
    return frozenset(word for text in texts for word in words(text))


def features(text: str, known: frozenset[str] | None = None) -> list[str]:
    """The features of one question (deduplicated, in a fixed order). `known`:
    the real words, never read as typos (the lexicon by default)."""
    words = tokens(text, known)
    concepts = [
        w if w.isupper() else c for w in words if (c := _concept(w)) or w.isupper()
    ]
    opener = next((w for w in words if w in _OPENERS), "")
    found = [f"w:{w}" for w in words]
    found += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    found += [f"c:{c}" for c in concepts]
    found += [f"o:{opener}_{c}" for c in concepts]
    found.append(f"o:{opener}")
    return sorted(set(found))


@cache
def _model() -> tuple[tuple[str, ...], dict[str, float], dict[str, dict[str, float]]]:
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    classes = tuple(data["classes"])
    return classes, data["bias"], data["weights"]


class _Everything(frozenset[str]):
    """A vocabulary that knows every word: no correction at all."""

    def __contains__(self, item: object) -> bool:
        return True


_ALL = _Everything()


LEXICON_PATH = Path(__file__).with_name("factq_corpus") / "lexicon.txt"


@cache
def known_words() -> frozenset[str]:
    """Real words, never read as typos: every word of the project's own text
    (`factq_corpus/lexicon.txt`, written by `factq_train`); every word at all
    if the file is missing."""
    if not LEXICON_PATH.exists():
        return _ALL
    return frozenset(LEXICON_PATH.read_text(encoding="utf-8").split())


@cache
def _known_stems(known: frozenset[str]) -> frozenset[str]:
    return frozenset(_stem(word) for word in known)


def is_known(word: str, known: frozenset[str] | None = None) -> bool:
    """Whether `word` is a real word: in the lexicon, or an inflection of one
    ("burning" when "burn" is known is not a typo of "turning")."""
    known = known_words() if known is None else known
    if word in known:
        return True
    stems = _known_stems(known)
    stem = _stem(word)
    # "waking" from "wake", "medicines" from "medicine".
    return any(form in stems or form in known for form in (stem, stem + "e"))


def probabilities(text: str) -> dict[str, float]:
    """Softmax probability of each domain (and "none") for one question."""
    classes, bias, weights = _model()
    scores = dict(bias)
    for feature in features(text):
        for label, weight in weights.get(feature, {}).items():
            scores[label] += weight
    top = max(scores.values())
    exp = {label: math.exp(score - top) for label, score in scores.items()}
    total = sum(exp.values())
    return {label: exp[label] / total for label in classes}


def classify(text: str) -> tuple[str, float]:
    """The most probable class of one question, and its probability."""
    probs = probabilities(text)
    label = max(probs, key=lambda k: (probs[k], k))
    return label, probs[label]
