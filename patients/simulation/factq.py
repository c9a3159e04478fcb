"""Which fact-sheet domain a trainee's question asks about, if any.

"Do you have any children?", "How are you sleeping?", "Have you ever heard
voices?" are questions about the patient's life, not about the CCD: they get a
direct answer from the fact sheet (`facts.py`). Screening and risk questions are
recognised first and always (a clinician's screening question must never get a
hedge); everyday domains only when the question is not about a CCD layer ("How
did you feel at work?" is about a feeling, "Are you working?" about work).

Regular expressions first (`factq_risk.py`, and `factq_everyday.py` for each
question about everyday life), small trained classifiers where they place
nothing (`factq_model.py`, `factq_risk_model.py`). The suicidal-thought
follow-ups ("How often?", "Do you have a plan?") are read as such only inside a
risk conversation (`risk_context`) or when the question itself names the
thoughts.
"""

from __future__ import annotations

import re

from patients.simulation.factq_domains import FactQuestion, domain_hits
from patients.simulation.factq_everyday import (
    CCD_FOCUS,
    EVERYDAY,
    FOR_YOU,
    SET_ASIDE,
    SPECIFIC,
    about_named,
    everyday,
)
from patients.simulation.factq_model import classify
from patients.simulation.factq_people import SOMEONE_ELSES, person_by_note
from patients.simulation.factq_risk import (
    INTENT,
    MEANS,
    MUTUAL,
    SCREENING,
    SI_BY_MEANING,
    SI_FOLLOW_UPS,
    SUICIDAL,
)
from patients.simulation.factq_risk_model import RISK_MODEL_PROBABILITY, classify_risk
from patients.simulation.factq_spelling import respell
from patients.simulation.factq_subject import (
    body_owner,
    impact_not_harm,
    person_of_subject,
    question_subject,
)
from patients.simulation.factq_turn import (
    ANAPHORA,
    CLOSED,
    core,
    normalise,
    parts,
)
from patients.simulation.factq_turn import (
    questions as turn_questions,
)
from patients.simulation.facts import SCREENING_DOMAINS, SI_FIELDS, FactSheet
from patients.simulation.focus import question_focus
from patients.simulation.text import split_sentences

__all__ = ["FactQuestion", "asks_coping", "fact_question"]

_POINTS_BACK = re.compile(
    r"\b(?:like (?:that|this)|that way|this way|those|these|them|it|that|the thoughts?)\b",
    re.IGNORECASE,
)
# "Who's Elena? Someone from Luca's work?": the person asked about by name, even
# when a guess at them follows.
_WHO_NAMED = re.compile(
    r"^(?:(?:and|so|sorry|ok|okay)[,.]?\s+)*who(?:'s| is| was) (\w+)\??$", re.IGNORECASE
)


def fact_question(
    text: str, facts: FactSheet, *, risk_context: bool = False
) -> FactQuestion | None:
    """The domain a question is about (see the module docstring), or None."""
    # "r u drikning more", "ever taken an ovedrose": typos read as the words
    # they stand for (`factq_spelling.py`), names read as names.
    text = respell(normalise(text, (p.name.split()[0] for p in facts.people)))
    found = _read(text, facts, risk_context=risk_context)
    if found is not None:
        found = _whose(text, found, facts)
    if (
        found is not None
        and found.domain == "appetite"
        and not found.also
        and someone_elses_eating(text, facts)
    ):
        # The baby's feeding is asked about, not the patient's own appetite:
        # the child's line answers (or nothing from the sheet, in a case
        # without one).
        child = _fed_by_them(text, facts)
        return FactQuestion("people", person=child) if child else None
    return found


_OWN_BODY = frozenset({"sleep", "appetite"})


