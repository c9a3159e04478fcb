"""Simulation harness: a scripted trainee talks to a simulated patient.

Pure code; `patients/management/commands/simulate.py` is a thin wrapper, and
`python -m patients.simulation.harness` runs it without Django (also `--report`
for the measurement table in docs/simulation.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from llm.settings import DEFAULT_MODEL, LLMConfig, build_chat_model
from patients.simulation.case import CaseSpec, bundled_cases
from patients.simulation.dialogue import Utterance
from patients.simulation.engine import advance
from patients.simulation.policies import POLICIES, Policy, TraineeView
from patients.simulation.responders.base import Final, ReplyContext, Responder
from patients.simulation.responders.llm import LLMResponder
from patients.simulation.responders.offline import OfflineResponder
from patients.simulation.state import PatientState, initial_state
from patients.simulation.text import sentence_count


@dataclass
class TraceTurn:
    speaker: str
    text: str
    state: dict[str, Any]
    moves: tuple[str, ...] = ()
    act: str | None = None
    responder: str | None = None
    seconds: float = 0.0
    guard_flags: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "speaker": self.speaker,
            "text": self.text,
            "state": self.state,
        }
        if self.speaker == "trainee":
            out["moves"] = list(self.moves)
        else:
            out["act"] = self.act
            out["responder"] = self.responder
            if self.guard_flags:
                out["guard_flags"] = list(self.guard_flags)
        return out


@dataclass
class SessionTrace:
    case: str
    style: str
    policy: str
    responder: str
    seed: int
    initial_state: PatientState
    final_state: PatientState
    turns: list[TraceTurn] = field(default_factory=list)

    @property
    def patient_turns(self) -> list[TraceTurn]:
        return [t for t in self.turns if t.speaker == "patient"]

    def metrics(self) -> dict[str, Any]:
        """The outcome numbers reported in docs/simulation.md."""
        start, end = self.initial_state, self.final_state
        first = next(iter(start.belief))
        replies = self.patient_turns
        return {
            "case": self.case,
            "style": self.style,
            "policy": self.policy,
            "belief_drop": round(start.belief[first] - end.belief[first], 1),
            "final_alliance": round(end.alliance, 2),
            "disclosure": end.disclosure,
            "alternative_view": end.alternative_view is not None,
            "mean_sentences": round(
                statistics.fmean(sentence_count(t.text) for t in replies), 2
            )
            if replies
            else 0.0,
            "mean_words": round(
                statistics.fmean(len(t.text.split()) for t in replies), 1
            )
            if replies
            else 0.0,
            "ms_per_turn": round(1000 * statistics.fmean(t.seconds for t in replies), 3)
            if replies
            else 0.0,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "case": self.case,
            "policy": self.policy,
            "responder": self.responder,
            "seed": self.seed,
            "initial_state": self.initial_state.model_dump(mode="json"),
            "turns": [t.to_json() for t in self.turns],
            "final_state": self.final_state.model_dump(mode="json"),
            "metrics": self.metrics(),
        }


async def _collect(responder: Responder, ctx: ReplyContext) -> Final:
    final: Final | None = None
    async for event in responder.stream(ctx):
        if isinstance(event, Final):
            final = event
    if final is None:
        raise RuntimeError(f"responder {responder.name!r} ended without a Final")
    return final


def run_session(
    case: CaseSpec,
    policy: Policy | str,
    turns: int,
    responder: Responder | None = None,
    seed: int = 0,
) -> SessionTrace:
    """Play `turns` trainee turns of `policy` against the patient of `case`."""
    responder = responder or OfflineResponder()
    policy_name = policy if isinstance(policy, str) else policy.__name__
    play = POLICIES[policy] if isinstance(policy, str) else policy
    state = initial_state(case, seed=seed)
    trace = SessionTrace(
        case=case.slug,
        style=case.style,
        policy=policy_name,
        responder=responder.name,
        seed=seed,
        initial_state=state,
        final_state=state,
    )
    # As in the product (`practice.services.start_session`), the patient's opening
    # line is the first turn of the transcript, so replies are judged against it
    # (a reply must not say it again).
    history: list[Utterance] = [Utterance("patient", case.opening_line)]
    memory: dict[str, Any] = {}
    loop = None if isinstance(responder, OfflineResponder) else asyncio.new_event_loop()
    try:
        for n in range(1, turns + 1):
            view = TraineeView(
                turn=n, public=case.public_view(), transcript=history, memory=memory
            )
            trainee_text = play(view)
            step = advance(case, state, trainee_text, history)
            history = [*history, Utterance("trainee", trainee_text)]
            state_json = step.state.model_dump(mode="json")
            trace.turns.append(
                TraceTurn("trainee", trainee_text, state_json, step.moves)
            )
            ctx = ReplyContext(case, step.state, step.direction, history, seed)
            started = time.perf_counter()
            if isinstance(responder, OfflineResponder):
                final = Final(responder.reply(ctx), responder.name)
            else:
                assert loop is not None
                final = loop.run_until_complete(_collect(responder, ctx))
            elapsed = time.perf_counter() - started
            history = [*history, Utterance("patient", final.text)]
            trace.turns.append(
                TraceTurn(
                    "patient",
                    final.text,
                    state_json,
                    act=step.direction.act,
                    responder=final.responder,
                    seconds=elapsed,
                    guard_flags=final.guard_flags,
                )
            )
            state = step.state
    finally:
        if loop is not None:
            # Let the model client's async generators finish before the loop goes.
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()
    trace.final_state = state
    return trace


def format_transcript(trace: SessionTrace) -> str:
    lines = [
        f"# {trace.case} ({trace.style}) × {trace.policy} [{trace.responder}, "
        f"seed {trace.seed}]"
    ]
    case = next((c for c in bundled_cases() if c.slug == trace.case), None)
    if case is not None:
        lines.append(f"\n    patient [opening]: {case.opening_line}")
    for t in trace.turns:
        s = t.state
        if t.speaker == "trainee":
            lines.append(f"\nT{s['turn']:>2} trainee: {t.text}")
            lines.append(f"     moves: {', '.join(t.moves)}")
        else:
            beliefs = " ".join(f"{k}={v:.0f}" for k, v in s["belief"].items())
            lines.append(f"    patient [{t.act}]: {t.text}")
            lines.append(
                f"     state: alliance={s['alliance']:.2f} resistance={s['resistance']:.2f}"
                f" disclosure={s['disclosure']} belief[{beliefs}] "
                f"core={s['core_belief']:.0f}"
                + (" ALT" if s["alternative_view"] else "")
            )
    m = trace.metrics()
    lines.append(
        f"\nfinal: alliance {m['final_alliance']}, disclosure {m['disclosure']}, "
        f"belief drop {m['belief_drop']}, alternative view {m['alternative_view']}"
    )
    return "\n".join(lines)


def measure(
    cases: Sequence[CaseSpec], policies: Sequence[str], turns: int = 12, seed: int = 0
) -> list[dict[str, Any]]:
    return [
        run_session(case, policy, turns, OfflineResponder(), seed).metrics()
        for case in cases
        for policy in policies
    ]


def report_markdown(rows: list[dict[str, Any]]) -> str:
    out = [
        "| case | style | policy | belief drop | final alliance | disclosure | "
        "alternative view | mean sentences |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['case']} | {r['style']} | {r['policy']} | {r['belief_drop']:.0f} | "
            f"{r['final_alliance']:.2f} | {r['disclosure']} | "
            f"{'yes' if r['alternative_view'] else 'no'} | {r['mean_sentences']} |"
        )
    return "\n".join(out)


def llm_responder_from_env() -> Responder:
    """An LLMResponder configured from OPENAI_API_KEY, OPENAI_BASE_URL, PATIENT_MODEL."""
    config = LLMConfig(
        api_key=os.environ.get("OPENAI_API_KEY") or None,
        base_url=os.environ.get("OPENAI_BASE_URL") or None,
        patient_model=os.environ.get("PATIENT_MODEL") or DEFAULT_MODEL,
    )
    model = build_chat_model(config, "patient")
    if model is None:
        raise RuntimeError(
            "--responder llm needs OPENAI_API_KEY (and optionally "
            "OPENAI_BASE_URL, PATIENT_MODEL) in the environment"
        )
    return LLMResponder(model, fallback=OfflineResponder())


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="simulate", description=__doc__)
    parser.add_argument("--case")
    parser.add_argument("--all-cases", action="store_true")
    parser.add_argument("--trainee", default="socratic", choices=sorted(POLICIES))
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--responder", default="offline", choices=["offline", "llm"])
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--report",
        action="store_true",
        help="outcome table for every case and policy (offline)",
    )
    args = parser.parse_args(argv)
    cases = bundled_cases()
    if args.report:
        out.write(
            report_markdown(measure(cases, list(POLICIES), args.turns, args.seed))
        )
        out.write("\n")
        return 0
    if not args.all_cases:
        if not args.case:
            parser.error("give --case <slug> or --all-cases")
        cases = [c for c in cases if c.slug == args.case]
        if not cases:
            parser.error(f"unknown case {args.case!r}")
    responder: Responder = OfflineResponder()
    if args.responder == "llm":
        try:
            responder = llm_responder_from_env()
        except RuntimeError as exc:
            parser.error(str(exc))
    traces = [
        run_session(c, args.trainee, args.turns, responder, args.seed) for c in cases
    ]
    if args.json:
        payload: Any = (
            traces[0].to_json() if len(traces) == 1 else [t.to_json() for t in traces]
        )
        out.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    else:
        out.write("\n\n".join(format_transcript(t) for t in traces) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
