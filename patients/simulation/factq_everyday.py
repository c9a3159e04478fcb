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

from patients.simulation.factq_domains import DOMAIN_PATTERNS, FactQuestion, domain_hits
from patients.simulation.factq_people import (
    SOMEONE_ELSES,
    detail_asked,
    named_person,
    person_by_note,
    person_question,
    relation_asked,
)
from patients.simulation.factq_turn import CLOSED, NEGATIVE_TAG, core, tagged
from patients.simulation.facts import SCREENING_DOMAINS, SIMPLE_DOMAINS, FactSheet
from patients.simulation.focus import FOCUS_LAYER, question_focus
from patients.simulation.text import STOPWORDS
from patients.simulation.vocab import emotions_named

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
# Specific domains win over broad ones named in the same question ("Has your GP
# given you anything, like tablets?" is about medication, not health).
SPECIFIC = frozenset(
    {"previous_help", "medication", "alcohol", "drugs", "sleep", "appetite"}
)


_HOW_LONG_FEELING = re.compile(
    r"\bhow long (?:have you been|has this been|have you felt|since you (?:started|"
    r"began)) (?:feeling|worrying|struggling|anxious|low|down|depressed|panick\w*|"
    r"stressed|like this|this way|having)\b"
    # The problem named as the subject: "how long has this worry about your
    # health been going on for?", "how long have the panic attacks been around?".
    r"|\bhow long (?:has|have) (?:this|that|these|those|the|your|all this) (?:\w+ )?"
    r"(?:worry|worries|worrying|anxiety|panic|fear|feeling|low mood|stress|problem|"
    r"struggle|grief|sadness|attacks?|panic attacks?|this|it)\b.{0,40}\b(?:going on|"
    r"gone on|been (?:around|happening|there|a thing|an issue)|lasted)\b",
    re.IGNORECASE,
)
# Time in a role: "how long have you been in the analyst role now?", "how long
# have you been at the firm?" ask about work, not when the problem began.
_HOW_LONG_IN_ROLE = re.compile(
    r"\bhow long (?:have|had) you been (?:in|at|with|doing|on|working (?:at|in|on|"
    r"for)) (?:the|your|this|that|a|an) (?:\w+ ){0,2}(?:role|job|position|post|team|"
    r"company|firm|place|line of work|career|department|office|school|course|uni|"
    r"ward|unit|shop|site|agency|practice|bank)\b",
    re.IGNORECASE,
)
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


_FEELING_NAMED = re.compile(
    r"\byou(?:'re| are| were)? (?:feel|felt|feeling)\s+(?:(?:kind of|sort of|a bit|a "
    r"little|quite|really|so|pretty|very|rather|a lot|more|just)\s+)*[\w-]+",
    re.IGNORECASE,
)
_LIVES_WITH_YOU = re.compile(
    r"\b(?:live|lives|living|stay|stays|staying)(?: \w+)? with you\b(?! (?:on|at|for|"
    r"during|when|after|over)\b)",
    re.IGNORECASE,
)
_AT_ODDS = re.compile(
    r"\b(?:anyone|anybody|someone|somebody|who)\b(?:\s+[\w']+){0,6}?\s+"
    r"(?:clash\w*|fall(?:en|ing)? out|argu\w*|butt(?:ing)? heads|not get(?:ting)? on|"
    r"at loggerheads|rubs? you up)\b",
    re.IGNORECASE,
)


def _own_hits(question: str) -> list[tuple[int, int, str]]:
    """The domains `question` names, less work asked of someone else: "your
    son, what's he doing now, does he work?" is about the son."""
    hits = domain_hits(question, people=True)
    if SOMEONE_ELSES.search(question):
        hits = [h for h in hits if h[2] != "work"]
    return hits


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
    # A person's age put as a guess ("Kayla must be in her teens by now?",
    # "Ryan's what, eighteen now?") is checked back like a tag.
    guessed_age = last.rstrip().endswith("?") and detail_asked(last) == "age"
    closed = checked_back or bool(CLOSED.match(asked)) or tagged(last) or guessed_age
    relation = relation_asked(last, facts)
    if relation is not None:
        return relation
    job = _YOUR_JOB.search(last)
    if job and _job_words(job[0]) & _job_words(facts.work.say):
        # "you're a nurse, right?", "you run a shop?": the sheet's own job.
        return FactQuestion("work")
    found = person_question(
        last, asked, facts, focus=focus, closed=closed, checked_back=checked_back
    )
    if found is not None:
        return found
    if _HOW_LONG_IN_ROLE.search(last):
        return FactQuestion("work")
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
    if _LIVES_WITH_YOU.search(asked):
        # "does your son live with you full time?": who is at home, whoever
        # is named first.
        return FactQuestion("living_situation")
    # The question itself first: "if the job did go, would you be in trouble
    # money-wise?" asks about money, not work.
    hits = _own_hits(asked)
    if not hits and asked != last:
        hits = _own_hits(last)
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
        domain = min(hits)[2]
        if domain == "people":
            # "When did your mum move in?": the person named, if any, or
            # the one whose line holds what is asked ("anyone in the family
            # with Alzheimer's?").
            person = named_person(last, facts)
            if person is not None:
                return FactQuestion("people", person=person, detail=detail_asked(last))
            by_note = person_by_note(last, facts)
            if by_note is not None:
                return by_note
        return FactQuestion(domain)
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
            detail = detail_asked(question) or (hit.detail if hit else None)
            return FactQuestion("people", person=person, detail=detail)
    return found
