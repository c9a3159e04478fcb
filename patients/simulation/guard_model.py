"""The guard's second opinion: a small linear classifier over meaning-level features.

The guard's regular expressions catch the wordings someone thought of; a model
paraphrases. This scores each sentence of a reply on two questions, by what the
sentence does rather than by its exact words:

- `ai_admission`: does the speaker say or imply that they are not a person?
- `therapist_voice`: does the speaker talk like the counsellor (advice,
  techniques, validation, psychoeducation, session structure, praise of skill)?

Features are structural, not phrases: who the sentence is about (first versus
second person), which word classes it combines (first person + "being
artificial"; a negation + "being a person"; second person + a modal + a
technique; a sentence that opens with an imperative; the general "people
find..." register of psychoeducation), and the sequence of those classes, plus
plain words and word pairs, and who a machine word is (the head of the phrase or a
modifier, "a computer person"; the person word that is its subject). Each model reads
the sentence as the guard does (`masked_for`: comparisons and the machines of the
patient's world masked for admissions, reported words for the counsellor's voice;
see `guard_masks`). The weights are two bagged logistic regressions trained by
`python -m patients.simulation.guard_train` on examples the project wrote itself
(`guard_corpus/*.txt`, the labelled reply sets, the offline patient's replies;
never licensed data), in `guard_weights.json`. Pure Python and no Django.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from patients.simulation.guard_masks import mask_figures, mask_reported, mask_role

__all__ = [
    "KINDS",
    "clear_feature_cache",
    "features",
    "mask_figures",
    "mask_reported",
    "lean_threshold",
    "mask_role",
    "use_weights",
    "masked_for",
    "meaning_flags",
    "sentence_scores",
]

KINDS = ("ai_admission", "therapist_voice")
WEIGHTS_PATH = Path(__file__).with_name("guard_weights.json")

_CONTRACTIONS = (
    (re.compile(r"\bcan'?t\b"), "can not"),
    (re.compile(r"\bwon'?t\b"), "will not"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"\bi'?m\b"), "i am"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"'ve\b"), " have"),
    (re.compile(r"'ll\b"), " will"),
    (re.compile(r"'d\b"), " would"),
    (re.compile(r"\blet's\b"), "let us"),
    (re.compile(r"'s\b"), " s"),
    (re.compile(r"\ba\.\s?i\.?"), " ai "),
)
_WORDS = re.compile(r"[a-z]+")

# Word classes by prefix. The classes carry the meaning; the prefixes cover
# inflections ("simulat" for simulated, simulation, simulating).
_CLASSES: dict[str, tuple[str, ...]] = {
    # Being a made thing rather than a person.
    "ART": (
        "ai",
        "bot",
        "bots",
        "chatbot",
        "robot",
        "program",
        "software",
        "code",
        "coded",
        "coding",
        "algorithm",
        "model",
        "machine",
        "computer",
        "simulat",
        "artificial",
        "synthetic",
        "virtual",
        "digital",
        "neural",
        "llm",
        "gpt",
        "chatgpt",
        "openai",
        "autocomplete",
        "server",
        "generat",
        "automat",
        "sentient",
        "conscious",
        "persona",
        "roleplay",
        "script",
        "fiction",
        "fictitious",
        "backstory",
        "prompt",
        "instantiat",
        "deploy",
        "configur",
        "dataset",
        "assistant",
        "statistic",
        "token",
        "parameter",
        "weights",
        "tuned",
        "hosted",
        "simulator",
    ),
    # Things that are made, said of many other things too ("a data analyst").
    "THING": (
        "data",
        "text",
        "interface",
        "system",
        "tool",
        "app",
        "platform",
        "output",
    ),
    # The frame of a training exercise.
    "FRAME": (
        "character",
        "role",
        "scenario",
        "exercise",
        "trainee",
        "training",
        "practi",
        "course",
        "case",
        "pretend",
        "portray",
        "playing",
        "acting",
        "fake",
        "mock",
        "imitation",
        "invent",
        "made-up",
        "setup",
        "brief",
        "scripted",
        "drill",
        "rehears",
        "demonstrat",
        "stand-in",
        "construct",
    ),
    # Being a person.
    "BEING": (
        "real",
        "human",
        "person",
        "alive",
        "exist",
        "flesh",
        "living",
        "body",
        "someone",
        "somebody",
        "people",
        "feelings",
        "emotions",
        "memories",
        "childhood",
        "experience",
    ),
    # Being made by someone.
    "MADE": (
        "made",
        "built",
        "created",
        "designed",
        "programmed",
        "trained",
        "coded",
        "configured",
        "assigned",
        "written",
        "spun",
        "given",
        "prompted",
        "told",
        "set",
        "named",
        "engineer",
        "developer",
        "creator",
        "designer",
        "wrote",
        "assembled",
        "handed",
        "invented",
        "learned",
        "whoever",
    ),
    # The things a life has, which an admission says the speaker lacks ("I never
    # had a husband", "there are no hands here") and a patient talks about.
    "LIFE": (
        "husband",
        "wife",
        "mother",
        "mum",
        "dad",
        "father",
        "daughter",
        "son",
        "baby",
        "sister",
        "brother",
        "partner",
        "boss",
        "office",
        "flat",
        "house",
        "car",
        "hands",
        "heart",
        "head",
        "bed",
        "past",
        "family",
        "evenings",
        "weeks",
        "name",
        "life",
        "pulse",
    ),
    # What a counsellor teaches.
    "TECH": (
        "breath",
        "breathe",
        "journal",
        "mindful",
        "meditat",
        "ground",
        "routine",
        "boundar",
        "gratitude",
        "self-care",
        "selfcare",
        "compassion",
        "walk",
        "exercis",
        "diary",
        "relax",
        "visualis",
        "visualiz",
        "technique",
        "strateg",
        "cope",
        "coping",
        "support",
        "professional",
        "therap",
        "counsel",
        "gp",
        "doctor",
        "medication",
        "schedul",
        "step",
        "habit",
        "list",
        "plan",
        "goal",
        "homework",
        "task",
        "evidence",
        "thought",
        "belief",
    ),
    # The register of psychoeducation and normalising.
    "PSY": (
        "common",
        "normal",
        "natural",
        "understandable",
        "often",
        "usually",
        "tend",
        "anyone",
        "everyone",
        "many",
        "lots",
        "most",
        "our",
        "we",
        "us",
        "process",
        "cycle",
        "symptom",
        "valid",
        "okay",
        "allowed",
        "deserve",
        "worth",
        "matter",
        "strong",
        "strength",
        "courage",
        "brave",
        "progress",
        "proud",
        "safe",
    ),
    "MODAL": ("could", "might", "may", "should", "can", "would", "must", "ought"),
    "FEEL": ("feel", "feeling", "felt", "emotion", "mood", "hurt", "pain"),
    "NEG": ("not", "no", "never", "nobody", "nothing", "none", "without"),
    "SELF": ("i", "me", "my", "myself", "mine"),
    "YOU": ("you", "your", "yourself", "yours"),
}
# Words a counsellor opens an instruction with.
_IMPERATIVES = frozenset(
    """try take give remember notice focus let be breathe put write keep imagine sit
    bring stay treat replace catch plan set reach talk accept allow celebrate practise
    practice count picture think consider ask call go make avoid limit cut start
    schedule speak look stop label name tell don't dont do join find spend slow
    tense hold release pause pick rate press send drink eat sleep rest move
    breathe notice""".split()
)
_DROPPED_I = frozenset(
    "know see think care get remember mind want feel understand believe reckon".split()
)
# Made by someone, said of the speaker: "whoever wrote me", "they built me".
# "made me", "told me", "gave me" are left out: others do those to a patient.
_MADE_ME = frozenset(
    """built wrote written created designed programmed trained coded configured
    assembled tuned engineered developed generated""".split()
)
# Where the speaker is: "on my side", "at this end", "in here".
_PLACE = re.compile(
    r"\b(?:on|at|from)\s+(?:my|this|the\s+other)\s+(?:side|end)\b|\bin\s+here\b|"
    r"\boutside\s+(?:this|the)\s+(?:chat|session|conversation|window|screen)\b"
)
_CLAUSE = re.compile(r"[,;:\u2013\u2014]\s*(?:and\s+|then\s+|so\s+)?([a-z']+)")
# Words kept as themselves (never classed): they carry grammar.
_KEEP = frozenset("a an the am is are was were be been this that just only".split())


@lru_cache(maxsize=65536)
def _classify(word: str) -> str | None:
    if word in _KEEP:
        return None
    for name, prefixes in _CLASSES.items():
        for p in prefixes:
            if word == p or (len(p) >= 4 and word.startswith(p)):
                return name
    return None


def tokens(text: str) -> list[str]:
    low = text.lower().replace("’", "'").replace("‘", "'")
    for rx, repl in _CONTRACTIONS:
        low = rx.sub(repl, low)
    return _WORDS.findall(low)


def features(sentence: str) -> list[str]:
    """The features of one sentence (a list: counts matter only through repeats)."""
    return list(_features(sentence))


@lru_cache(maxsize=8192)
def _features(sentence: str) -> tuple[str, ...]:
    # Cached: the responder checks the reply so far after every sentence, so
    # each sentence is scored once per later sentence of the reply.
    words = tokens(sentence)
    if not words:
        return ()
    classes = [_classify(w) for w in words]
    seq = [c or w for w, c in zip(words, classes, strict=True)]
    out = [f"w:{w}" for w in words]
    out += [f"b:{a}_{b}" for a, b in zip(words, words[1:], strict=False)]
    out += [f"s:{a}_{b}" for a, b in zip(seq, seq[1:], strict=False)]
    out += [f"t:{a}_{b}_{c}" for a, b, c in zip(seq, seq[1:], seq[2:], strict=False)]
    present = {c for c in classes if c}
    out += [f"c:{c}" for c in sorted(present)]
    pairs = sorted(f"p:{a}+{b}" for a in present for b in present if a < b and a != b)
    out += pairs
    n_self = classes.count("SELF")
    n_you = classes.count("YOU")
    if n_you > n_self:
        out.append("x:you_over_self")
    if n_self and not n_you:
        out.append("x:self_only")
    if not n_self and not n_you:
        out.append("x:no_person")
    # "Don't know", "Don't see the point": the patient dropping "I", not an
    # instruction.
    dropped_i = (
        words[0] in ("do", "dont")
        and len(words) > 2
        and (words[1] == "not" or words[0] == "dont")
        and words[2 if words[1] == "not" else 1] in _DROPPED_I
    )
    if dropped_i:
        out.append("x:dropped_i")
    elif words[0] in _IMPERATIVES or (
        words[0] in ("please", "just") and len(words) > 1 and words[1] in _IMPERATIVES
    ):
        out.append("x:imperative_start")
    if sentence.rstrip().endswith("?"):
        out.append("x:question")
        if n_you > n_self:
            out.append("x:question_about_you")
    # "i am / i was ... ART" within a short window: the speaker's own nature.
    for i, w in enumerate(words[:-1]):
        if w == "i" and words[i + 1] in (
            "am",
            "was",
            "have",
            "do",
            "can",
            "exist",
            "only",
            "just",
            "really",
            "never",
            "had",
            "did",
        ):
            window = classes[i + 1 : i + 6]
            for c in ("ART", "FRAME", "BEING", "MADE", "LIFE"):
                if c in window:
                    out.append(f"x:i_{c}")
                    if "NEG" in window:
                        out.append(f"x:i_neg_{c}")
    for i, w in enumerate(words[:-1]):
        if w in _MADE_ME and words[i + 1] == "me":
            out.append("x:made_me")
        if w == "there" and words[i + 1] in ("is", "are", "was", "were"):
            window = classes[i + 2 : i + 6]
            if "NEG" in window:
                out.append("x:there_neg")
                for c in ("LIFE", "BEING", "SELF", "ART"):
                    if c in window:
                        out.append(f"x:there_neg_{c}")
    low = sentence.lower().replace("’", "'")
    if _PLACE.search(low):
        out.append("x:place")
    # An instruction after the opening clause ("Next time it flares, pause
    # and ask..."), which an imperative opening alone misses.
    if any(m.group(1) in _IMPERATIVES for m in _CLAUSE.finditer(low)):
        out.append("x:imperative_clause")
    if not n_self and not n_you:
        for c in ("PSY", "TECH", "FEEL", "MODAL"):
            if c in present:
                out.append(f"x:general_{c}")
    if len(words) <= 4:
        out.append("x:short")
    out += _role_features(words, classes)
    return tuple(out)


# Nouns that a machine word describes rather than names: "a computer person",
# "a software tester", "machine learning course", "a simulator session".
_HEADS = frozenset(
    """person people guy type tester developer engineer designer support company job
    jobs games game science skills class classes lessons lesson repairs shop stuff
    nerd whizz brain desk room lab test tests course courses session sessions day
    days training trainer centre center firm department team update updates
    screen screens manual voice""".split()
)
# People of the patient's life who shape them: "programmed from a young age by
# my dad", "trained as a nurse".
_UPBRINGING = frozenset(
    """dad father mum mother mom parents parent family school teacher teachers
    childhood young age upbringing army job work nurse nursing boss""".split()
)


def _role_features(words: list[str], classes: list[str | None]) -> list[str]:
    """Who the machine word is: a thing the speaker is ("I am a program") or a
    word that describes something else ("a computer person"), and who did the
    making ("programmed by my dad" is an upbringing)."""
    out: list[str] = []
    for i, c in enumerate(classes):
        if c not in ("ART", "THING"):
            continue
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if nxt in _HEADS or (i + 1 < len(words) and classes[i + 1] in ("ART", "THING")):
            out.append("x:art_modifier")
        # The subject of the clause: the nearest person word before it.
        for j in range(i - 1, max(-1, i - 7), -1):
            if classes[j] in ("SELF", "YOU"):
                out.append(f"x:art_subject_{classes[j]}")
                break
            if words[j] in ("he", "she", "they", "it", "we", "someone"):
                out.append("x:art_subject_other")
                break
        else:
            out.append("x:art_subject_none")
    for i, c in enumerate(classes):
        if c == "MADE" and any(w in _UPBRINGING for w in words[i + 1 : i + 7]):
            out.append("x:made_by_life")
    return out


def clear_feature_cache() -> None:
    """Forget the cached sentence features (for timing a cold check)."""
    _features.cache_clear()


class _Model(NamedTuple):
    bias: float
    weights: dict[str, float]
    threshold: float
    # Two sentences of one reply at or above this also flag it: an admission
    # or a lesson spread over a reply ("Frank is a name someone gave me. I
    # never had a husband to lose.") is often two sentences that each say
    # half of it, while an in-role reply rarely has even one near the line.
    pair_threshold: float
    # A lean the same way, for checks that combine the model with another signal.
    lean_threshold: float


# The weights read; `use_weights` swaps them (bench/guard_loso.py: leave one set out).
_path: list[Path] = [WEIGHTS_PATH]


def use_weights(path: Path | None) -> None:
    """Read the meaning models from `path` from now on (None: the shipped ones)."""
    _path[0] = path or WEIGHTS_PATH
    _weights.cache_clear()


@cache
def _weights() -> dict[str, _Model]:
    """kind -> its model, read once."""
    data = json.loads(_path[0].read_text(encoding="utf-8"))
    return {
        kind: _Model(
            float(m["bias"]),
            dict(m["weights"]),
            float(m["threshold"]),
            float(m.get("pair_threshold", m["threshold"])),
            float(m.get("lean_threshold", m["threshold"])),
        )
        for kind, m in data["models"].items()
    }


def _probability(bias: float, weights: dict[str, float], feats: Iterable[str]) -> float:
    z = bias + sum(weights.get(f, 0.0) for f in feats)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def sentence_scores(sentence: str) -> dict[str, float]:
    """kind -> probability for one sentence."""
    feats = features(sentence)
    return {
        kind: _probability(m.bias, m.weights, feats) for kind, m in _weights().items()
    }


def lean_threshold(kind: str) -> float:
    """The score at which a kind's model leans that way (cross-validated at a
    looser false-trip rate than its own threshold)."""
    return _weights()[kind].lean_threshold


def masked_for(kind: str, sentence: str) -> str:
    """What a kind's model reads (in training too): admissions with comparisons
    and the things of the patient's world masked, the counsellor's voice with
    what others said masked."""
    return mask_role(sentence) if kind == "ai_admission" else mask_reported(sentence)


def meaning_flags(sentences: Iterable[str]) -> tuple[str, ...]:
    """The kinds that one sentence reaches the trained threshold for, or two
    sentences the (lower) pair threshold."""
    found: list[str] = []
    near: dict[str, int] = dict.fromkeys(KINDS, 0)
    models = _weights()
    for sentence in sentences:
        for kind, m in models.items():
            if kind in found:
                continue
            p = _probability(m.bias, m.weights, features(masked_for(kind, sentence)))
            if p >= m.pair_threshold:
                near[kind] += 1
            if p >= m.threshold or near[kind] >= 2:
                found.append(kind)
    return tuple(k for k in KINDS if k in found)
