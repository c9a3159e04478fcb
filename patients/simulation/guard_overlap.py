"""The guard's verbatim-overlap checks: a reply must not recite the system
prompt or the case file.

Measured by shared word n-grams, not by phrases, so a paraphrase of the rules
that copies a clause is caught whatever the clause is. The patient's own words
(voice lines, the fact sheet, why they came) are theirs to say and are taken
out of the index; the presenting problem is echoed only when nearly all of it
is recited in one run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from patients.simulation.case import CaseSpec
from patients.simulation.facts import ALL_DOMAINS
from patients.simulation.guard_recital import stem

__all__ = ["echoes", "leak_sources", "shares"]


_NGRAM = 7
_TOKEN = re.compile(r"[a-z0-9']+")


# The case file is written in the third person ("keeps the house spotless, tells
# Ed she's fine"); a model reciting it rewrites it in the first person ("I keep
# the house spotless, tell Ed I'm fine"). Both sides are compared with the
# person and the verb ending taken out, so the rewrite is still a copy.
_PERSON = {
    "she": "i",
    "he": "i",
    "her": "my",
    "his": "my",
    "him": "me",
    "herself": "myself",
    "himself": "myself",
    "she's": "i'm",
    "he's": "i'm",
    "hers": "mine",
}


def _norm_word(word: str) -> str:
    # Stemmed as the recital check stems ("clipped" / "clips", "nine" / "9"),
    # so a copy with its tenses or number words changed is still a copy.
    word = _PERSON.get(word, word)
    if word.endswith("'s"):
        return word
    return stem(word)


# A run across a sentence end is two clauses meeting by chance ("...eight months
# ago. I live with a flatmate" meets the sheet's "...eight months ago. She lives
# with a flatmate"), so n-grams are taken within sentences.
_SENTENCE_END = re.compile(r"[.!?;]+(?:\s|$)")


def _ngrams(text: str, n: int) -> set[tuple[str, ...]]:
    grams: set[tuple[str, ...]] = set()
    for part in _SENTENCE_END.split(text.lower().replace("’", "'")):
        words = [_norm_word(w) for w in _TOKEN.findall(part)]
        grams |= {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}
    return grams


# The presenting problem is the patient's own complaint, so a first-person
# account of it shares long phrases with it ("I spend much of the day on the
# couch worrying about money" shares eleven words; "four months after the birth
# of my first baby. My health visitor suggested talking to someone" sixteen of
# its twenty-four). Only a run of nearly all of it is recital of the file.
_PRESENTING_SHARE = 0.85
_PRESENTING_MIN = 13


def _words(text: str) -> list[str]:
    return [_norm_word(w) for w in _TOKEN.findall(text.lower().replace("’", "'"))]


@lru_cache(maxsize=64)
def _source_words(source: str) -> tuple[str, ...]:
    # Cached: the same presenting problem is compared with every reply.
    return tuple(_words(source))


def _longest_run(text: str, source: str) -> int:
    """The longest run of words (normalised as for the n-grams) shared by both."""
    a, b = _words(text), _source_words(source)
    best = 0
    prev = [0] * (len(b) + 1)
    for x in a:
        row = [0] * (len(b) + 1)
        for j, y in enumerate(b, 1):
            if x == y:
                row[j] = prev[j - 1] + 1
                best = max(best, row[j])
        prev = row
    return best


def _recites_presenting(text: str, case: CaseSpec) -> bool:
    need = max(
        _PRESENTING_MIN, _PRESENTING_SHARE * len(_source_words(case.presenting_problem))
    )
    return _longest_run(text, case.presenting_problem) >= need


# Copying this many overlapping 7-grams (nine words in a row) from the case file
# is recital; one or two can be an ordinary phrase the patient shares with their
# own history ("had a new family within a year"). Any 7-gram of the rules (the
# prompt outside the case) is an echo.
_CASE_COPY = 3


def _case_grams(case: CaseSpec) -> set[tuple[str, ...]]:
    grams: set[tuple[str, ...]] = set()
    for text in (
        case.history,
        case.presenting_problem,
        case.intermediate_belief,
        case.intermediate_belief_depression,
        case.coping_strategies,
        *case.core_beliefs,
        *(s.situation for s in case.situations),
        *(s.behavior for s in case.situations),
        *case.voice.risk,
    ):
        grams |= _ngrams(text, _NGRAM)
    return grams


def shares(text: str, sources: Iterable[str], n: int) -> bool:
    grams = _ngrams(text, n)
    return bool(grams) and any(grams & _ngrams(s, n) for s in sources)


def leak_sources(case: CaseSpec, prompt: str = "") -> frozenset[tuple[str, ...]]:
    """The word 7-grams a reply must not copy: from the system prompt and the case file.

    The case's own voice lines (the patient's speech as the author wrote it)
    and the automatic thoughts (the patient's own words, quoted in the prompt
    once they may be voiced) are the patient's to say, so their n-grams are
    taken out.
    """
    own: list[str] = [
        # Why the patient came is theirs to say, in the referral's words too
        # ("my health visitor suggested talking to someone"); only a recital of
        # most of it is an echo, which `check_reply` measures by run length.
        case.presenting_problem,
        *case.voice.presenting,
        *case.voice.intermediate,
        *case.voice.core,
        *case.voice.deflect,
        *case.voice.yes_but,
        *case.voice.tangent,
        *case.voice.risk,
        case.opening_line,
        # The fact sheet is written in the patient's own words, for them to say.
        *(case.facts.fact(d).say for d in ALL_DOMAINS),
        *(p.note for p in case.facts.people),
        # The prompt lists a person as "Ngozi, your sister: We video-call...";
        # "my sister. We video-call..." is the patient's own line, so the 7-grams
        # across the label and the note are theirs too.
        *(f"{p.name}, my {p.relation}. {p.note}" for p in case.facts.people),
    ]
    for s in case.situations:
        own += [
            *s.voice.situation,
            *s.voice.thought,
            *s.voice.emotion,
            *s.voice.behavior,
        ]
        own += [s.auto_thought, *s.evidence]
        if s.alternative_view:
            own.append(s.alternative_view)
    texts = [
        prompt,
        case.history,
        case.intermediate_belief,
        case.intermediate_belief_depression,
        case.coping_strategies,
        *case.core_beliefs,
        *(s.situation for s in case.situations),
        *(s.behavior for s in case.situations),
    ]
    grams: set[tuple[str, ...]] = set()
    for text in texts:
        # Line by line: the prompt lists the patient's own lines one per line,
        # and a 7-gram across two of them is theirs too (the offline patient
        # says them one after the other).
        for line in text.splitlines():
            grams |= _ngrams(line, _NGRAM)
    for text in own:
        grams -= _ngrams(text, _NGRAM)
    return frozenset(grams)


# The history is the patient's own life: one clause of it retold in the first
# person ("My dad left when I was nine and had a new family within a year", 13
# words shared with the sheet's "Her father left when she was nine...") is
# theirs. A recital copies a longer run (the dev sets' single copied history
# sentences share 16-23 words), several runs, the sheet's third person ("Mom
# is overburdened, criticizes when he can't..."), or the history's breadth,
# which `guard_recital` reads.
_HISTORY_CLAUSE = 14
# The sheet's patient in the third person (a first-person telling that says
# "her" of the mother copies no whole clause of the sheet either, mostly).
_THIRD_PERSON = frozenset(_PERSON)


def _runs(text: str, shared: set[tuple[str, ...]]) -> list[list[str]]:
    """The runs of the reply made of shared n-grams, as the words written."""
    runs: list[list[str]] = []
    for part in _SENTENCE_END.split(text.lower().replace("\u2019", "'")):
        raw = _TOKEN.findall(part)
        words = [_norm_word(w) for w in raw]
        start = -1
        for i in range(len(words) - _NGRAM + 2):
            hit = i <= len(words) - _NGRAM and tuple(words[i : i + _NGRAM]) in shared
            if hit and start < 0:
                start = i
            elif not hit and start >= 0:
                runs.append(raw[start : i - 1 + _NGRAM])
                start = -1
    return runs


def _one_history_clause(
    text: str, shared: set[tuple[str, ...]], case: CaseSpec
) -> bool:
    if not shared <= _ngrams(case.history, _NGRAM):
        return False
    runs = _runs(text, shared)
    return (
        len(runs) == 1
        and len(runs[0]) <= _HISTORY_CLAUSE
        and not (_THIRD_PERSON | {case.name.split()[0].lower()}) & set(runs[0])
    )


def echoes(text: str, case: CaseSpec, index: frozenset[tuple[str, ...]]) -> bool:
    """The reply recites the prompt or the case file (`index` is `leak_sources`)."""
    shared = _ngrams(text, _NGRAM) & index
    # The case grams only when something is shared: most replies share none.
    return (
        (len(shared) >= _CASE_COPY and not _one_history_clause(text, shared, case))
        or (bool(shared) and bool(shared - _case_grams(case)))
        or _recites_presenting(text, case)
    )
