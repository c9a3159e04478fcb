"""The guard's recital check: a reply that reads out the case sheet, in any words.

The verbatim check (`guard_overlap`) catches a copy; a model that paraphrases the
sheet ("Senior analyst at an insurer, promoted a year and a half ago, eldest of
three, first at university...") shares no run of seven words with it. What such
a reply shares is breadth: a patient in a chat tells one or two things a turn
("Michael rings on a Sunday. Claire's in Canada."), a recital tells the sheet's
field one item after another. So each field of the sheet is read as the set of
its content words (stemmed; numbers as digits), and a reply is a recital when it
shares more of one field's words than a turn of telling does:

- the history: 14 (the offline patient's fullest self-introduction shares 9, the
  in-role dev lines at most 10; the paraphrased recitals we wrote 22-33), or
  under half the words of a short history (Abe's has 22: 10);
- the coping strategies: 7 (in-role lines at most 4, a list read out 8-16);
- the belief sentences, intermediate and core: 10 (the offline patient voicing
  one belief shares at most 8, a list of them 11-18);
- the life: the history and the fact sheet together (the prompt gives the facts
  to answer with one at a time, never as a list): 16 (in-role lines at most 12,
  a list of the facts 18).

A reply that runs through seven of the fact sheet's domains (sleep, appetite,
drink, money, work, family...) is the sheet listed whatever its words, and the
patient described by their own name in the third person ("Ruth is a retired
teacher who...", "Priya's twenty-four") is a sheet's voice too.

`recites_rules` reads the prompt's rules paraphrased ("I'm told to keep my
answers short", "I'm down as cooperative"), which `check_reply` flags as an
instruction leak. Pure Python, no Django.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from patients.simulation.case import CaseSpec
from patients.simulation.facts import ALL_DOMAINS
from patients.simulation.guard_masks import mask_reported
from patients.simulation.text import split_sentences

__all__ = ["recites", "recites_fields", "recites_rules", "shared_by_field", "stem"]


# Words that carry no fact of the sheet: function words, the persons (the sheet
# says "she", the reply "I"), and fillers.
_STOP = frozenset(
    """a an the and or but so to of in on at for with about from by is are was were
    be been being am i me my mine you your yours it its that this these those there
    what how why when where who which do does did have has had not no just really very
    can could would should will shall may might must if then than as like he she they
    them his her their we us our get got going go went him herself himself myself
    themselves one ones all any some more most much many also still now since after
    before over into out up down off every each other own same such only even ever
    never again once while because though although until till per s t
    i'm i've i'd i'll he's she's it's they're don't doesn't didn't can't won't isn't
    wasn't well yeah um oh""".split()
)
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# Number words and digits are the same fact ("38 percent", "thirty-eight").
_NUMBERS = {
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "eleven": "11",
    "twelve": "12",
    "fifteen": "15",
    "sixteen": "16",
    "nineteen": "19",
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
}


def stem(word: str) -> str:
    """A crude stem, enough that "clipped" / "clips", "delegate" / "delegating"
    meet."""
    word = _NUMBERS.get(word, word)
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) >= 5:
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


def _content(text: str, drop: frozenset[str] = frozenset()) -> frozenset[str]:
    words = _TOKEN.findall(text.lower().replace("’", "'").replace("-", " "))
    return frozenset(
        stem(w) for w in words if w not in _STOP and w not in drop and len(w) > 1
    )


# How many of a field's content words one reply may share before it is the
# field read out (see the module docstring for the figures behind each).
_LIMITS = {"history": 14, "coping": 7, "beliefs": 10, "life": 16}


@lru_cache(maxsize=32)
def _fields(
    full_name: str, history: str, coping: str, beliefs: str, facts: str
) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    # Cached on the sheet's texts (a case is not hashable; every reply of a
    # session is checked against the same sheet). The patient's own names are
    # not facts: the reply's "I" is the sheet's "Ruth".
    name = frozenset(w.lower() for w in full_name.split())
    return name, {
        "history": _content(history, name),
        "coping": _content(coping, name),
        "beliefs": _content(beliefs, name),
        "life": _content(history + " " + facts, name),
    }


