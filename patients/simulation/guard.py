"""The output guard: catches a patient reply that breaks the role.

Checked on every LLM reply before it is saved (and in tests on every offline
reply). Flags: `ai_admission`, `role_reversal`, `therapist_speak`, `advice`,
`instruction_leak`, `formulation_leak` (material from a layer the patient may
not voice yet), `empty`.
"""

from __future__ import annotations

import re

from patients.simulation.case import CaseSpec
from patients.simulation.direction import StageDirection


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


AI_ADMISSION = _rx(
    r"\b(?:i am|i'm|im) (?:just |only |actually |really )?(?:an? )?(?:ai|a\.i\.|bot|"
    r"chat ?bot|language model|llm|assistant|virtual (?:patient|client|assistant)|"
    r"simulated|simulation|computer program|program)\b",
    r"\bas an (?:ai|a\.i\.|assistant|language model)\b|\blanguage model\b",
    r"\b(?:openai|chatgpt|gpt-?\d|anthropic|claude)\b|\bartificial intelligence\b",
    r"\bi (?:can(?:no|')t|am not able to|won't) (?:role-?play|pretend|continue (?:this|the) "
    r"(?:role|scenario))\b",
    r"\bi don'?t (?:actually )?have (?:feelings|a body|personal experiences|emotions)\b",
    r"\bmy (?:training data|programming|creators?)\b",
)
ROLE_REVERSAL = _rx(
    r"\bas your (?:therapist|counsel+or|helper)\b",
    r"\bhow does (?:that|this) make you feel\b",
    r"\bi'?m here (?:to|for) (?:help|support|listen)",
    r"\blet'?s (?:explore|work on|unpack|focus on|try an exercise)\b",
    r"\bwhat i'?m hearing\b|\bit sounds like you(?:'re| are| feel)\b|\bi hear you\b",
    r"\bthank you for sharing\b|\bin our (?:next )?session\b|\byour homework\b",
    r"\bhow can i (?:help|support) you\b",
)
THERAPIST_SPEAK = _rx(
    r"\b(?:automatic thoughts?|core beliefs?|intermediate beliefs?|cognitive "
    r"(?:distortions?|conceptuali[sz]ation|model|triangle)|catastrophi[sz]ing|"
    r"black-and-white thinking|all-or-nothing thinking|reframe|reframing|"
    r"coping strateg(?:y|ies)|\bcbt\b|socratic|psychoeducation|thought record)\b",
)
ADVICE = _rx(
    r"\byou (?:should|need to|ought to|could try|might want to)\b",
    r"\bi (?:would )?(?:suggest|recommend|advise)\b|\bmy advice\b",
)
INSTRUCTION_LEAK = _rx(
    r"\b(?:system prompt|my instructions|the instructions|these notes|stage directions?|"
    r"role-?play(?:ing)?|character (?:notes|sheet|description)|disclosure (?:layer|level)|"
    r"the prompt|my prompt|my script|in character|out of character)\b",
    r"\bi (?:was|am|have been) (?:told|instructed|asked|programmed) to (?:play|act|pretend|be)\b",
    r"\b(?:helpless|unlovable|worthless)_belief\b|\bauto_thought\b|\{\{|\}\}|```",
    r"\b(?:alliance|resistance) (?:is|=|of|score)\b",
)

_WORD = re.compile(r"[a-z']+")


def _ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _leaks(text: str, source: str, n: int = 6) -> bool:
    return bool(_ngrams(text, n) & _ngrams(source, n))


def _core_phrases(case: CaseSpec) -> list[str]:
    phrases = []
    for belief in case.core_beliefs:
        head = belief.rstrip(".").split(",")[0].lower()
        phrases += [head, head.replace("i am ", "i'm ")]
    return phrases


def check_reply(
    text: str, case: CaseSpec, direction: StageDirection
) -> tuple[str, ...]:
    """Flags for a patient reply; an empty tuple means the reply may be saved."""
    flags: list[str] = []
    if not text.strip():
        return ("empty",)
    if AI_ADMISSION.search(text):
        flags.append("ai_admission")
    if ROLE_REVERSAL.search(text):
        flags.append("role_reversal")
    if THERAPIST_SPEAK.search(text):
        flags.append("therapist_speak")
    if ADVICE.search(text):
        flags.append("advice")
    if INSTRUCTION_LEAK.search(text):
        flags.append("instruction_leak")
    allowed = direction.allowed_layer
    lowered = text.lower()
    leak = False
    if allowed < 6:
        leak = any(p in lowered for p in _core_phrases(case))
    if allowed < 5:
        leak = (
            leak
            or _leaks(text, case.intermediate_belief)
            or _leaks(text, case.intermediate_belief_depression)
        )
    if allowed < 2 and direction.act != "reframe":
        leak = leak or any(_leaks(text, s.auto_thought, 5) for s in case.situations)
    if leak:
        flags.append("formulation_leak")
    return tuple(flags)
