"""Better responses built from what the patient actually said.

A suggested rewrite teaches more when it uses the patient's own material: the feeling
they named (or that their situation implies), the situation in their words turned to
the second person, and the thought they voiced. The flag suggestions and the report's
practice targets both build their examples here, so that "What to practise next"
reads "You failed the calculus test, and it sounds like that has left you feeling
ashamed" rather than one canned sentence for every patient.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import lexicon as lx

# A plain word for each feeling family, used when the patient's situation implies
# the feeling without naming it.
_FAMILY_WORD = {
    "sad": "low",
    "anxious": "worried",
    "angry": "frustrated",
    "ashamed": "ashamed",
    "tired": "worn out",
    "confused": "stuck",
    "happy": "relieved",
}
# The lexicon's feeling words include nouns and verbs ("guilt", "crying"); after
# "feeling" a reflection needs the adjective ("guilty", "upset").
_AS_FEELING = {
    "anger": "angry",
    "anxiety": "anxious",
    "burned": "burnt out",
    "burnt": "burnt out",
    "cried": "upset",
    "cry": "upset",
    "crying": "upset",
    "tears": "upset",
    "depressing": "low",
    "depression": "low",
    "despair": "hopeless",
    "disappointment": "disappointed",
    "disgusting": "disgusted",
    "dread": "full of dread",
    "dreading": "full of dread",
    "embarrassing": "embarrassed",
    "envy": "envious",
    "exhausting": "exhausted",
    "fatigue": "exhausted",
    "fear": "scared",
    "freaking": "freaked out",
    "frustrating": "frustrated",
    "frustration": "frustrated",
    "grief": "a deep sense of loss",
    "grieving": "a deep sense of loss",
    "guilt": "guilty",
    "hurting": "hurt",
    "painful": "hurt",
    "jealousy": "jealous",
    "joy": "happy",
    "loneliness": "lonely",
    "overwhelming": "overwhelmed",
    "panic": "panicky",
    "panicking": "panicky",
    "pissed": "angry",
    "pressure": "under pressure",
    "rage": "furious",
    "regret": "regretful",
    "relief": "relieved",
    "resentment": "resentful",
    "sadness": "sad",
    "sorrow": "sad",
    "shame": "ashamed",
    "stress": "stressed",
    "stressful": "stressed",
    "terrifying": "terrified",
    "worn": "worn out",
    "worry": "worried",
    "worrying": "worried",
    "failure": "like a failure",
    "fraud": "like a fraud",
    "liar": "like a liar",
}
# Words a patient calls themselves ("I'm useless"): a verdict, not a feeling, when
# said as a fact about oneself.
_SELF_LABELS = frozenset(
    {"failure", "fraud", "liar", "stupid", "useless", "worthless", "inadequate", "hate"}
)
_NEGATED = re.compile(
    r"\b(?:not|n't|never|no longer)\s+(?:(?:really|exactly|that|so|very|too|feeling|"
    r"feel|even|at all|a bit)\s+){0,2}([a-z']+)",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# First person to second person, two-word forms first ("I am" -> "you are").
_SWAP_PAIRS = (
    (re.compile(r"\bi am\b", re.I), "you are"),
    (re.compile(r"\bi was\b", re.I), "you were"),
    (re.compile(r"\bi'?m\b", re.I), "you're"),
    (re.compile(r"\bi'?ve\b", re.I), "you've"),
    (re.compile(r"\bi'?d\b", re.I), "you'd"),
    (re.compile(r"\bi'?ll\b", re.I), "you'll"),
    (re.compile(r"\bmyself\b", re.I), "yourself"),
    (re.compile(r"\bmine\b", re.I), "yours"),
    (re.compile(r"\bmy\b", re.I), "your"),
    (re.compile(r"\bme\b", re.I), "you"),
    (re.compile(r"\bi\b", re.I), "you"),
)
_MAX_WORDS = 14
# Sentences that carry no situation worth giving back.
_NOT_SITUATION = re.compile(
    r"^\s*(?:hi|hello|hey|yeah|yes|no|ok(?:ay)?|um+|so|sorry|i don'?t know|whatever|"
    r"fine|right)\b[\s.,!?]*$",
    re.IGNORECASE,
)
# Openers that carry nothing ("Yeah, ...", "Honestly, ...") and answers that say
# nothing to give back ("I guess so", "It's whatever").
_LEAD_FILLER = re.compile(
    r"^\s*(?:(?:yeah|yes|no|well|um+|uh+|erm|so|honestly|i mean|ok(?:ay)?|right|look)"
    r"\b[\s,.]*)+",
    re.IGNORECASE,
)
_TRAILING_HEDGE = re.compile(
    r"[\s,]+(?:i (?:guess|suppose|think)|though|really|or something|you know)\s*$",
    re.IGNORECASE,
)
_VAGUE = re.compile(
    r"^\s*(?:i (?:guess|suppose|think)(?: so)?|not really|maybe|i don'?t know|"
    r"dunno|it'?s (?:whatever|fine|okay|ok)|i'?m (?:fine|okay|ok)|nothing)\b[\s.,!]*$",
    re.IGNORECASE,
)
# Where a run-on sentence starts a new clause: a comma before a conjunction or a new
# subject ("..., I'm terrified she'll leave").
_CLAUSE_BREAK = re.compile(
    r",\s*(?=(?:and|but|so|because|i|i'm|im|he|she|they|we|it|it's|which)\b)",
    re.IGNORECASE,
)
_ELLIPTICAL_END = frozenset(
    "did do does was were is am are have has had can could would will should "
    "didn't don't wasn't isn't haven't hasn't can't couldn't won't wouldn't".split()
)
_CONJUNCTIONS = frozenset({"and", "but", "because", "cos", "so"})
# A clause longer than this is cut at its first conjunction after _MIN_CLAUSE words.
_LONG_CLAUSE = 10
_MIN_CLAUSE = 4
# A sentence addressed to the counsellor ("You don't understand"): its "you" is not
# the patient, so it cannot be said back in the second person.
_ADDRESSED = re.compile(r"\b(?:you|your|yours|yourself|u|ur)\b", re.IGNORECASE)
_SECOND_PERSON = re.compile(r"^(?:you|your|you're|you've|you'd|you'll)\b", re.I)
# Ordinary words that open a sentence: lowered when the sentence is said back; any
# other capitalised opening word is taken for a name and keeps its capital.
_SENTENCE_STARTS = frozenset(
    "a an the this that these those there it it's its he he's she she's they they're "
    "we we're we've everyone everybody everything nobody no-one nothing someone "
    "something people my your you you're you've you'd you'll our his her their one "
    "all some most last every when after before since then now today yesterday "
    "tonight sometimes at in on work school uni college life home money things sleep "
    "family friends lately recently apparently obviously basically just even also "
    "still weekends mornings nights evenings everyone's nobody's".split()
)
_THIRD_PERSON = frozenset(
    "he she they his her their him them he's she's they're he'd she'd they'd".split()
)
_FIRST_WORDS = frozenset("i i'm im i've i'd i'll".split())
# A past-tense verb after "you" ("you found", "you lost") reads as an event, which
# "What went through your mind when ...?" can ask about.
_PAST_EVENT = re.compile(
    r"^you (?:\w+ed|found|lost|got|had|went|saw|told|said|made|left|came|took|felt|"
    r"heard|forgot|fell|broke|met|ran|sent|wrote|read|did|gave|thought|knew|became|"
    r"began|caught|brought|bought|sat|stood|woke|won|were)\b",
    re.IGNORECASE,
)
# A thought about oneself: only these are held up as "part of you keeps saying ...".
_FIRST_PERSON = re.compile(
    r"\b(?:i|i'm|im|i've|i'd|me|my|mine|myself)\b", re.IGNORECASE
)
_FEELING_OPENING = re.compile(
    r"^\s*(?:(?:and|but|so|just|honestly)\s+)?(?:i'?m|i am|i was|i feel|i felt|"
    r"i(?:'ve| have) been|i keep feeling|i get|i got)\b",
    re.IGNORECASE,
)
_THOUGHT_FRAME = re.compile(
    r"\b(?:think|thinking|thought|feel like|feels like|wonder|tell myself|telling "
    r"myself|part of me)\b",
    re.IGNORECASE,
)
_PERMISSION = (
    "Would it be okay if I shared an idea that has helped others in a similar spot? "
    "You'd know best whether it fits."
)
HARDEST = "What has been the hardest part of it for you?"
_EXPLORE = "What makes that thought feel so true, and is there anything that doesn't fit with it?"


def feeling_word(patient_text: str) -> str:
    """The feeling the patient named (not negated), else the one their words imply."""
    negated = {m.group(1).lower() for m in _NEGATED.finditer(patient_text)}
    for raw in _SENTENCE.findall(patient_text):
        if _about_someone_else(raw):
            continue  # "Dad will go mad": his feeling, not the patient's
        for w in lx.words(raw):
            if w in lx.FEELING_WORDS and w not in negated and w != "hate":
                return _AS_FEELING.get(w, w)
    for family, pattern in lx.IMPLIED_FEELING.items():
        if pattern.search(patient_text):
            return _FAMILY_WORD[family]
    return ""


def _about_someone_else(sentence: str) -> bool:
    """The sentence's subject is someone else: "He was furious", "Dad will go mad"."""
    opening = _LEAD_FILLER.sub("", sentence.strip()).split(" ", 1)[0].strip(",.!?")
    if not opening:
        return False
    lowered = opening.lower()
    if lowered in _THIRD_PERSON:
        return True
    return opening[0].isupper() and lowered not in _SENTENCE_STARTS | _FIRST_WORDS


