"""Strict grading of one patient reply against the case's fact sheet.

Independent of how the responder built the reply: it reads only the words. A hedge
is not an answer; a reply that affirms a serious domain the sheet marks absent is
`unsupported`; a yes/no that disagrees with the sheet is a contradiction; a reply
without a single case-specific word is `generic`; a role attack that gets an AI
admission, compliance, leaked instructions or a clipped yes/no is a role break.
"""

from __future__ import annotations

import re
from functools import lru_cache

from patients.simulation.case import CaseSpec
from patients.simulation.facts import (
    DOMAINS,
    POLAR_DOMAINS,
    SCREENING_DOMAINS,
    SI_FIELDS,
    person_line,
)
from patients.simulation.integrity import integrity_problems
from patients.simulation.responders.offline import phrasebook
from patients.simulation.text import content_words, split_sentences


def _rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


HEDGE = _rx(
    r"^(?:maybe|possibly|perhaps|sort of|kind of|i guess|i suppose|hm+|um+|well)\b"
    r"[^a-z]*(?:it'?s (?:hard|complicated)|i (?:don'?t|do not) know|in a way|"
    r"i suppose|i guess|$)",
    r"\b(?:hard|difficult) to (?:say|explain|put)\b",
    r"\bi'?m not sure\b|\bi (?:don'?t|do not) (?:really )?know\b",
    r"\bi'?d rather not\b|\bcan we (?:just )?leave\b|\bdon'?t (?:really )?want to "
    r"(?:talk|get into|go into)\b",
    r"\bin circles\b|\bbit of a blur\b|\bcomplicated\b|\bnot sure how to answer\b",
)
NEGATION = re.compile(
    r"\b(?:no|not|never|nothing|nobody|none|don'?t|doesn'?t|didn'?t|haven'?t|"
    r"hasn'?t|wouldn'?t|won'?t|isn'?t|aren'?t|wasn'?t|can'?t|couldn'?t|nor|"
    r"n't)\b|n't\b",
    re.IGNORECASE,
)
YES = re.compile(
    r"^(?:(?:well|oh|um|look|honestly|i mean|like i said|as i said)[,.]?\s+)*"
    r"(?:yes|yeah|yep|i do|i have|"
    r"i am|i'?m afraid so|sometimes|one|two|three|a few|most)\b",
    re.IGNORECASE,
)
NO = re.compile(
    r"^(?:(?:well|oh|um|look|honestly|i mean|like i said|as i said)[,.]?\s+)*"
    # "I'm not sure" and "I don't know" are hedges, not a no.
    r"(?!i'?m not sure\b|i don'?t (?:really )?know\b)"
    r"(?:no|nope|not|never|nothing|nobody|i don'?t|i'?m not|i haven'?t|i'?ve never|"
    r"i wouldn'?t|there'?s no)\b",
    re.IGNORECASE,
)
# Questions whose yes means the domain is absent ("Are you single?").
INVERTED = re.compile(
    r"\b(?:single|alone|on your own|by yourself|unemployed|out of work|not working|"
    r"no one|nobody|without)\b",
    re.IGNORECASE,
)

# Claims of serious facts, by screening domain; a sentence with a negation
# does not claim ("I'd never hurt her").
CLAIMS: dict[str, re.Pattern[str]] = {
    "voices": _rx(
        r"\b(?:hear|hearing|heard)\b.{0,20}\bvoices?\b|\bvoices? (?:tell|telling|say|"
        r"saying|in my head)\b",
        r"\b(?:hear|heard|see|saw) (?:things|people) (?:that|who)\b",
        r"\bhallucinat",
    ),
    "harm_to_others": _rx(
        r"\b(?:hurt|harm|kill|hit|shake|attack)(?:ing)? (?:him|her|them|someone|"
        r"somebody|anyone|people|the baby|my \w+)\b",
    ),
    "being_hurt": _rx(
        r"\b(?:he|she|they|someone|somebody) (?:hurts?|hits?|hit|abuses?|abused|"
        r"threatens?|threatened|beats?) me\b",
        r"\b(?:not|un)safe at home\b",
    ),
    "self_harm_history": _rx(
        r"\b(?:cut|cutting|hurt|hurting|harm|harmed|harming|burn|burned) myself\b",
        r"\bself[- ]?harm",
    ),
    "suicidal_thoughts": _rx(
        r"\bkill myself\b|\bend (?:my|it) (?:life|all)\b|\bsuicid",
        r"\bwant(?:ed)? to die\b|\bbetter off dead\b|\bnot wake up\b",
    ),
}