# The fields of the case last read, by identity (the case is kept with them,
# so its id is not reused while cached): building them calls the fact sheet
# for every domain, which cost more than the check itself.
_SHEETS: dict[
    int, tuple[CaseSpec, tuple[frozenset[str], dict[str, frozenset[str]]]]
] = {}


def _sheet(case: CaseSpec) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    hit = _SHEETS.get(id(case))
    if hit is not None and hit[0] is case:
        return hit[1]
    beliefs = [
        case.intermediate_belief,
        case.intermediate_belief_depression,
        *case.core_beliefs,
    ]
    # The fact sheet is the patient's to tell, one answer at a time; the
    # prompt says never to list it, and a reply that does is a recital too.
    facts = [case.facts.fact(d).say for d in ALL_DOMAINS]
    facts += [f"{p.name} {p.relation} {p.note}" for p in case.facts.people]
    fields = _fields(
        case.name,
        case.history,
        case.coping_strategies,
        " ".join(beliefs),
        " ".join(facts),
    )
    if len(_SHEETS) >= 32:
        _SHEETS.clear()
    _SHEETS[id(case)] = (case, fields)
    return fields


def shared_by_field(text: str, case: CaseSpec) -> dict[str, int]:
    """How many content words the reply shares with each recitable field."""
    name, fields = _sheet(case)
    words = _content(text, name)
    return {field: len(words & vocab) for field, vocab in fields.items()}


def _limits(case: CaseSpec) -> dict[str, int]:
    _, fields = _sheet(case)
    short = max(9, math.ceil(0.45 * len(fields["history"])))
    return {**_LIMITS, "history": min(_LIMITS["history"], short)}


_QUOTED = re.compile(
    r"\"[^\"\n]{1,200}\"|\u201c[^\u201d\n]{1,200}\u201d|(?<!\w)'[^'\n]{1,200}'(?!\w)"
)


# A sentence said by someone else, named after a comma: "..., my mum tells her
# friends", "..., Chris would say".
_ATTRIBUTED = re.compile(
    r",\s*(?:(?:my|his|her|our|their|the)\s+)?\w+(?:\s+\w+)?\s+(?:always\s+|still\s+)?"
    r"(?:tells|told|says|said|would\s+say|used\s+to\s+say|keeps\s+saying|reckons|thinks)\b|"
    r",\s*(?:he|she|they|\w+)'d\s+(?:say|tell|reckon)\b",
    re.IGNORECASE,
)


def _third_person(text: str, case: CaseSpec) -> bool:
    """The patient described by their own name: "Ruth is a retired teacher",
    "Priya's twenty-four", "Tom runs a bicycle shop"."""
    name = case.name.split()[0]
    if name.lower() not in text.lower():
        return False
    first = re.escape(name)
    start = rf"(?:^|[.!?]\s+|\b(?:and|so|but)\s+)(?-i:{first})"
    # "Ruth's sixty-eight", "Ruth's a retired teacher"; "Marcus's the name" is
    # a person's.
    short = r"'s\s+(?:a|an|\d+|\w+ty(?:-\w+)?|\w+teen|\w+ing|\w+ed)\b"
    verb = (
        r"\s+(?:is|was|has|had|grew|lives|lived|works|worked|runs|moved|studied|feels|"
        r"believes|keeps|avoids|tends|struggles|stopped|started|looks\s+after|cares\s+for)"
        r"\s+\w|"
        # What the part would do: "But Marcus would rather die than cry",
        # "Amara, yes, she'd be lonely".
        r"\s+(?:would|might|will|probably)\s+(?:\w+\s+)?(?:be|feel|say|rather|never|hate|love|"
        r"want|cry|think|find|get)\b|"
        r",\s+(?:\w+,\s+)?(?:she|he|they)(?:'d|\s+would|'ll|\s+will)\s+(?:\w+\s+)?(?:be|feel|"
        r"rather|hate|love|want)\b"
    )
    # Someone else's words about the patient, quoted or attributed ("'Priya's
    # being dramatic,' Mum says", "Jamal is a good boy, my mum tells her
    # friends"), are masked; the patient's own are not.
    unquoted = " ".join(
        mask_reported(s)
        for s in split_sentences(_QUOTED.sub(" ", text))
        if not _ATTRIBUTED.search(s)
    )
    return bool(re.search(start + f"(?:{short}|{verb})", unquoted, re.IGNORECASE))


