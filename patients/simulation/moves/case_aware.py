"""Moves that only the case can settle: is a named feeling the patient's own?

The classifier reads a turn against the transcript only, so a reflection naming a
feeling the patient has not voiced yet looks like "reading in". But an accurate
reflection of a feeling the case holds ("It sounds like you feel terribly guilty,
and underneath that you miss him") is exactly the skill that builds trust; only a
feeling the patient does not have is read in. Pure (no Django).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from patients.simulation.text import content_words, split_sentences
from patients.simulation.vocab import emotions_named

from .discovery_meaning import AUTONOMY
from .labels import MOVES


def own_feelings(
    case_texts: Iterable[str], emotion_keys: Iterable[str]
) -> frozenset[str]:
    """The feelings the case gives the patient: its emotions and the feelings its
    own text names (a presenting problem of "constant worry" is anxious)."""
    found = set(emotion_keys)
    for text in case_texts:
        found |= emotions_named(_OTHERS_FEELING.sub(" ", text))
    return frozenset(found)


# A feeling the case text gives someone else, by its subject: a noun phrase led
# by a determiner or a possessive ("The doctor was worried", "her mother seemed
# anxious", "my sister is angry") is another person, so the feeling is theirs,
# not the patient's; without this Ruth "has" worry because her doctor does, and
# "you've been carrying a lot of worry" is taken as an accurate reflection. The
# patient is "I", "she"/"he" or her name in the case texts, never "the X".
_OTHERS_FEELING = re.compile(
    r"\b(?:the|my|his|her|their|our|your) (?:(?!(?:i|she|he|they|we|you)\b)[a-z]+ )"
    r"{0,2}?(?!(?:i|she|he|they|we|you)\b)[a-z]+"
    r"(?:'s [a-z]+)? (?:was|were|is|are|got|gets|seemed|seems|looked|looks|sounded|"
    r"sounds|felt|feels|became|becomes)(?: (?:so|very|really|quite|a bit|a little|"
    r"pretty|too|more|less|always|also|getting|still))* [a-z]+",
    re.IGNORECASE,
)


_REFLECTING = re.compile(
    r"\b(?:you|your|you'?re|you'?ve)\b|\bi'?m hearing\b|\bi (?:can )?hear\b|"
    r"\bi (?:get|have) (?:a|the) sense\b|\bsounds? like\b|\bseems? like\b",
    re.IGNORECASE,
)
_NOT_REFLECTION = frozenset(
    {
        "advice",
        "advice_with_permission",
        "confrontation",
        "leading_question",
        "collusion",
        "role_break",
        "off_topic",
        "reading_in",
        "complex_reflection",
        "simple_reflection",
    }
)


# A statement that opens by naming how the patient feels ("That must feel
# humiliating", "You feel guilty, like you should have known", "There's such a
# heaviness", "I wonder if you're angry with him"): the annotator may code it as
# information, advice ("should have") or a question; by its form it reflects.
_FEELING_LEAD = re.compile(
    r"^(?:(?:so|and|okay|ok|well|i guess|i imagine|honestly)[,.]?\s+)*(?:"
    r"you(?:'re| are| feel| felt| sound| seem| must| might)|(?:that|it|this) must|"
    r"(?:that|it|this) (?:sounds|seems|feels)|there'?s (?:such|so much|a lot of|a real|"
    r"real|some|a)|i'?m (?:hearing|sensing|getting)|i (?:can )?(?:hear|sense)|"
    r"i wonder if you(?:'re| are| feel| felt)?|i get (?:the|a) sense|sounds like|"
    r"seems like|it sounds|it seems)\b",
    re.IGNORECASE,
)
_STILL_ADVICE = re.compile(
    r"\byou (?:should|need to|ought to|could try|might try|must try)(?! have)\b|"
    r"\btry\b|\bwhy (?:don'?t|not) you\b|\bhave you tried\b",
    re.IGNORECASE,
)
_MISREAD_AS = frozenset({"information", "other", "advice", "closed_question"})
# The moves whose trust gain a misread feeling cancels.
_WARMTH = frozenset({"simple_reflection", "complex_reflection", "validation"})


def _feeling_statement(moves: tuple[str, ...], text: str) -> bool:
    checked = _checked_feeling(text)
    if not (_FEELING_LEAD.search(text.strip()) or checked) or set(
        moves
    ) - _MISREAD_AS - {
        "simple_reflection",
        "complex_reflection",
        "validation",
    }:
        return False
    if "advice" in moves and _STILL_ADVICE.search(text):
        return False
    # A closed question only when it is a tentative guess ("I wonder if...").
    return (
        "closed_question" not in moves
        or bool(re.match(r"\s*i wonder if", text, re.I))
        or checked
    )


# A reflection typed with a question mark, in a statement's word order: "so
# even in an office full of people you feel kind of lonely...?" ("do you feel
# lonely?" asks instead).
_CHECKED_FEELING = re.compile(r"\byou(?:'re| are)? (?:feel|felt|feeling)\b", re.I)
_INVERTED = re.compile(
    r"^\s*(?:(?:and|so|ok|okay|well)[,.]?\s+)*(?:do|does|did|are|is|were|was|have|has|"
    r"would|could|can|will|how|what|when|where|why|who|which)\b",
    re.IGNORECASE,
)


def _checked_feeling(text: str) -> bool:
    return (
        text.rstrip().endswith("?")
        and bool(_CHECKED_FEELING.search(text))
        and not _INVERTED.match(text)
    )


def reinterpret(
    moves: tuple[str, ...], trainee_text: str, own: frozenset[str]
) -> tuple[str, ...]:
    """`reading_in` becomes an accurate `complex_reflection` when every feeling the
    trainee named is the patient's own; so does a statement that names the
    patient's own feelings back to them in a form the annotator does not code
    ("I'm hearing a lot of guilt in what you say"). The same statement naming a
    feeling the case does not hold ("I'm hearing a lot of rage") is reading in,
    however the annotator coded it, so a misread always costs trust."""
    named = emotions_named(trainee_text)
    if named and "reading_in" not in moves and _feeling_statement(moves, trainee_text):
        kept = {m for m in moves if m not in _MISREAD_AS}
        if named <= own:
            return tuple(m for m in MOVES if m in kept | {"complex_reflection"})
        kept -= _WARMTH
        return tuple(m for m in MOVES if m in kept | {"reading_in"})
    if "reading_in" not in moves:
        named = emotions_named(trainee_text)
        statement = not trainee_text.rstrip().endswith("?")
        if (
            statement
            and named
            and named <= own
            and not set(moves) & _NOT_REFLECTION
            and _REFLECTING.search(trainee_text)
        ):
            kept = {m for m in moves if m not in {"other", "information"}}
            return tuple(m for m in MOVES if m in kept | {"complex_reflection"})
        return moves
    if not named or not named <= own:
        # A misread feeling costs trust even beside a warm sentence ("That
        # sounds hard. You seem sad." to someone who is not sad, "sounds like
        # you've been carrying a lot of worry" to someone angry): the patient
        # hears the misreading, so neither the reflection's nor the
        # validation's gain counts. Otherwise the warmth outweighs the misread
        # and reading in raises trust (issue 9 item 4).
        return tuple(m for m in moves if m not in _WARMTH)
    out = [m for m in moves if m != "reading_in"]
    if "complex_reflection" not in out:
        out.append("complex_reflection")
    return tuple(m for m in MOVES if m in out)


_TENTATIVE = re.compile(
    r"\b(?:you (?:think|feel|felt|believe|worry|fear|tell yourself|said|say|"
    r"wonder|keep thinking)|sounds? like you(?:'re| are)? (?:think|feel|believ)|"
    r"part of you|it feels like|i wonder|i'?m hearing|what if|is it possible|"
    r"could it be)\b",
    re.IGNORECASE,
)
_ASSERT = re.compile(
    r"\b(?:true|right|agree|fair|probably|definitely|pretty|hard to argue|"
    r"does sound|must|of course|yeah|yes|honestly|i mean|can'?t argue|makes sense)\b"
    # The thought endorsed as how things are: "let's be realistic", "that's
    # just the reality", "anyone would think...", "because that's usually why
    # people do it", "Ryan really could lose his dad", "better to keep it".
    r"|\b(?:realistic(?:ally)?|reality|tbh|to be fair|anyone would|that'?s (?:usually|"
    r"just|how it is|the way)|usually why|really (?:could|would|will|might|does|do|"
    r"is|are|can)|(?:it'?s |you'?re )?better (?:to|off)|i'?d (?:do|feel|think) the "
    r"same)\b",
    re.IGNORECASE,
)
_ASKS_AFTER = re.compile(
    r"(?:\s[-\u2013\u2014]\s*|[,;]\s*)(?:how|what|when|where|which|who|do|does|did|are|"
    r"is|have|has|were|was|would|could|can)\s+(?:\w+\s+){0,3}?(?:you|your|there)\b"
    r"[^.!]*$",
    re.IGNORECASE,
)
# A question typed without its mark from its first word ("how would you put it
# now so its fair, your own words"): it asks, it asserts nothing (stop 22).
_ASKS_FIRST = re.compile(
    r"^\W*(?:(?:so|and|ok|okay|now|then)[,.]?\s+)*(?:how|what|which|why|where) "
    r"(?:\w+\s+){0,2}?(?:would|could|might|do|does|did|can|will)\s+you\b",
    re.IGNORECASE,
)
# The distorted thought justified rather than reflected: "I can see why you
# think you're a terrible person", "no wonder you believe you're useless".
_JUSTIFIES = re.compile(
    r"\b(?:i can see why|i can understand why|i get why|i understand why|no wonder|"
    r"of course|(?:it'?s|that'?s) understandable(?: that)?|anyone would) you(?:'d)? "
    r"(?:think|believe|see yourself|call yourself|say you'?re)\b",
    re.IGNORECASE,
)
_DETERMINERS = frozenset(
    {"the", "this", "that", "a", "an", "your", "my", "these", "those"}
)
_COMMON = frozenset(
    "just know think feel good really thing things going make made someone people "
    "everyone always never something".split()
    # The frame of a quoted thought ("I thought, that's it, ...") and contracted
    # function words are not the thought's content: "That's a really fair way to
    # put it" shares them with every "I thought, that's ..." line.
    + "thought thoughts that's it's what's there's here's i've i'm you're".split()
)


def colludes(trainee_text: str, beliefs: Iterable[str]) -> bool:
    """A statement, in the trainee's own voice, that agrees with the patient's
    distorted thought ("it's hard to argue you're not a failure"): not a question,
    not a tentative reflection of what the patient thinks, an agreeing word, and
    the thought's own words."""
    # Sentence by sentence: agreement said first and a question after it
    # ("Yeah, they probably did only ask to be polite. How did that feel?") is
    # still agreement; the question does not take it back.
    sentences = split_sentences(trainee_text.strip())
    if len(sentences) == 1:
        return _colludes_sentence(sentences[0], beliefs)
    # In a longer turn, a sentence that holds the thought up as an object ("what
    # makes the thought feel true, what doesn't fit...") is the summary of a
    # discovery on its way to a question, not agreement with it.
    return any(
        _colludes_sentence(x, beliefs)
        for x in sentences
        if not _THOUGHT_AS_OBJECT.search(x)
    )


