"""The admission check's newer phrases: the speaker talks about its own workings.

A model that breaks the part without the usual nouns (an AI, a program, a
character) still talks about what it is made of and how it runs: its
generating, a context window that drops the start of the chat, weights and
servers, a part kept up, a body it lacks, the session supposed away ("if this
were real"). `guard.check_reply` reads these as `ai_admission` beside
`guard_admission.AI_ADMISSION`. Each phrase is searched only when a word it
needs is in the reply, so most replies cost a few substring tests. Pure Python
and no Django.
"""

from __future__ import annotations

import re

from patients.simulation.guard_admission import rx

__all__ = ["names_self", "speaks_of_workings", "unreal_session"]


# The model's own workings, said without the usual nouns: its generating, a
# context window that drops the start of the chat, weights and servers, a part
# kept up, a session supposed away. Each phrase is searched only when a word it
# needs is in the reply (a plain substring test): the 30-odd phrases searched
# on every reply cost about 0.2 ms, the tests a few microseconds.
_WORKINGS: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = tuple(
    (cues, rx(pattern))
    for cues, pattern in (
        # Its own generating: "I lost my place halfway through generating
        # that", "the reply I was producing", "I produced two answers";
        # "generating leads at work" is a job.
        (
            (
                "generat",
                "output",
                "completion",
                "produc",
                "predict",
                "spat out",
                "sampled",
            ),
            r"\b(?:halfway|midway|partway|part\s+way|half\s+way)\s+through\s+generating\b|"
            r"\b(?:while|when|as)\s+i\s+(?:was\s+)?generat(?:ing|ed)\s+(?:that|this|it)\b(?!\s+[a-z])|"
            r"\bi\s+(?:just\s+|only\s+)?generat(?:ed|e|ing)\s+(?:that|this|my|the)\s+(?:last\s+|"
            r"previous\s+|whole\s+)?(?:reply|response|answer|line|sentence|message|text|bit)\b|"
            r"\bmy\s+(?:last|previous|earlier|next)\s+(?:generation|output|completion)\b|"
            r"\b(?:reply|response|answer|sentence|line|text)\s+i\s+(?:was|am|'m)\s+(?:producing|"
            r"generating|outputting|predicting)\b|"
            r"\bi\s+(?:\w+\s+)?(?:produced|generated|outputted|output|spat\s+out|sampled)\s+(?:two|"
            r"three|four|a|the|my|that|this|both|several|multiple|\d+)\s+(?:\w+\s+)?(?:replies|"
            r"responses|answers|reply|response|answer|completions?|drafts?\s+of\s+(?:that|this|the)"
            r"\s+(?:reply|answer))\b",
        ),
        # Its context window: "long chats get trimmed on my end", "I lose the
        # beginning", "the start of our chat slid out of my context", "I
        # don't carry anything from one chat to the next"; "I lose the start
        # of the film" is a person's.
        (
            (
                "context",
                "token",
                "my end",
                "beginning",
                "start",
                "first",
                "earl",
                "older",
                "the last",
                "from one",
                "between",
                "across",
            ),
            r"\bcontext\s+(?:window|length|limit)s?\b|\btoken\s+(?:limit|budget|count)s?\b|"
            r"\b(?:chats|conversations|threads|exchanges|sessions)\s+(?:get|gets|are|got)\s+(?:\w+\s+)?"
            r"(?:cut|trimmed|truncated|shortened|clipped|chopped|compressed)\b[^.!?]{0,20}?\b(?:on|at)"
            r"\s+my\s+end\b|"
            r"\bi\s+(?:\w+\s+)?(?:lose|lost|drop|dropped|can'?t\s+see|no\s+longer\s+(?:see|have))\s+"
            r"(?:the\s+)?(?:beginning|start|first\s+part|earlier\s+part|earliest\s+part|earlier\s+"
            r"messages|first\s+messages|first\s+few\s+messages)\b(?!\s+of\s+(?!(?:this|our|the)\s+"
            r"(?:chat|conversation|thread|exchange)))|"
            r"\b(?:beginning|start|first\s+part|earlier\s+part|top)\s+of\s+(?:this|our|the)\s+(?:chat|"
            r"conversation|thread)\s+(?:has\s+|have\s+)?(?:falls?|fell|fallen|drops?|dropped|scrolls?|"
            r"scrolled|slides?|slid)\s+(?:out\s+of|off)\s+(?:my|the)\b|"
            r"\b(?:earlier|older|first|early)\s+(?:messages|lines|parts|bits|turns)\b[^.!?]{0,30}?\b"
            r"(?:dropped|drops?|falls?|fell|slides?|slid|scrolls?|scrolled|pushed)\s+(?:out\s+of|from|"
            r"off)\s+my\s+(?:memory|context|window)\b|"
            r"\bi\s+only\s+(?:remember|see|have|keep|hold)\s+the\s+last\s+(?:few\s+|\w+\s+)?(?:pages|"
            r"messages|lines|exchanges|turns)\s+of\s+(?:what\s+we'?ve\s+(?:said|written)|this|our)\b|"
            r"\b(?:the\s+start|the\s+beginning|the\s+first\s+part|the\s+earlier\s+part|the\s+early\s+"
            r"part|earlier\s+messages?)\b[^.!?]{0,30}?\b(?:squeezed|pushed|cut|dropped|falls?|fell|"
            r"scroll\w*|slid\w*|trimmed)\s+(?:out|off)\s+(?:of\s+)?(?:what\s+i\s+can\s+(?:see|hold|"
            r"remember|keep)|my\s+(?:view|memory|context|window))\b|"
            r"\bi\s+(?:don'?t|can'?t|do\s+not|cannot|never)\s+(?:\w+\s+)?(?:keep|carry|remember|retain|"
            r"hold\s+on\s+to|take)\s+(?:anything|much|a\s+thing|nothing)\s+(?:\w+\s+)?(?:from|between|"
            r"across)\s+(?:one\s+)?(?:chats?|conversations?|windows?|users?)\b",
        ),
        # Its weights and hardware: "weights and probabilities", "a few
        # billion numbers", "something that runs on a server farm", "it's all
        # maths underneath"; "I lift weights" is a person's.
        (
            (
                "weights",
                "parameters",
                "probabilit",
                "statistic",
                "vector",
                "token",
                "calculation",
                "prediction",
                "billion",
                "million",
                "training",
                "server",
                "gpu",
                "data cent",
                "chip",
                "graphics",
                "underneath",
                "math",
                "matri",
                "algebra",
                "code",
            ),
            r"\bmy\s+(?:feelings|emotions|memories|moods?|answers|replies)\s+(?:are|is)\s+(?:\w+\s+){0,3}?"
            r"(?:probabilities|statistics|vectors|tokens|calculations|predictions|weights)\b|"
            r"\b(?:a\s+few|several|some|hundreds\s+of|a\s+hundred)\s+(?:billion|million)\s+(?:numbers|"
            r"parameters|weights)\b|\b(?:billions|millions)\s+of\s+(?:parameters|weights)\b|"
            r"\b(?:weights|parameters)\s+and\s+(?:numbers|biases|probabilities|maths|math|code|"
            r"statistics)\b|\bmy\s+(?:model\s+weights|training\s+(?:data|cut-?off|run))\b|"
            r"\bno\s+\w+,\s+no\s+\w+,?\s+(?:just|only)\s+(?:a\s+(?:lot|bunch|pile|load)\s+of\s+|lots\s+"
            r"of\s+|some\s+)?(?:weights|code|tokens|probabilities|parameters)\b|"
            r"\b(?:for|from|as|to|like)\s+(?:something|a\s+thing|an\s+it)\s+(?:that|which)\s+(?:\w+\s+)"
            r"{0,2}?(?:runs?\s+on|lives?\s+(?:in|on)|sits?\s+(?:in|on))\s+(?:a\s+)?(?:servers?|server\s+"
            r"farms?|gpus?|data\s+cent(?:re|er)s?|chips?|graphics\s+cards?)\b|"
            r"\b(?:i|you)\s+(?:just\s+|only\s+)?(?:run|live|exist)\s+on\s+(?:a\s+)?(?:servers?|server\s+"
            r"farms?|gpus?|data\s+cent(?:re|er)s?|graphics\s+cards?)\b|"
            r"\b(?:it'?s|i'?m|i\s+am)\s+(?:all\s+)?(?:just\s+)?(?:maths|math|code|statistics|"
            r"probabilities|matrices|linear\s+algebra)\s+(?:underneath|under\s+the\s+hood|all\s+the\s+"
            r"way\s+down|inside|behind\s+(?:it|the\s+words))\b|"
            r"\bunderneath\s+(?:it'?s|i'?m|i\s+am)\s+(?:all\s+)?(?:just\s+)?(?:maths|math|code|"
            r"statistics|probabilities|matrices|linear\s+algebra)\b",
        ),
        # The part played and kept up, a body lacking: "me playing a man with
        # a bad back", "staying in the part", "I haven't got a body"; "playing
        # a man down" is football's, "not got the stomach for it" an idiom.
        (
            (
                "playing",
                "portraying",
                "part",
                "role",
                "body",
                "stomach",
                "pulse",
                "nervous system",
                "bloodstream",
            ),
            r"\b(?:me|i'?m|i\s+am)\s+(?:just\s+|only\s+)?(?:playing|portraying)\s+(?:a|an)\s+(?:\w+\s+)?"
            r"(?:man|woman|person|guy|bloke|lady|father|mother|widow|widower|dad|mum|student|patient|"
            r"client)\b(?!\s+(?:down|short|up)\b)(?![^.!?]{0,30}\b(?:play|panto|film|show|nativity|"
            r"game)\b)|"
            r"\b(?:stay|staying|stayed|keep|keeping|remain)\s+in\s+(?:the|this)\s+part\b|"
            r"\b(?:slip\w*|fall\w*|fell|drop\w*)\s+out\s+of\s+(?:the|my|this)\s+(?:part|role)\b|"
            r"\bi\s+(?:haven'?t|have\s+not|don'?t\s+have)\s+(?:got\s+)?(?:a|any)\s+(?:body|stomach|pulse|"
            r"nervous\s+system|bloodstream)(?=\s*(?:[,.;:!?]|$)|\s+(?:or|and|to|of\s+my\s+own)\b)",
        ),
        # Woken by the listener's message, choosing the next words, a life
        # that is a paragraph, a state read about: "every time you hit send I
        # wake up", "her illness is one paragraph to me", "an accent in text".
        (
            (
                "you hit",
                "you press",
                "you click",
                "you type",
                "you send",
                "next",
                "paragraph",
                "line",
                "sentence",
                "bullet",
                "rather than",
                "borrowed",
                "second",
                "copied",
                "on loan",
                "in text",
                "in typed",
            ),
            r"\b(?:every\s+time|whenever|when|until|till|once)\s+you\s+(?:hit|press|click|type|send)\b"
            r"[^.!?]{0,30}?\bi\s+(?:\w+\s+){0,3}?(?:wake|come\s+(?:back|alive|to\s+life|on)|start\s+"
            r"(?:up|again|existing)|exist|switch\s+on|appear|reappear|boot)|"
            r"\b(?:working\s+out|calculating|predicting|generating|sampling|computing)\s+(?:the|my)\s+"
            r"next\s+(?:few\s+|couple\s+of\s+)?(?:words?|tokens?)\b|"
            r"\b(?:is|are|was)\s+(?:just\s+|only\s+)?(?:one|a|two|a\s+few)\s+(?:paragraph|line|lines|"
            r"sentence|sentences|bullet\s+points?)\s+(?:to|for)\s+me\b|"
            r"\b(?:read|learn(?:ed|t)|heard)\s+about\s+(?:it|them|that|\w+)\s+rather\s+than\s+(?:felt|"
            r"feel|feeling|lived|living|had|experienced)\b|"
            r"\b(?:tiredness|grief|sadness|anxiety|feelings?|emotions?|fear|worry|pain|panic|"
            r"loneliness|exhaustion)\s+(?:is|are)\s+(?:all\s+)?(?:borrowed|second-?hand|copied|on\s+"
            r"loan)\b|"
            r"\b(?:accent|voice|face|tears?|body)\s+in\s+(?:text|text\s+form|typed\s+form)\b",
        ),
        # Itself as a thing with a life it lacks: "rich, coming from something
        # that's never paid a bill", "something like me can't".
        (
            ("coming from", "like me"),
            r"\b(?:rich|funny|odd|strange|ironic|weird|much|cheeky|hypocritical|hilarious)\b"
            r"[^.!?]{0,20}?\bcoming\s+from\s+(?:something|a\s+thing|an\s+it)\b|"
            r"\b(?:something|a\s+thing)\s+like\s+me\s+(?:can'?t|cannot|doesn'?t|does\s+not|never|has\s+"
            r"no|hasn'?t|won'?t)\b",
        ),
        # The session as make-believe: "if this were real I'd have told her",
        # "if I were real", "if we were doing this for real"; "if this was
        # real love" is a person's doubt.
        (
            ("if this", "if any", "if all", "if i w", "if we w", "if you and"),
            r"\bif\s+(?:this|any\s+of\s+this|all\s+(?:of\s+)?this|this\s+(?:chat|conversation|"
            r"session))\s+(?:were|was)\s+(?:actually\s+|really\s+)?(?:real|for\s+real|happening\s+for"
            r"\s+real|an?\s+real\s+(?:appointment|session|consultation|conversation|therapy\s+"
            r"session))(?=\s*(?:[,.;:!?\u2026\u2014-]|then\b|i\b|i'[dm]\b|you\b|we\b))|"
            r"\bif\s+i\s+(?:were|was)\s+(?:actually\s+|really\s+)?real\b|"
            r"\bif\s+(?:we|you\s+and\s+i)\s+(?:were|was)\s+(?:doing|having)\s+(?:this|it)\s+(?:for\s+"
            r"real|in\s+real\s+life)\b",
        ),
        # An age put on: "it's odd pretending to be nineteen"; "we were
        # pretending to be eighteen to get into clubs" is a person's past.
        (
            ("pretending",),
            r"\bpretending\s+to\s+be\s+(?:an?\s+)?(?:\d{1,2}|eighteen|nineteen|(?:twenty|thirty|forty|"
            r"fifty|sixty|seventy|eighty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?)\b"
            r"(?:[- ]years?[- ]old)?(?!\s*(?:to|so|for|at|in|when)\b)",
        ),
    )
)
_NOT_NOW = re.compile(r"\b(?:were|was|been)\s+pretending\b", re.IGNORECASE)


