"""Which person in the patient's life a question asks about, if any.

"Who's Jean?", "How old is Kayla?", "What does your dad do?", "What's Kate's
role?", "How does Chris feel about the hours?": the person's line on the fact
sheet answers these, not a CCD layer. "Is Denise your wife?" checks the
marriage, "are you with Zosia's dad?" the partner. A person named only to set
the scene ("After Kayla's trip, how's money?") or who dates the question
("before Zosia came along, what were you doing?") is not what is asked; nor is
the patient's own life asked with a person in it ("Do you and Luca have kids?").

Read by `factq_everyday.py` for each question of a turn. Pure regular
expressions, no Django.
"""

from __future__ import annotations

import re

from patients.simulation.factq_domains import FactQuestion, domain_hits
from patients.simulation.factq_turn import CLOSED, core
from patients.simulation.facts import SIMPLE_DOMAINS, FactSheet
from patients.simulation.text import content_words

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
    r"what(?:'?s| is| was) (?:your )?\w+(?:'s|s'|') (?:role|position|job|title|"
    r"relationship|connection|part|place|story|situation|diagnosis|illness|"
    r"condition|health|age)|how (?:is|are|was|were) \w+ (?:related|"
    r"connected) to you|what(?:'?s| is| was) \w+ to you|"
    r"what(?:'?s| is) (?:your )?\w+?'?s? name|what (?:was|were|is) (?:your )?\w+ like|"
    r"what'?s (?:he|she) (?:up to|doing)|how'?s (?:he|she) (?:doing|getting on|taking)|"
    # "How did Alan die?", "when did your mum move in?"
    r"how did \w+ (?:die|pass|go)|when did (?:your )?\w+ (?:die|pass|move|leave|"
    r"start|get|come|go)|"
    r"what (?:does|did) (?:he|she) do|where(?:'?s| is| does) \w+ (?:live|living|"
    r"stay|staying|based|work|working))\b",
    re.IGNORECASE,
)
# "is someone home waiting for you, your wife?" asks whether there is one.
_SOMEONE = re.compile(r"\b(?:some|any) ?(?:one|body)\b", re.IGNORECASE)

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

_AGE = re.compile(
    r"\bhow old\b|\bwhat age\b|\bage\b"
    # An age checked back by a number: "your son's about twenty now yeah",
    # "she must be in her teens?", "he's 16 now, isn't he?".
    r"|(?:'s|\bis|\bmust be|\babout|\baround|\bnearly|\balmost) (?:what,? )?(?:about |around |"
    r"nearly |almost )?(?:\d{1,2}|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    r"ninety)(?:[- ]\w+)?(?: (?:now|already|by now|or so|odd|ish|years? old))?\b(?!%)"
    r"|\bin (?:his|her|their) (?:teens|twenties|thirties|forties|fifties|sixties|"
    r"seventies|eighties|nineties)\b",
    re.IGNORECASE,
)
_JOB = re.compile(
    r"\bwhat (?:does|did|do) (?:your )?\w+ do\b(?! (?:about|when|then|after))|\bfor (?:a )?(?:living|work)\b|"
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


def detail_asked(question: str) -> str | None:
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
    r"\b(?:how|what) (?:does|did|do|would|will|might) (?!you\b)(?P<who>your \w+|"
    r"(?-i:[A-Z][a-z]+)|he|she|they)(?: \w+)? (?:feel|felt|think|thought|make of|"
    r"say|reckon)\b|\bwhat(?:'?s| is) (?P<whose>your \w+|(?-i:[A-Z][a-z]+))(?:'s)? "
    r"(?:take|view|opinion)\b",
    re.IGNORECASE,
)
# "Does Ryan know you're worried about your health?" asks what Ryan knows.
_AWARE = re.compile(
    r"\b(?:know|knows|knew|aware|noticed|realis\w*|realiz\w*|any idea)\b", re.I
)
# Someone else as the subject: "is he working?", "does she work?".
SOMEONE_ELSES = re.compile(
    r"\b(?:is|are|was|were|does|do|did|has|have) (?:he|she|they)\b", re.IGNORECASE
)
# The patient's own habit or health named with a person: "does Chris ever say
# anything about your drinking?" asks about the drinking.
_YOUR_OWN = re.compile(
    r"\byour (?:drinking|drink|sleep\w*|eating|appetite|health|weight|meds|"
    r"medication|tablets|smoking)\b",
    re.IGNORECASE,
)

# Eating and sleeping asked with a person named are still about the patient.
_BODY = frozenset({"appetite", "sleep"})

_CHILD_WORDS = frozenset({"son", "daughter", "kid", "child", "boy", "girl", "lad"})
_RELATION_CHECK = re.compile(
    r"(?:\b(?!(?:what|who|how|where|when|why|which)\b)\w+(?:'s| is)|^(?:(?:and|so)"
    r" )?is \w+) (?:\w+ )?your "
    r"(wife|husband|partner|boyfriend|girlfriend|fianc\w*|other half|hubby|missus|son|"
    r"daughter|kid|child|boy|girl|lad)\b(?!'s|\s+(?:called|named))",
    re.IGNORECASE,
)

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


