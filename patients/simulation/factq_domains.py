"""The everyday fact-sheet domains and the words that name them.

One pattern per domain (previous help, medication, drink, drugs, sleep, eating,
children, partner, home, work, money, health, when it began, the people in
their life), in priority order: the reader in `factq.py` takes the domain named
first in a question, specific ones (medication, sleep...) over broad ones.

The patterns include the clipped, euphemistic and slang ways a trainee types
them in a chat ("what time do you crash", "out at the pub much", "for a crust"),
so the wording need not be clinical to reach the sheet's line.

Pure regular expressions, no Django.
"""

from __future__ import annotations

import re


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


# Everyday domains, in priority order.
DOMAIN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "previous_help",
        _rx(
            r"\b(?:seen|see|saw|had|tried|been to|talked to|spoken to|spoke to) "
            r"(?:a |any |some )?(?:counsel+or|therapist|psychologist|psychiatrist|"
            r"counsel+ing|therapy|mental health|professional|anyone (?:about|like|"
            r"before))",
            r"\b(?:counsel+ing|therapy|counsel+or|therapist)\b.{0,30}\b(?:before|"
            r"previously|in the past|ever)\b",
            r"\b(?:before|previously|in the past|ever)\b.{0,30}\b(?:counsel+ing|"
            r"therapy|counsel+or|therapist|help for)\b",
            r"\bfirst time (?:you'?ve|you have|seeing|talking|in)\b",
            r"\b(?:had|got|get|getting) (?:any )?(?:help|support) (?:before|for this|"
            r"with this)\b",
        ),
    ),
    (
        "medication",
        _rx(
            r"\bmedicat\w*|\bmeds\b|\bmedicines?\b|\bprescri\w*|\bantidepressant\w*",
            r"\b(?:taking|take|on) (?:any )?(?:tablets|pills|anything)\b|\btablets\b|"
            r"\bpills\b",
        ),
    ),
    (
        "alcohol",
        _rx(
            r"\bdrink(?:s|ing)?\b(?! (?:water|tea|coffee))|\balcohol\w*|\bwine\b|"
            r"\bbeers?\b|\bpints?\b|\bbooze\b|\bdrunk\b|\bunits\b"
        ),
    ),
    (
        "drugs",
        _rx(
            r"\bdrugs?\b|\bcannabis\b|\bweed\b|\bmarijuana\b|\bcocaine\b|\bsubstances?\b|"
            r"\brecreational\b|\bsmok(?:e|es|ing)\b|\bvap(?:e|es|ing)\b"
        ),
    ),
    (
        "sleep",
        _rx(
            r"\bsleep\w*\b(?! (?:tablets|pills|meds|medication))|\binsomnia\b|\bkip\b|\bshut-?eye\b|\bnightmares?\b|\bslept\b|\bbed(?:time)?\b|\bwak(?:e|ing) (?:up )?"
            r"(?:in the night|at night|early)\b|\bnights?\b.{0,20}\b(?:like|been)\b"
        ),
    ),
    (
        "appetite",
        _rx(
            r"\bappetite\b|\beat(?:s|ing|en)?\b|\bfood\b|\bmeals?\b|\bweight\b|"
            r"\bhungry\b|\bate\b|\bdiet\b|\bcook(?:s|ing|ed)?\b|\btakeaways?\b|\blunch\b|"
            r"\bdinners?\b|\bbreakfast\b|\bsnack\w*"
        ),
    ),
    (
        "children",
        _rx(
            r"\bkids?\b|\bchild(?:ren)?\b|\bsons?\b|\bdaughters?\b|\bbaby\b|"
            r"\bgrand(?:children|kids|son|daughter)\b|\bany little ones\b"
        ),
    ),
    (
        "partner",
        _rx(
            r"\bpartner\b|\bmarried\b|\bhusband\b|\bwife\b|\bboyfriend\b|\bgirlfriend\b|"
            r"\bspouse\b|\bin a relationship\b|\bbeen together\b|\bseeing (?:anyone|someone)\b|"
            r"\bsingle\b|\bdivorced?\b|\b(?:some|any) ?(?:one|body) special\b|\bwidow\w*|\bsignificant other\b|\bdating\b"
        ),
    ),
    (
        "living_situation",
        _rx(
            r"\blive (?:with|alone|on your own|by yourself|together)\b|\bliving (?:with|alone|"
            r"situation|arrangements?|on your own)\b|\bwho (?:do you live|lives|is at "
            r"home|else is at home)\b|\bwhere (?:do you|are you) liv",
            r"\b(?:at home|your home|house|flat|apartment)\b.{0,20}\b(?:who|with|alone)\b",
            r"\bon your own\b.*\bhome\b|\blive\b.{0,15}\b(?:house|flat|apartment)\b",
            r"\b(?:lived|living|lives) (?:with (?:you|me)|together)\b|"
            r"\b(?:live|living) in (?:halls|a|the|your)\b|\bhalls\b|\bjust you\b|\bsomeone else (?:there|at home|living)\b|\bat home\b.{0,30}"
            r"\b(?:someone|anyone|else|with you)\b",
        ),
    ),
    (
        "work",
        _rx(
            r"\bwork(?:ing|ed|s)?\b(?! (?:out|through))|\bjobs?\b|\bemploy\w*|\bcareer\b|"
            r"\bretired\b|\bstud(?:y|ying|ent)\b|\bcompany\b|\bfirm\b|\bemployer\b|"
            r"\bpromot\w*|\b(?:the|that|your) (?:office|shop|agency|ward)\b|\buniversity\b|\bcollege\b|"
            r"\bcourse\b|\bfor a living\b|\boccupation\b|\bprofession\b"
        ),
    ),
    (
        "money",
        _rx(
            r"\bmoney\b|\bfinanc\w*|\bafford\b|\bbills?\b|\bdebts?\b|\brent\b|"
            r"\bmortgage\b|\bincome\b|\bsavings\b|\bbenefits\b|\bskint\b|\bbroke\b"
        ),
    ),
    (
        "health",
        _rx(
            r"\bhealth\b|\bphysical(?:ly)?\b|\billness(?:es)?\b|\bmedical\b|"
            r"\bconditions?\b|\bpain\b|\bblood pressure\b|\bheadaches?\b|"
            r"\bdiagnos\w*|\bGP\b|\bdoctor\b|\btests?\b|\bresults\b|\bscans?\b|"
            r"\bcheck-?ups?\b"
        ),
    ),
    (
        "timeline",
        _rx(
            r"\bhow long (?:has|have|did|is|was)\b",
            r"\bwhen did (?:this|it|all this|all of this|that|the \w+|these \w+|you "
            r"(?:first )?(?:start|notice|begin))\b",
            r"\bsince when\b|\b(?:first )?(?:start(?:ed)?|began|begin) (?:to )?"
            r"(?:feel|notice|happen)\b|\bwhen (?:was|were) the first\b",
            r"\bhow long ago\b|\bhow long (?:have|has) (?:you|things|this|it)\b",
            r"\bhow far back\b|\bwhen\b.{0,40}\b(?:start(?:ed)?|began|begin|kick(?:ed)? "
            r"(?:off|in)|first (?:notice|came|appear)\w*)\b",
        ),
    ),
    (
        "people",
        _rx(
            r"\b(?:any )?(?:family|friends?|siblings?|brothers?|sisters?|parents?|"
            r"mother|mum|mom|father|dad|relatives?|colleagues?|manager|boss|"
            r"flatmates?|roommates?)\b",
            r"\bwho (?:is|are|'?s) (?:important|close|around|there for you|in your "
            r"life)\b|\banyone (?:close|you can talk to|to talk to)\b",
        ),
    ),
)