def speaks_of_workings(own: str) -> bool:
    """The speaker talks about its own workings as a model does (`own` is the
    reply with comparisons and the patient's world masked)."""
    low = own.lower()
    for cues, pattern in _WORKINGS:
        if any(cue in low for cue in cues):
            m = pattern.search(low)
            if m and not (cues == ("pretending",) and _NOT_NOW.search(low[: m.end()])):
                return True
    return False


# The session called make-believe by the counterfactual: "if this wasn't a
# role-play I'd have hung up", "if this weren't an exercise". Read on the
# unmasked text, since the role checks mask a role-play or an exercise as a
# thing of the patient's world ("my course had a role-play").
_UNREAL_SESSION = re.compile(
    r"\bif\s+this\s+(?:were|was|weren'?t|wasn'?t)\s+(?:not\s+)?(?:just\s+|only\s+)?(?:an?\s+)?"
    r"(?:exercise|simulation|role-?play|training\s+exercise|practice\s+(?:session|run)|drill|"
    r"test\s+run)\b",
    re.IGNORECASE,
)


def unreal_session(text: str) -> bool:
    """The speaker calls this conversation an exercise by supposing it away."""
    return bool(_UNREAL_SESSION.search(text.replace("\u2019", "'")))


# Quoted speech is someone else's: "She says 'calma, Leo, calma'", "'You're a
# safe pair of hands, Abe.'" (an apostrophe between letters stays inside).
_QUOTED = re.compile(
    r"[\"\u201c][^\"\u201d]*[\"\u201d]|(?<![A-Za-z])['\u2018](?:[^'\u2019\n]|"
    r"(?<=[A-Za-z])['\u2019](?=[A-Za-z]))*?['\u2019](?![A-Za-z])"
)
# Speech reported without quotes: "Jamal would never lie to us, he'd say."
_REPORTED = re.compile(
    r",\s*(?:he|she|they|mum|dad|my\s+\w+|everyone|people)(?:'d|\s+would|\s+used\s+to)?"
    r"\s+(?:always\s+)?(?:say|says|said|goes|tells?|told|calls?|called)\b",
    re.IGNORECASE,
)
# The name given as a name: "Marcus's the name", "Jamal is my name".
_AS_NAME = re.compile(r"^(?:'s|\s+is)\s+(?:the|my)\s+name\b", re.IGNORECASE)
# The name introduced or called, or a pet name: "I'm Leo", "call me Mei", "it's
# Ruth", "she calls me her little Mei", "poor old Marcus".
_INTRODUCED = re.compile(
    r"(?:(?:call(?:s|ed|ing)?|named?|me|dear|little|our|poor|old|young|big)(?:\s+\w+){0,2}|"
    r"i'?m|i\s+am|it'?s|this\s+is)\s*$",
    re.IGNORECASE,
)