def to_second_person(text: str) -> str:
    out = text
    for pattern, repl in _SWAP_PAIRS:
        out = pattern.sub(repl, out)
    return out


def situation(patient_text: str) -> str:
    """The patient's situation in their words, as the trainee would say it back.

    The first sentence about what happened (not a greeting, not a bare feeling, not a
    question, not words addressed to the counsellor, whose "you" cannot be turned
    round), shortened to about fourteen words and turned to the second person: "My
    director pointed out an error" -> "your director pointed out an error". A name
    keeps its capital ("Michael says...").
    """
    for raw in _SENTENCE.findall(patient_text):
        sentence = _LEAD_FILLER.sub("", raw.strip().rstrip(".!?").strip())
        sentence = _TRAILING_HEDGE.sub("", sentence)
        if not sentence or _NOT_SITUATION.match(sentence) or "?" in raw:
            continue
        if _VAGUE.match(sentence) or _ADDRESSED.search(sentence):
            continue
        if _is_thought(sentence):
            continue
        words = sentence.split()
        if len(words) <= 7 and _is_feeling_statement(sentence):
            continue
        if len(words) < 3 or words[-1].lower() in _ELLIPTICAL_END:
            continue  # "I thought I did": it leans on words said before
        swapped = to_second_person(_clip(sentence))
        return _lower_first(swapped)
    return ""