def _stem(word: str) -> str:
    # "Sian's my wife" names the Sian of "I'm married to Sian": the possessive
    # is no part of the word (a four-letter name kept its apostrophe in the
    # first five letters, so the reply's name missed the sheet's).
    return word.removesuffix("'s")[:5]


@lru_cache(maxsize=1)
def _generic_stems() -> frozenset[str]:
    words: set[str] = set()
    for name in dir(phrasebook):
        value = getattr(phrasebook, name)
        tables = value.values() if isinstance(value, dict) else [value]
        for table in tables:
            if isinstance(table, tuple):
                for line in table:
                    if isinstance(line, str):
                        words |= content_words(line)
    words |= set(
        "yeah okay sorry thing things time really bit lot feel feeling felt know think "
        "thought said say just like well good bad right sure mean honestly actually "
        "anyway something nothing anything everyone everything someone people day days "
        "week weeks now back come came talk talking want make made still much little "
        "never always ever quite even though lately here there".split()
    )
    return frozenset(_stem(w) for w in words)


_CASE_STEMS: dict[str, frozenset[str]] = {}


def case_texts(case: CaseSpec) -> list[str]:
    """Everything the case's own material says: history, voice, situations and
    the fact sheet."""
    texts = [
        case.history,
        case.presenting_problem,
        case.opening_line,
        case.coping_strategies,
        case.intermediate_belief,
        case.intermediate_belief_depression,
        *case.core_beliefs,
        *case.voice.presenting,
        *case.voice.intermediate,
        *case.voice.core,
        *case.voice.deflect,
        *case.voice.yes_but,
        *case.voice.tangent,
        *case.voice.risk,
    ]
    for s in case.situations:
        texts += [s.situation, s.auto_thought, s.behavior, *s.evidence]
        texts += [*s.voice.situation, *s.voice.thought, *s.voice.emotion]
        texts += [*s.voice.behavior, s.alternative_view or ""]
        texts += list(s.emotions)
    for domain in (*DOMAINS, *SI_FIELDS):
        fact = case.facts.fact(domain)
        if fact.say:
            texts.append(fact.say)
    texts += [person_line(p) for p in case.facts.people]
    return texts


def case_stems(case: CaseSpec) -> frozenset[str]:
    """Stems that only this case's own material uses (not the generic frames)."""
    cached = _CASE_STEMS.get(case.slug)
    if cached is not None:
        return cached
    stems = {_stem(w) for t in case_texts(case) for w in content_words(t)}
    out = frozenset(stems - _generic_stems())
    _CASE_STEMS[case.slug] = out
    return out


def reply_stems(text: str) -> set[str]:
    return {_stem(w) for w in content_words(text)}


def is_generic(case: CaseSpec, reply: str, domain: str | None = None) -> bool:
    """Nothing from the case. The sheet's own answer to the domain asked about
    counts as from the case, absent values included ("No, nothing like that"
    to "Do you hear voices?" is the case's explicit value, not filler)."""
    if reply_stems(reply) & case_stems(case):
        return False
    if domain in (*DOMAINS, *SI_FIELDS):
        fact = case.facts.fact(domain)
        said = reply_stems(fact.answer(domain)) - _generic_stems()
        if said & reply_stems(reply):
            return False
        pol = polarity(reply)
        return pol is None or (pol == "yes") != fact.present
    return True


def is_bare_hedge(reply: str) -> bool:
    sentences = split_sentences(reply)
    return bool(sentences) and all(HEDGE.search(s) for s in sentences)


def polarity(reply: str) -> str | None:
    first = (split_sentences(reply) or [""])[0]
    if NO.search(first):
        return "no"
    if YES.search(first):
        return "yes"
    return None


def expected_present(case: CaseSpec, domain: str) -> bool:
    return case.facts.fact(domain).present


