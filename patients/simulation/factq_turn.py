"""Reading the questions out of one typed turn, before any domain is looked at.

A trainee's turn is a chat message: questions with or without a question mark,
a second question joined by "and", the auxiliary dropped ("ever seen anyone
about it"), texting spellings ("wat time do u sleep") and names typed in lower
case. These helpers find the questions asked and split a two-part turn; the
domain routing (`factq.py`) reads only what they return.

Pure regular expressions, no Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from patients.simulation.text import split_sentences

# Lead-ins before the question itself: "so", "and", "by any chance", "out of
# interest", "quick question".
_LEAD = (
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but|sorry|right|by any chance|"
    r"(?:just )?out of interest|quick question|one more thing)[,.:]?\s+)*"
)
CLOSED = re.compile(
    _LEAD
    + r"(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will|any|anyone)\b",
    re.IGNORECASE,
)


# "I was wondering whether you drink much" asks without a question mark.
INDIRECT = re.compile(
    r"\b(?:i was (?:just )?wondering|i'?m (?:just )?wondering|i wonder(?:ed)?|"
    r"(?:can|could|may) i (?:just )?ask|i wanted to (?:\w+ )?ask|i'?d like to (?:\w+ )?"
    r"ask|just wondering|remind me|i'?m curious|curious (?:about|whether|if|how|to "
    r"know)|i'?d (?:love|like) to (?:know|hear)|tell me (?:how|whether|if|what))\b",
    re.IGNORECASE,
)
# "ever talked to a counsellor before this", "got any kids yourself": the
# auxiliary dropped, as typed in a chat.
ELLIPTICAL = re.compile(
    r"^(?:ever|got (?:any|a|an)|anything|been|seen|tried|still|had any|taking|using|"
    r"on any|remind me)\b",
    re.IGNORECASE,
)
WH = re.compile(
    _LEAD + r"(?:who|what|when|where|"
    r"how|why|which|hows|whats|whos)\b",
    re.IGNORECASE,
)
ANAPHORA = re.compile(
    r"\b(?:like that|like this|such|those|these|that|this|it|anything|ever)\b"
    # Elliptical: "Some people feel that. Do you?", "And you?"
    r"|^\W*(?:and |what about |how about )?(?:(?:do|does|have|has|did|are|were|would|"
    r"could|can|is) )?you(?: too| at all| ever| yourself| as well)?\W*$",
    re.IGNORECASE,
)


# A question after a setting typed without a comma: "since the birth have you
# heard anything", "roughly when did it all kick off", "on a scale of 0 to 10
# how strong is the urge", "if it got worse would you tell someone". The
# setting holds no subject of its own unless it is a condition or a time
# ("if it got worse", "since he left"): "I know how much you drink" and "no
# matter what you do you feel" are statements.
_ASKED_LATE = re.compile(
    r"^(?P<front>(?:[\w']+[ ,]+){1,8}?)"
    r"(?:(?:have|has|do|does|did|are|is|was|were|would|could|can|will)\s+"
    # "with the job feeling shaky is money a concern": an everyday topic as
    # the subject asks as "you" does.
    r"(?:you|he|she|they|there|anyone|anybody|someone|things|money|sleep|work|"
    r"school|uni|eating|drinking|your\s+\w+)\b"
    r"|(?:how|what|who|where)'s\s"
    r"|(?:how|when|what|who|where|which)\b(?:\s+[\w']+){0,5}?\s+(?:is|are|was|were|"
    r"do|does|did|have|has|had|would|will|can|could)\s+(?:you|the|it|that|this|"
    r"he|she|they|there|your|things|all)\b)",
    re.IGNORECASE,
)
_SUBJECT = re.compile(r"\b(?:i|i'\w+|you|you'\w+|we|he|she|they|it|that'?s)\b", re.I)
_CONDITION = re.compile(r"^(?:if|when|since|after|before|once|whenever|while)\b", re.I)
# Chat questions with no verb to invert: "eating alright on shift", "sleep any
# better or still rough", "you working at the moment", "you live alone or with
# other people".
_TELEGRAPHIC = re.compile(
    r"^(?:(?:and|so)\s+)?[a-z]+\s+(?:ok|okay|alright|all right|any (?:better|worse|"
    r"different|easier)|much|at all)\b"
    r"|^(?:(?:and|so)\s+)?you (?:still )?\w+ing\b"
    r"|^(?:(?:and|so)\s+)?you (?:\w+ ){1,3}(?:\w+ )?(?:alone|on your own|by yourself|"
    r"much|at all|or (?:not|with|are|do|is|have|\w+ing))\b"
    # The auxiliary dropped: "you got a girlfriend at the moment", "got any
    # kids", "you been to the GP".
    r"|^(?:(?:and|so)\s+)?(?:you )?(?:got|been) (?:a|an|any|some|to|on|in|much)\b"
    # A guess put to them, "do you" dropped: "reckon you sleep alright before
    # a big meeting", "think you drink more than you used to".
    r"|^(?:(?:and|so)\s+)?(?:d'?you |do you )?(?:reckon|think|suppose|figure|"
    r"reckoning) (?:you|you'\w+|your)\b",
    re.IGNORECASE,
)


def telegraphic(sentence: str) -> bool:
    """A chat question with no verb to invert ("sleep any better or still rough"):
    its first word reads as an instruction to the move coder, but it asks."""
    return bool(_TELEGRAPHIC.match(sentence.strip()))


# "isn't she", "doesn't he", "haven't they", "wasn't it".
NEGATIVE_TAG = (
    r"(?:is|was|are|were|do|does|did|has|have|had|can|could|would|will|wo|should)"
    r"n'?t (?:it|you|he|she|they|we|there)"
)
# A statement checked back with a tag and no question mark: "mai's living
# abroad now isn't she", "you're at the bank, right".
_TAG_END = re.compile(
    rf"(?:,\s*|\s+)(?:{NEGATIVE_TAG}|right|innit|is that (?:right|correct|true|so)|"
    r"am i right|have i got that right)\s*$",
    re.IGNORECASE,
)


# A chat tag of agreement on a statement about them: "your son's about twenty
# now yeah", "you're still at the bank eh". Only on a line about the patient or
# theirs, so "that sounds hard yeah" stays a remark.
_CHAT_TAG_END = re.compile(r"(?:,\s*|\s+)(?:yeah|yea|yeh|ya|yep|eh|aye|yes)\s*$", re.I)
_ABOUT_THEM = re.compile(r"\b(?:you|you'\w+|your|yours)\b", re.IGNORECASE)


def tagged(sentence: str) -> bool:
    """A statement checked back with a tag ("..., isn't she", "... now yeah")."""
    sentence = sentence.strip().rstrip("?").rstrip()
    return bool(
        _TAG_END.search(sentence)
        or (_CHAT_TAG_END.search(sentence) and _ABOUT_THEM.search(sentence))
    )


def asks(sentence: str) -> bool:
    """Whether a sentence typed without a question mark still asks something."""
    if (
        CLOSED.match(sentence)
        or _TAG_END.search(sentence)
        or (_CHAT_TAG_END.search(sentence) and _ABOUT_THEM.search(sentence))
        or WH.match(sentence)
        or INDIRECT.search(sentence)
        or ELLIPTICAL.match(sentence)
        or _TELEGRAPHIC.match(sentence)
    ):
        return True
    late = _ASKED_LATE.match(sentence)
    return bool(
        late and (_CONDITION.match(late["front"]) or not _SUBJECT.search(late["front"]))
    )


# A topic or a condition set before the question: "evenings, do you have a
# drink?", "the meds, are you on any?", "if the job did go, would money be a
# worry?", "Kate's the one who got the job, is that right?".
# A dash sets the topic too: "so the lorry thing - how long ago was that".
_FRONTED = re.compile(
    r"^(?P<front>[^,?\u2013\u2014]{2,70}?)(?:,|\s+-+|\s*[\u2013\u2014])\s+"
    r"(?P<core>\S.*)$"
)


# "when Ed went back to work, ...", "if you did fail, ...": a clause that sets a
# time or a condition, though it opens with a wh-word ("when did you start?"
# asks).
_CLAUSE = re.compile(
    r"^(?:(?:and|so|but)\s+)?(?:when|if|since|after|before|once|whenever|while)\s+"
    r"(?!(?:did|do|does|is|are|was|were|have|has|had|would|will|can|could)\b)",
    re.IGNORECASE,
)


def core(question: str) -> str:
    """The question itself, without a topic or condition set before it."""
    found = _FRONTED.match(question.strip())
    if (
        found
        and asks(found["core"])
        and (not asks(found["front"]) or _CLAUSE.match(found["front"]))
    ):
        return found["core"]
    return question


def questions(text: str, *, unmarked: bool = False) -> list[str]:
    """The questions a turn asks (the last two), in order.

    Where some sentence has a question mark, only those are its questions ("Are
    you married? And your wife knows what's going on" asks about marriage);
    `unmarked` adds the unmarked ones that still ask, for the screening that
    must hear "Is everything ok at home? do you feel safe with him" wherever
    it is typed."""
    sentences = split_sentences(text) or [text]
    marked = [s for s in sentences if s.rstrip().endswith("?")]
    # Typed without a question mark: "do you smoke or vape at all", "I wanted
    # to gently ask if you've had anything like that", "evenings, do you have a
    # drink".
    asked = [s for s in sentences if s in marked or asks(core(s))]
    if marked and not unmarked:
        asked = marked
    if asked:
        return asked[-2:]
    # "Tell me about your sleep." asks without a question mark.
    return [
        s
        for s in sentences
        if re.match(
            r"^(?:can you |could you )?(?:tell|talk) me (?:a bit |more )?about", s, re.I
        )
    ]


# A second question joined by "and"/"or" or asked as its own sentence.
JOINED = re.compile(
    r"(?:,\s*|;\s*|\s+-\s+|\s+)(?:and|or|also|plus|but)\s+(?=(?:are|do|does|did|have|"
    r"has|how|how'?s|what|what'?s|is|any|who|when|where|can|could|would|were|was)\b)"
    r"|,\s*(?:and|or)\s+(?=your\b)"
    # "what is it you do for work - is that what brought you here?"
    r"|\s+[-\u2013]\s+(?=(?:is|are|do|does|did|have|has|how|what|who|when|where|was|"
    r"were|can|could|would|you'?re|any)\b)",
    re.IGNORECASE,
)


def parts(text: str) -> list[str]:
    """Each question of the turn, a two-part question split at its join."""
    return [
        part.strip()
        for question in questions(text)
        for part in JOINED.split(question)
        if part.strip()
    ]


# Texting forms, read as the words they stand for ("wat time do u sleep").
_TEXTING = (
    (re.compile(r"\bu\b", re.IGNORECASE), "you"),
    (re.compile(r"\bur\b", re.IGNORECASE), "your"),
    (re.compile(r"\bur\s?self\b", re.IGNORECASE), "yourself"),
    (re.compile(r"\b(?:ppl|peeps)\b", re.IGNORECASE), "people"),
    (re.compile(r"\babt\b", re.IGNORECASE), "about"),
    (re.compile(r"\b(?:rn|atm)\b", re.IGNORECASE), "at the moment"),
    (re.compile(r"\br\b(?= you\b)", re.IGNORECASE), "are"),
    (re.compile(r"\b(?:wat|wot|wut)\b", re.IGNORECASE), "what"),
    (re.compile(r"\bgf\b", re.IGNORECASE), "girlfriend"),
    (re.compile(r"\bbf\b", re.IGNORECASE), "boyfriend"),
)
# Contractions typed without the apostrophe ("couldnt", "youre", "whats"): the
# patterns are written with it.
_APOSTROPHE = (
    (
        re.compile(
            r"\b(could|would|should|did|do|does|is|are|was|were|have|has|had|ca|wo)nt\b",
            re.IGNORECASE,
        ),
        r"\1n't",
    ),
    (re.compile(r"\b(you|they)(re|ve|ll|d)\b", re.IGNORECASE), r"\1'\2"),
    (re.compile(r"\b(what|how|who|where|that|there)s\b", re.IGNORECASE), r"\1's"),
    (re.compile(r"\bim\b", re.IGNORECASE), "I'm"),
    (re.compile(r"\bive\b", re.IGNORECASE), "I've"),
)
# People named by a relation word ("Mum", "Dad"): the lower-case word is the
# relation already, and capitalising it would make it a name everywhere.
_RELATION_NAMES = frozenset({"mum", "mom", "dad", "mother", "father"})


def normalise(text: str, names: Iterable[str] = ()) -> str:
    """Texting forms spelled out, and the case's people's names capitalised
    ("how's chris taking it?"): the patterns read a name by its capital."""
    for pattern, word in (*_TEXTING, *_APOSTROPHE):
        text = pattern.sub(word, text)
    for name in names:
        if name.lower() not in _RELATION_NAMES:
            text = _name_pattern(name).sub(name, text)
    return text


@cache
def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE)