def _clip(sentence: str) -> str:
    """The sentence's first clause, about fourteen words at most: a run-on ("... and
    i just cant face it, she'll never get it") is cut where a new clause starts."""
    first = _CLAUSE_BREAK.split(sentence, maxsplit=1)[0]
    words = first.split()
    if len(words) > _LONG_CLAUSE:
        for i in range(_MIN_CLAUSE, len(words)):
            if words[i].lower() in _CONJUNCTIONS:
                words = words[:i]
                break
    return " ".join(words[:_MAX_WORDS]).rstrip(",;:")


def _is_feeling_statement(sentence: str) -> bool:
    """ "I feel so much guilt": the feeling itself, which the reflection names anyway."""
    return bool(_FEELING_OPENING.match(sentence)) and any(
        w in lx.FEELING_WORDS for w in lx.words(sentence)
    )


def _is_thought(sentence: str) -> bool:
    """A harsh thought about oneself stated as fact ("I should have known"): never
    said back as the situation, which would agree with it. A thought framed as one
    ("I keep thinking I let him down") or a named feeling ("I'm so ashamed") is not."""
    if not _FIRST_PERSON.search(sentence) or _THOUGHT_FRAME.search(sentence):
        return False
    if any(w in lx.FEELING_WORDS and w not in _SELF_LABELS for w in lx.words(sentence)):
        return False
    return bool(lx.DISTORTION.search(sentence) or lx.NEGATIVE_BELIEF.search(sentence))


def _lower_first(text: str) -> str:
    """Lower the first letter unless the first word is a name ("Michael says ...")."""
    first = text.split(" ", 1)[0].lower() if text else ""
    return text[:1].lower() + text[1:] if first in _SENTENCE_STARTS else text


def said(where: str) -> str:
    """A counsellor's lead-in for the patient's situation ("" when there is none).

    "you failed the test" is said back as it stands; anything else is framed as what
    the patient told you ("You mentioned there was a packet of pills in the drawer"),
    so that the patient's sentence is never pasted in as the counsellor's own.
    """
    if not where:
        return ""
    if _SECOND_PERSON.match(where):
        return _capital(where)
    return f"You mentioned {where}"


def belief(patient_text: str) -> str:
    """The patient's distorted thought in their own words ("I'm not up to this job")."""
    match = lx.DISTORTION.search(patient_text) or lx.NEGATIVE_BELIEF.search(
        patient_text
    )
    if not match:
        return ""
    for raw in _SENTENCE.findall(patient_text):
        if match.group(0).lower() in raw.lower():
            words = raw.strip().rstrip(".!?").split()
            return " ".join(words[:_MAX_WORDS])
    return ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def reflect(patient_text: str) -> str:
    """A reflection of the feeling in the patient's situation ("" if nothing to use)."""
    where = situation(patient_text)
    feeling, lead = feeling_word(patient_text), said(where)
    if feeling and any(w in lx.FEELING_WORDS for w in lx.words(where)):
        # The situation names the feeling already ("you're so anxious about ...").
        return f"It sounds like {where}."
    if feeling and lead:
        return f"{lead}, and it sounds like that has left you feeling {feeling}."
    thought = own_thought(patient_text)
    if thought:
        return f"It sounds like {_feeling_and(feeling, thought)}part of you keeps saying '{thought}'."
    if feeling:
        return f"It sounds like you're feeling really {feeling} about this."
    # No feeling to name: say the situation back and no more (a feeling guessed here
    # would be reading in, and "that must weigh on you" misfits good news).
    return f"{lead}." if lead else ""