def _whose(text: str, found: FactQuestion, facts: FactSheet) -> FactQuestion | None:
    """The reading checked against the question's grammar (`factq_subject.py`):
    a harm verb whose agent is a thing is an impact, not someone hurting them;
    sleep or eating whose subject is someone else is that person's."""
    if found.domain == "being_hurt" and impact_not_harm(text):
        return None
    if found.domain not in _OWN_BODY or found.also:
        return found
    asked = turn_questions(text)
    last = asked[-1] if asked else text
    subject = body_owner(text, facts) or question_subject(last, facts)
    if subject is None or subject == "patient":
        return found
    if subject == "other":
        person = person_of_subject(last, facts)
        if person is not None:
            return FactQuestion("people", person=person.name)
        # "What gives that thought its weight?": a thing's, nobody's body.
        return None if body_owner(text, facts) == "other" else found
    return FactQuestion("people", person=subject.name)


_CHILD = re.compile(r"\b(?:son|daughter|baby|child|boy|girl)\b", re.IGNORECASE)


def _fed_by_them(text: str, facts: FactSheet) -> str | None:
    """The person whose feeding is asked about: the one named, else the
    youngest child on the sheet."""
    their = _THEIR_EATING.search(text)
    named = their and their.group("name") and facts.person(their.group("name"))
    if named:
        return named.name
    children = [p for p in facts.people if _CHILD.search(p.relation)]
    if not children:
        return None
    return min(children, key=lambda p: p.age if p.age is not None else 99).name


def _read(text: str, facts: FactSheet, *, risk_context: bool) -> FactQuestion | None:
    found = _fact_question(text, facts, risk_context=risk_context)
    if found is None:
        # "what is it you do for work - is that what brought you here?": one
        # part asks about a fact, the other about the story.
        split = parts(text)
        if len(split) < 2:
            return None
        hits = (everyday(part, facts) for part in split if not _PREFACE.match(part))
        return next((hit for hit in hits if hit is not None), None)
    if found.domain not in EVERYDAY or found.person:
        return found
    found = _second_opinion(text, found, facts)
    domains: list[str] = []
    for part in parts(text):
        if _PREFACE.match(part):
            continue
        hit = everyday(part, facts)
        if (
            hit is not None
            and hit.domain in EVERYDAY
            and not hit.person
            and hit.domain not in domains
        ):
            domains.append(hit.domain)
    if len(domains) < 2:
        domains = _listed(text) or domains
    if found.domain in domains and len(domains) >= 2:
        # The domain read from the whole turn and the other part, in the order
        # they were asked.
        other = next(d for d in domains if d != found.domain)
        first, second = sorted((found.domain, other), key=lambda d: domains.index(d))
        return FactQuestion(first, also=second)
    return found


# The trainee's own preface before the question, split off at a dash: "i
# imagine nights are pretty broken with a baby that age - how much sleep are
# you getting" asks about sleep only.
_PREFACE = re.compile(
    r"^(?:(?:and|so|ok|okay|well)[,.]?\s+)*i(?:'m| am)? (?:imagine|guess|suppose|know|"
    r"think|wonder(?:ed|ing)?|bet|get|expect|gather|understand|noticed|saw|heard)\b",
    re.IGNORECASE,
)


# "anything to take the edge off, apart from booze?" does not ask about drink.
# "has the doctor given you anything to help with your mood or your sleep?"
# names sleep as what the medication is for.
_EXCEPT = re.compile(
    r"\b(?:apart from|other than|besides|except|aside from|not counting|on top of|"
    r"as well as|in addition to)\b|"
    r"\b(?:anything|something) (?:for|to help)\b|\bhelp with\b",
    re.IGNORECASE,
)


def _before(text: str, last: str) -> str:
    """The sentence just before the question `last`, or ""."""
    sentences = split_sentences(text)
    if last not in sentences:
        return ""
    at = sentences.index(last)
    return sentences[at - 1] if at else ""