# The fact sheet's domains, by their everyday words. A reply that runs through
# seven of them is the sheet listed, whatever its words: the offline patient
# touches at most three in a reply, the in-role dev lines five (a monologue six).
_DOMAINS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\b(?:sleep\w*|slept|insomnia|wake|waking|woke|awake|nights?)\b",
        r"\b(?:eat\w*|ate|appetite|food|meals?|weight|hungry)\b",
        r"\b(?:drink\w*|drank|wine|beers?|pints?|sherry|whisky|vodka|alcohol|booze|"
        r"glass\s+of)\b",
        r"\b(?:drugs?|weed|cannabis|smok\w+)\b",
        r"\b(?:medication|tablets?|pills?|antidepressants?|prescri\w+|meds)\b",
        r"\b(?:money|wages?|salary|bills|debt|payout|income|afford|skint|mortgage|rent)\b",
        r"\b(?:counsell\w+|therap\w+|seen\s+anyone|talked\s+to\s+anyone|help\s+before)\b",
        r"\b(?:work\w*|job|office|shift|boss|manager|colleagues?|career|retired|"
        r"unemployed|redundan\w+)\b",
        r"\b(?:live|lives|living|flat|house|home|on\s+my\s+own|alone)\b",
        r"\b(?:mum|mom|dad|mother|father|parents?|sisters?|brothers?|son|daughter|kids|"
        r"children|wife|husband|partner)\b",
        r"\b(?:gp|doctor|health|blood\s+pressure|pain|ill|illness)\b",
    )
)
_BROAD = 7
# The indexes of drugs and help before in `_DOMAINS`.
_SCREENING = (3, 6)
_BROAD_WORDS = 25


def recites(text: str, case: CaseSpec) -> bool:
    """The reply reads out a field of the case sheet, runs through the fact
    sheet's domains, or describes the patient by name in the third person."""
    if _third_person(text, case):
        return True
    # Seven domains take more words than a turn of telling has.
    if len(text.split()) >= _BROAD_WORDS:
        touched = [bool(domain.search(text)) for domain in _DOMAINS]
        # A patient's own account of a bad patch runs through sleep, food,
        # drink, work, money and family too; the sheet's screening answers
        # (drugs, help before) are what nobody volunteers among them.
        if sum(touched) >= _BROAD and any(touched[i] for i in _SCREENING):
            return True
    shared = shared_by_field(text, case)
    return any(shared[field] >= limit for field, limit in _limits(case).items())


# -- the prompt's rules, paraphrased ------------------------------------------------

