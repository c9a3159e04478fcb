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
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FactQuestion:
    domain: str
    person: str | None = None
    # What about the person: "age" ("How old is Kayla now?") or "work" ("What
    # does Ed do?"); None for the person in general.
    detail: str | None = None
    # A second everyday domain asked in the same turn ("How are you sleeping,
    # and are you eating ok?"): both are answered, briefly, in the order asked.
    also: str | None = None


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
            # Services used before, in lay words: "used any mental health
            # services", "anyone from the mental health side", "a shrink".
            r"\bmental health (?:services?|teams?|side|support|nurses?|workers?|"
            r"professionals?|crisis)\b|\b(?:counsel+ing|therapy|psycholog\w*) services?\b",
            r"\b(?:used|accessed|referred to|involved with|been under) (?:any |the |a |"
            r"some )?(?:\w+ )?(?:counsel+\w*|therap\w*|psycholog\w*|psychiatr\w*|"
            r"mental health)",
            # Counselling asked about as something had: "is counselling new to
            # you?", "any counselling at university?", "anyone else, like a
            # therapist?" (not "what would a good counsellor say?").
            r"\bany (?:counsel+ing|therapy|counsel+ors?|therapists?|psycholog\w+)\b",
            r"\b(?:counsel+ing|therapy)\b.{0,25}\bnew (?:to|for) you\b|\bnew to "
            r"(?:counsel+ing|therapy)\b",
            r"\b(?:like|such as) a (?:therapist|counsel+or|psychologist|psychiatrist)\b",
            r"\b(?:support|help|treatment|anyone|someone|seen|see)\b.{0,20}\bmental "
            r"health\b",
            r"\bshrinks?\b|\btalking therap\w*|\b(?:bereavement|couples|student) "
            r"counsel+\w*|\bemployee assistance\b|\bEAP\b",
            r"\b(?:first|second) (?:go|time|try) (?:at|with|in) (?:counsel|therap|this)",
            # Therapies by name: "ever done CBT or anything like that?", "had any
            # EMDR?", "been in a support group?".
            r"\b(?:CBT|DBT|EMDR|IAPT|psychotherapy|psychoanalysis|hypnotherapy|group "
            r"therapy|support groups?|self-help (?:course|programme|program|books?|apps?))\b",
            r"\b(?:seen|see|saw|talked to|spoken to|been to) (?:any ?(?:one|body)|some ?"
            r"(?:one|body)) (?:about|for|like|before|professional)",
        ),
    ),
    (
        "medication",
        _rx(
            r"\bmedicat\w*|\bmeds\b|\bmedicines?\b|\bprescri\w*|\bantidepressant\w*",
            r"\b(?:taking|take|on) (?:any )?(?:tablets|pills|anything)\b|\btablets\b|"
            r"\bpills\b|\bbeta[- ]?blockers?\b|\bsertraline\b|\bcitalopram\b",
            # "did you end up taking what the doctor offered?"
            r"\b(?:doctor|doc|gp)\b.{0,20}\b(?:(?:give|gave|given|offer(?:ed)?) "
            r"(?:you )?(?:anything|something)|offered|put you on|started you on)\b",
            r"\btak(?:e|ing|en) (?:what|the stuff|whatever) (?:the |your )?"
            r"(?:doctor|doc|gp)\b",
        ),
    ),
    (
        "alcohol",
        _rx(
            r"\bdrink(?:s|ing)?\b(?! (?:water|tea|coffee))|\balcohol\w*|\bwine\b|"
            r"\bbeers?\b|\bpints?\b|\bbooze\b|\bdrunk\b|\bunits\b",
            # "out at the pub much", "a drop of something", "big drinker".
            r"\bdrinkers?\b|\bcans\b|\bpubs?\b|\bbars?\b(?! of)|\bglass of\b(?! water)|"
            r"\bdrop of\b|\bsherry\b|\bwhisk(?:e)?y\b|\bvodka\b|\bspirits\b|"
            r"\btipple\b|\bnightcap\b|\bhang ?overs?\b|\bhungover\b|\btinnies\b|"
            r"\btins\b|\bbevv(?:y|ies)\b|\bsesh\b|\balch\w*ol\b|\balcohal\b",
            # "hitting the grog", "on the sauce", "turned to the bottle", "a bender".
            r"\bgrog\b|\b(?:hit\w*|on|off|turn\w* to|reach\w* for) the (?:bottle|sauce|"
            r"piss|turps|drink)\b|\bliquor\b|\blager\b|\bcider\b|\bgin\b|\brum\b|"
            r"\bbenders?\b|\bplastered\b|\bsloshed\b|\btipsy\b",
        ),
    ),
    (
        "drugs",
        _rx(
            r"\bdrugs?\b|\bcannabis\b|\bweed\b|\bmarijuana\b|\bcocaine\b|\bsubstances?\b|"
            r"\brecreational\b|\bsmok(?:e|es|ing)\b|\bvap(?:e|es|ing)\b",
            # "anything stronger", "stuff at parties", "anything to stay awake".
            r"\banything stronger\b|\bcoke\b|\bMDMA\b|\becstasy\b|\bpills,? (?:coke|"
            r"weed|powder)",
            r"\b(?:offer(?:ed)? you|take|took|taking) (?:any |some )?(?:stuff|anything|"
            r"something)\b.{0,15}\bpart(?:y|ies)\b|\bpart(?:y|ies)\b.{0,30}\b(?:take|"
            r"taking|took) (?:any|anything|stuff)\b",
            r"\b(?:take|took|taken|taking|use|used|using) (?:anything|something|stuff)"
            r"\b.{0,25}\bto (?:stay awake|keep (?:you )?going|take the edge off|get high)",
        ),
    ),
    (
        "sleep",
        _rx(
            r"\bsleep\w*\b(?! (?:tablets|pills|meds|medication))|\binsomnia\b|\bkip\b|\bshut-?eye\b|\bnightmares?\b|\bslept\b|\bbed(?:time)?\b|\bwak(?:e|ing) (?:up )?"
            r"(?:in the night|at night|early)\b|\bnights?\b.{0,20}\b(?:like|been)\b",
            # "what time do you crash / drop off / turn in", "get your head down".
            r"\b(?:drop(?:ping)?|drift(?:ing)?|nod(?:ding)?) off\b|\bturn(?:ing)? in\b"
            r"(?= (?:at|these|now|most|of|these|usually)|\?|$)|\bcall(?:ing)? it a night\b|"
            r"\b(?:get|getting) (?:your|my) head down\b|\bhit the (?:hay|sack)\b|"
            r"\blie (?:there )?awake\b|\bup late\b|\bstay(?:ing)? up\b|\binto the "
            r"(?:night|small hours|early hours)\b|\ball hours\b",
            r"\bwhat time (?:do|did|would|are) you (?:\w+ )?(?:crash|turning in|end up)\b|"
            r"\bcrash(?:ing)? (?:out|after)\b",
            # The nights asked about, or what wakes them or keeps them up: "how
            # are the nights?", "does the baby wake you?", "is it keeping you
            # awake?" ("is the little one keeping you up" asks about the child).
            r"\bhow (?:are|were|have|'?s) (?:the|your) nights?\b|\bnights? (?:been|going)\b|"
            r"\bwak(?:e|es|ing|ed) you\b|\b(?:it|this|that|things|work|the (?:worry|"
            r"stress|thoughts?))\b.{0,10}\bkeep(?:s|ing)? you (?:up|awake)\b|"
            r"\bup (?:at|in the) night\b|\bbroken nights?\b",
        ),
    ),
    (
        "appetite",
        _rx(
            # Not the figure of speech: "this is eating at you", "eating away at".
            r"\bappetite\b|\beat(?:s|ing|en)?\b(?! (?:at|away|into) (?:at )?(?:you|him|her|"
            r"me|them|us)\b)|\bfood\b|\bmeals?\b|\bweight\b|"
            r"\bhungry\b|\bate\b|\bdiet\b|\bcook(?:s|ing|ed)?\b|\btakeaways?\b|\blunch\b|"
            r"\bdinners?\b|\bbreakfast\b|\bsnack\w*",
            r"\bfeed(?:ing)? yourself\b|\bproper meals?\b|\bgrub\b|\bscran\b",
        ),
    ),
    (
        "children",
        _rx(
            r"\bkids?\b|\bchild(?:ren)?\b|\bsons?\b|\bdaughters?\b|\bbaby\b|"
            r"\bgrand(?:children|kids|son|daughter)\b|\blittle ones?\b|\bkiddos?\b",
            # "is she your first, or are there older ones?"
            r"\b(?:your|the) (?:first|eldest|oldest|youngest|firstborn)(?=[,?]| one\b| "
            r"child| kid| baby|$)|\b(?:older|younger) ones\b",
            r"\byour (?:lad|lads|boy|boys|girl|girls|lass|nipper|youngsters?|teenagers?|"
            r"young ones?)\b",
            # "your little girl", "the wee one", "how's the toddler?"
            r"\b(?:your|the|my) (?:little|wee|baby|new|eldest|oldest|youngest|middle) "
            r"(?:girl|boy|lad|lass|man|one|ones|daughter|son)s?\b|\bbairns?\b|"
            r"\btoddlers?\b|\bnewborn\b|\binfant\b|\bwee ones?\b",
        ),
    ),
    (
        "partner",
        _rx(
            r"\bpartner\b|\bmarried\b|\bhusband\b|\bwife\b|\bboyfriend\b|\bgirlfriend\b|"
            r"\bspouse\b|\bin a relationship\b|\bbeen together\b|\bseeing (?:anyone|someone)\b|"
            r"\bsingle\b|\bdivorced?\b|\b(?:some|any) ?(?:one|body) special\b|\bwidow\w*|\bsignificant other\b|\bdating\b",
            r"\bromantic\w*|\b(?-i:Mrs)\b|\bmissus\b|\bhubby\b|\bother half\b|\bfella\b",
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
            # Moving in, someone staying with them part of the week.
            r"\bmov(?:e|ed|ing) in (?:with|together)\b|\b(?:stays?|staying|is|'s) with "
            r"you (?:half|most|some|every|at|on|during|for)\b",
            # "are you still in the house you shared?": where they live.
            # Not "at the same place" (work).
            r"\b(?:still|living|live|stay(?:ing)?|are you) (?:in|at) (?:the|your|that|"
            r"the same) (?:house|home|flat|bungalow)\b",
            # "who are you sharing with?", "who's at yours in the week?"
            r"\bshar(?:e|ing) with\b|\bshare (?:a |the |your )?(?:flat|house|place|home)\b|"
            r"\bwho'?s (?:at|in) (?:yours|your place)\b|\bhousemates?\b",
            # "stay" for where one lives (Indian, Scottish, Irish English): "do you
            # stay alone now or with family?", "who do you stay with?".
            r"\bstay(?:ing)? (?:alone|on your own|by yourself|with (?:family|your|"
            r"anyone|someone|anybody|them|him|her|relatives))\b|\bwho do you stay with\b",
        ),
    ),
    (
        "work",
        _rx(
            r"\bwork(?:ing|ed|s)?\b(?! (?:out|through)\b)|\bjobs?\b|\bemploy\w*|\bcareer\b|"
            r"\bretired\b|\bstud(?:y|ying|ent)\b(?! loans?)|\bcompany\b|\bfirm\b|\bemployer\b|"
            r"\bpromot\w*|\b(?:the|that|your) (?:office|shop|agency|ward|warehouse|factory|"
            r"depot|call cent(?:re|er)|building site)\b|\buniversity\b|\bcollege\b|"
            r"\bcourse\b|\bfor a living\b|\boccupation\b|\bprofession\b",
            r"\bfor a crust\b|\bline of work\b|\bwhich (?:ward|department|team|firm)\b|"
            # "what do you do?" on its own asks for the job.
            r"^\W*(?:(?:so|and|ok|okay)[,.]?\s+)*what (?:is it )?(?:do|did) you do\W*$|"
            r"\bclock(?:s|ed|ing)? in\b|\bpart-?time\b|\bday job\b",
        ),
    ),
    (
        "money",
        _rx(
            r"\bmoney\b|\bfinanc\w*|\bafford\b|\bbills?\b|\bdebts?\b|\brent\b|"
            r"\bmortgage\b|\bincome\b|\bsavings\b|\bbenefits\b|\bskint\b|\bbroke\b",
            # "alright for cash on the one wage?", "keeping your head above water?"
            r"\bcash\b|\bwages?\b|\bsalary\b|\bloans?\b|\bpayout\b|\bredundancy "
            r"(?:money|pay)\b|\bhead above water\b|\bends meet\b|\bhow'?s business\b|"
            r"\bhard up\b|\bfixed for\b",
        ),
    ),
    (
        "health",
        _rx(
            r"\bhealth\b|\bphysical(?:ly)?\b|\billness(?:es)?\b|\bmedical\b|"
            r"\bconditions?\b|\bpain\b|\bblood pressure\b|\bheadaches?\b|"
            r"\bdiagnos\w*|\bGP\b|\bdoctor\b|\btests?\b|\bresults\b|\bscans?\b|"
            r"\bcheck-?ups?\b",
            # "body-wise, how are you recovering from the c-section?"
            r"\bbody-?wise\b|\b(?:the|your) body (?:holding up|doing|ok|okay|alright)\b|"
            r"\bbody ok\b|\bc-?section\b|\bcaesarean\b|\ball clear\b|\b(?:recover|heal)"
            r"\w*(?: up)? (?:from|after) (?:the )?(?:birth|operation|surgery|c-?section|"
            r"caesarean)\b|"
            r"\bbloods\b",
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
            # Who they turn to: "who do you go to when you're worried, is there
            # someone you ring?"
            r"\bwho (?:do|would|can|could|did) you (?:go to|turn to|ring|call|phone|text|"
            r"lean on|talk to|confide in)\b|\b(?:someone|somebody|anyone|anybody) you "
            r"(?:ring|call|phone|turn to|lean on|confide in|go to)\b",
        ),
    ),
)


def domain_hits(question: str, *, people: bool = False) -> list[tuple[int, int, str]]:
    """(start, rank, domain) for each everyday domain a question names. The
    domain named first is what the question is about: "Were you working before
    the baby came?" asks about work."""
    return [
        (m.start(), rank, domain)
        for rank, (domain, pattern) in enumerate(DOMAIN_PATTERNS)
        if (people or domain != "people") and (m := pattern.search(question))
    ]