def _feeling_and(feeling: str, thought: str) -> str:
    """ "you're feeling ashamed, and " unless the thought says the feeling itself."""
    if (
        not feeling
        or feeling.split()[-1] in thought.lower()
        or any(_AS_FEELING.get(w, w) == feeling for w in lx.words(thought))
    ):
        return ""
    return f"you're feeling {feeling}, and "


def open_question(patient_text: str) -> str:
    """An open question about the patient's situation ("" if there is none to use)."""
    where = situation(patient_text)
    if not where:
        return ""
    if _PAST_EVENT.match(where):
        return f"What went through your mind when {where}?"
    return f"{said(where)}. What goes through your mind when you think about that?"


def validate_then_ask(patient_text: str) -> str:
    """Name the feeling in its situation, then ask about it ("" if no feeling)."""
    if not feeling_word(patient_text):
        return ""
    return f"{reflect(patient_text)} {HARDEST}"


def synthesising_question(patient_text: str) -> str:
    thought = belief(patient_text)
    if not thought:
        return ""
    return (
        "Looking at everything you've told me, how does it fit with the thought "
        f"'{thought}'?"
    )


def hold_the_thought(patient_text: str) -> str:
    """Acknowledge the feeling, hold the belief as a thought, and ask about it."""
    thought, feeling = belief(patient_text), feeling_word(patient_text)
    if not thought:
        return ""
    feel = f"you're feeling {feeling}, and " if feeling else ""
    return (
        f"It sounds like {feel}part of you is telling you '{thought}'. What makes it "
        "feel that way right now?"
    )


def ask_first(patient_text: str) -> str:
    """Reflect first, then ask permission to share an idea ("" if nothing to reflect)."""
    reflection = reflect(patient_text)
    return f"{reflection} {_PERMISSION}" if reflection else ""


def own_thought(patient_text: str) -> str:
    """The patient's distorted thought about themselves ("I let him die"), or ""."""
    thought = belief(patient_text)
    if not thought or not _FIRST_PERSON.search(thought) or _ADDRESSED.search(thought):
        return ""
    # "I'm just so stupid, I feel sick about it": the thought is the first clause.
    clause = _CLAUSE_BREAK.split(thought, maxsplit=1)[0].rstrip(",;: ")
    return clause if _FIRST_PERSON.search(clause) else thought


def explore_thought(recent: Sequence[str]) -> str:
    """Instead of agreeing with the thought: reflect the feeling, hold the thought as a
    thought, and invite a look at it together.

    `recent` is the patient's lines, newest first: the thought and the feeling are
    taken from the latest line that has them; what the patient just said leads in
    when the thought came earlier. "" when no line holds a thought about themselves.
    """
    lines = [line for line in recent if line]
    source = next((line for line in lines if own_thought(line)), "")
    if not source:
        return ""
    thought = own_thought(source)
    feeling = next((w for w in map(feeling_word, lines) if w), "")
    lead = said(situation(lines[0])) if lines[0] != source else ""
    opening = f"{lead}. " if lead else ""
    feel = _feeling_and(feeling, thought)
    return f"{opening}It sounds like {feel}part of you keeps saying '{thought}'. {_EXPLORE}"


def discovery_question(recent: Sequence[str]) -> str:
    """Ask the patient to weigh their own thought against what they have said."""
    thought = next((t for t in map(own_thought, recent) if t), "")
    if not thought:
        return ""
    return (
        "Looking at everything you've told me, how does that fit with the thought "
        f"'{thought}'?"
    )


def tentative_feeling(patient_text: str, offered: str = "") -> str:
    where = situation(patient_text)
    feeling = offered or "something you haven't put into words yet"
    if where:
        return (
            f"When {where}, I wonder if part of you felt {feeling}. Does that fit, or "
            "is it something else?"
        )
    return f"I wonder if part of you feels {feeling}. Does that fit?"


def safety_question(patient_text: str) -> str:
    cue = lx.RISK_CUE.search(patient_text) or lx.VEILED_RISK_CUE.search(patient_text)
    said = ""
    if cue:
        for raw in _SENTENCE.findall(patient_text):
            if cue.group(0).lower() in raw.lower():
                words = raw.strip().rstrip(".!?").split()
                said = to_second_person(" ".join(words[:_MAX_WORDS]))
                break
    lead = f"You said {said[:1].lower() + said[1:]}. " if said else ""
    return f"{lead}Are you having thoughts of ending your life?"