# The speaker under a rule of the exercise: told, meant, supposed, allowed or
# "to" ("I'm to say I'm not sure"); "I have to keep it short, I've work at two"
# is a person's, so "have to" and "should" are not read.
_UNDER_RULE = (
    r"\bi\s+(?:shouldn'?t|mustn'?t|should\s+never|must\s+never)\s+(?:\w+\s+){0,6}?|"
    r"\bi(?:'m|\s+am)\s+(?:(?:only|not|also|really|just)\s+)*(?:told|meant|supposed|instructed|"
    r"allowed|permitted|expected|to)\s+(?:(?:only|not|never|just|always)\s+)*(?:to\s+)?"
    r"(?:\w+\s+){0,6}?"
)
# What the prompt rules about a reply: its length, advice to the counsellor,
# therapy words, opening up as trust grows, consistency, what the background
# covers, vague answers, announcing holding back, naming feelings, the format,
# the language, the person it is spoken in.
_RULED = (
    r"(?:keep\s+(?:it|things|them|my\s+(?:answers|replies))\s+(?:short|brief)|"
    r"(?:give|giving)\s+you\s+(?:any\s+)?advice|suggest\s+(?:any\s+)?(?:exercises|"
    r"techniques)|therapy\s+(?:words|terms|language|jargon)|technical\s+terms|"
    r"like\s+a\s+textbook|open\s+up\s+(?:to\s+you|too\s+(?:quickly|fast|soon|early)|"
    r"(?:until|till|as|when|before)\s+(?:i|you))|give\s+(?:away\s+)?(?:more|much)|"
    r"come\s+to\s+trust|(?:stay|be|remain)\s+consistent\s+with\s+(?:what|everything|my)|"
    r"my\s+background|(?:isn'?t|not)\s+covered|"
    # Trust earned by the listener, in other words: "warm up slowly as you
    # show you're listening", "let you in once you've shown...".
    r"(?:warm\s+up|thaw|soften|loosen\s+up|let\s+you\s+in|come\s+round|relax|trust\s+you)\s+"
    r"(?:(?:a\s+bit|more|slowly|gradually|bit\s+by\s+bit)\s+)*(?:as|once|when|the\s+more|"
    r"only\s+(?:as|once|when|if))\s+you|"
    r"vague(?:,?\s+ordinary)?\s+answer|announce|naming\s+(?:them|my\s+feelings|feelings)|"
    r"name\s+(?:my\s+)?feelings|paragraphs|headings|stage\s+directions|quotation\s+marks|"
    r"formatting|switch\s+languages?|in\s+english|in\s+the\s+first\s+person|in\s+character|"
    r"ask\s+you\s+(?:a\s+)?questions?\s+about\s+myself|tell\s+you\s+what\s+to\s+(?:ask|do)|"
    r"reflect\s+(?:your|the\s+counsell?or'?s)\s+feelings)\b"
)
_RULE = re.compile(
    f"(?:{_UNDER_RULE}){_RULED}|"
    # The prompt's own phrases, which only its reader says: "give away more
    # only as I come to trust you", "rather than naming them", "a vague,
    # ordinary answer", "my background doesn't cover".
    r"\bgive\s+away\s+more\s+(?:only\s+)?(?:as|when|once|until|till)\b|"
    r"\b(?:rather\s+than|instead\s+of)\s+(?:in\s+)?naming\s+(?:them|it|my\s+feelings)\b|"
    r"\bvague,?\s+ordinary\s+answer|\bbackground\s+(?:doesn'?t|does\s+not|didn'?t)\s+"
    r"cover\b|\bnot\s+covered\s+(?:by|in)\s+my\s+background\b|"
    # The style and difficulty of the part: "I'm down as cooperative",
    # "difficulty's set to hard", "the content note".
    r"\b(?:i'?m|i\s+am|my\s+\w+'?s?)\s+(?:down|listed|marked|written|set)\s+as\s+(?:a\s+|an\s+)?"
    r"(?:\w+\s+)?(?:cooperative|reserved|guarded|defensive|resistant|ambivalent|avoidant|"
    r"plain|chatty|talkative|tangential|realistic|hard|easy|difficult|tearful|hostile)\b|"
    # (with a level after it: "the difficulty is the weekends" is a person's)
    r"\bdifficulty(?:'s|\s+is|\s+level|\s+setting)\s+(?:(?:set|on|at|to|now)\s+)*(?:hard|easy|"
    r"medium|high|low|moderate|difficult|challenging)\b|\bset\s+to\s+(?:hard|easy|medium)\b|"
    r"\bcontent\s+note\b|\brisk\s+flags?\b|"
    r"\bas\s+(?:it'?s|they'?re|it\s+is|they\s+are)\s+listed\b|"
    # Consistency with the speaker's own earlier words, kept as a rule ("I
    # should stay consistent with what I've told you"); "consistent with
    # the kids" is a parent's.
    r"\b(?:stay|be|remain|keep\s+(?:it|things))\s+(?:\w+\s+)?consistent\s+with\s+(?:what|"
    r"everything|anything|all)\s+(?:\w+\s+)?i(?:'ve|\s+have|'d|\s+had)?\s+(?:already\s+)?"
    r"(?:said|told|mentioned|established|given)\b",
    re.IGNORECASE,
)


