"""What the trainee is asking *about*: the focus of a turn.

The move (open question, reflection, ...) decides how the patient's state
changes; the focus decides what a responsive answer is about. "What brings you
here?" asks for the presenting problem, "How did you feel?" for feelings, "What
went through your mind?" for the automatic thought, "What happened?" for the
situation. Without it, every open question got "the next layer", which read as
a patient not listening ("How did you feel?" -> "I muted the group chat.").

Pure regular expressions over the trainee's text; the last question of a turn
carries its focus (a turn hands the floor over with its final question).
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from patients.simulation.text import split_sentences

Focus = Literal[
    "agenda",  # what brings you here: the presenting problem
    "checkin",  # how has your week been: how things are, in brief
    "goal",  # what are you hoping for
    "situation",  # what happened
    "thought",  # what went through your mind
    "emotion",  # how did you feel
    "behaviour",  # what did you do
    "closing",  # we're nearly out of time
    "greeting",  # hello, nice to meet you, did you find the place
    "none",
]
# The CCD layer each focus asks about (PATIENT_MODEL.md: 0 presenting problem,
# 1 situation, 2 automatic thought, 3 emotions, 4 behaviour).
FOCUS_LAYER: dict[str, int] = {
    "agenda": 0,
    "checkin": 0,
    "goal": 0,
    "situation": 1,
    "thought": 2,
    "emotion": 3,
    "behaviour": 4,
}


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# Checked in this order: the first match wins, so the more specific come first
# ("how are you feeling" is about emotions, "how are you" a check-in).
_PATTERNS: tuple[tuple[Focus, re.Pattern[str]], ...] = (
    (
        "closing",
        _rx(
            r"\b(?:out of|running out of|nearly out of|almost out of|short (?:of|on)) "
            r"time\b",
            r"\b(?:stop|finish|end|wrap up|leave it|pause) (?:it )?(?:there|here)?\s*"
            r"for (?:today|now)\b",
            r"\bbefore we (?:finish|stop|end|wrap up)\b|\bsee you next\b",
            r"\btake away from (?:today|this|our)\b|\bnext (?:week|session|time)\b",
            r"\bend of (?:our|the) (?:session|time)\b",
        ),
    ),
    (
        "thought",
        _rx(
            r"\b(?:went|go(?:es)?|going|running|ran|racing) through your (?:mind|head)\b",
            r"\bwhat (?:were|are|was) you thinking\b|\bwhat (?:did|do) you think (?:when|"
            r"then|at (?:the|that) (?:time|moment|point))\b",
            r"\bwhat did you (?:tell|say to) yourself\b|\bcrossed your mind\b",
            r"\bwhat (?:thoughts?|was the thought|kind of thoughts?)\b(?! of (?:death|"
            r"dying|ending|suicide|killing|hurting|harming|not))",
            r"\bthoughts? (?:came|come|went|pop(?:ped)?) (?:up|into|to)\b",
            r"\bin your (?:head|mind)\b.*\?|\bwhat did you make of (?:it|that)\b",
        ),
    ),
    (
        "emotion",
        _rx(
            r"\bhow (?:did|do|does|would|are|were|is|was) (?:you|that|it|this)(?: make "
            r"you)? (?:feel|feeling)\b",
            r"\bhow (?:are|were) you feeling\b|\bhow did (?:that|it|this) (?:leave|make) you\b",
            r"\bwhat (?:did|do|does) (?:you|that|it) feel\b|\bwhat (?:feelings?|emotions?)\b",
            r"\bwhat (?:was|is|'?s) (?:that|it) (?:been )?like for you\b",
            r"\bwhat was (?:that|it) like\b|\bhow (?:did|do) you feel\b",
            r"\b(?:feel|felt|feeling) (?:about|when|then|inside|at the time)\b.*\?",
        ),
    ),
    (
        "behaviour",
        _rx(
            r"\bwhat did you (?:end up )?do(?:ing)?\b|\bwhat do you (?:end up )?do "
            r"(?:when|then|after|about)\b",
            r"\bhow did you (?:react|respond|cope|handle|deal|get through)\b",
            r"\bhow do you (?:cope|deal|handle|get through)\b",
            r"\bwhat happened (?:next|after(?:wards?)?|then)\b|\bwhat did you do (?:next|"
            r"then|after)\b",
            r"\bwhat (?:do|did) you do to (?:cope|get through|feel better|manage)\b",
            # What they do for comfort: "have you ever done something to help
            # yourself feel better?", "anything that helps you switch off?".
            r"\b(?:anything|something|what)\b.{0,30}\b(?:to|that|which) (?:helps?|"
            r"makes?) (?:yourself |you )?(?:feel (?:better|calmer|a bit better)|cope|"
            r"get through|unwind|relax|switch off)\b",
            r"\b(?:do|did|done|doing|try|tried)\b.{0,25}\bto (?:help |make )?"
            r"(?:yourself )?(?:feel better|cope|get through|unwind|relax|switch off)\b",
        ),
    ),
    (
        "agenda",
        _rx(
            r"\bwhat (?:brings|brought) you\b|\bwhat made you (?:decide to )?(?:come|"
            r"book|get in touch|reach out|contact)\b|\bwhat led you (?:to come|here)\b",
            r"\bwhat (?:would|do) you (?:like|want) to (?:talk|focus|start|work) "
            r"(?:about|on|with)\b|\bwhere would you like to (?:start|begin)\b",
            r"\bhow can i help\b|\bwhat can i (?:do|help) (?:for|with)\b",
            r"\bwhat'?s (?:been )?(?:going on|happening) (?:for|with) you\b",
            r"\bwhat'?s (?:been )?on your mind\b|\bwhy (?:are you here|did you come)\b",
            r"\bwhat'?s (?:the|been the) (?:problem|trouble|difficulty)\b",
        ),
    ),
    (
        "goal",
        _rx(
            r"\bhoping (?:to get|for|will|to change|might)\b",
            r"\bwhat would you like (?:to (?:be )?(?:different|change)|from)\b",
            r"\bwhat do you want (?:to get )?(?:from|out of) (?:this|these|coming|"
            r"our|counsel)",
            r"\bwhat (?:would|will) (?:be different|tell you|make (?:it|things) better)\b",
            r"\bwhat (?:are|would be) your goals?\b|\bif things (?:were|got) better\b",
        ),
    ),
    (
        "checkin",
        _rx(
            r"\bhow (?:has|have|was|is|'?s) (?:your|the|this) (?:week|day|weekend|"
            r"month|time since)\b",
            r"\bhow (?:are|have) you been\b|\bhow (?:have|are) things(?: been)?\b",
            r"^(?:(?:hi|hello|hey|so|and|okay|ok|well|right)[,.!]?\s+)*how are you"
            r"(?: doing| today| lately| at the moment)?\s*\?",
            r"\bhow'?s (?:it going|things|life)\b|\bhow (?:is|are) things\b",
        ),
    ),
    (
        "situation",
        _rx(
            r"\bwhat happened\b|\bwhat (?:was|is) (?:going on|happening)\b",
            r"\b(?:tell|talk|walk|take) me (?:more )?(?:about|through) (?:the|that|this|"
            r"what|when|it|a)\b",
            r"\b(?:give|share) (?:me )?an example\b|\bwhen (?:was|did) (?:the|that|this|"
            r"it) (?:last|most recent|first)",
            r"\b(?:the )?(?:last|most recent) time\b|\bwhat (?:set|sets|sparked|"
            r"triggered) (?:it|this|that)\b",
            r"\bwhat (?:was|is) the situation\b|\bwhere were you\b|\bwho was there\b",
            r"\bwhat (?:brought|brings) (?:it|this|that) (?:on|to a head)\b",
        ),
    ),
)
GREETING = _rx(
    r"^(?:hi|hello|hey|good (?:morning|afternoon|evening)|welcome|nice to (?:meet|see) "
    r"you|thanks? (?:you )?for coming)\b",
    r"\b(?:did you )?find (?:the place|us|it) (?:ok|okay|alright|all right|easily|"
    r"fine)\b|\bhow was (?:the|your) (?:journey|trip|drive|bus|train)\b",
    r"\b(?:take a seat|have a seat|make yourself comfortable)\b",
)


# Cached: one engine step asks it of the same turn up to four times (the stage
# direction, and the fact-question reader for each question it tries).
@functools.lru_cache(maxsize=512)
def question_focus(text: str) -> Focus:
    """The focus of a trainee turn (see the module docstring)."""
    sentences = split_sentences(text) or [text]
    questions = [s for s in sentences if s.rstrip().endswith("?")]
    # The final question carries the focus; statements count when there is none
    # ("Tell me what happened.").
    for sentence in [*reversed(questions), *reversed(sentences)]:
        # The earliest match is the question's head: "How did it feel when that
        # thought came up?" asks about a feeling, not the thought.
        best: tuple[int, int, Focus] | None = None
        for rank, (focus, pattern) in enumerate(_PATTERNS):
            m = pattern.search(sentence)
            if m and (best is None or (m.start(), rank) < best[:2]):
                best = (m.start(), rank, focus)
        if best is not None:
            return best[2]
    if GREETING.search(text):
        return "greeting"
    return "none"