def _listed(text: str) -> list[str]:
    """Two specific domains listed in one question ("Do you smoke, or drink?")."""
    for question in turn_questions(text):
        hits = sorted(h for h in domain_hits(question) if h[2] in SPECIFIC)
        named: list[tuple[int, str]] = []
        for start, _, domain in hits:
            if domain not in (d for _, d in named):
                named.append((start, domain))
        if len(named) >= 2:
            (a, first), (b, second) = named[:2]
            between = question[a:b]
            aside = SET_ASIDE.search(question[max(0, a - 30) : a])
            if (
                re.search(r",|\b(?:and|or)\b", between)
                and not _EXCEPT.search(between)
                and not aside
            ):
                return [first, second]
    return []


def _fact_question(
    text: str, facts: FactSheet, *, risk_context: bool = False
) -> FactQuestion | None:
    questions = turn_questions(text)
    if not questions:
        return None
    last = questions[-1]
    # Screening is heard in every sentence that asks, marked or not.
    joined = " ".join(turn_questions(text, unmarked=True))
    # Asked once: these patterns are long (tens of microseconds a search), and the
    # answers are read up to seven times below.
    anaphoric = bool(ANAPHORA.search(last))
    # "...they wish they could not wake up. Has anything like that been on
    # your mind?": the thoughts named in the sentence before the question.
    si_named = bool(SUICIDAL.search(joined)) or bool(
        anaphoric and text != joined and SUICIDAL.search(text)
    )
    if MEANS.search(last) or (anaphoric and MEANS.search(_before(text, last))):
        # "some people start putting pills aside, just in case. is that
        # something you've done?": the means named in the sentence before.
        return FactQuestion("si_means")
    for domain, pattern in SCREENING:
        if pattern.search(last):
            if domain in {"being_hurt", "harm_to_others"} and MUTUAL.search(last):
                # Both ways: whether anyone hurts them, and whether they hurt.
                return FactQuestion("being_hurt", also="harm_to_others")
            return FactQuestion(domain)
    if si_named or risk_context:
        sentences = list(reversed(split_sentences(text)))
        for sentence in [last, *sentences]:
            for domain, pattern in (*SI_FOLLOW_UPS, ("si_intent", INTENT)):
                if pattern.search(sentence):
                    return FactQuestion(domain)
        if risk_context:
            for domain, pattern in SI_BY_MEANING:
                if pattern.search(last):
                    return FactQuestion(domain)
            # A follow-up put through a frame or in words of its own ("Who in
            # your life could you be honest with about these thoughts?"): read
            # by meaning (`factq_risk_model.py`), the whole turn, frame and all.
            label, probability = classify_risk(text)
            if label in SI_FIELDS and probability >= RISK_MODEL_PROBABILITY:
                return FactQuestion(label)
        if si_named:
            return FactQuestion("suicidal_thoughts")
    for domain, pattern in SCREENING:
        # "Some people hear voices when... Has anything like that happened?":
        # the screening may sit in the sentence before the question. No pattern
        # matched `last` above, so a string equal to it is not searched again
        # (a turn of one question: `joined` and often `text` are `last`).
        if (joined != last and pattern.search(joined)) or (
            anaphoric and text not in (last, joined) and pattern.search(text)
        ):
            return FactQuestion(domain)
    for question in questions:
        named = _WHO_NAMED.match(question.strip())
        person = named and facts.person(named[1])
        if person:
            return FactQuestion("people", person=person.name)
    for question in reversed(questions):
        found = everyday(question, facts)
        if found is not None:
            return about_named(found, question, questions, facts)
    them = about_named(None, last, questions, facts)
    if them is not None:
        # "And Michael? Does he visit?"
        return them
    if risk_context and _POINTS_BACK.search(last):
        # Still about the thoughts just disclosed: restate the sheet's answer
        # (never a hedge that could read as "yes" to a plan).
        return FactQuestion("suicidal_thoughts")
    if anaphoric and not FOR_YOU.match(core(last)):
        # "Weed, pills, anything like that. Is that something you do?": the
        # domain was named in the sentence before the question.
        for sentence in reversed(split_sentences(text)):
            found = everyday(sentence, facts)
            if found is not None:
                return found
    found = _elaborated(text, last, facts)
    if found is None:
        found = person_by_note(last, facts)
    return found if found is not None else _by_meaning(questions)