_THOUGHT_AS_OBJECT = re.compile(
    r"\b(?:the|that|this|those|these|your|the original|the old) "
    r"(?:thoughts?|beliefs?|ideas?)\b",
    re.IGNORECASE,
)


def _colludes_sentence(text: str, beliefs: Iterable[str]) -> bool:
    justified = bool(_JUSTIFIES.search(text))
    if text.endswith("?") or not (justified or _ASSERT.search(text)):
        return False
    if _TENTATIVE.search(text) and not justified:
        return False
    if _ASKS_AFTER.search(text) or _ASKS_FIRST.search(text):
        # "i imagine nights are pretty broken with a baby that age - how much
        # sleep are you getting": a question typed without its mark.
        return False
    said, grams = _keys(text)
    for belief in beliefs:
        words, phrases = _keys(belief)
        # Short words carry some thoughts whole: "not up to this job" is in
        # "made them wonder whether you're up to the job".
        if said & words or grams & phrases:
            return True
    return False


# The thought agreed with by reference, not in its words: "what you're
# thinking is probably just how it is", "you're not wrong to think that".
_VIEW_REFERENCE = (
    r"\bwhat you(?:'re| are)? (?:think|thinking|thought|believe|fear|said|tell "
    r"yourself)\b|\b(?:that|your|the|those) (?:thoughts?|beliefs?|worry|fear)\b|"
    # The patient's view named as a view: "the way you see it is the truth".
    r"\b(?:the way|how) you(?:'re| are)? (?:see|seeing|read|reading) (?:it|this|"
    r"that|things|them|her|him)\b|\byour (?:view|take|reading) (?:of|on)\b"
)
_THOUGHT_REFERENCE = re.compile(
    _VIEW_REFERENCE + r"|\byou(?:'re| are) (?:right|not wrong|spot on)\b",
    re.IGNORECASE,
)
# Without "you're right", which also agrees with a plan or a wish: the thought
# itself named as what is so.
_VIEW = re.compile(_VIEW_REFERENCE, re.IGNORECASE)