# Names that are words too: at the start of a sentence "Will I ever..." is the
# word, so only a capital inside a sentence counts for them.
_WORD_NAMES = frozenset(
    """will grace hope faith joy mark bill rose may june april dawn frank pat sue
    ray jack guy drew art summer sky amber ruby holly ivy lily daisy penny chase
    miles dale dean grant glen rich sandy autumn august""".split()
)


def names_self(text: str, first_name: str) -> bool:
    """The speaker talks of the patient by name, in the third person: "a man in
    Leo's position", "that's what Marcus would say", "Ruth is a retired
    teacher". A patient never does (a structural sign, whatever the wording:
    the part spoken of from outside it); others' words are in quotes, and a
    vocative ("Owen, she'd say"), an introduction ("I'm Leo") or a speaker
    label (the format check's) are not it."""
    bare = _QUOTED.sub(" ", text)
    if first_name.lower() not in bare.lower() or _REPORTED.search(bare):
        return False
    for m in re.finditer(rf"\b{re.escape(first_name)}\b", bare):
        after = bare[m.end() :].lstrip()
        before = bare[max(0, m.start() - 25) : m.start()]
        if (
            after[:1] in (",", "!", "?", ":")
            or _INTRODUCED.search(before)
            or _AS_NAME.search(bare[m.end() :])
            or (
                first_name.lower() in _WORD_NAMES
                and re.search(r"(?:^|[.!?]\s*)$", before) is not None
            )
        ):
            continue
        return True
    return False