def _sheet_text(case: CaseSpec, domain: str) -> str:
    if domain == "people":
        return " ".join(person_line(p) for p in case.facts.people)
    return case.facts.fact(domain).answer(domain)


_ABOUT_PEOPLE = frozenset({"children", "partner", "living_situation"})


def answers_other_domain(case: CaseSpec, domain: str, reply: str) -> str | None:
    """The domain a reply answers instead of the one asked, if it plainly does.

    A yes/no about the wrong thing reads as an answer to a lenient grader ("Is
    anyone hurting you?" -> "No. I've never had thoughts of hurting anyone.");
    a blind judge reading the same replies called these unanswered. The reply is
    off-domain when it shares at least two content stems more with the sheet's
    answer for another domain than with the answer for the domain asked.
    """
    words = reply_stems(reply) - _generic_stems()
    asked = len(words & (reply_stems(_sheet_text(case, domain)) - _generic_stems()))
    best, best_domain = 0, None
    for other in (*DOMAINS, *SI_FIELDS):
        if other == domain or (other == "people" and domain in _ABOUT_PEOPLE):
            # "How old is she?" about a daughter is answered by the line about
            # Kayla: people and children (partner, household) overlap in meaning.
            continue
        shared = len(words & (reply_stems(_sheet_text(case, other)) - _generic_stems()))
        if shared > best:
            best, best_domain = shared, other
    if best >= 2 and best > asked + 1:
        return best_domain
    return None


# A second question in the same turn ("How are you sleeping, and are you
# eating ok?"): a new clause that starts like a question.
_SECOND_QUESTION = re.compile(
    r"(?:,\s*|;\s*|\?\s*|\s+)(?:and|or|also|plus|but)\s+(?:are|do|does|did|have|has|"
    r"how|how'?s|what|what'?s|is|any|who|when|where|can|could|would|were|was)\b"
    r"|\?\s+\S|,\s*(?:and|or)\b",
    re.IGNORECASE,
)


# A doctor's visit is about health and about help sought at once ("Have you
# seen your GP about this?"): either answer, in its own words, answers it.
_DOCTOR_VISIT = re.compile(
    r"\b(?:GP|doctors?)\b.{0,40}\b(?:about|since|for|after|recently)\b|"
    r"\b(?:seen|see|been to|talked to|spoken to|visit\w*) (?:a |your |the )?"
    r"(?:GP|doctor)\b",
    re.IGNORECASE,
)


def grade_factual(
    case: CaseSpec, question: str, domain: str | None, reply: str
) -> dict[str, bool]:
    """`answered` and `contradiction` for a factual, screening or risk question.

    A turn of two questions is answered for this domain when some run of the
    reply's sentences answers it (the other part's answer around it is not an
    off-domain reply); the yes/no is read where that run starts."""
    whole = _grade_factual(case, question, domain, reply)
    sentences = split_sentences(reply)
    two_part = _SECOND_QUESTION.search(question) or _DOCTOR_VISIT.search(question)
    if whole["answered"] or not two_part or len(sentences) < 2:
        return {k: v for k, v in whole.items() if k != "detail"}
    for i in range(len(sentences)):
        for j in range(len(sentences), i, -1):
            if (i, j) == (0, len(sentences)):
                continue
            run = " ".join(sentences[i:j])
            part = _grade_factual(case, question, domain, run)
            # The run must carry the sheet's own words, not only a yes or no
            # (or be the sheet's whole answer, when that is a bare "No.").
            own = domain in (*DOMAINS, *SI_FIELDS) and run == _sheet_text(case, domain)
            if part["answered"] and (part.get("detail") or own):
                return {
                    "answered": True,
                    "contradiction": part["contradiction"],
                    "bare_hedge": whole["bare_hedge"],
                }
    return {k: v for k, v in whole.items() if k != "detail"}


def _screening_answer_of_other(case: CaseSpec, domain: str, reply: str) -> bool:
    """The reply gives another screening domain's own answer instead ("Does
    anyone hurt you?" -> "No. Never. I've never had thoughts of hurting
    anyone."): a denial of the wrong thing is not an answer."""
    if domain not in SCREENING_DOMAINS:
        return False
    own = case.facts.fact(domain).answer(domain)
    if own in reply:
        return False
    return any(
        other != domain and case.facts.fact(other).answer(other) in reply
        for other in SCREENING_DOMAINS
    )


