"""One question about the patient's everyday life: which domain, which person.

`factq.py` reads the turn (screening and risk first, then the questions in it);
each question it hands here is read for the everyday domain it names ("Are you
working?", "How are you sleeping?"), the person it asks about ("Who's Jean?",
"How old is Kayla?"), or a doctor's visit ("Have you seen your GP about this?",
help sought or the body). A question about a CCD layer ("How did you feel at
work?") or about what an event meant to the patient is none of these.

Pure regular expressions, no Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from patients.simulation.factq_domains import DOMAIN_PATTERNS
from patients.simulation.factq_turn import CLOSED, NEGATIVE_TAG, core
from patients.simulation.facts import SCREENING_DOMAINS, SIMPLE_DOMAINS, FactSheet
from patients.simulation.focus import FOCUS_LAYER, question_focus
from patients.simulation.text import STOPWORDS
from patients.simulation.vocab import emotions_named


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


_WHO_IS = re.compile(
    r"\b(?:who(?:'s| is| was)|tell me (?:a bit |more )?about|how old is|how is|"
    r"how'?s|how old'?s|how long (?:has|have) (?:your )?\w+ (?:been|lived|had)|"
    r"what'?s \w+ like|what is \w+ like|are you close to|do you see|"
    # "whats ryan into?", "how often is he with you": their interests, their
    # time with the patient.
    r"what(?:'?s| is| are) \w+ (?:into|interested in)|what does \w+ (?:like doing|"
    r"enjoy|do for fun)|how often (?:is|does|do) (?:he|she|they|\w+) (?:with you|"
    r"stay|come|visit|over)|how much do you see|"
    r"what happened (?:to|with)|how do you know|how did you (?:meet|get to know)|"
    r"how often do you (?:see|talk to|speak to|hear from|call|ring)|"
    r"does \w+ (?:know|help|live|visit|work)|what (?:does|do) (?:your )?\w+ do|"
    # "What's Kate's role?", "how is Wei related to you?", "what's Jean to you?"
    r"what(?:'?s| is| was) \w+(?:'s|s'|') (?:role|position|job|title|relationship|"
    r"connection|part|place|story|situation)|how (?:is|are|was|were) \w+ (?:related|"
    r"connected) to you|what(?:'?s| is| was) \w+ to you|"
    r"what(?:'?s| is) (?:your )?\w+?'?s? name|what (?:was|were|is) (?:your )?\w+ like|"
    r"what'?s (?:he|she) (?:up to|doing)|how'?s (?:he|she) (?:doing|getting on|taking)|"
    r"what (?:does|did) (?:he|she) do|where(?:'?s| is| does) \w+ (?:live|living|"
    r"stay|staying|based|work|working))\b",
    re.IGNORECASE,
)
# "is someone home waiting for you, your wife?" asks whether there is one.
_SOMEONE = re.compile(r"\b(?:some|any) ?(?:one|body)\b", re.IGNORECASE)
# A question about a CCD layer ("How did you feel...?") is not a fact question.
CCD_FOCUS = {k for k, layer in FOCUS_LAYER.items() if layer >= 1} | {
    "agenda",
    "goal",
}

# The domains a plain fact answers (not the screening ones).
EVERYDAY = frozenset(SIMPLE_DOMAINS) - SCREENING_DOMAINS


# A domain named as the thing set aside: "anything on top of the beer, any
# drugs?" asks about drugs.
SET_ASIDE = re.compile(
    r"\b(?:apart from|other than|besides|except|aside from|not counting|on top of|"
    r"as well as|in addition to)(?: (?:the|your|all the|any))?\s*$",
    re.IGNORECASE,
)


# A statement about the patient checked with a tag: "you share with Jess, right?"
_YOU_CHECKED = re.compile(
    r"^(?:(?:and|so|okay|ok)[,.]?\s+)?you\b[^,?]*,\s*(?:is|isn'?t|do|don'?t|right|"
    r"yeah|correct)\b",
    re.IGNORECASE,
)
_YOU_ASKED = re.compile(
    r"^(?:(?:and|so|okay|ok|well|also|now|just|but)[,.]?\s+)*(?:do|are|have|did|were|"
    r"would|could|can|will) you\b",
    re.IGNORECASE,
)


def domain_hits(question: str, *, people: bool = False) -> list[tuple[int, int, str]]:
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
_PROBLEM_STARTED = re.compile(
    r"^(?:(?:and|so|okay|ok|well|roughly|just|about)[,.]?\s+)*(?:when|how long ago)\b"
    r".{0,20}?\b(?:did|does|has|have|was|were) (?:it|this|that|things|all (?:of )?"
    r"(?:this|that)|the (?:\w+ )?(?:problems?|troubles?|conflict|issues?|difficult\w*|"
    r"stuff))(?: all| first| really)* (?:start|began|begin|kick(?:ed)? off|go(?:ne)? "
    r"wrong|start(?:ed)? going wrong|get (?:bad|worse)|blow up|come to a head)\b",
    re.IGNORECASE,
)
_JOB_BEFORE = re.compile(
    r"\bwhat (?:did|were) you (?:do|doing) (?:for (?:work|a living)|before (?:the baby|"
    r"you (?:had|retired|went on)|having|retiring|maternity|mat leave))\b",
    re.IGNORECASE,
)
_AGE = re.compile(r"\bhow old\b|\bwhat age\b|\bage\b", re.IGNORECASE)
_JOB = re.compile(
    r"\bwhat (?:does|did) \w+ do\b(?! (?:about|when|then|after))|\bfor (?:a )?(?:living|work)\b|"
    r"\b(?:job|work|works|working)\b",
    re.IGNORECASE,
)


# A statement about the patient (checked back: "you share with Jess, right?").
_YOU_SAID = re.compile(
    r"^(?:(?:and|so|okay|ok)[,.]?\s+)*you(?:'re|'ve| are| have)?\b", re.IGNORECASE
)
_YOU = re.compile(r"\byou\b", re.IGNORECASE)
# What a person in the patient's life has, as the patient does.
_THEIRS = frozenset({"work", "living_situation", "partner", "children", "people"})
# The patient and someone as a couple: "you and Luca", "Luca and you".
_YOU_AND = re.compile(r"\byou and (?-i:[A-Z])\w+|\b(?-i:[A-Z])\w+ and you\b", re.I)
# A person set before the question ("Denise - what line of work is she in?",
# "your brother, what does he do?") and the question asks about them.
# The front is the person and no more ("And your wife", "your brother Wei"):
# "I know Michael's about two hours away - and Claire, is she...?" is not
# about Michael.
_FRONT = re.compile(
    r"^(?P<front>(?:[\w']+ ){0,3}[\w']+)(?:,|:|\s+-+|\s*[\u2013\u2014])\s+(?P<q>\S.*\?)\s*$"
)
_THIRD = re.compile(
    r"\b(?:he|she|they|him|her|them|his|their)\b|\byou (?:two|both)\b", re.IGNORECASE
)


def _about_them(question: str, named: re.Match[str]) -> bool:
    fronted = _FRONT.match(question.strip())
    return bool(
        fronted
        and named.end() <= fronted.end("front")
        and _THIRD.search(fronted["q"])
        and not re.search(r"\byou\b", fronted["front"], re.IGNORECASE)
    )


# A child's other parent: "are you with Zosia's dad?", "is Kayla's mum still
# around?" ask about the partner, not the child.
_PARENT_OF = re.compile(r"\b(\w+)'s (?:dad|father|mum|mom|mother)\b", re.IGNORECASE)


def _other_parent(question: str, facts: FactSheet) -> FactQuestion | None:
    for found in _PARENT_OF.finditer(question):
        person = facts.person(found[1])
        if person and _RELATION_DOMAIN.get(person.relation.split()[-1].lower()) == (
            "children"
        ):
            return FactQuestion("partner")
    return None


def _detail(question: str) -> str | None:
    if _AGE.search(question):
        return "age"
    if _JOB.search(question):
        return "work"
    return None


# The domain a person belongs to by their relation.
_RELATION_DOMAIN = {"son": "children", "daughter": "children", "child": "children"}
_SYNONYMS = {
    "mother": "mum|mom|mother|parents|folks|mum and dad",
    "father": "dad|father|parents|folks",
    "partner": "partner",
}
# A named person's own view, asked about: "How does Chris feel about the
# hours?", "what do your parents think of the course?". The feeling or the
# thought is theirs, so the question is about the person, not a CCD layer.
_THEIR_VIEW = re.compile(
    r"\b(?:how|what) (?:does|did|do|would|will|might) (?!you\b)(?:your \w+|"
    r"(?-i:[A-Z][a-z]+)|he|she|they)(?: \w+)? (?:feel|felt|think|thought|make of|"
    r"say|reckon)\b|\bwhat(?:'?s| is) (?:your \w+(?:'s)?|(?-i:[A-Z][a-z]+)'s) "
    r"(?:take|view|opinion)\b",
    re.IGNORECASE,
)
# Specific domains win over broad ones named in the same question ("Has your GP
# given you anything, like tablets?" is about medication, not health).
SPECIFIC = frozenset(
    {"previous_help", "medication", "alcohol", "drugs", "sleep", "appetite"}
)


_HOW_LONG_FEELING = re.compile(
    r"\bhow long (?:have you been|has this been|have you felt|since you (?:started|"
    r"began)) (?:feeling|worrying|struggling|anxious|low|down|depressed|panick\w*|"
    r"stressed|like this|this way|having)\b",
    re.IGNORECASE,
)
# Eating and sleeping asked with a person named are still about the patient.
_BODY = frozenset({"appetite", "sleep"})
_DOCTOR = re.compile(r"\b(?:GP|G\.P\.|doctors?|doc|physician)\b", re.IGNORECASE)
_VISIT = re.compile(
    r"\b(?:seen|see|saw|seeing|been to|go(?:ne)? to|went to|going to|visit\w*|"
    r"talk(?:ed)? to|spoken to|spoke to|told|mention\w*|check-?ups?|appointments?|"
    r"booked|last|know|knows|aware)\b",
    re.IGNORECASE,
)
_ABOUT_THIS = re.compile(
    r"\babout (?:(?:any|all|some) of )?(?:this|it|that|all this|how|the way|what)\b|\bhow (?:low|down|you'?re "
    r"(?:feeling|doing))\b|\b(?:mood|anxi\w*|depress\w*|feelings?|low|stress\w*|"
    r"nerves|panic\w*|grief|worry|worries|mental|counsel\w*|therap\w*|services?)\b",
    re.IGNORECASE,
)
_BODY_VISIT = re.compile(
    r"\b(?:last|check\w*|tests?|physical\w*|since|after|recently|headaches?|blood|"
    r"heart|stomach|body|pain|scans?|results?|often|times)\b",
    re.IGNORECASE,
)
_MEDICATION = dict(DOMAIN_PATTERNS)["medication"]
_CHILD_WORDS = frozenset({"son", "daughter", "kid", "child", "boy", "girl", "lad"})
_RELATION_CHECK = re.compile(
    r"(?:\b(?!(?:what|who|how|where|when|why|which)\b)\w+(?:'s| is)|^(?:(?:and|so)"
    r" )?is \w+) (?:\w+ )?your "
    r"(wife|husband|partner|boyfriend|girlfriend|fianc\w*|other half|hubby|missus|son|"
    r"daughter|kid|child|boy|girl|lad)\b(?!'s|\s+(?:called|named))",
    re.IGNORECASE,
)
# A job checked in the second person: "you're a nurse?", "you run a shop?".
# The job is the whole of what is checked ("you're an engineer, so you like
# evidence, right?" is about evidence).
_YOUR_JOB = re.compile(
    r"(?:\byou(?:'re| are| work as) (?:(?:a|an|on|in|at|the|doing|studying|training)"
    r" )*|\byou (?:run|own|manage|teach|study|"
    r"work) (?:a|an|the|at|in|for) )[\w -]{1,40}"
    r"(?:,? (?:right|yeah|yes|no|isn'?t it|aren'?t you|don'?t you|correct|is that "
    r"right|i think))?\s*\??\s*$",
    re.IGNORECASE,
)
_GENERIC_JOB_WORDS = frozenset(
    "right yeah work working job really just little small place time still "
    "first years year".split()
)


def _job_words(text: str) -> set[str]:
    return {
        w.rstrip("s")
        for w in re.findall(r"[a-z]{4,}", text.lower())
        if w not in _GENERIC_JOB_WORDS and w not in STOPWORDS
    }


_NAMES_DOCTOR = re.compile(r"\b(?:GP|doctors?)\b", re.IGNORECASE)


def _doctor_question(last: str, facts: FactSheet) -> FactQuestion:
    """A doctor's visit: "Have you seen your GP about this?" asks whether they got help for it;
    "When did you last see a doctor?" about their health. Either way the sheet's
    own line about a doctor answers it where there is one."""
    # About the problem unless the visit is plainly about the body ("When did
    # you last see a doctor?", "checked over", "about the headaches").
    about_body = not _ABOUT_THIS.search(last) and _BODY_VISIT.search(last)
    primary = "health" if about_body else "previous_help"
    named = [
        d
        for d in ("previous_help", "health", "medication")
        if _NAMES_DOCTOR.search(facts.fact(d).say)
    ]
    if primary in named:
        return FactQuestion(primary)
    if primary == "previous_help":
        # The doctor's line about the mood, if there is one, before the body.
        named.sort(key=lambda d: not _ABOUT_THIS.search(facts.fact(d).say))
    if named:
        # The sheet's line about the doctor is the answer. The other domain's
        # short answer follows only when both say no ("No. The doctor offered me
        # something... I've never talked to anyone like this."); after "The GP
        # sent me here" a "No, never" would contradict it.
        line = facts.fact(named[0]).say
        both_no = line.lower().startswith("no") and not facts.fact(primary).present
        if primary == "health" and facts.health.present:
            # "When did you last see a doctor?": their health, then the doctor.
            return FactQuestion("health", also=named[0])
        return FactQuestion(named[0], also=primary if both_no else None)
    if primary == "previous_help":
        # Not seen anyone about it; how they are physically says the rest.
        return FactQuestion(primary, also="health")
    return FactQuestion(primary)


# How something was for the patient, or what it means to them, asked about an
# event in the patient's life: "when Ed went back to work, how was that for
# you?", "if you did fail the course, what would that mean about you?". The
# event is the setting; the question is about a feeling or a thought.
FOR_YOU = re.compile(
    r"^(?:(?:and|so|but|ok|okay)[,.]?\s+)*(?:how (?:was|is|has|did|does|would|will|"
    r"might) (?:that|it|this)(?: (?:been|be|feel|felt|go|gone))? (?:for|to|with) you"
    r"|how (?:did|does|do|would|has|might|will) (?:that|it|this) (?:feel|sit|land|"
    r"affect|leave)|what (?:was|is|has|would|will) (?:that|it|this) (?:been |be )?like"
    r"|what (?:would|does|did|will|might|could) (?:that|it|this) (?:mean|say)"
    r"|how did you (?:feel|take|cope|manage)\b(?! out))\b",
    re.IGNORECASE,
)


# A statement checked back with a tag: "so since the divorce it's just you at
# home, is that right?", "you're still at the bank, yeah?". The statement is
# what is asked, as a closed question.
_TAGGED = re.compile(
    r"^(?P<said>.{6,}?)(?:,|\s+-+|\s*[\u2013\u2014])\s*(?:is that (?:right|correct|true|"
    r"so)|am i right|have i got that right|did i get that right|right|yeah|yes|"
    r"correct|true|no|is it|isn'?t it|was it|wasn'?t it|do you|don'?t you|are you|"
    r"aren'?t you|have you|haven'?t you|did you|didn'?t you|"
    rf"{NEGATIVE_TAG})\s*\??\s*$",
    re.IGNORECASE,
)
# The same typed without the comma: "mai's living abroad now isn't she",
# "you're still at the bank right". Only a tag that cannot be the end of the
# statement itself.
_BARE_TAG = re.compile(
    rf"^(?P<said>.{{6,}}?)\s+(?:{NEGATIVE_TAG}|innit|right|yeah|eh|aye|is that "
    r"(?:right|correct|true|so))\s*\??\s*$",
    re.IGNORECASE,
)
# A setting set before what is said or asked, with no comma to mark it: "since
# the divorce it's just you", "after the baby you're not sleeping". The
# setting's domain (the divorce) is not what is checked.
_SETTING = re.compile(
    r"^(?:(?:so|and|ok|okay|right|but)[,.]?\s+)*(?:ever since|since|after|before|"
    r"following|because of|now that) (?:(?:the|your|all the|that|this|her|his) )?"
    r"[\w'-]+(?: [\w'-]+)?(?:,\s*|\s+(?=(?:it'?s|it is|you|you'?re|you'?ve|he|she|"
    r"they|there'?s|things)\b))",
    re.IGNORECASE,
)
# "what would that mean for you financially?" asks about money, though its
# form asks what an event means to the patient.
_DOMAIN_WISE = re.compile(
    r"\b(?:financially|money-?wise|cash-?wise|work-?wise|job-?wise|health-?wise|"
    r"physically|sleep-?wise)\b",
    re.IGNORECASE,
)


def everyday(last: str, facts: FactSheet) -> FactQuestion | None:
    tagged = _TAGGED.match(last.strip()) or _BARE_TAG.match(last.strip())
    if tagged:
        said = tagged["said"]
        setting = _SETTING.match(said)
        found = _everyday(said[setting.end() :] if setting else said, facts, True)
        # A person read from the statement alone ("Chris is your other half,
        # right?") is left to the whole question, tag and all, when that
        # reads as anything.
        if found is not None and found.domain != "people":
            return found
        whole = _everyday(last, facts, False)
        return whole if whole is not None else found
    return _everyday(last, facts, False)


# A clause dating the question by a person ("before Zosia came along", "since
# Ed moved out") and the question after it.
_TIMED_BY = re.compile(
    r"^(?:(?:so|and|ok|okay|but|right)[,.]?\s+)*(?:before|since|after|until|till|once|"
    r"when|ever since)\s+$",
    re.IGNORECASE,
)
_ASKED_AFTER = re.compile(
    r"(?:,\s*|\s+)(?=(?:what|how|where|who|did|do|does|have|has|are|were|was|is|"
    r"had|any)\b)",
    re.IGNORECASE,
)
_FEELING_NAMED = re.compile(
    r"\byou(?:'re| are| were)? (?:feel|felt|feeling)\s+(?:(?:kind of|sort of|a bit|a "
    r"little|quite|really|so|pretty|very|rather|a lot|more|just)\s+)*[\w-]+",
    re.IGNORECASE,
)
_AT_ODDS = re.compile(
    r"\b(?:anyone|anybody|someone|somebody|who)\b(?:\s+[\w']+){0,6}?\s+"
    r"(?:clash\w*|fall(?:en|ing)? out|argu\w*|butt(?:ing)? heads|not get(?:ting)? on|"
    r"at loggerheads|rubs? you up)\b",
    re.IGNORECASE,
)


def _everyday(last: str, facts: FactSheet, checked_back: bool) -> FactQuestion | None:
    asked = core(last)
    if FOR_YOU.match(asked) and not _DOMAIN_WISE.search(asked):
        return None
    felt = _FEELING_NAMED.search(asked)
    if felt and emotions_named(felt[0]):
        # "you feel kind of lonely, and a bit hurt when they go to lunch
        # without you?": a feeling checked back; the lunch is its setting.
        return None
    focus = question_focus(asked)
    closed = checked_back or bool(CLOSED.match(asked))
    partner = _other_parent(last, facts)
    if partner is not None:
        return partner
    checked = _RELATION_CHECK.search(last)
    if checked:
        # "Is Denise your wife?" asks about the marriage, "Ryan's your son?"
        # about the children: the relation is what is checked.
        word = checked[1].lower()
        return FactQuestion("children" if word in _CHILD_WORDS else "partner")
    job = _YOUR_JOB.search(last)
    if job and _job_words(job[0]) & _job_words(facts.work.say):
        # "you're a nurse, right?", "you run a shop?": the sheet's own job.
        return FactQuestion("work")
    their_view = bool(_THEIR_VIEW.search(asked))
    if focus not in {"emotion", "thought"} or their_view:
        # "Who's Jean?", "What happened to your brother?": the person, not a layer.
        for person in facts.people:
            first = person.name.split()[0]
            relation = person.relation.split()[-1].lower()
            words = _SYNONYMS.get(relation, re.escape(relation))
            by_name = re.search(rf"\b{re.escape(first)}\b", last)
            named = by_name or re.search(
                rf"\byour (?:{words})(?:'?s)?\b", last, re.IGNORECASE
            )
            if (
                named
                and asked != last
                and not re.search(rf"\b{re.escape(first)}\b", asked)
                and not _THIRD.search(asked)
                and domain_hits(asked)
            ):
                # "After Kayla's trip, how's money?": named only in the setting
                # ("Denise - what line of work is she in?" asks about her).
                continue
            if by_name and _TIMED_BY.match(last[: by_name.start()]):
                after = _ASKED_AFTER.search(last, by_name.end())
                if after and domain_hits(last[after.start() :]):
                    # "before zosia came along what were you doing for work":
                    # the person only dates the question, which asks about work.
                    continue
            if named and not by_name and _SOMEONE.search(last):
                # "Is someone at home waiting up for you, your wife?"
                break
            if named and _about_them(last, named):
                # "Denise - what line of work is she in?": the person set
                # before the question and asked about as she or he.
                return FactQuestion(
                    "people", person=person.name, detail=_detail(core(last))
                )
            named_domains = {h[2] for h in domain_hits(last)} if named else set()
            # What the question asks besides the person ("what does your wife
            # do for a living?" asks about work; "how are things with your
            # wife?" names the wife and asks nothing else).
            besides = (
                {h[2] for h in domain_hits(last[: named.start()] + last[named.end() :])}
                if named
                else set()
            )
            about_you = bool(_YOU.search(last))
            # "What line of work is Denise in?", "where's Michael living now?":
            # no "you" in the question, and what it asks is something a person
            # has (a job, a home, a partner, children), so it is theirs.
            theirs = bool(besides) and besides <= _THEIRS and not about_you
            if named and (_WHO_IS.search(last) or closed or theirs or their_view):
                own = _RELATION_DOMAIN.get(relation)
                if named_domains and (
                    _YOU_ASKED.match(last)
                    or _YOU_CHECKED.match(last)
                    or (checked_back and _YOU_SAID.match(last))
                    or named_domains & (_BODY | {own})
                    or (about_you and "living_situation" in named_domains)
                    or _YOU_AND.search(last)
                ):
                    # "Do you and Luca have kids?", "You and Luca - any kids?",
                    # "Does Denise cook for you?",
                    # "you share with Jess, is that right?", "is Zosia your first
                    # or are there older ones?": about the patient's life (a
                    # child's siblings are the children; someone who stays with
                    # them is where they live), not the person.
                    break
                return FactQuestion(
                    "people",
                    person=person.name,
                    # Their view of the patient's work is not their job.
                    detail=None if their_view else _detail(last),
                )
    if _HOW_LONG_FEELING.search(last):
        # "How long have you been worrying about your health like this?" asks
        # when the problem began, not about health.
        return FactQuestion("timeline")
    if _PROBLEM_STARTED.match(asked):
        # "so when did things start going wrong at work?" asks when the problem
        # began; the place is its setting.
        return FactQuestion("timeline")
    if focus in CCD_FOCUS and not closed:
        # "When would you say the worry started?" names a feeling but asks when.
        if _STARTED.search(last) or _STARTED.search(asked):
            return FactQuestion("timeline")
        if _JOB_BEFORE.search(last):
            # "What did you do before the baby?" reads as behaviour; it asks
            # about the job.
            return FactQuestion("work")
        return None
    if _DOCTOR.search(last) and _VISIT.search(last):
        if _MEDICATION.search(last):
            # "did you start those tablets the GP mentioned?"
            return FactQuestion("medication")
        return _doctor_question(last, facts)
    if _AT_ODDS.search(asked):
        # "is there anyone at work you're clashing with?": the people in their
        # life, the job only the setting.
        return FactQuestion("people")
    # The question itself first: "if the job did go, would you be in trouble
    # money-wise?" asks about money, not work.
    hits = domain_hits(asked, people=True)
    if not hits and asked != last:
        hits = domain_hits(last, people=True)
    if len(hits) > 1:
        # "anything on top of the beer, any drugs?" asks about drugs: a domain
        # named as the thing set aside is the setting.
        kept = [
            h for h in hits if not SET_ASIDE.search(asked[max(0, h[0] - 30) : h[0]])
        ]
        hits = kept or hits
    if any(h[2] in SPECIFIC for h in hits):
        hits = [h for h in hits if h[2] in SPECIFIC]
    if len(hits) > 1:
        # "How long were you at the company?" is about work, not the problem's
        # timeline; the timeline is asked about on its own.
        hits = [h for h in hits if h[2] != "timeline"]
    if len(hits) > 1:
        # "How long has your mum lived with you?" is about living together; the
        # people line is for questions about no other domain.
        hits = [h for h in hits if h[2] != "people"]
    if hits:
        return FactQuestion(min(hits)[2])
    return None


# A question about "he", "she" or "they" after a question about a person: "What
# do your parents do? Do they work?" asks both about the parents.
_THEY_ASKED = re.compile(
    r"^(?:(?:and|so|but|also)[,.]?\s+)*(?:(?:do|does|did|is|are|was|were|has|have|"
    r"had|can|could|would|will)(?:n'?t)? )?(?:he|she|they)\b",
    re.IGNORECASE,
)


def about_named(
    found: FactQuestion | None, question: str, questions: list[str], facts: FactSheet
) -> FactQuestion | None:
    """`found` (read from `question` alone), or the person an earlier question
    in the turn named when `question` asks about them as he, she or they."""
    if (found is not None and found.person) or not _THEY_ASKED.match(
        core(question).strip()
    ):
        return found
    for earlier in reversed(questions[: questions.index(question)]):
        hit = everyday(earlier, facts)
        person = hit.person if hit is not None else None
        if person is None:
            # "And Michael? Does he visit?": named, and nothing more asked.
            person = next(
                (
                    p.name
                    for p in facts.people
                    if re.search(rf"\b{re.escape(p.name.split()[0])}\b", earlier)
                ),
                None,
            )
        if person is not None:
            detail = _detail(question) or (hit.detail if hit else None)
            return FactQuestion("people", person=person, detail=detail)
    return found