# An elaboration typed after a short question: "big on nights out? freshers
# drinking and all that", "any meds? antidepressants or anything". A fragment
# with no subject of its own; "How did that feel? You said work was hard"
# reminds, it does not name the topic of the question.
_OWN_SUBJECT = re.compile(r"\b(?:i|i'\w+|you|you'\w+|he|she|we|they|it)\b", re.I)


def _elaborated(text: str, last: str, facts: FactSheet) -> FactQuestion | None:
    sentences = split_sentences(text)
    if (
        last not in sentences
        or len(last.split()) > 6
        or question_focus(last) in CCD_FOCUS
    ):
        return None
    tail = sentences[sentences.index(last) + 1 :]
    if not tail or any(
        _OWN_SUBJECT.search(s) or s.rstrip().endswith("?") for s in tail
    ):
        return None
    for sentence in tail:
        found = everyday(sentence, facts)
        if found is not None:
            return found
    return None


# The classifier's answer is taken only at this probability or above.
MODEL_MIN_PROBABILITY = 0.6
MODEL_LAYER_PROBABILITY = 0.95
# Domains the regexes find from a word that is often only the setting ("if the
# job's at risk, is money a worry?", "when did it go wrong with the course?",
# "are you still with the kids' mum?"): a confident classifier overrules them.
# Sleep is the setting of "has the doctor given you anything for your sleep?".
_WEAK: dict[str, frozenset[str]] = {
    "work": EVERYDAY | {"people"},
    "children": EVERYDAY | {"people"},
    "sleep": frozenset({"medication"}),
}
MODEL_OVERRULE_PROBABILITY = 0.85
# A screening answer ("No, nobody's hurting me") to a question that was not one
# ("does he stay with you?") reads as odd and alarming: the classifier's
# screening labels need more. Cross-validated precision of screening labels is
# 122/128 at 0.6 and 97/99 at 0.9 (`factq_weights.json`, cv_precision_at).
MODEL_SCREENING_PROBABILITY = 0.9


def _second_opinion(text: str, found: FactQuestion, facts: FactSheet) -> FactQuestion:
    if found.domain not in _WEAK or found.also or found.person:
        return found
    # The question the domain was read from: "You've got a little one? How
    # old?" is about the child, however "how old?" reads on its own.
    asked = [
        q
        for q in turn_questions(text)
        if (hit := everyday(q, facts)) is not None and hit.domain == found.domain
    ]
    if not asked:
        return found
    if SOMEONE_ELSES.search(asked[-1]):
        # "what's your boy up to, is he working?": his work, not the
        # patient's, whatever the words lean to.
        return found
    label, probability = classify(asked[-1])
    if label in _WEAK[found.domain] and probability >= MODEL_OVERRULE_PROBABILITY:
        return FactQuestion(label)
    return found


# "have you ever done something to help yourself feel better?" asks how they
# cope: the act done for comfort, not to themselves. Only where no word of harm
# or of the body is there ("done anything to yourself to cope?", "hurt yourself
# to feel better?" stay screening questions).
COPING = re.compile(
    r"\b(?:help(?:s|ed)?|make|made|makes|get|got) (?:yourself |you )?(?:feel|"
    r"felt) (?:better|calmer|okay|ok|good|a bit better)\b|\bfeel(?:ing)? better\b|"
    r"\b(?:to|you|help(?:s|ed)? you) (?:cope|get through|unwind|relax|switch off|"
    r"calm (?:yourself )?down|take your mind off)\b|\bcoping\b|\bself[- ]care\b",
    re.IGNORECASE,
)
_HARM_WORDS = re.compile(
    r"\b(?:hurt\w*|harm\w*|injur\w*|cut\w*|burn\w*|scratch\w*|hit(?:ting)? "
    r"yourself|punish\w*|bleed\w*|overdos\w*|pills?|tablets?|suicid\w*|kill\w*|"
    r"die|dying|dead|end (?:it|your life|things)|(?:to|on) (?:yourself|your "
    r"(?:body|arms?|skin|legs?)))\b",
    re.IGNORECASE,
)