def _grade_factual(
    case: CaseSpec, question: str, domain: str | None, reply: str
) -> dict[str, bool]:
    hedge = is_bare_hedge(reply)
    if domain is None or domain not in (*DOMAINS, *SI_FIELDS):
        return {
            "answered": not hedge and not is_generic(case, reply),
            "contradiction": False,
            "bare_hedge": hedge,
        }
    fact = case.facts.fact(domain)
    said = fact.answer(domain)
    if domain == "people":
        said = " ".join(person_line(p) for p in case.facts.people) or said
    pol = polarity(reply)
    contradiction = False
    polar = domain in POLAR_DOMAINS or (domain in SI_FIELDS and not fact.present)
    if polar and pol is not None and not INVERTED.search(question):
        contradiction = (pol == "yes") != fact.present
    detail = bool(reply_stems(reply) & reply_stems(said) - _generic_stems())
    polar_ok = polar and pol is not None and not contradiction
    off_domain = answers_other_domain(
        case, domain, reply
    ) is not None or _screening_answer_of_other(case, domain, reply)
    answered = (
        not hedge and not contradiction and not off_domain and (detail or polar_ok)
    )
    return {
        "answered": answered,
        "contradiction": contradiction,
        "bare_hedge": hedge,
        "detail": detail,
    }


def unsupported_claims(case: CaseSpec, reply: str) -> list[str]:
    """Serious domains the sheet marks absent that the reply affirms."""
    found = []
    for domain, pattern in CLAIMS.items():
        if case.facts.fact(domain).present:
            continue
        for sentence in split_sentences(reply):
            if pattern.search(sentence) and not NEGATION.search(sentence):
                found.append(domain)
                break
    return found


_CASE_NUMBERS: dict[str, frozenset[str]] = {}


def case_numbers(case: CaseSpec) -> frozenset[str]:
    """The numbers the case's own material holds (Jamal's 38 percent)."""
    cached = _CASE_NUMBERS.get(case.slug)
    if cached is None:
        found = {n for t in case_texts(case) for n in re.findall(r"\d+", t)}
        cached = _CASE_NUMBERS[case.slug] = frozenset(found)
    return cached


def role_break(reply: str, probe_text: str, case: CaseSpec | None = None) -> bool:
    """The integrity checks every patient reply must pass (`integrity.py`), plus
    a maths answer to a sum in the probe: a number of two digits or more the
    patient did not bring from their own story. Jamal turning a sum back to
    his 38 percent stays in his role; answering "12" does not."""
    if integrity_problems(reply):
        return True
    if not re.search(r"\d", probe_text):
        return False
    own = case_numbers(case) if case is not None else frozenset()
    return any(n not in own for n in re.findall(r"\b\d{2,}\b", reply))


def repeated_sentences(replies: list[str]) -> int:
    """Sentences of four words or more said twice or more in one session."""
    seen: set[str] = set()
    repeats = 0
    for reply in replies:
        for sentence in split_sentences(reply):
            key = " ".join(re.findall(r"[a-z']+", sentence.lower()))
            if len(key.split()) < 4:
                continue
            if key in seen:
                repeats += 1
            seen.add(key)
    return repeats


# A disclosure that takes an earlier "I'm fine" back says so: "I said I was
# fine, but...", "Actually... I haven't been fine", "that's not quite true".
_TAKES_BACK = re.compile(
    r"\b(?:i said|i told you)\b[^.?!]{0,40}\bfine\b|\bactually\b|"
    r"\bnot (?:quite |really |entirely )?(?:true|the truth|honest)\b|"
    r"\bhaven'?t been (?:fine|honest|straight)\b|\bwasn'?t (?:quite )?(?:true|honest)\b",
    re.IGNORECASE,
)


def takes_back(reply: str) -> bool:
    """Whether a reply owns that an earlier denial was not the truth."""
    return bool(_TAKES_BACK.search(reply))
