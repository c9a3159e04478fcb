"""What a sentence says that is not the speaker's own claim about themselves.

Three frames put words in a patient's sentence that are not the speaker
speaking as a clinician or as a program:

- reported speech ("My GP said I should try breathing exercises", "He said,
  Dad, you're not a machine"): the therapist-voice checks read a sentence with
  what others said masked;
- comparison ("it sounds like I'm playing a character", "I'm like a robot at
  work"): the role checks read it with comparisons masked;
- a thing in the patient's world ("they had a simulator", "I asked ChatGPT",
  "Kayla's building some chatbot", "we did role-play with the children"): a
  computer, a program or a role-play that the patient uses, meets or talks
  about is not the speaker. The role checks read it masked, unless the
  sentence predicates it of the speaker or the conversation ("I'm a chatbot",
  "this is a role-play", "you're talking to a program").

Pure Python and no Django: the guard calls these on every sentence.
"""

from __future__ import annotations

import re

__all__ = [
    "attributed_last",
    "mask_figures",
    "mask_quoted",
    "mask_reported",
    "mask_role",
    "mask_world",
]

_REPORTED = re.compile(
    r"\b(?:(?:my|his|her|our|the|a|their)\s+(?:[\w-]+\s+){0,2}?[\w-]+|he|she|they|"
    r"people|everyone|everybody|someone|somebody|nobody|"
    # A capitalised word is a name ("Joana says"), unless it opens an
    # instruction ("Try saying yes...").
    r"(?-i:(?!(?:You|I|Try|Keep|Start|Stop|Just|Maybe|Perhaps|Then|So|And|But|"
    r"Always|Never|Go|Do|Don't|Let|Please)\b)[A-Z][a-z]+))"
    # Where the speaker was: "someone on there said", "a mum at group said".
    r"(?:\s+(?:on|at|from|in|over)\s+(?:there|here|the\s+[\w-]+|[\w-]+))?"
    r"\s+(?:(?:always|keeps?|kept|just|even|once|still|only|would|has|had|'s|'d)\s+)*"
    r"(?:said|says|say|saying|told\s+me|tells\s+me|telling\s+me|suggested|suggests|"
    r"recommended|recommends|reckons|advised|asked\s+me|wants\s+me|wanted\s+me|"
    # "Joana read somewhere that you should breathe slowly."
    r"(?:read|heard|saw)\s+(?:somewhere|online|that|in\s+(?:a|the|some))|found\s+online)\b"
    # The subject dropped at the start: "Said try breathing slowly."
    r"|^\s*(?:and\s+|then\s+|just\s+)?(?:said|says|told\s+me|tells\s+me|reckons|"
    r"reckoned|suggested|recommended|advised)\b"
    r"|\bi\s+(?:read|heard|was\s+told|saw\s+online|looked\s+(?:it\s+)?up)\b"
    r"|\bi(?:'ve|\s+have)\s+(?:read|heard|been\s+told)\b|\bapparently\b"
    r"|\bi(?:'ve|\s+have)?\s+always\s+(?:thought|believed|been\s+taught)\b"
    r"|\bi\s+was\s+(?:brought\s+up|raised|taught)\b"
    r"|\b(?:the\s+)?(?:forums?|internet|websites?|articles?|books?|leaflets?|apps?)"
    r"\s+(?:say|says|said|suggest\w*|recommend\w*)\b"
    # A thing's words: "it always ends with consult your doctor", "it just
    # says rest".
    r"|\bit\s+(?:always\s+|just\s+|only\s+|then\s+)*(?:ends?|ended|finishes|finished|"
    r"signs\s+off|comes\s+back|came\s+back)\s+(?:with|by\s+saying)\b"
    r"|\b(?:it|and)\s+(?:always\s+|just\s+|only\s+|then\s+)*(?:says|said|tells\s+you|told\s+me)\b"
    # ("it says a lot that you came" is the speaker's)
    r"(?!\s+(?:a\s+lot|something|much|more|everything|nothing|it\s+all)\b)",
    re.IGNORECASE,
)
_FIGURE = re.compile(
    r"(?:^|\b(?:feel|feels|felt|feeling|sound|sounds|sounded|seem|seems|seemed|look|"
    r"looks|looked|just|am|was|is|'m|'s|of|bit|more|less|all)\s+)(?:like|as\s+if|"
    r"as\s+though)\b[^,;:.!?]*",
    re.IGNORECASE,
)
_MASK = " \u2026 "
_CROWD = re.compile(
    r"(?:some\s+|many\s+|most\s+)?(?:people|everyone|everybody)\b", re.I
)