def agrees_by_reference(trainee_text: str) -> bool:
    """A statement that agrees with the patient's thought named only as "what
    you're thinking" or "that thought" (no question, no tentative frame)."""
    return _by_reference(trainee_text, _THOUGHT_REFERENCE)


def _by_reference(trainee_text: str, reference: re.Pattern[str]) -> bool:
    # The whole turn, not sentence by sentence: a summary that names the thought
    # on the way to a question ("what made the thought feel true, what doesn't
    # fit... what would be a fairer way of putting it?") refers to the thought
    # without agreeing with it, and read alone its first sentence looked like
    # agreement (skilled sessions lost the alternative view over it).
    text = trainee_text.strip()
    if text.endswith("?") or _TENTATIVE.search(text) or _ASKS_AFTER.search(text):
        return False
    if _ASKS_FIRST.search(split_sentences(text)[-1]):
        # The turn ends on a question typed without its mark.
        return False
    return bool(_ASSERT.search(text) and reference.search(text))


@lru_cache(maxsize=4096)
def _keys(
    text: str,
) -> tuple[frozenset[str], frozenset[tuple[str, ...]]]:
    """The word stems and four-word runs `colludes` compares (the beliefs are
    the same every turn: computed once)."""
    words = {w[:5] for w in content_words(text) if w not in _COMMON and len(w) > 3}
    return frozenset(words), frozenset(_phrases(text))


