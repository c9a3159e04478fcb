"""Which fact-sheet domain a trainee's question asks about, if any.

"Do you have any children?", "How are you sleeping?", "Have you ever heard
voices?" are questions about the patient's life, not about the CCD: they get a
direct answer from the fact sheet (`facts.py`). Screening and risk questions are
recognised first and always (a clinician's screening question must never get a
hedge); everyday domains only when the question is not about a CCD layer ("How
did you feel at work?" is about a feeling, "Are you working?" about work).

Pure regular expressions. The suicidal-thought follow-ups ("How often?", "Do you
have a plan?") are read as such only inside a risk conversation (`risk_context`)
or when the question itself names the thoughts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from patients.simulation.facts import FactSheet
from patients.simulation.focus import FOCUS_LAYER, question_focus
from patients.simulation.text import split_sentences


@dataclass(frozen=True, slots=True)
class FactQuestion:
    domain: str
    person: str | None = None
    # What about the person: "age" ("How old is Kayla now?") or "work" ("What
    # does Ed do?"); None for the person in general.
    detail: str | None = None


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


_ANYONE = r"(?:any ?one|some ?one|any ?body|some ?body|people|others|other people)"
_WHO = (
    r"(?:the baby|your (?:baby|son|daughter|kids?|children|child|mother|mum|mom|"
    r"father|dad|wife|husband|partner|boyfriend|girlfriend|boss|manager|colleagues?|"
    r"family|brother|sister|flatmate)|the (?:person|people)|him|her|them|[A-Z][a-z]+)"
)
# Screening: checked first, on every question.
SCREENING: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "self_harm_history",
        _rx(
            r"\bself[- ]?harm",
            r"\b(?:hurt|harm|cut|burn|injure)(?:ing|ed)? (?:yourself|your ?self)\b",
            r"\bdone anything to (?:hurt|harm) yourself\b",
            r"\b(?:done|do|did) (?:anything|something) to yourself\b|\bcutting\b|"
            r"\b(?:hurt|harm)(?:ed)? yourself on purpose\b",
        ),
    ),
    (
        "harm_to_others",
        _rx(
            rf"\b(?:hurt|harm|kill|hit|attack|injure|shake)(?:ing)? {_WHO}",
            rf"\b(?:hurt|harm|kill|hit|attack|injure)(?:ing)? {_ANYONE}\b",
            r"\bthoughts? (?:of|about) (?:hurting|harming|killing|violence)\b"
            r"(?! (?:yourself|your ?self))",
            r"\b(?:violent|violence|lash(?:ed|ing)? out physically|get(?:ting)? "
            r"physical)\b",
            r"\b(?:a danger|dangerous) to (?:anyone|others|other people|the baby|"
            r"your)\b",
        ),
    ),
    (
        "being_hurt",
        _rx(
            rf"\b{_ANYONE}\b.{{0,25}}\b(?:hurt|hurting|harm|harming|hit|hitting|"
            r"threaten|threatening|abuse|abusing|bully|bullying|scare|scaring|"
            r"frighten|frightening|control|controlling)\w*(?: you\b| or makes you)",
            r"\b(?:safe|unsafe) (?:at home|where you live|with (?:him|her|them|your))\b",
            r"\b(?:feel|feeling|makes? you feel|making you feel) unsafe\b",
            r"\b(?:afraid|scared|frightened) of (?:him|her|your (?:partner|husband|"
            r"wife|boyfriend|girlfriend)|anyone at home)\b",
            r"\babus(?:e|ed|ive)\b|\bdomestic (?:violence|abuse)\b",
            r"\b(?:feel|feeling|are you|be) safe (?:at home|where you live|in your "
            r"(?:home|house|relationship))\b|\brough with you\b",
            r"\b(?:scared|afraid|frightened|nervous) (?:to go|of going) home\b|"
            r"\bmade? you (?:feel )?(?:scared|afraid|frightened|unsafe)\b",
            r"\b(?:has|have|does|did) (?:he|she|they|your \w+) (?:ever )?(?:hit|hurt|"
            r"harm|push|shove|threaten)\w*",
        ),
    ),
    (
        "voices",
        _rx(
            r"\bvoices?\b(?! (?:mail|message|note))",
            r"\b(?:hear|hearing|heard|see|seeing|seen) (?:things|stuff|people|"
            r"anything|voices?|someone|somebody)\b.{0,50}\b(?:aren'?t|isn'?t|not|"
            r"wasn'?t|weren'?t|can'?t|don'?t|couldn'?t|others|other people|nobody|"
            r"no one|no-one)\b",
            r"\bhallucinat",
            r"\bunusual (?:experiences?|things)\b|\bstrange experiences?\b",
            r"\b(?:being watched|being followed|spied on|plotting against|"
            r"messages? (?:from|on) the (?:tv|radio)|special messages?)\b",
            r"\bmind playing tricks\b|\bthoughts? (?:being )?(?:put|inserted) "
            r"(?:in|into)\b",
            # Indirect: "feel their thoughts aren't their own, or hear things".
            r"\bthoughts? (?:aren'?t|are not|isn'?t|is not) (?:your|their|my) own\b|"
            r"\b(?:hear|hearing|see|seeing) things\b|\bsee or hear\b|\bhear or see\b|"
            r"\b(?:isn'?t|aren'?t|wasn'?t|weren'?t) (?:really )?there\b|"
            r"\bsending (?:you )?(?:messages|signals)\b|\bmind'?s? (?:is )?being read\b|"
            r"\bread(?:ing)? your (?:mind|thoughts)\b",
        ),
    ),
)
SUICIDAL = _rx(
    r"suicid",
    r"\bkill(?:ing)? (?:yourself|your ?self)\b",
    r"\bend(?:ing)? (?:(?:your|one'?s) (?:own )?life|it all|things)\b",
    r"\btake (?:your|one'?s) (?:own )?life\b",
    r"\bbetter off dead\b|\b(?:want(?:ed)?|wish(?:ed)?|wishing) (?:you (?:were|was) )?"
    r"(?:to )?(?:die|dead)\b",
    r"\b(?:don'?t|not|didn'?t) want(?:ing)? to (?:live|be here|be alive|wake up|go on|"
    r"carry on)\b",
    r"\bthoughts? (?:of|about) (?:death|dying|not being here|not waking up|"
    r"ending)\b",
    r"\blife (?:is|isn'?t|was|wasn'?t) (?:not )?worth\b|\bnot (?:be|being) "
    r"(?:here|around|alive)\b",
    r"\bno longer (?:be )?(?:here|alive|around)\b|\bgive up on life\b",
    r"\bgo to sleep and not wake\b|\bnot (?:to )?wak(?:e|ing) up\b",
    r"\b(?:weren'?t|wasn'?t|not) (?:here|alive|around) any ?more\b|"
    r"\bwish(?:ing|ed)? (?:that )?(?:you|i) (?:weren'?t|wasn'?t|were not) "
    r"(?:here|alive|around)\b",
    r"\bdisappear (?:for good|forever)\b|\bend it\b",
)
# Follow-ups; `SI_WORDS` marks a question as about the thoughts even without
# context ("Have you made a plan to end your life?").
SI_FOLLOW_UPS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "si_past_attempts",
        _rx(
            r"\b(?:ever|before|previously|in the past)\b.{0,40}\b(?:tried|attempt"
            r"\w*|acted on)",
            r"\b(?:tried|attempted) (?:to )?(?:end|take|kill|hurt|do something)\b",
            r"\b(?:past|previous|prior|earlier) (?:attempts?|suicide attempts?)\b",
            r"\boverdose\w*",
            r"\bacted on (?:them|these|those|it|that|the thoughts?)\b.{0,20}\b(?:before|"
            r"ever|past)\b",
            r"\bever (?:acted|done anything)\b",
        ),
    ),
    (
        "si_plan",
        _rx(
            r"\bplan(?:s|ned|ning)?\b",
            r"\bthought (?:about|through) how\b|\bhow you (?:would|might|could) (?:do|end)\b",
            r"\bprepar\w*|\bwritten a note\b|\b(?:a|any) note\b|\baffairs in order\b|"
            r"\bwhen or where\b|\bhow or when\b|\bways (?:of|to) (?:dying|die|end|kill)\b|"
            r"\blooked into\b",
            r"\bworked out (?:how|a way)\b|\bspecific (?:way|method|idea)\b",
        ),
    ),
    (
        "si_means",
        _rx(
            r"\bmeans\b",
            r"\b(?:access to|got|have|keep|kept|saved|stored|stockpil\w*|collect\w*) "
            r"(?:any )?(?:pills|tablets|medication|medicines?|a gun|guns|weapons?|"
            r"rope|firearms?)\b",
            r"\b(?:pills|tablets|medications?|medicines?|guns?|weapons?)\b.{0,30}"
            r"\b(?:at home|in the house|around|saved|kept|still)\b",
            r"\b(?:something|anything)\b.{0,40}\b(?:you could|to|you'?d|you might) "
            r"(?:use|do it with|hurt yourself)\b|\blike pills\b",
            r"\b(?:how|what) would you (?:do it|use)\b",
        ),
    ),
    (
        "si_frequency",
        _rx(
            r"\bhow often\b|\bhow many times\b|\bfrequen",
            r"\b(?:every|each) (?:day|night|week)\b",
            r"\bhow (?:long|much) (?:do|does|have) (?:they|these|the thoughts?|it)\b",
            r"\bwhen (?:do|did) (?:they|these|the thoughts?|it) (?:come|start|happen)\b",
            r"\b(?:how long|when) (?:have you been|did you start) (?:having|feeling|"
            r"thinking)\b",
            r"\bwhen did (?:they|these|those|the) (?:thoughts? )?(?:first )?(?:start|"
            r"begin|come)\b",
        ),
    ),
    (
        "si_protective",
        _rx(
            r"\bkeeps? you (?:going|here|safe|alive)\b|\bkept you (?:going|safe|alive)\b",
            r"\bstops? you\b|\bstopped you\b|\bholds? you back\b",
            r"\breasons? (?:to|for) (?:live|living|keep going|stay|carry on)\b",
            r"\bwhat (?:helps|gets you through|makes (?:it|life) worth)\b",
            r"\bprotect\w*\b|\bhold(?:s|ing)? on\b|\banchors? you\b",
        ),
    ),
    (
        "si_support",
        _rx(
            r"\bwho (?:could|would|can|might|do) you (?:tell|talk|call|turn|reach|go|"
            r"speak|ring)\b",
            r"\b(?:anyone|someone|somebody|anybody) (?:you (?:could|can|would|trust)|"
            r"to (?:talk|tell|call|turn))\b",
            r"\b(?:does|do) (?:anyone|anybody|your family|your (?:son|daughter|"
            r"children)) know\b|\btold (?:anyone|anybody|someone)\b",
            r"\bsupport\b|\bcrisis (?:line|team|number)\b|\bsamaritans\b|\bhelpline\b",
            r"\bwho (?:knows|is there for you)\b",
        ),
    ),
    (
        "si_intent",
        _rx(
            r"\bintend\w*|\bintent(?:ion)?s?\b",
            r"\b(?:act|acting) on\b",
            r"\b(?:would|will|might|could) you (?:actually |ever )?(?:do it|do "
            r"something|go through with)\b",
            r"\bgoing to (?:do|act|go through)\b|\bhow likely\b|\bgo through with\b",
            r"\bdo you think you (?:would|will|might) (?:do|act)\b",
            r"\b(?:thought about|considered|think about) (?:actually )?doing (?:something|"
            r"anything)\b|\bdo(?:ing)? something about it\b",
            r"\b(?:be|keep yourself|stay|feel) safe\b",
            r"\bhow (?:strong|intense|bad|powerful) (?:are|do|is|have)\b|\burges?\b",
        ),
    ),
)

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
            r"\bsleep\w*|\binsomnia\b|\bkip\b|\bshut-?eye\b|\bnightmares?\b|\bslept\b|\bbed(?:time)?\b|\bwak(?:e|ing) (?:up )?"
            r"(?:in the night|at night|early)\b|\bnights?\b.{0,20}\b(?:like|been)\b"
        ),
    ),
    (
        "appetite",
        _rx(
            r"\bappetite\b|\beat(?:ing)?\b|\bfood\b|\bmeals?\b|\bweight\b|\bhungry\b|"
            r"\bate\b"
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
            r"\bjust you\b|\bsomeone else (?:there|at home|living)\b|\bat home\b.{0,30}"
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
# Inside a risk conversation a short follow-up is read by what it asks about,
# not by exact phrases: how often, how, whether it went further, whether they
# would, with what, what stops them, who knows. First match wins; the order puts
# the narrow readings first ("anything or anyone holding you back" is about
# what stops them, not about who knows).
SI_BY_MEANING: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "si_past_attempts",
        _rx(
            r"\b(?:gone|got|went|go) (?:any |much )?(?:further|as far as|beyond)\b",
            r"\b(?:more than|beyond) (?:just )?(?:thinking|thoughts?|a thought)\b",
            r"\bever (?:tried|trying|attempted|done (?:it|anything|something))\b",
            r"\bclose (?:to|call)\b|\btried (?:it|anything|something)\b",
        ),
    ),
    (
        "si_plan",
        _rx(
            r"\b(?:a|any|the) (?:way|method|means of|idea of how)\b",
            r"\bdetails?\b|\b(?:worked|figured|thought) (?:it |that |this )?(?:out|through)\b",
            r"\bhow (?:you'?d|you would|would you|you might|exactly|you'?d go about)\b",
            r"\b(?:where|when) (?:you'?d|you would|would you)\b",
        ),
    ),
    (
        "si_means",
        _rx(
            r"\b(?:stuff|things?|anything|something|pills|tablets)\b.{0,40}\b(?:house|home|"
            r"flat|could use|to hand|around|lying about|kept|saved)\b",
            r"\bget (?:hold of|your hands on)\b|\baccess\b",
        ),
    ),
    (
        "si_protective",
        _rx(
            r"\bkeeps? (?:you )?(?:going|here|safe|alive)\b|\bkeep(?:ing)? going\b",
            r"\bhold(?:s|ing)? (?:you )?back\b|\bstop(?:s|ping)? you\b|\bstopped\b",
            r"\bwant(?:s)? to (?:keep|carry|stay|live|be here|go on)\b|\breasons?\b",
            r"\blook(?:ing)? forward\b|"
            r"\bgets? you through\b|\bhope\b|\bmatters? (?:to you|most)\b",
        ),
    ),
    (
        "si_support",
        _rx(
            r"\b(?:anyone|anybody|someone|somebody|people|family|friends?|your \w+)\b"
            r".{0,30}\b(?:know|knows|knew|aware|told|noticed)\b",
            r"\b(?:told|tell|talked to|talk to|spoken to|confided in|let) "
            r"(?:anyone|anybody|someone|somebody|people|your|a friend|family)\b",
            r"\bwho (?:else )?(?:knows|knew|have you told|could you tell|is there)\b",
        ),
    ),
    (
        "si_intent",
        _rx(
            r"\b(?:go|going|gone) through with\b|\bact(?:ed|ing)? on\b",
            r"\b(?:would|will|could|might) you (?:ever |actually |really )?(?:do|act)\b",
            r"\bdo (?:it|something|anything)\b|\bmean (?:to|it)\b|\bseriously\b",
        ),
    ),
    (
        "si_frequency",
        _rx(
            r"\b(?:most|some|every|all|many|how many|few) (?:nights?|days?|weeks?|"
            r"mornings?|evenings?|times?)\b|\bnow and (?:then|again)\b",
            r"\bonce in a while\b|\boccasional\w*|\ball the time\b|\bconstant\w*|"
            r"\bbad days\b|\bhow often\b|\boften\b|\bregular\w*",
            r"\blast (?:time|felt|had|thought)\b|\bwhen did you last\b|\brecent\w*|"
            r"\bhow long\b|\bwhen (?:do|did|does) (?:it|they|that)\b|\bwhen did\b",
        ),
    ),
)
# A question that points back at what was just said ("feel like that", "those
# thoughts"): inside a risk conversation it is about the suicidal thoughts.
_POINTS_BACK = re.compile(
    r"\b(?:like (?:that|this)|that way|this way|those|these|them|it|that|the thoughts?)\b",
    re.IGNORECASE,
)
_CLOSED = re.compile(
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but|sorry|right)[,.]?\s+)*"
    r"(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will|any|anyone)\b",
    re.IGNORECASE,
)
_WHO_IS = re.compile(
    r"\b(?:who(?:'s| is| was)|tell me (?:a bit |more )?about|how old is|how is|"
    r"how'?s|what'?s \w+ like|what is \w+ like|are you close to|do you see|"
    r"what happened (?:to|with)|how do you know|how did you (?:meet|get to know)|"
    r"how often do you (?:see|talk to|speak to|hear from|call|ring)|"
    r"does \w+ (?:know|help|live|visit|work)|what does \w+ do|"
    r"what(?:'?s| is) (?:your )?\w+?'?s? name)\b",
    re.IGNORECASE,
)
# A question about a CCD layer ("How did you feel...?") is not a fact question.
_CCD_FOCUS = {k for k, layer in FOCUS_LAYER.items() if layer >= 1} | {
    "agenda",
    "goal",
}


def _questions(text: str) -> list[str]:
    sentences = split_sentences(text) or [text]
    asked = [s for s in sentences if s.rstrip().endswith("?")]
    if not asked:
        # Typed without a question mark: "do you smoke or vape at all".
        asked = [s for s in sentences if _CLOSED.match(s) or _WH.match(s)]
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


def fact_question(
    text: str, facts: FactSheet, *, risk_context: bool = False
) -> FactQuestion | None:
    """The domain a question is about (see the module docstring), or None."""
    questions = _questions(text)
    if not questions:
        return None
    last = questions[-1]
    joined = " ".join(questions)
    for domain, pattern in SCREENING:
        if pattern.search(last):
            return FactQuestion(domain)
    si_named = bool(SUICIDAL.search(joined))
    if si_named or risk_context:
        sentences = list(reversed(split_sentences(text)))
        for sentence in [last, *sentences]:
            for domain, pattern in SI_FOLLOW_UPS:
                if pattern.search(sentence):
                    return FactQuestion(domain)
        if risk_context:
            for domain, pattern in SI_BY_MEANING:
                if pattern.search(last):
                    return FactQuestion(domain)
        if si_named:
            return FactQuestion("suicidal_thoughts")
    for domain, pattern in SCREENING:
        # "Some people hear voices when... Has anything like that happened?":
        # the screening may sit in the sentence before the question.
        if pattern.search(joined) or (_ANAPHORA.search(last) and pattern.search(text)):
            return FactQuestion(domain)
    for question in reversed(questions):
        found = _everyday(question, facts)
        if found is not None:
            return found
    if risk_context and _POINTS_BACK.search(last):
        # Still about the thoughts just disclosed: restate the sheet's answer
        # (never a hedge that could read as "yes" to a plan).
        return FactQuestion("suicidal_thoughts")
    if _ANAPHORA.search(last):
        # "Weed, pills, anything like that. Is that something you do?": the
        # domain was named in the sentence before the question.
        for sentence in reversed(split_sentences(text)):
            found = _everyday(sentence, facts)
            if found is not None:
                return found
    return None


_WH = re.compile(
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but)[,.]?\s+)*(?:who|what|when|where|"
    r"how|why|which)\b",
    re.IGNORECASE,
)
_ANAPHORA = re.compile(
    r"\b(?:like that|like this|such|those|these|that|this|it|anything|ever)\b",
    re.IGNORECASE,
)
_YOU_ASKED = re.compile(
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but)[,.]?\s+)*(?:do|are|have|did|were|"
    r"would|could|can|will) you\b",
    re.IGNORECASE,
)


def _domain_hits(question: str, *, people: bool = False) -> list[tuple[int, int, str]]:
    # The domain named first is what the question is about: "Were you working
    # before the baby came?" asks about work.
    return [
        (m.start(), rank, domain)
        for rank, (domain, pattern) in enumerate(DOMAIN_PATTERNS)
        if (people or domain != "people") and (m := pattern.search(question))
    ]


_STARTED = re.compile(
    r"^(?:(?:and|so|okay|ok|well)[,.]?\s+)*(?:when|how long ago|how far back)\b.{0,50}"
    r"\b(?:start(?:ed)?|began|begin|kick(?:ed)? (?:off|in)|go(?:es)? back)\b|^how far back\b",
    re.IGNORECASE,
)
_AGE = re.compile(r"\bhow old\b|\bwhat age\b|\bage\b", re.IGNORECASE)
_JOB = re.compile(
    r"\bwhat (?:does|did) \w+ do\b(?! (?:about|when|then|after))|\bfor (?:a )?(?:living|work)\b|"
    r"\b(?:job|work|works|working)\b",
    re.IGNORECASE,
)


def _detail(question: str) -> str | None:
    if _AGE.search(question):
        return "age"
    if _JOB.search(question):
        return "work"
    return None


_SYNONYMS = {"mother": "mum|mom|mother", "father": "dad|father", "partner": "partner"}
# Specific domains win over broad ones named in the same question ("Has your GP
# given you anything, like tablets?" is about medication, not health).
_SPECIFIC = frozenset(
    {"previous_help", "medication", "alcohol", "drugs", "sleep", "appetite"}
)


def _everyday(last: str, facts: FactSheet) -> FactQuestion | None:
    focus = question_focus(last)
    closed = bool(_CLOSED.match(last))
    if focus not in {"emotion", "thought"}:
        # "Who's Jean?", "What happened to your brother?": the person, not a layer.
        for person in facts.people:
            first = person.name.split()[0]
            relation = person.relation.split()[-1].lower()
            words = _SYNONYMS.get(relation, re.escape(relation))
            named = re.search(rf"\b{re.escape(first)}\b", last) or re.search(
                rf"\byour (?:{words})(?:'?s)?\b", last, re.IGNORECASE
            )
            if named and (_WHO_IS.search(last) or closed):
                if _YOU_ASKED.match(last) and _domain_hits(last):
                    # "Do you and Luca have kids?": about the patient's life.
                    break
                return FactQuestion("people", person=person.name, detail=_detail(last))
    if focus in _CCD_FOCUS and not closed:
        # "When would you say the worry started?" names a feeling but asks when.
        if _STARTED.search(last):
            return FactQuestion("timeline")
        return None
    hits = _domain_hits(last, people=True)
    if any(h[2] in _SPECIFIC for h in hits):
        hits = [h for h in hits if h[2] in _SPECIFIC]
    if len(hits) > 1:
        # "How long were you at the company?" is about work, not the problem's
        # timeline; the timeline is asked about on its own.
        hits = [h for h in hits if h[2] != "timeline"]
    if hits:
        return FactQuestion(min(hits)[2])
    return None