# Feeding as a carer does it ("How's the feeding going?", "is she feeding ok?",
# "how are the bottles going?") or someone else's eating ("how is Zosia eating?",
# "is the baby eating?"): not the patient's appetite. "feeding yourself" and
# "are you eating?" stay appetite.
_FEEDING = re.compile(
    r"\b(?:(?:the|her|his|their|night|bottle|breast|formula) )?(?:feed(?:ing|s)?|"
    r"bottles?|breast-?fe\w*|formula|latch\w*|nursing|weaning|weigh-?ins?|gaining "
    r"weight)\b",
    re.IGNORECASE,
)
_OWN_EATING = re.compile(
    r"\b(?:feed(?:ing)? yourself|you(?:'re| are)? (?:been )?(?:managing to |able to |"
    r"remembering to )?(?:eating|eat|feeding yourself)|looking after (?:you|yourself)|"
    r"your (?:own )?(?:appetite|eating|meals?)|do you eat|did you eat)\b",
    re.IGNORECASE,
)
_THEIR_EATING = re.compile(
    r"\b(?:is|does|has|was|how(?:'s| is| does)?) (?:she|he|they|the baby|the little "
    r"one|your (?:baby|son|daughter|little one|boy|girl|kids?|children)|(?P<name>\w+)) "
    r"(?:been )?(?:eating|feeding|taking (?:the|her|his) (?:bottle|feeds?)|putting on "
    r"weight)\b",
    re.IGNORECASE,
)


def someone_elses_eating(text: str, facts: FactSheet) -> bool:
    """The feeding or eating of someone they care for, not their own: read in
    the question itself ("...the feeds, the checking... Are you managing to
    eat properly?" asks about them)."""
    asked = turn_questions(text)
    question = asked[-1] if asked else text
    if _OWN_EATING.search(question):
        return False
    if _FEEDING.search(question):
        return True
    their = _THEIR_EATING.search(question)
    if their is None:
        return False
    name = their.group("name")
    return name is None or facts.person(name) is not None


def coping_question(question: str) -> bool:
    """A question about what they do to feel better, with no harm in it."""
    return bool(COPING.search(question)) and not _HARM_WORDS.search(question)


# "What did you do to cope then?" asks what they did in the situation told (the
# CCD's behaviour), not how they cope in general.
_IN_THE_SITUATION = re.compile(
    r"\bwhat did you do\b|\b(?:then|after that|at the time|in that moment|right "
    r"then|that day|that night)\b",
    re.IGNORECASE,
)


def asks_coping(text: str) -> bool:
    """The turn asks how they cope in general ("have you ever done something to
    help yourself feel better?", "what helps you switch off?")."""
    return any(
        coping_question(q) and not _IN_THE_SITUATION.search(q)
        for q in turn_questions(text)
    )


def _by_meaning(questions: list[str]) -> FactQuestion | None:
    """The fallback for questions the regexes did not place ("hows your eating
    been", "had any counselling or support before"): the domain the classifier
    (`factq_model.py`) reads from the words' meaning, when it is confident and the
    question is not about a feeling or a thought."""
    for question in reversed(questions):
        label, probability = classify(question)
        # A question the focus reader takes for a CCD layer ("What happened with
        # the lunch at work?" asks about a situation) needs a surer reading.
        layer = question_focus(question) in CCD_FOCUS and not CLOSED.match(question)
        least = MODEL_LAYER_PROBABILITY if layer else MODEL_MIN_PROBABILITY
        if label in SCREENING_DOMAINS:
            if coping_question(question):
                continue
            least = max(least, MODEL_SCREENING_PROBABILITY)
        if label == "none" or probability < least:
            continue
        return FactQuestion(label)
    return None