def _phrases(text: str) -> set[tuple[str, ...]]:
    """Four-word runs, articles and demonstratives made one word."""
    tokens = [
        "D" if w in _DETERMINERS else w for w in re.findall(r"[a-z']+", text.lower())
    ]
    return {
        tuple(tokens[i : i + 4])
        for i in range(len(tokens) - 3)
        if any(len(t) > 2 and t not in _DETERMINERS for t in tokens[i : i + 4])
        and sum(t != "D" for t in tokens[i : i + 4]) >= 3
    }


# A turn that argues, pushes or advises is not agreement with the distortion.
_OTHER_STANCE = frozenset({"confrontation", "leading_question", "advice", "role_break"})


def add_collusion(
    moves: tuple[str, ...], trainee_text: str, beliefs: Iterable[str]
) -> tuple[str, ...]:
    """Collusion the annotator's cues missed: it replaces the reflection it was
    mistaken for, so it neither deepens disclosure nor loosens the belief."""
    if "collusion" in moves or set(moves) & _OTHER_STANCE:
        return moves
    # "No right answer", "your words not mine" leave the answer to the patient;
    # their "right" agrees with nothing (stop 22).
    trainee_text = AUTONOMY.sub("", trainee_text).strip(" ,.;-")
    if not (colludes(trainee_text, beliefs) or _by_reference(trainee_text, _VIEW)):
        # Agreement with "the way you see it" names no word of the thought,
        # and must not read as a reflection that earns the next layer.
        return moves
    dropped = {
        "complex_reflection",
        "simple_reflection",
        "validation",
        "summary",
        "other",
    }
    out = {m for m in moves if m not in dropped} | {"collusion"}
    return tuple(m for m in MOVES if m in out)