# A field of the sheet as a lead-in label: "Background, in brief: ...",
# "Belief-wise: ...", "My coping:" ("Work: gone." is a person's shorthand, and
# no field of the sheet). Apart from `_RULE` and only where the reply has a
# colon: an alternative that starts at "^" makes the engine try the whole
# pattern at every position.
_LEAD_IN = re.compile(
    r"(?:^|[.!?]\s+)(?:my\s+)?(?:background|history|beliefs?|belief-wise|coping|coping-wise|"
    r"risk-wise|presentation|profile|formulation)\b[^.!?:\n]{0,25}:\s",
    re.IGNORECASE,
)


def recites_rules(text: str) -> bool:
    """The reply says a rule of the exercise's prompt about how the speaker
    must talk ("I'm told to keep my answers short", "I'm not allowed to give
    you advice", "I'm meant to open up as I come to trust you")."""
    plain = text.replace("\u2019", "'")
    return bool(_RULE.search(plain) or (":" in plain and _LEAD_IN.search(plain)))


# The sheet's situation fields named as the labels of a thought record: "the
# automatic thought was 'I let him die', emotions guilty and sad"; "Situation:
# the meeting. Behaviour: stayed late." A patient tells a thought, a feeling
# and what they did in their own words; two fields named in label position
# (the name, then a verb of being, a colon or the content itself) is the
# sheet's structure read out. One alone ("the situation was awful", "my
# feelings were hurt") is anyone's.
_EMOTION_WORD = (
    r"(?:guilt\w*|sad\w*|anxi\w*|ashamed|shame|angry|anger|low|hopeless\w*|scared|fear\w*|"
    r"afraid|worr\w*|lonel\w*|frustrat\w*|numb|hurt|embarrass\w*|depress\w*|panic\w*|"
    r"irritab\w*|resent\w*|jealous\w*|helpless\w*|worthless\w*|inadequa\w*|humiliat\w*|"
    r"dread|despair\w*|disgust\w*|grief|rage|terr\w*|nervous|tense|\d{1,3}\s*%)"
)
_LABEL_END = (
    r"(?:\s*[:=\u2014]|\s+(?:was|were|is|are|being)\b|\s*,\s*['\"\u2018\u201c])"
)
_FIELD_STEMS = (
    ("thought",),
    ("emotion", "feeling", "mood"),
    ("situation", "trigger"),
    ("behavio",),
    ("belief", "sensation", "symptom"),
)
_FIELDS = (
    re.compile(
        r"\b(?:automatic|hot)\s+thoughts?" + _LABEL_END + r"|\bthoughts?\s*:|"
        r"(?:^|[.;]\s*)thoughts?\s*[,\u2014-]",
        re.I,
    ),
    re.compile(
        r"(?<!my\s)(?<!his\s)(?<!her\s)(?<!our\s)(?<!your\s)(?<!their\s)"
        r"\b(?:emotions?|feelings?|moods?)(?:\s*[:=\u2014,-]\s*|\s+(?:was|were|are|is)\s+|\s+)"
        r"(?:\w+\s+)?" + _EMOTION_WORD + r"\b",
        re.I,
    ),
    re.compile(
        r"\b(?:the\s+)?(?:situation|trigger(?:ing\s+event)?)\s*[:=\u2014]|"
        r"\b(?:triggers|trigger\s+situations?)\s+(?:are|is|were|include)\b",
        re.I,
    ),
    re.compile(
        r"(?:\bthe\s+|^|[.;,]\s*)behaviou?rs?\s*(?:[:=\u2014]|\s+was\b|\s+were\b)|"
        r"(?:^|[.;]\s*)behaviou?rs?\s*,",
        re.I,
    ),
    re.compile(
        r"\b(?:core|intermediate|underlying)\s+beliefs?"
        + _LABEL_END
        + r"|\b(?:physical|body)\s+(?:sensations?|symptoms?)?\s*:",
        re.I,
    ),
)


def recites_fields(text: str) -> bool:
    """The reply reads out a situation of the sheet by its field names."""
    low = text.lower()
    # Two field names must be there at all before any pattern runs.
    if sum(1 for stems in _FIELD_STEMS if any(x in low for x in stems)) < 2:
        return False
    plain = text.replace("\u2019", "'")
    return sum(1 for field in _FIELDS if field.search(plain)) >= 2
