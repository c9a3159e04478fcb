"""Advice in more of the forms students type (rubric 2026.12-1).

Written from MITI 4.2.1's Persuade ("unsolicited advice ... suggestions") and
RUBRICS.md §5.2, after reading by class what two blind labellers (J, K) coded
Persuade and the annotator missed. Each class is a general form, not a sentence:

- a tip announced as what works ("one thing that really helps is...", "a good trick
  is to...");
- what the counsellor would do next time ("for next time, id build in a check",
  "next time I'd speak up in the meeting"), typed with or without the apostrophe;
- a need put on the client with a softener before it ("you do need to find...",
  "you two need to sit down and...");
- a soft imperative after a comma or "so" ("..., maybe give it a few more months",
  "so maybe just keep it between you and Ed");
- the easier or best course ("its probably easier to just keep it in the family");
- a named remedy said to help ("a private referral might give you more peace of
  mind", "theyre really good for anxiety");
- advice put as a question: an imperative opening ("try tailoring your CV...?"),
  "have you ever tried <remedy>?", someone who could step in ("have you got any
  friends who could sit with your mum?"), someone else paying ("could your brother
  pay for a night carer?").

Used by the behaviour coder (`moves.advice_form`, `codes._advice_question`) and by
the premature-problem-solving flag (`flags._advises`), so the code and the flag
agree. Pure regular expressions, no imports from the rules.
"""

from __future__ import annotations

import re

__all__ = ["ADVICE_QUESTION_2026_12", "ADVICE_STATEMENT_2026_12", "advises_more"]

_VERBS = (
    r"(?:give|keep|start|take|leave|try|stop|get|ask|tell|wait|avoid|stay|put|write|"
    r"book|call|ring|text|skip|drop|go|look|speak|talk|sit|set|make|let|cut|hold off)"
)

ADVICE_STATEMENT_2026_12 = re.compile(
    r"\b(?:one|a|the) (?:good |useful |simple |great |little )?(?:thing|trick|tip) "
    r"(?:that )?(?:really |often |usually |always |might |could |can |would |will )?"
    r"(?:helps?|works?) (?:is|would be|could be)\b"
    r"|\b(?:a|the|one) (?:good |useful |simple |great |little )?(?:trick|tip) (?:is|"
    r"would be) (?:to|just)\b"
    r"|\b(?:next time|for next time|in future|from now on|going forward)\b,?[^.?!]{0,15}?"
    r"\bi(?:'?d| would) (?!(?:say|imagine|guess|think|feel|love|like|be|hate|bet|"
    r"wonder|probably feel|have felt)\b)[a-z]+"
    r"|\byou (?:(?:two|three|both|guys|all) )?(?:(?:do|really|just|definitely|honestly|"
    r"seriously) )+(?:need|have|ought|got) to (?!(?:feel|be|hear|know|understand|"
    r"remember|say)\b)"
    # "have" only as "have to": "do you two have any kids" asks, it urges nothing.
    r"|\byou (?:two|three|both|guys|all) (?:(?:really|just|definitely) )?(?:(?:need|"
    r"ought|should|could|got) (?:to )?|have to )(?!(?:feel|be|hear|know)\b)[a-z]+"
    r"|(?:[,;]\s*|\bso\s+)(?:maybe|perhaps)\s+(?:just\s+)?" + _VERBS + r"\b"
    r"|\b(?:it'?s|its|it is|it'?d be|it would be) (?:probably |maybe |definitely "
    r"|honestly )(?:easier|better|best|safer|wiser|kinder) (?:for you )?to (?:just )?"
    r"(?!(?:hear|see|know|say|feel|blame)\b)[a-z]+"
    r"|\b(?:it'?s|its|it is) (?:probably |definitely )?best to (?!(?:hear|know)\b)"
    r"|\b(?:a|an) (?:\w+ ){1,2}(?:might|could|would|will) (?:really |also )?(?:give you "
    r"(?:some|more|a bit of)|help (?:you|with))\b"
    r"|\b(?:they|these|those|it|that)(?:'?re| are|'?s| is) (?:really |so |actually "
    r"|meant to be )?(?:good|great|brilliant|helpful) for (?:anxiety|stress|sleep|"
    r"panic|nerves|worry|low mood|grief)\b",
    re.IGNORECASE,
)

ADVICE_QUESTION_2026_12 = re.compile(
    r"^\W*(?:(?:ok|okay|so|maybe|and|just),?\s+)*try (?:just |maybe )?[a-z]+ing\b"
    r"|\bhave you (?:ever |not |already )?tried (?!(?:before|that|this|it|anything "
    r"like|to (?:kill|hurt|end|harm))\b)"
    r"|\b(?:have you got|is there|do you have) (?:any|some|a)(?:one|body| \w+){0,2} "
    r"(?:who|that) (?:could|can|might|would) (?:sit|take|help|look after|watch|cover|"
    r"mind|pick|give|lend|drive|babysit|step in|come|stay)\b"
    r"|\b(?:could|can|couldn'?t) (?:your \w+|he|she|they|(?-i:[A-Z][a-z]+)) "
    r"(?:maybe |just |not )?(?:pay|chip in|help out|take over)\b",
    re.IGNORECASE,
)


def advises_more(text: str) -> bool:
    """Whether `text` gives advice in one of the 2026.12-1 forms (statement or
    question)."""
    return bool(
        ADVICE_STATEMENT_2026_12.search(text) or ADVICE_QUESTION_2026_12.search(text)
    )
