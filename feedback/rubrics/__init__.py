"""Annotation engine: codes trainee turns against MITI, Socratic and empathy rubrics.

Pure package: standard library and pydantic only (no Django). See docs/annotation.md.
"""

from __future__ import annotations

import sys

from .annotators import Annotator, LLMAnnotator, OfflineAnnotator
from .codebook import CODEBOOK, CodebookEntry, plain_label, plain_why
from .codes import code_turn, code_utterance
from .flags import is_emotional_disclosure
from .memo import one_turn
from .prefilter import gate_patterns
from .schema import (
    RUBRIC_VERSION,
    TurnAnnotation,
    TurnContext,
    Utterance,
    UtteranceCode,
)
from .segment import split_utterances

# Every long pattern of the rule modules imported so far answers through a literal
# gate derived from the pattern itself (`prefilter`): the same answers, without
# running the regex engine on sentences that hold none of the words a match needs.
gate_patterns(
    vars(module)
    for name, module in list(sys.modules.items())
    if name.startswith(__name__ + ".") and name != __name__ + ".prefilter"
)

__all__ = [
    "CODEBOOK",
    "RUBRIC_VERSION",
    "Annotator",
    "CodebookEntry",
    "LLMAnnotator",
    "OfflineAnnotator",
    "TurnAnnotation",
    "TurnContext",
    "Utterance",
    "UtteranceCode",
    "code_turn",
    "code_utterance",
    "is_emotional_disclosure",
    "one_turn",
    "plain_label",
    "plain_why",
    "split_utterances",
]
