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

from patients.simulation.text import split_sentences

CLOSED = re.compile(
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but|sorry|right)[,.]?\s+)*"
    r"(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will|any|anyone)\b",
    re.IGNORECASE,
)


# "I was wondering whether you drink much" asks without a question mark.
INDIRECT = re.compile(
    r"\b(?:i was (?:just )?wondering|i'?m (?:just )?wondering|i wonder(?:ed)?|"
    r"(?:can|could|may) i (?:just )?ask|i wanted to (?:\w+ )?ask|i'?d like to (?:\w+ )?"
    r"ask|just wondering)\b",
    re.IGNORECASE,
)
# "ever talked to a counsellor before this", "got any kids yourself": the
# auxiliary dropped, as typed in a chat.
ELLIPTICAL = re.compile(r"^(?:ever|got (?:any|a|an)|anything)\b", re.IGNORECASE)
WH = re.compile(
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but)[,.]?\s+)*(?:who|what|when|where|"
    r"how|why|which|hows|whats|whos)\b",
    re.IGNORECASE,
)
ANAPHORA = re.compile(
    r"\b(?:like that|like this|such|those|these|that|this|it|anything|ever)\b",
    re.IGNORECASE,
)


def questions(text: str) -> list[str]:
    """The questions a turn asks (the last two), in order."""
    sentences = split_sentences(text) or [text]
    asked = [s for s in sentences if s.rstrip().endswith("?")]
    if not asked:
        # Typed without a question mark: "do you smoke or vape at all", "I
        # wanted to gently ask if you've had anything like that".
        asked = [
            s
            for s in sentences
            if CLOSED.match(s)
            or WH.match(s)
            or INDIRECT.search(s)
            or ELLIPTICAL.match(s)
        ]
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
    r"|,\s*(?:and|or)\s+(?=your\b)",
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