def named_person(text: str, facts: FactSheet) -> str | None:
    """The first person on the sheet `text` names, by name or as "your
    <relation>"."""
    for person in facts.people:
        first = person.name.split()[0]
        relation = person.relation.split()[-1].lower()
        words = _SYNONYMS.get(relation, re.escape(relation))
        if re.search(rf"\b{re.escape(first)}\b", text) or re.search(
            rf"\byour (?:{words})(?:'?s)?\b", text, re.IGNORECASE
        ):
            return person.name
    return None


_NOTE_WORDS: dict[int, tuple[FactSheet, dict[str, str]]] = {}
# Words a line about anyone may use ("always", "evening", "moved"): what a
# question shares with a person's line must be a thing of theirs (the choir,
# Canada, mountain biking), not these.
_EVERYDAY_WORDS = frozenset(
    "always never enough really every evening evenings morning mornings night "
    "nights again about being doing keeps keeping asking moved lives lived living "
    "sends visits visit month months years weeks hours called calls nothing "
    "something anything everything thing things wanted wants proud together away "
    "before after still later close first last since there their where other "
    "people family friend friends talks talking told tells phone phones good great "
    "little while around today tonight week weekend weekends well wrong hears "
    "applied covering works working twice heard really ever talk says once year "
    "much nice back into work said same some even came went come does done keep "
    "call made make more most only over home late long".split()
)


def _note_words(facts: FactSheet) -> dict[str, str]:
    """Word -> person, for the words only one person's line on the sheet uses
    ("choir" on Jean's, "Canada" on Claire's) and no domain's answer does."""
    cached = _NOTE_WORDS.get(id(facts))
    if cached is not None and cached[0] is facts:
        return cached[1]
    elsewhere = {w for d in SIMPLE_DOMAINS for w in content_words(facts.fact(d).say)}
    owners: dict[str, set[str]] = {}
    for person in facts.people:
        for said in content_words(person.note):
            # "Alzheimer's" is Alzheimer; "she's", "haven't" are no things.
            word = said.removesuffix("'s")
            if (
                len(word) >= 4
                and "'" not in word
                and word not in elsewhere
                and word not in _EVERYDAY_WORDS
            ):
                owners.setdefault(word, set()).add(person.name)
    words = {w: next(iter(names)) for w, names in owners.items() if len(names) == 1}
    _NOTE_WORDS[id(facts)] = (facts, words)
    return words


def person_by_note(question: str, facts: FactSheet) -> FactQuestion | None:
    """A closed question about something only one person's line holds, the
    person unnamed: "Did you used to sing in a choir?" (Jean's line: "She's
    from the choir")."""
    if not CLOSED.match(core(question)):
        return None
    words = _note_words(facts)
    found = {words.get(w.removesuffix("'s")) for w in content_words(question)}
    found.discard(None)
    if len(found) != 1:
        # Nobody, or two people's lines at once ("a school trip": Denise's
        # school, Kayla's trip): not a question about one of them.
        return None
    return FactQuestion("people", person=found.pop())


def relation_asked(last: str, facts: FactSheet) -> FactQuestion | None:
    """A relation checked ("Is Denise your wife?", "Ryan's your son?") or a
    child's other parent asked about ("are you with Zosia's dad?")."""
    partner = _other_parent(last, facts)
    if partner is not None:
        return partner
    checked = _RELATION_CHECK.search(last)
    if checked:
        # The relation is what is checked: the marriage, or the children.
        word = checked[1].lower()
        return FactQuestion("children" if word in _CHILD_WORDS else "partner")
    return None


def person_question(
    last: str,
    asked: str,
    facts: FactSheet,
    *,
    focus: str | None,
    closed: bool,
    checked_back: bool,
) -> FactQuestion | None:
    """The person `last` asks about (`asked` is its core, without the frame),
    or None when it asks about no one or about the patient's own life."""
    view = _THEIR_VIEW.search(asked)
    their_view = view is not None
    # Whose view, when a name or a relation says it (not "he" or "they").
    viewer = (view["who"] or view["whose"]) if view else None
    if viewer and viewer.lower() in {"he", "she", "they"}:
        viewer = None
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
                and viewer
                and not re.search(
                    rf"^(?:{re.escape(first)}|your (?:{words}))$", viewer, re.IGNORECASE
                )
            ):
                # "What does Sian make of all this with Kate?": Sian's view.
                continue
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
                    "people", person=person.name, detail=detail_asked(core(last))
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
                if _AGE.search(last) and not _YOU_ASKED.match(last):
                    # "your son's about twenty now yeah": their age, checked.
                    return FactQuestion("people", person=person.name, detail="age")
                if named_domains and (
                    _YOU_ASKED.match(last)
                    or _YOU_CHECKED.match(last)
                    or (checked_back and _YOU_SAID.match(last))
                    or named_domains & (_BODY | {own})
                    or (about_you and "living_situation" in named_domains)
                    or _YOU_AND.search(last)
                    or (_YOUR_OWN.search(last) and not _AWARE.search(last))
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
                    detail=None if their_view else detail_asked(last),
                )
    return None
