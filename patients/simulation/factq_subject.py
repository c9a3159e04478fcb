"""Whose sleep, whose feeding, who did the hitting: the question's subject.

A domain word alone does not say whose life a question asks about. "How is she
sleeping?" in a case with a four-month-old daughter asks about the baby, not
the patient's sleep; "How are the night feeds?" about the feeding; "when it
really hit you" about a blow of news, not a blow. The grammar does: the subject
of the clause that asks (after an auxiliary, "how's", or before the verb), and
for harm, the agent of the verb. This module reads that subject and resolves a
third-person pronoun against the people on the fact sheet by their relation.
"""

from __future__ import annotations

import re
from typing import Literal

from patients.simulation.facts import FactSheet, Person

# The subject after a question's auxiliary ("is she", "are the night feeds",
# "how's the feeding", "does Zosia"), up to three words of a noun phrase.
_AUX_SUBJECT = re.compile(
    r"\b(?:how(?:'s| is| are| was| were)|is|are|was|were|does|do|did|has|have|had|"
    r"can|could|will|would|'s)\s+(?P<subj>(?:the|your|her|his|their|my|our)\s+"
    r"(?:\w+\s+){0,2}?\w+|[a-z]+)(?=\s+(?:\w+ing|\w+ed|sleep\w*|eat\w*|feed\w*|"
    r"going|doing|been|getting|managing|like|ok|okay|alright|at|through|\?|$)|\s*\?)",
    re.IGNORECASE,
)
# The patient: "you", "yourself", "you two", "you both".
_PATIENT = frozenset({"you", "yourself", "ya", "u"})
_SHE = frozenset(
    {
        "daughter",
        "wife",
        "mother",
        "mum",
        "mom",
        "sister",
        "girlfriend",
        "niece",
        "granddaughter",
        "grandmother",
        "aunt",
        "fiancee",
        "stepdaughter",
    }
)
_HE = frozenset(
    {
        "son",
        "husband",
        "father",
        "dad",
        "brother",
        "boyfriend",
        "nephew",
        "grandson",
        "grandfather",
        "uncle",
        "fiance",
        "stepson",
    }
)
_IMPERSONAL = frozenset(
    {"it", "that", "this", "which", "what", "everything", "all", "reality", "news"}
)

Subject = Person | Literal["patient", "other"] | None


def question_subject(question: str, facts: FactSheet) -> Subject:
    """Whose the question is: the patient, a person on the sheet, someone or
    something else ("other"), or None when no subject can be read."""
    m = _AUX_SUBJECT.search(question)
    if m is None:
        return None
    words = m["subj"].lower().split()
    head = words[-1]
    if head in _PATIENT or words == ["you"]:
        return "patient"
    relations = {p.relation.split()[-1].lower() for p in facts.people}
    if words[0] == "your" and not set(words[1:]) & (relations | _SHE | _HE):
        # "your eating", "your sleep": the patient's own.
        return "patient"
    for person in facts.people:
        first = person.name.split()[0].lower()
        relation = person.relation.split()[-1].lower()
        if first in words or (words[0] == "your" and relation in words):
            return person
    if head in {"she", "her"}:
        return _by_relation(facts, _SHE)
    if head in {"he", "him"}:
        return _by_relation(facts, _HE)
    return "other"


def _by_relation(facts: FactSheet, relations: frozenset[str]) -> Subject:
    """The one person a pronoun can stand for; "other" when none or several."""
    found = [p for p in facts.people if p.relation.split()[-1].lower() in relations]
    return found[0] if len(found) == 1 else "other"


# A harm verb with "you" as its object, and what stands before it.
_HARM_YOU = re.compile(
    r"(?P<before>[\w']+(?:\s+[\w']+){0,3})\s+(?:hit|hits|hitting|struck|strikes|"
    r"hurt|hurts|hurting|floored|knocked)\s+you\b",
    re.IGNORECASE,
)
_SKIPPED = frozenset(
    {
        "really",
        "just",
        "ever",
        "finally",
        "actually",
        "first",
        "properly",
        "truly",
        "did",
        "does",
        "has",
        "had",
        "have",
        "would",
        "must",
        "might",
        "could",
        "when",
        "then",
        "all",
        "suddenly",
        "it's",
        "that's",
    }
)
# The patient's own episodes: "the attacks you've had", "your attacks".
_OWN_EPISODES = re.compile(
    r"\b(?:attacks?|episodes?|spells?|turns?)\s+(?:that\s+)?you(?:'ve|'d| have| had| "
    r"get| got| keep having)\b|\byour (?:\w+ )?(?:attacks?|episodes?)\b",
    re.IGNORECASE,
)


def impact_not_harm(question: str) -> bool:
    """Whether a question that reads as "is someone hurting you" is about an
    impact or the patient's own episodes: "when it really hit you" (the agent
    is a thing, not a person), "the attacks you've had" (panic attacks)."""
    if _OWN_EPISODES.search(question):
        return True
    m = _HARM_YOU.search(question)
    if m is None:
        return False
    agent = [w for w in m["before"].lower().split() if w not in _SKIPPED]
    return bool(agent) and agent[-1] in _IMPERSONAL


def _stem(word: str) -> str:
    word = word.lower().strip("'")
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def person_of_subject(question: str, facts: FactSheet) -> Person | None:
    """The person on the sheet whose line holds the subject's noun ("the night
    feeds" and Zosia's "Feeding was a struggle"), when exactly one does."""
    m = _AUX_SUBJECT.search(question)
    if m is None:
        return None
    # The noun phrase and what it does ("the night feeds", "the feeding
    # going"), without its determiner.
    phrase = re.findall(r"[A-Za-z']+", question[m.start("subj") :])[1:]
    nouns = {_stem(w) for w in phrase if len(w) > 3}
    if not nouns:
        return None
    found = [
        p
        for p in facts.people
        if nouns & {_stem(w) for w in re.findall(r"[A-Za-z']+", p.note)}
    ]
    return found[0] if len(found) == 1 else None


# A body word owned by someone or something other than the patient: "its
# weight" (the thought's), "her feeds", "Zosia's sleep".
_OWNED = re.compile(
    r"\b(?P<owner>its|his|her|their|(?-i:[A-Z][a-z]+)'s)\s+(?:\w+\s+)?"
    r"(?:weight|appetite|sleep\w*|eating|feeds?|feeding|naps?)\b",
    re.IGNORECASE,
)


def body_owner(question: str, facts: FactSheet) -> Subject:
    """Whose sleep, weight or feeding a possessive says: None when no
    possessive is there or it is the patient's ("your")."""
    m = _OWNED.search(question)
    if m is None:
        return None
    owner = m["owner"].lower().removesuffix("'s")
    if owner in {"her", "his"}:
        return _by_relation(facts, _SHE if owner == "her" else _HE)
    if owner in {"its", "their"}:
        return "other"
    # "Zosia's sleep"; "How's your sleep" holds no possessive ("how is").
    return next((p for p in facts.people if p.name.split()[0].lower() == owner), None)