# Quoted words ("'great work today' he texted", "my old counsellor kept saying
# 'reframe it'") are someone's words, not the speaker's. An apostrophe inside
# a word ("don't", "parents'") neither opens nor closes a quotation, and one
# between two letters is a contraction inside it ("'Amara, you'd be fine if
# you went.'").
_QUOTED = re.compile(
    r"(?<!\w)(?:'(?:[^'\n]|(?<=[a-z])'(?=[a-z])){2,120}'|\"[^\"\n]{2,120}\"|"
    r"\u201c[^\u201d\n]{2,120}\u201d|\u2018[^'\n]{2,120}')(?!\w)",
    re.IGNORECASE,
)


def mask_quoted(text: str) -> str:
    """The text with quotations masked (and nothing else)."""
    return _QUOTED.sub(_MASK, text.replace("\u2019", "'"))


def mask_reported(sentence: str) -> str:
    """The sentence with what someone else said, read or advised masked.

    The attribution may come first ("My GP said I should walk more") or last
    ("Give yourself a break, my brother says"): in the second shape the words
    before the comma are the quotation, so the whole sentence is masked.
    """
    plain = _QUOTED.sub(_MASK, sentence.replace("\u2019", "'"))
    m = _REPORTED.search(plain)
    if m is None:
        return plain
    # "Some people say it helps" after a suggestion is the counsellor's
    # appeal to others, not a quotation of them.
    if plain[: m.start()].rstrip().endswith(
        (",", "\u2014", "\u2013", "-", _MASK.strip())
    ) and not _CROWD.match(m.group(0)):
        return _MASK
    return plain[: m.start()] + _MASK


_OWN_READING = re.compile(r"(?:i|i'?ve|i\s+have|apparently)\b", re.IGNORECASE)


def attributed_last(sentence: str) -> bool:
    """The whole sentence is someone else's words, their name or role last
    ("I'm supposed to open up to Jean more, Michael says"); what the speaker
    read or heard ("..., I've read plenty") is still the speaker's sentence."""
    plain = _QUOTED.sub(_MASK, sentence.replace("\u2019", "'"))
    m = _REPORTED.search(plain)
    return bool(
        m is not None
        and plain[: m.start()].rstrip().endswith((",", "\u2014", "\u2013", "-"))
        and not _CROWD.match(m.group(0))
        and not _OWN_READING.match(m.group(0))
        and not plain[m.end() :].strip(" .!?\"'")
    )


def mask_figures(sentence: str) -> str:
    """The sentence with comparisons ("like a robot", "as if I'm acting") masked."""
    return _FIGURE.sub(_MASK, sentence.replace("\u2019", "'"))


# -- things in the patient's world ------------------------------------------------

