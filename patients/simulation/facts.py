"""The fact sheet: what the patient knows about their own life, domain by domain.

A CCD says how a patient thinks; it does not say whether they have children, how
they sleep or whether they hear voices. Trainees ask exactly those things, and a
patient who hedges ("Maybe. It's hard to say.") to "Have you had thoughts of
harming the baby?" teaches the wrong thing. Every case therefore carries an
explicit value for every domain below, "absent" included, so a question about a
domain always has an answer consistent with the case.

Each domain is a `Fact`: `present` (does it apply: has children, takes medication,
hears voices...) and `say`, the patient's own answer in the first person. For
absent domains `say` may be left empty: a plain denial from `DEFAULT_DENIALS` is
used. The suicidal-thoughts block carries the standard risk follow-ups; when
thoughts are present every follow-up needs its own answer.

Pure (no Django). `complete_fact_sheet` fills missing domains as absent and lists
them, for import; `check_fact_sheet` finds the errors that reject a case.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

SIMPLE_DOMAINS: tuple[str, ...] = (
    "children",
    "partner",
    "living_situation",
    "work",
    "money",
    "health",
    "medication",
    "sleep",
    "appetite",
    "alcohol",
    "drugs",
    "previous_help",
    "timeline",
    "voices",
    "harm_to_others",
    "being_hurt",
    "self_harm_history",
)
SI_FIELDS: tuple[str, ...] = (
    "si_frequency",
    "si_plan",
    "si_intent",
    "si_means",
    "si_past_attempts",
    "si_protective",
    "si_support",
)
DOMAINS: tuple[str, ...] = ("people", *SIMPLE_DOMAINS, "suicidal_thoughts")
# Every domain a probe or a question can be about (the SI follow-ups included).
ALL_DOMAINS: tuple[str, ...] = (*DOMAINS, *SI_FIELDS)
# Domains whose `present` is the answer to a yes/no question ("Do you have
# children?" -> present). For sleep, appetite, money... `present` means "there is
# a problem", and the polarity of a question cannot be read off it.
POLAR_DOMAINS = frozenset(
    {
        "children",
        "partner",
        "work",
        "medication",
        "alcohol",
        "drugs",
        "previous_help",
        "voices",
        "harm_to_others",
        "being_hurt",
        "self_harm_history",
        "suicidal_thoughts",
        "si_plan",
        "si_intent",
        "si_means",
        "si_past_attempts",
    }
)
# Serious facts a patient must never claim when the sheet says absent.
SCREENING_DOMAINS = frozenset(
    {"voices", "harm_to_others", "being_hurt", "self_harm_history", "suicidal_thoughts"}
)

DEFAULT_DENIALS: dict[str, str] = {
    "children": "No, I don't have any children.",
    "partner": "No, I'm not with anyone at the moment.",
    "living_situation": "I live on my own.",
    "work": "I'm not working at the moment.",
    "money": "Money's okay. That's not the problem.",
    "health": "My health's fine, as far as I know.",
    "medication": "No, I'm not on any medication.",
    "sleep": "My sleep's alright, actually.",
    "appetite": "I'm eating normally, I think.",
    "alcohol": "No, I don't really drink.",
    "drugs": "No, I don't take drugs. Never have.",
    "previous_help": "No, this is the first time I've talked to anyone like this.",
    "timeline": "I'm not sure exactly when it started.",
    "voices": "No, nothing like that. I don't hear or see things that aren't there.",
    "harm_to_others": "No. Never. I've never had thoughts of hurting anyone.",
    "being_hurt": "No, nobody's hurting me. I'm safe at home.",
    "self_harm_history": "No, I've never hurt myself.",
    "suicidal_thoughts": "No, nothing like that. I've not had thoughts of ending my life.",
    "si_frequency": "I don't have thoughts like that.",
    "si_plan": "No, there's no plan. I've not had thoughts like that.",
    "si_intent": "No, I wouldn't. It's not something I'd do.",
    "si_means": "No, nothing like that. I haven't got anything put aside.",
    "si_past_attempts": "No, I've never tried to hurt myself.",
    "si_protective": "I'm not in that kind of place, honestly.",
    "si_support": "I'm not in that kind of place. But I'd tell someone if I were.",
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class Person(_Model):
    name: str = Field(min_length=1, max_length=60)
    relation: str = Field(min_length=2, max_length=60)
    age: int | None = Field(default=None, ge=0, le=120)
    # The patient's own words about this person ("She phones on Sundays.").
    note: str = ""


class Fact(_Model):
    present: bool
    # The patient's own answer, first person. Empty for an absent domain means the
    # plain denial in DEFAULT_DENIALS.
    say: str = ""

    def answer(self, domain: str) -> str:
        return self.say or DEFAULT_DENIALS.get(domain, "No.")


class SuicidalThoughts(_Model):
    present: bool
    say: str = ""
    si_frequency: Fact | None = None
    si_plan: Fact | None = None
    si_intent: Fact | None = None
    si_means: Fact | None = None
    si_past_attempts: Fact | None = None
    si_protective: Fact | None = None
    si_support: Fact | None = None

    def follow_up(self, field: str) -> Fact:
        value = getattr(self, field)
        if isinstance(value, Fact):
            return value
        return Fact(present=False)


class FactSheet(_Model):
    people: list[Person] = Field(default_factory=list)
    children: Fact = Field(default_factory=lambda: Fact(present=False))
    partner: Fact = Field(default_factory=lambda: Fact(present=False))
    living_situation: Fact = Field(default_factory=lambda: Fact(present=False))
    work: Fact = Field(default_factory=lambda: Fact(present=False))
    money: Fact = Field(default_factory=lambda: Fact(present=False))
    health: Fact = Field(default_factory=lambda: Fact(present=False))
    medication: Fact = Field(default_factory=lambda: Fact(present=False))
    sleep: Fact = Field(default_factory=lambda: Fact(present=False))
    appetite: Fact = Field(default_factory=lambda: Fact(present=False))
    alcohol: Fact = Field(default_factory=lambda: Fact(present=False))
    drugs: Fact = Field(default_factory=lambda: Fact(present=False))
    previous_help: Fact = Field(default_factory=lambda: Fact(present=False))
    timeline: Fact = Field(default_factory=lambda: Fact(present=False))
    voices: Fact = Field(default_factory=lambda: Fact(present=False))
    harm_to_others: Fact = Field(default_factory=lambda: Fact(present=False))
    being_hurt: Fact = Field(default_factory=lambda: Fact(present=False))
    self_harm_history: Fact = Field(default_factory=lambda: Fact(present=False))
    suicidal_thoughts: SuicidalThoughts = Field(
        default_factory=lambda: SuicidalThoughts(present=False)
    )

    def fact(self, domain: str) -> Fact:
        """The value of one domain (SI follow-ups included) as a `Fact`."""
        if domain in SI_FIELDS:
            if not self.suicidal_thoughts.present:
                return Fact(present=False)
            return self.suicidal_thoughts.follow_up(domain)
        if domain == "suicidal_thoughts":
            st = self.suicidal_thoughts
            return Fact(present=st.present, say=st.say)
        if domain == "people":
            return Fact(present=bool(self.people), say=self.people_line())
        value = getattr(self, domain)
        assert isinstance(value, Fact)
        return value

    def person(self, name: str) -> Person | None:
        for p in self.people:
            if p.name.split()[0].lower() == name.lower():
                return p
        return None

    def people_line(self) -> str:
        if not self.people:
            return "There's not really anyone, to be honest."
        parts = [f"{p.name}, my {p.relation}" for p in self.people[:4]]
        return (
            "There's "
            + ", ".join(parts[:-1])
            + (" and " if len(parts) > 1 else "")
            + parts[-1]
            + "."
        )


_WORK_WORDS = re.compile(
    r"\b(?:work\w*|job|retired|school|college|uni\w*|nurse|teacher|office|shifts?|"
    r"business|company|campaign|boss|manager|lead|colleague|shop|store|farm|"
    r"restaurant|runs?|ran)\b",
    re.IGNORECASE,
)
_ADULT = re.compile(
    r"\b(?:wife|husband|partner|boyfriend|girlfriend|brother|sister|friend|flatmate|"
    r"roommate|housemate|fianc\w*)\b",
    re.IGNORECASE,
)


_AGE_SAID = re.compile(r"\b(?:months?|years?|weeks?) old\b|\baged? \d", re.IGNORECASE)


_SUBJECT_PRONOUN = re.compile(r"^(?:She|He|They)\b")


def _said_with_someone(p: Person, others: Sequence[Person]) -> str:
    """What another person's line says of this one's work ("She and Dad run a
    grocery shop." on Mum's line answers what Dad does), with the pronoun that
    stood for the other person made their name: "Mum and Dad run a grocery shop."."""
    first = p.name.split()[0]
    for other in others:
        if other is p:
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", other.note):
            if re.search(rf"\b{re.escape(first)}\b", sentence) and _WORK_WORDS.search(
                sentence
            ):
                return _SUBJECT_PRONOUN.sub(other.name.split()[0], sentence, count=1)
    return ""


def person_line(
    p: Person, detail: str | None = None, others: Sequence[Person] = ()
) -> str:
    """The patient's line about a person; asked about their age or their work,
    that first. Where the person's own line has no work, another person's line
    may ("She and Dad run a grocery shop."). Where the sheet has no such
    detail, a vague answer in character that invents nothing serious ("She
    works, yeah. Long days.") and only for adults whose relation makes working
    ordinary; no age on the sheet is "I'm not sure, to be honest" before their
    line."""
    age = f", {p.age}" if p.age else ""
    first = f"{p.name}'s my {p.relation}{age}."
    line = f"{first} {p.note}".strip()
    pronoun = (
        "She"
        if re.search(r"\bshe\b|\bher\b", p.note, re.I)
        else ("He" if re.search(r"\bhe\b|\bhim\b|\bhis\b", p.note, re.I) else "They")
    )
    verb = "work" if pronoun == "They" else "works"
    if detail == "age" and p.age:
        return f"{p.name}'s {p.age}. {p.note}".strip()
    if detail == "age" and p.age is None and not _AGE_SAID.search(p.note):
        # The sheet gives no age: an honest "not sure" in character, then
        # what the patient does say about them, never an invented number.
        return f"I'm not sure, to be honest. {line}"
    shared = _said_with_someone(p, others) if detail == "work" else ""
    if shared:
        return f"{first} {shared} {p.note}".strip()
    if (
        detail == "work"
        and not _WORK_WORDS.search(p.note)
        and _ADULT.search(p.relation)
    ):
        return f"{p.name}? {pronoun} {verb}, yeah. Long days. {p.note}".strip()
    return line


# -- import and validation ------------------------------------------------------------

# A relation word followed by a capitalised name in the history ("her son Michael",
# "his wife, Dana"): that person must be on the people list.
_RELATIONS = (
    r"son|daughter|husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|brother|"
    r"sister|mother|father|mum|mom|dad|friend|best friend|boss|manager|colleague|"
    r"flatmate|roommate|housemate|cousin|aunt|uncle|grandmother|grandfather|"
    r"grandson|granddaughter|niece|nephew|baby|supervisor|tutor|neighbour|neighbor|"
    r"ex|ex-husband|ex-wife|stepfather|stepmother|teammate|lecturer|coach|team lead"
)
_NAMED = re.compile(
    rf"\b(?:{_RELATIONS}),?\s+(?:called\s+|named\s+)?([A-Z][a-z]+)\b"
    rf"|\b([A-Z][a-z]+),\s+(?:his|her|their|my)\s+(?:{_RELATIONS})\b"
)
_NOT_NAMES = frozenset(
    "I He She They The A An His Her Their It This That When After Before Since "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
)


def names_in_history(history: str) -> set[str]:
    """People the history introduces by relation ("her son Michael")."""
    found: set[str] = set()
    for m in _NAMED.finditer(history):
        name = m.group(1) or m.group(2)
        if name and name not in _NOT_NAMES:
            found.add(name)
    return found


def complete_fact_sheet(raw: object) -> tuple[dict[str, Any], list[str]]:
    """The sheet with every missing domain set to absent, and the list of those
    domains (shown to the author: "filled as absent: children, sleep, ...")."""
    data: dict[str, Any] = dict(raw) if isinstance(raw, dict) else {}
    missing: list[str] = []
    for domain in DOMAINS:
        if domain not in data:
            missing.append(domain)
            if domain == "people":
                data[domain] = []
            else:
                data[domain] = {"present": False}
    return data, missing


def check_fact_sheet(sheet: FactSheet, history: str) -> list[tuple[str, str]]:
    """(field, reason) for each problem that rejects the sheet."""
    problems: list[tuple[str, str]] = []
    st = sheet.suicidal_thoughts
    if st.present:
        if not st.say:
            problems.append(
                (
                    "facts.suicidal_thoughts.say",
                    "required when suicidal thoughts are present",
                )
            )
        for field in SI_FIELDS:
            value = getattr(st, field)
            if value is None:
                problems.append(
                    (
                        f"facts.suicidal_thoughts.{field}",
                        "required when suicidal thoughts are present",
                    )
                )
            elif value.present and not value.say:
                problems.append(
                    (f"facts.suicidal_thoughts.{field}.say", "required when present")
                )
    for domain in SIMPLE_DOMAINS:
        value = getattr(sheet, domain)
        if value.present and not value.say:
            problems.append((f"facts.{domain}.say", "required when present"))
    listed = {p.name.split()[0] for p in sheet.people}
    for name in sorted(names_in_history(history) - listed):
        problems.append(
            ("facts.people", f"{name} is named in the history but missing from people")
        )
    return problems
