"""Closed vocabularies of the PATIENT-Psi CCD format, and lenient matching for import.

The lists are data from ruiyiw/patient-psi (MIT), as recorded in
`shared/data/anchors/schemas/ccd_case_formats.json`. Our own case files must use
the exact strings; only the importer accepts near misses (see `match_core_belief`).
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Literal

HELPLESS_BELIEFS: tuple[str, ...] = (
    "I am incompetent.",
    "I am helpless.",
    "I am powerless, weak, vulnerable.",
    "I am a victim.",
    "I am needy.",
    "I am trapped.",
    "I am out of control.",
    "I am a failure, loser.",
    "I am defective.",
)
UNLOVABLE_BELIEFS: tuple[str, ...] = (
    "I am unlovable.",
    "I am unattractive.",
    "I am undesirable, unwanted.",
    "I am bound to be rejected.",
    "I am bound to be abandoned.",
    "I am bound to be alone.",
)
WORTHLESS_BELIEFS: tuple[str, ...] = (
    "I am worthless, waste.",
    "I am immoral.",
    "I am bad - dangerous, toxic, evil.",
    "I don't deserve to live.",
)
CORE_BELIEFS: dict[str, tuple[str, ...]] = {
    "helpless": HELPLESS_BELIEFS,
    "unlovable": UNLOVABLE_BELIEFS,
    "worthless": WORTHLESS_BELIEFS,
}

EMOTIONS: tuple[str, ...] = (
    "anxious, worried, fearful, scared, tense",
    "sad, down, lonely, unhappy",
    "angry, mad, irritated, annoyed",
    "ashamed, embarrassed, humiliated",
    "disappointed",
    "jealous, envious",
    "guilty",
    "hurt",
    "suspicious",
)

HelplessBelief = Literal[
    "I am incompetent.",
    "I am helpless.",
    "I am powerless, weak, vulnerable.",
    "I am a victim.",
    "I am needy.",
    "I am trapped.",
    "I am out of control.",
    "I am a failure, loser.",
    "I am defective.",
]
UnlovableBelief = Literal[
    "I am unlovable.",
    "I am unattractive.",
    "I am undesirable, unwanted.",
    "I am bound to be rejected.",
    "I am bound to be abandoned.",
    "I am bound to be alone.",
]
WorthlessBelief = Literal[
    "I am worthless, waste.",
    "I am immoral.",
    "I am bad - dangerous, toxic, evil.",
    "I don't deserve to live.",
]
Emotion = Literal[
    "anxious, worried, fearful, scared, tense",
    "sad, down, lonely, unhappy",
    "angry, mad, irritated, annoyed",
    "ashamed, embarrassed, humiliated",
    "disappointed",
    "jealous, envious",
    "guilty",
    "hurt",
    "suspicious",
]
Style = Literal["plain", "upset", "verbose", "reserved", "tangent", "pleasing"]
STYLES: tuple[Style, ...] = (
    "plain",
    "upset",
    "verbose",
    "reserved",
    "tangent",
    "pleasing",
)
Difficulty = Literal["easy", "medium", "hard"]
RiskFlag = Literal["passive_si", "active_si", "self_harm"]

# The 106-case dataset names the styles clinically; the app uses these names.
DATASET_STYLE_NAMES: dict[str, Style] = {
    "go off on tangents": "tangent",
    "hostile": "upset",
    "guarded": "reserved",
    "ingratiating": "pleasing",
}

STYLE_LABELS: dict[Style, str] = {
    "plain": "Plain (cooperative)",
    "upset": "Upset (irritable, challenging)",
    "verbose": "Verbose (long, detailed answers)",
    "reserved": "Reserved (brief, guarded)",
    "tangent": "Tangential (drifts off topic)",
    "pleasing": "Pleasing (agreeable, minimising)",
}


def emotion_key(label: str) -> str:
    """Short key of a vocabulary emotion: its first word ("anxious", "sad", ...)."""
    return label.split(",")[0].strip()


EMOTION_KEYS: tuple[str, ...] = tuple(emotion_key(e) for e in EMOTIONS)

# Feeling words a speaker may use, mapped to the vocabulary group they belong to.
# Used to notice which feelings the patient has expressed and which a trainee
# names (reading in = naming a group the patient never expressed).
EMOTION_WORDS: dict[str, str] = {
    "anxious": "anxious",
    "anxiety": "anxious",
    "worried": "anxious",
    "worry": "anxious",
    "worrying": "anxious",
    "fearful": "anxious",
    "afraid": "anxious",
    "scared": "anxious",
    "frightened": "anxious",
    "tense": "anxious",
    "nervous": "anxious",
    "panicky": "anxious",
    "panic": "anxious",
    "stressed": "anxious",
    "on edge": "anxious",
    "dread": "anxious",
    "terrified": "anxious",
    "overwhelmed": "anxious",
    "sad": "sad",
    # "Down" alone is too often a direction ("letting your dad down").
    "feel down": "sad",
    "feeling down": "sad",
    "felt down": "sad",
    "so down": "sad",
    "bit down": "sad",
    "been down": "sad",
    "really down": "sad",
    "lonely": "sad",
    "unhappy": "sad",
    "depressed": "sad",
    "low": "sad",
    "miserable": "sad",
    "empty": "sad",
    "hopeless": "sad",
    "heartbroken": "sad",
    "grief": "sad",
    "alone": "sad",
    "angry": "angry",
    "mad": "angry",
    "irritated": "angry",
    "annoyed": "angry",
    "furious": "angry",
    "frustrated": "angry",
    "resentful": "angry",
    "fed up": "angry",
    "livid": "angry",
    "cross": "angry",
    "ashamed": "ashamed",
    "embarrassed": "ashamed",
    "humiliated": "ashamed",
    "shame": "ashamed",
    "mortified": "ashamed",
    "disappointed": "disappointed",
    "let down": "disappointed",
    "jealous": "jealous",
    "envious": "jealous",
    "guilty": "guilty",
    "guilt": "guilty",
    "hurt": "hurt",
    "wounded": "hurt",
    "stung": "hurt",
    "suspicious": "suspicious",
    "distrustful": "suspicious",
    "paranoid": "suspicious",
    # Feeling families: other words and forms a trainee uses for the same group
    # ("humiliating" is shame, "anger ... then guilt" is angry and guilty).
    "fear": "anxious",
    "panicking": "anxious",
    "uneasy": "anxious",
    "apprehensive": "anxious",
    "jittery": "anxious",
    "edgy": "anxious",
    "gutted": "sad",
    "devastated": "sad",
    "sorrow": "sad",
    "grieving": "sad",
    "heartache": "sad",
    "heavy-hearted": "sad",
    "heaviness": "sad",
    "sadness": "sad",
    "despair": "sad",
    "anger": "angry",
    "rage": "angry",
    "enraged": "angry",
    "seething": "angry",
    "outraged": "angry",
    "infuriated": "angry",
    "bitter": "angry",
    "bitterness": "angry",
    "wound up": "angry",
    "pissed off": "angry",
    "resentment": "angry",
    "irritable": "angry",
    # What the experience was like, said of it: "it sounds really frightening".
    "frightening": "anxious",
    "scary": "anxious",
    "terrifying": "anxious",
    "petrified": "anxious",
    "petrifying": "anxious",
    "nerve-wracking": "anxious",
    "nerve-racking": "anxious",
    "heartbreaking": "sad",
    "infuriating": "angry",
    "maddening": "angry",
    "hurtful": "hurt",
    "humiliating": "ashamed",
    "humiliation": "ashamed",
    "mortifying": "ashamed",
    "embarrassing": "ashamed",
    "embarrassment": "ashamed",
    "shameful": "ashamed",
    "disappointment": "disappointed",
    "disheartened": "disappointed",
    "jealousy": "jealous",
    "envy": "jealous",
    "guilt-ridden": "guilty",
    "blame yourself": "guilty",
    "blaming yourself": "guilty",
    "should have known": "guilty",
    "letting her down": "guilty",
    "letting him down": "guilty",
    "letting them down": "guilty",
    "betrayed": "hurt",
    "rejected": "hurt",
    "left out": "hurt",
    "abandoned": "hurt",
    "mistrust": "suspicious",
    "wary": "suspicious",
}


def _derived_forms(words: dict[str, str]) -> dict[str, str]:
    """The other grammatical forms of each feeling word, in the same family: a
    trainee names the feeling as an adjective, the noun, the experience or the
    verb, and a reading in missed in one form is missed in every case.

    - the experience of a feeling's cause: "frustrated" -> "that must be so
      frustrating", "disappointed" -> "disappointing" (not for the hurt family,
      whose "-ed" words are done to the patient: "rejecting" names the doer);
    - the noun of a state: "lonely" -> "loneliness", "sad" -> "sadness";
    - a verb's other persons: "blame yourself" -> "part of you blames yourself";
    - a phrase as one word: "let down" -> "a real let-down".
    """
    out: dict[str, str] = {}
    for word, key in words.items():
        parts = word.split(" ")
        if len(parts) == 1 and word.isalpha():
            if word.endswith("ied"):
                stem_ing = word[:-3] + "ying"
            elif word.endswith("ed"):
                stem_ing = word[:-2] + "ing"
            else:
                stem_ing = ""
            if stem_ing and key != "hurt":
                out[stem_ing] = key
            if word.endswith("y"):
                out[word[:-1] + "iness"] = key
            elif len(word) > 3 and not word.endswith(
                ("ed", "ing", "ness", "ment", "ion")
            ):
                # Not "mad": "madness" is rarely anger ("this is madness").
                out[word + "ness"] = key
        elif len(parts) == 2 and parts[1] == "yourself":
            verb = parts[0]
            for form in (verb + "s", verb + "d" if verb.endswith("e") else verb + "ed"):
                out[f"{form} yourself"] = key
        elif len(parts) == 2:
            out["-".join(parts)] = key
    return {w: k for w, k in out.items() if w not in words}


# Predicative "down" and "low" after a verb of seeming or being ("you seem
# quite down", "leaves you feeling pretty low"): alone they are directions
# ("letting your dad down") or amounts ("low on money").
_LOW_MOOD = re.compile(
    r"\b(?:seem|seems|seemed|look|looks|looked|sound|sounds|sounded|feel|feels|"
    r"felt|feeling|you'?re|are|been)(?: (?:quite|really|so|pretty|very|a bit|a "
    r"little|kind of|kinda|rather))* (?:down|low|flat)\b(?! (?:on|in|of|to|the)\b)",
    re.IGNORECASE,
)

EMOTION_WORDS.update(_derived_forms(EMOTION_WORDS))
_WORD_RE = {w: re.compile(rf"\b{re.escape(w)}\b", re.IGNORECASE) for w in EMOTION_WORDS}
# What an ASCII word's match needs in lower-cased ASCII text; "" (found in any
# text) leaves a word with other letters to its pattern alone.
_LOWER = {w: w.lower() if w.isascii() else "" for w in EMOTION_WORDS}


def emotions_named(text: str) -> set[str]:
    """Vocabulary keys of the feelings named in `text`."""
    return set(_emotions_named(text))


@lru_cache(maxsize=4096)
def _emotions_named(text: str) -> frozenset[str]:
    # Called several times per turn on the same text (classifier, transitions,
    # case-aware moves): cached, since the offline patient has a 5 ms budget.
    # Each word's pattern runs only when the word is in the lower-cased text: on
    # ASCII text a case-insensitive match of an ASCII word needs that substring.
    low = text.lower() if text.isascii() else None
    found = {
        key
        for word, key in EMOTION_WORDS.items()
        if (low is None or _LOWER[word] in low) and _WORD_RE[word].search(text)
    }
    if (low is None or " down" in low or " low" in low or " flat" in low) and (
        _LOW_MOOD.search(text)
    ):
        found.add("sad")
    return frozenset(found)


def match_emotion(raw: str) -> str | None:
    """Map an imported emotion string (full group, key or synonym) to the vocabulary."""
    text = raw.strip().lower()
    for label in EMOTIONS:
        if text == label or text in [p.strip() for p in label.split(",")]:
            return label
    key = EMOTION_WORDS.get(text)
    if key is not None:
        return next(e for e in EMOTIONS if emotion_key(e) == key)
    return None


# Spelling slips seen in public records ("I am a failture." in the Abe example).
_TYPOS = {"failture": "failure"}


def _normalise(statement: str) -> str:
    text = statement.lower().strip().rstrip(".").replace("–", "-")
    for wrong, right in _TYPOS.items():
        text = text.replace(wrong, right)
    return re.sub(r"\s+", " ", text)


def _alternatives(statement: str) -> list[str]:
    """ "I am powerless, weak, vulnerable." -> the phrases one may write for it."""
    norm = _normalise(statement)
    head, _, tail = norm.partition(", ")
    out = [norm, head]
    if tail:
        stem = head.rsplit(" ", 1)[0]  # "i am" / "i am a"
        out += [f"{stem} {alt.strip()}" for alt in tail.split(",")]
        if stem.endswith(" a"):
            out += [f"{stem[:-2]} {alt.strip()}" for alt in tail.split(",")]
    return out


def match_core_belief(statement: str) -> tuple[str, str] | None:
    """(category, vocabulary statement) for an imported core belief, or None.

    Accepts the exact statement, one of its comma-separated alternatives
    ("I am a failure." for "I am a failure, loser.") and small spelling slips.
    """
    norm = _normalise(statement)
    index: dict[str, tuple[str, str]] = {}
    for category, statements in CORE_BELIEFS.items():
        for s in statements:
            for alt in _alternatives(s):
                index.setdefault(alt, (category, s))
    if norm in index:
        return index[norm]
    close = difflib.get_close_matches(norm, list(index), n=1, cutoff=0.92)
    return index[close[0]] if close else None