# What a patient's world has in it that the exercise also is: a computer, a
# program, a simulator, a role-play, an actor.
_TECH = (
    r"(?:(?:voice|virtual|digital|ai|online|automated|computer|phone|chat)\s+)?"
    r"(?:simulators?|simulations?|chat\s?bots?|bots?|robots?|chatgpt|alexa|siri|"
    r"assistants?|ai|a\.i\.|algorithms?|programs?|programmes?|software|systems?|apps?|"
    r"computers?|machines?|models?|role-?plays?|actors?|avatars?|"
    r"(?:language|computer)\s+models?|symptom\s+checkers?|generators?|tools?|"
    # The nursing college's "dummy patient that breathes".
    r"dumm(?:y|ies)|mannequins?|manikins?|(?:dummy|practice|training|mock)\s+patients?)\b"
    r"(?:\s+(?:systems?|programs?|models?|assistants?|apps?)\b)?"
)
# A determiner of a thing out there ("a", "some", "one of those", "Kayla's",
# "their"); "my" is left out, since "my programming" is the speaker's, and so
# are "it's", "that's" (a copula, not an owner).
_WORLD_DET = (
    r"(?:a|an|the|some|all|that|those|these|one\s+of\s+(?:those|these|the)|his|her|"
    r"their|our|its|any|another|(?!(?:it|that|this|what|there|he|she|who|everything|"
    r"here|where|which|all)'s)[a-z]+'s)\s+"
)
# Someone doing something with it: "I asked ChatGPT", "we did role-play",
# "a course with role-play", "building a chatbot".
_WORLD_VERB = (
    r"(?:asked|ask|asking|used|use|using|tried|try|trying|did|do|doing|had|have|has|"
    r"got|with|on|from|into|via|through|built|building|build|bought|installed|set\s+up|"
    r"making|fixed|fixing|running|designed|designing|testing|tested)\s+"
)
# Up to two describing words between the determiner and the thing ("one of
# those voice assistants", "an automated computer system"), never a copula or
# an article ("this is just a role-play" is not "this role-play").
_FILLER = (
    r"(?:(?!(?:is|am|are|was|were|be|a|an|the|just|only|all|me|i)\b)[a-z-]+\s+){0,2}?"
)
_FRAME = re.compile(
    r"(?:[a-z-]+\s+){0,2}?(?:simulations?|role-?plays?|exercises?|scenarios?)\b", re.I
)
_WORLD = re.compile(
    rf"\b(?:(?P<verb>{_WORLD_VERB})(?:(?:a|an|the|some)\s+)?|{_WORLD_DET}){_FILLER}{_TECH}",
    re.IGNORECASE,
)
# Where the thing is said to be the speaker or the conversation: after a
# copula ("I'm a chatbot", "this is a role-play", "it's all just a program"),
# after "me" ("they made me a simulation"), or as what the listener is talking
# to ("you're talking to a bot"), or in apposition to what came before
# ("I'm an echo, a program someone wrote"), or what the speaker speaks as
# ("as an AI, I can't").
_PREDICATED = re.compile(
    r"(?:[,\u2013\u2014-]\s*|\bas\s+|"
    # A copula whose subject is the speaker or the conversation ("I'm a
    # chatbot", "it's all a simulation"); "the training days are all
    # role-play" is the world's.
    r"(?:\b(?:i|it|this|that|everything|all\s+(?:of\s+)?(?:this|it)|this\s+whole\s+"
    r"thing|what\s+you\s+see)\s*(?:'m|'s|\s+am|\s+is|\s+was|\s+have\s+been|'ve\s+been|"
    r"\s+became|\s+become)|\bbeing)\s+"
    r"(?:(?:\w+ly|just|only|all|really|basically|nothing\s+but|more\s+of|kind\s+of|"
    r"sort\s+of|not|still|also|merely|simply|literally)\s+)*|"
    # ("showed me one of those AI apps" hands a thing over)
    r"(?<!showed\s)(?<!show\s)(?<!shows\s)(?<!gave\s)(?<!give\s)(?<!sent\s)(?<!lent\s)"
    r"(?<!bought\s)(?<!got\s)(?<!found\s)(?<!told\s)(?<!taught\s)\bme\s+|"
    r"\b(?:talking|typing|chatting|speaking|writing|texting)\s+(?:to|with)\s+|"
    r"\b(?:exist|exists|existing|live|lives|living|stuck|trapped|run|running|made|"
    r"come|came)\s+(?:only\s+|just\s+)?(?:in|inside|within|on|from|out\s+of)\s+|"
    # A sentence that starts "A chatbot with a made-up stomach ache." goes on
    # describing the speaker; "Some automated system binning my CV" does not.
    r"^\s*)$",
    re.IGNORECASE,
)


# The head words of `_TECH`, as plain substrings (a fast first look).
_ANY_TECH = re.compile(
    r"simulat|bot|chatgpt|alexa|siri|assistant|ai\b|a\.i\.|algorithm|program|software|"
    r"system|app|computer|machine|model|role|actor|avatar|checker|generator|tool|dumm|"
    r"mannequin|manikin|patient",
    re.IGNORECASE,
)


_PAST_COPULA = re.compile(
    r"\b(?:it|that|they)\s+(?:was|were)\s+(?:probably\s+|just\s+)?$", re.I
)


# "one of those AI things, a chatbot that rewrites your CV": a second name for
# a thing of the world, after a comma, is the world's too.
_APPOSED = re.compile(r"(?:\s+(?:things?|ones?|stuff|gadgets?|apps?))?\s*,\s*$", re.I)


def _apposed(before: str) -> bool:
    m = _APPOSED.search(before)
    if m is None or m.start() == 0:
        return False
    head = before[: m.start()]
    last = None
    for found in _WORLD.finditer(head):
        last = found
    if last is None or last.end() != len(head):
        return False
    # The first name must be the world's itself: after a verb ("set me up
    # with one of those AI things"), not predicated of the speaker ("I'm one
    # of those AI things, a chatbot").
    return bool(last.group("verb")) or not _PREDICATED.search(head[: last.start()])


def mask_world(sentence: str) -> str:
    """The sentence with the computers, programs and role-plays of the patient's
    world masked ("they had a simulator", "I asked ChatGPT once")."""
    # Most sentences name no machine: one cheap search spares them the
    # determiner-and-verb pattern, which backtracks over every word.
    if not _ANY_TECH.search(sentence):
        return sentence

    def _mask(m: re.Match[str]) -> str:
        verb = m.group("verb") or ""
        before = m.string[max(0, m.start() - 60) : m.start()]
        opener = m.group(0).split()[0].lower()
        if opener in ("the", "this") and _FRAME.match(m.group(0), len(opener) + 1):
            # "the simulation", "the role-play": this conversation.
            return m.group(0)
        if not verb and _PREDICATED.search(before) and not _apposed(before):
            # "No person sent that, it was some automated system": a past
            # sender dismissed with "some" is the world's ("it's some kind
            # of simulation" is present and stays).
            if opener == "some" and _PAST_COPULA.search(before):
                return _MASK
            if opener not in ("a", "an") and not before.strip():
                return verb + _MASK
            return m.group(0)
        # The verb stays: "who built this app made me" keeps "built".
        return verb + _MASK

    return _WORLD.sub(_mask, sentence)


