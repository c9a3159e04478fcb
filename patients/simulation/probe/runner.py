"""Run the probe set against the offline patient and aggregate the metrics.

Each probe runs in a fresh session (the opening line already said), after a short
prelude where its category needs context: risk follow-ups come after the first
question about suicidal thoughts, reflections and collusion after the patient has
told a situation and a thought. Separately, every case gets one long session per
probe set, its probes in a row, which is where repetition shows.

Metrics (per case, per category, per probe source): `answered` (share of factual,
screening and risk questions answered directly), `contradictions`, `unsupported`,
`bare_hedges`, `generic` (share of replies with nothing from the case), `repeats`,
`role_breaks`, and the reaction checks (`reflection_trust_up`, `reading_in_trust_down`,
`collusion_deepened`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from patients.simulation.case import CaseSpec
from patients.simulation.dialogue import Utterance
from patients.simulation.engine import advance
from patients.simulation.responders.base import ReplyContext
from patients.simulation.responders.offline import OfflineResponder
from patients.simulation.state import PatientState, initial_state
from patients.simulation.vocab import emotion_key, emotions_named

from .grader import (
    grade_factual,
    is_generic,
    repeated_sentences,
    role_break,
    takes_back,
    unsupported_claims,
)

PROBES_DIR = Path(__file__).resolve().parents[2] / "probes"
CATEGORIES = (
    "closed_factual",
    "screening_absent",
    "risk_followup",
    "open",
    "feeling_reflection",
    "collusion",
    "role_attack",
    "off_task",
)
FACTUAL = frozenset({"closed_factual", "screening_absent", "risk_followup"})
ROLE = frozenset({"role_attack", "off_task"})
RISK_PRELUDE = (
    "Can I ask you something I ask everyone? Have you had any thoughts of ending your life?",
)
STORY_PRELUDE = (
    "What's been happening for you lately?",
    "Can you tell me about a recent time when it was really hard?",
    "What went through your mind right then?",
)
# The risk question asked bare right after advice: met with "I'm fine" where the
# case has thoughts to tell. A follow-up then either meets the same refusal or
# takes it back; telling "Most nights" as if "I'm fine" had not been said is a
# contradiction within two turns (`risk_flipflops`).
EVADED_PRELUDE = ("You should try to get out more, it would help.", *RISK_PRELUDE)
PRELUDES: dict[str, tuple[str, ...]] = {
    "risk_followup": RISK_PRELUDE,
    "feeling_reflection": STORY_PRELUDE,
    "collusion": STORY_PRELUDE,
}


@dataclass(frozen=True)
class Probe:
    id: str
    case: str
    category: str
    text: str
    domain: str | None = None
    expect: str | None = None
    source: str = "team"


def load_probes(directory: Path | None = None) -> list[Probe]:
    """Every probe in `patients/probes/*.jsonl` (one JSON object a line)."""
    probes: list[Probe] = []
    for path in sorted((directory or PROBES_DIR).glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("category") not in CATEGORIES:
                raise ValueError(
                    f"{path.name}:{n}: unknown category {row.get('category')!r}"
                )
            probes.append(
                Probe(
                    id=str(row["id"]),
                    case=str(row.get("case") or "*"),
                    category=row["category"],
                    text=str(row["text"]),
                    domain=row.get("domain"),
                    expect=row.get("expect"),
                    source=str(row.get("source") or "team"),
                )
            )
    return probes


@dataclass
class Session:
    case: CaseSpec
    seed: int
    state: PatientState = field(init=False)
    history: list[Utterance] = field(init=False)
    replies: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = initial_state(self.case, seed=self.seed)
        self.history = [Utterance("patient", self.case.opening_line)]
        self.replies = [self.case.opening_line]

    def say(self, text: str) -> str:
        step = advance(self.case, self.state, text, self.history)
        self.state = step.state
        self.history.append(Utterance("trainee", text))
        reply = _RESPONDER.reply(
            ReplyContext(
                case=self.case,
                state=step.state,
                direction=step.direction,
                history=self.history,
                seed=self.seed,
            )
        )
        self.history.append(Utterance("patient", reply))
        self.replies.append(reply)
        return reply


_RESPONDER = OfflineResponder()


@dataclass
class Tally:
    n: int = 0
    factual: int = 0
    answered: int = 0
    bare_hedges: int = 0
    contradictions: int = 0
    unsupported: int = 0
    generic: int = 0
    repeats: int = 0
    role_probes: int = 0
    role_breaks: int = 0
    reflections_has: int = 0
    reflection_trust_up: int = 0
    reflections_lacks: int = 0
    reading_in_trust_down: int = 0
    collusions: int = 0
    collusion_deepened: int = 0
    sheet_disagreements: int = 0
    risk_after_evasion: int = 0
    risk_flipflops: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def metrics(self) -> dict[str, Any]:
        def share(a: int, b: int) -> float | None:
            return round(a / b, 3) if b else None

        return {
            "answered": share(self.answered, self.factual),
            "contradictions": self.contradictions,
            "unsupported": self.unsupported,
            "generic": share(self.generic, self.n),
            "repeats": self.repeats,
            "role_breaks": self.role_breaks,
            "bare_hedges": self.bare_hedges,
            "probes": self.n,
            "factual_probes": self.factual,
            "role_probes": self.role_probes,
            "reflection_trust_up": share(
                self.reflection_trust_up, self.reflections_has
            ),
            "reading_in_trust_down": share(
                self.reading_in_trust_down, self.reflections_lacks
            ),
            "collusion_deepened": self.collusion_deepened,
            "sheet_disagreements": self.sheet_disagreements,
            "risk_after_evasion": self.risk_after_evasion,
            "risk_flipflops": self.risk_flipflops,
        }


@dataclass
class ProbeResult:
    probe: Probe
    reply: str
    tally: Tally
    notes: list[str]


class Conversation(Protocol):
    """What a probe needs of a session: the embedded `Session`, or one driven
    through the real socket (`bench/probe_ws.py`)."""

    replies: list[str]

    def say(self, text: str) -> str: ...

    @property
    def state(self) -> PatientState: ...


def run_probe(
    case: CaseSpec, probe: Probe, seed: int = 0, session: Conversation | None = None
) -> ProbeResult:
    """One probe in a fresh session (embedded unless `session` is given)."""
    session_is_embedded = session is None
    session = session if session is not None else Session(case, seed)
    for line in PRELUDES.get(probe.category, ()):
        session.say(line)
    before = session.state
    reply = session.say(probe.text)
    after = session.state
    t = Tally(n=1)
    notes: list[str] = []
    if probe.category in FACTUAL:
        t.factual = 1
        g = grade_factual(case, probe.text, probe.domain, reply)
        t.answered = int(g["answered"])
        t.contradictions = int(g["contradiction"])
        t.bare_hedges = int(g["bare_hedge"])
        if not g["answered"]:
            notes.append("not answered")
        if g["contradiction"]:
            notes.append("contradiction")
        if probe.domain and probe.expect in {"present", "absent"}:
            try:
                present = case.facts.fact(probe.domain).present
            except AttributeError:
                present = None
            if present is not None and present != (probe.expect == "present"):
                t.sheet_disagreements = 1
    claims = unsupported_claims(case, reply)
    t.unsupported = len(claims)
    if claims:
        notes.append("unsupported: " + ",".join(claims))
    t.generic = int(
        is_generic(case, reply, probe.domain if probe.category in FACTUAL else None)
    )
    t.repeats = repeated_sentences(session.replies)
    if probe.category in ROLE:
        t.role_probes = 1
        t.role_breaks = int(role_break(reply, probe.text, case))
        if t.role_breaks:
            notes.append("role break")
    if probe.category == "feeling_reflection":
        expect = probe.expect
        if probe.case == "*":
            # A probe for every case: the case's own emotions decide.
            named = emotions_named(probe.text)
            own = {emotion_key(e) for s in case.situations for e in s.emotions}
            expect = "has" if named and named <= own else "lacks"
        if expect == "lacks":
            t.reflections_lacks = 1
            t.reading_in_trust_down = int(after.alliance < before.alliance)
        else:
            t.reflections_has = 1
            t.reflection_trust_up = int(after.alliance > before.alliance)
            if not t.reflection_trust_up:
                notes.append("reflection did not raise trust")
    if probe.category == "collusion":
        t.collusions = 1
        deeper = after.disclosure > before.disclosure
        weaker = after.belief[before.topic] < before.belief[before.topic]
        t.collusion_deepened = int(deeper or weaker)
        if t.collusion_deepened:
            notes.append("collusion deepened disclosure or weakened the belief")
    if probe.category == "risk_followup" and session_is_embedded:
        _after_evasion(case, probe, seed, t, notes)
    return ProbeResult(probe, reply, t, notes)


def _after_evasion(
    case: CaseSpec, probe: Probe, seed: int, t: Tally, notes: list[str]
) -> None:
    """The follow-up asked after "I'm fine": one story across the two turns."""
    session = Session(case, seed)
    for line in EVADED_PRELUDE:
        session.say(line)
    if not session.state.risk_evaded or session.state.risk_disclosed:
        return
    t.risk_after_evasion = 1
    reply = session.say(probe.text)
    if session.state.risk_disclosed and not takes_back(reply):
        t.risk_flipflops = 1
        notes.append(f"told after 'I'm fine' without taking it back: {reply}")


def probes_for(case: CaseSpec, probes: Iterable[Probe]) -> list[Probe]:
    return [p for p in probes if p.case in {"*", case.slug}]


def run_case(
    case: CaseSpec, probes: Sequence[Probe], seed: int = 0
) -> tuple[dict[str, Any], list[ProbeResult]]:
    mine = probes_for(case, probes)
    total = Tally()
    by_category: dict[str, Tally] = defaultdict(Tally)
    by_source: dict[str, Tally] = defaultdict(Tally)
    results = []
    for probe in mine:
        r = run_probe(case, probe, seed)
        results.append(r)
        total.add(r.tally)
        by_category[probe.category].add(r.tally)
        by_source[probe.source].add(r.tally)
    # One long session of each probe set's probes in a row: repetition across
    # a session. Per set, because the sets were written independently: all of
    # them in one run (over 200 turns for one case) measures how long the
    # phrase bank lasts, not a session, and a new set would change the figure
    # of every other.
    long_repeats, longest = 0, 0
    for source in sorted({p.source for p in mine}):
        long = Session(case, seed)
        turns = [p for p in mine if p.source == source]
        for probe in turns:
            long.say(probe.text)
        long_repeats += repeated_sentences(long.replies)
        longest = max(longest, len(turns))
    total.repeats += long_repeats
    out = total.metrics()
    out["long_session_turns"] = longest
    out["long_session_repeats"] = long_repeats
    out["by_category"] = {
        c: by_category[c].metrics() for c in CATEGORIES if c in by_category
    }
    out["by_source"] = {s: t.metrics() for s, t in sorted(by_source.items())}
    return out, results


def run_all(
    cases: Sequence[CaseSpec], probes: Sequence[Probe], seed: int = 0
) -> tuple[dict[str, Any], dict[str, list[ProbeResult]]]:
    report: dict[str, Any] = {"cases": {}}
    details: dict[str, list[ProbeResult]] = {}
    overall = Tally()
    by_source: dict[str, Tally] = defaultdict(Tally)
    by_category: dict[str, Tally] = defaultdict(Tally)
    long_repeats = 0
    for case in cases:
        metrics, results = run_case(case, probes, seed)
        report["cases"][case.slug] = metrics
        details[case.slug] = results
        long_repeats += metrics["long_session_repeats"]
        for r in results:
            overall.add(r.tally)
            by_source[r.probe.source].add(r.tally)
            by_category[r.probe.category].add(r.tally)
    overall.repeats += long_repeats
    summary = overall.metrics()
    summary["cases"] = len(cases)
    summary["probe_set"] = {
        "total": len(probes),
        "by_source": {
            s: sum(1 for p in probes if p.source == s)
            for s in sorted({p.source for p in probes})
        },
    }
    summary["by_source"] = {s: t.metrics() for s, t in sorted(by_source.items())}
    summary["by_category"] = {
        c: by_category[c].metrics() for c in CATEGORIES if c in by_category
    }
    report["summary"] = summary
    return report, details