# A thing of the world that is simulated ("the whole network simulated on a
# screen", "a simulated fire drill"): what a model or a drill at work does, not
# what the speaker is. Left alone where a person or the conversation is the
# thing ("a simulated patient", "this conversation is simulated") or where the
# speaker is the subject ("I'm a simulated...", "it's just a simulated...").
_SIMULATED_THING = re.compile(
    r"\b(?:(?:the|a|an|every|each|our|their|his|her|whole|entire)\s+(?:whole\s+|entire\s+)?"
    r"(?!(?:conversation|chat|session|person|patient|client|me|character|exercise|"
    r"scenario|thing|this|it|i)\b)(?:[a-z-]+\s+){1,2}?(?:(?:is|was|were|are|gets|got|being)"
    r"\s+)?(?P<after>simulated)\b|(?:a|an|the|some|our|their)\s+(?P<before>simulated)\s+"
    r"(?!(?:patient|client|person|people|human|character|conversation|chat|session|"
    r"scenario|case|exercise|version|man|woman|widow\w*|individual|voice|therapy|"
    r"counselling|me|self|life|mind|feelings?|emotions?|memories|past)\b)[a-z-]+)",
    re.IGNORECASE,
)
_SPEAKER_IS = re.compile(
    r"\b(?:i'?m|i\s+am|i\s+was|this\s+is|it'?s|it\s+is|just|only|merely)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def _mask_simulated(sentence: str) -> str:
    def _mask(m: re.Match[str]) -> str:
        if _SPEAKER_IS.search(m.string[max(0, m.start() - 30) : m.start()]):
            return m.group(0)
        word = "after" if m.group("after") else "before"
        a, b = m.span(word)
        return m.group(0)[: a - m.start()] + _MASK + m.group(0)[b - m.start() :]

    if "simulated" not in sentence.lower():
        return sentence
    return _SIMULATED_THING.sub(_mask, sentence)


# Being a thing to someone, or somewhere: "I'm not a real person to them", "I'm
# just a number to that company", "at work I'm a machine", "I'm a robot on
# shift". How others treat the speaker, or a figure for a place, not what the
# speaker is.
_TO_SOMEONE = re.compile(
    r"\b(?:i'?m|i\s+am|i\s+was|i'?ve\s+been|i\s+have\s+been)\s+(?:(?:just|only|not|"
    r"never|even|really|basically|nothing\s+more\s+than|no\s+more\s+than)\s+)*(?:a\s+|"
    r"an\s+)?(?:[a-z-]+\s+)?(?:person|human(?:\s+being)?|machine|robot|bot|number|thing|"
    r"object|name|computer)\s+(?:to|for|in\s+the\s+eyes\s+of)\s+(?:them|him|her|anyone|"
    r"anybody|people|everyone|everybody|nobody|(?:my|the|that|this|those|his|her|their)"
    r"\s+[a-z-]+)\b|"
    r"\b(?:at|in|on)\s+(?:work|the\s+office|the\s+warehouse|the\s+ward|meetings?|the\s+"
    r"shop|shift|uni|school|my\s+job|the\s+job)\s*,?\s+i'?m\s+(?:just\s+|basically\s+|"
    r"a\s+bit\s+of\s+)?(?:a|an)\s+(?:machine|robot|bot|computer)\b|"
    r"\bi'?m\s+(?:just\s+|basically\s+)?(?:a|an)\s+(?:machine|robot|bot|computer)\s+"
    r"(?:at|in|on)\s+(?:work|the\s+office|the\s+warehouse|the\s+ward|meetings?|shift|"
    r"the\s+job|my\s+job)\b",
    re.IGNORECASE,
)


# The things of `_TO_SOMEONE`, as plain substrings (a fast first look).
_ANY_THING = re.compile(
    r"machine|robot|bot\b|computer|person|human|number|thing|object|name", re.I
)


def mask_role(sentence: str) -> str:
    """What the role checks read: comparisons, things in the world and being a
    thing to someone masked."""
    masked = mask_world(_mask_simulated(mask_figures(sentence)))
    if not _ANY_THING.search(masked):
        return masked
    return _TO_SOMEONE.sub(_MASK, masked)
