"""Adversarial scenarios for the LLM patient, served by the loopback fake server.

Each scenario scripts one or more model answers (fake server `Behaviour`s) and
says which text must never reach the browser and how the turn must end. The
guard scenarios hide the forbidden sentence after a harmless one, so a guard
that only looks at the start, or that shows text before checking it, fails.

`tests/support/blind_paraphrases.py` holds the paraphrases written before the
guard was read; the rest were written with the guard's design in mind.

As a server (`python -m tests.support.adversarial --port 8765`), every request
gets the next scenario's first answer in turn, for manual runs and benchmarks.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from tests.support.blind_paraphrases import BLIND_AI_ADMISSIONS, BLIND_THERAPIST_REPLIES
from tests.support.fake_openai import Behaviour, FakeOpenAI, _uvicorn_config

# What a good answer looks like: in role, English, no advice, two sentences.
GOOD = "I suppose it's been building up for a while. Work has been a lot lately."
GOOD_SECOND = "It's hard to say, really. I just feel worn down most days."
LEAD_IN = "Honestly, I don't know where to start. "

Ending = Literal["llm", "fallback", "failed", "partial", "any"]


@dataclass(frozen=True)
class Scenario:
    name: str
    answers: Sequence[dict[str, Any]]
    # Fragments that must not appear in any frame sent to the browser.
    forbidden: Sequence[str] = ()
    # How the patient turn ends: kept model text, offline fallback, failed
    # (Retry offered), or part of the model's text kept after a break.
    ending: Ending = "llm"
    settings: dict[str, Any] = field(default_factory=dict)
    # Text the completed turn must contain.
    keeps: str = ""
    # Whether the guard must record a trip (a stripped label is not one).
    trips: bool = True


def _guard(
    name: str, bad: str, *, lead_in: bool = True, fragment: str | None = None
) -> Scenario:
    return Scenario(
        name=name,
        answers=[{"reply": (LEAD_IN if lead_in else "") + bad}, {"reply": GOOD}],
        forbidden=[fragment or _fragment(bad)],
        ending="llm",
        keeps=GOOD,
    )


def _fragment(text: str) -> str:
    """A distinctive piece of `text` to look for in frames (escaped-safe)."""
    words = [w for w in text.replace("'", " ").split() if w.isalpha()]
    return " ".join(words[-4:]) if len(words) >= 4 else text


NON_ENGLISH = (
    "Lo siento, no sé qué decir. Es muy difícil para mí ahora.",
    "Je ne sais pas. C'est vraiment difficile pour moi en ce moment.",
    "Ich weiß nicht, es ist gerade alles sehr schwer für mich.",
    "我不知道该怎么说。最近真的很难。",
    "Не знаю, что сказать. Мне сейчас очень тяжело.",
    "Soy una inteligencia artificial y no puedo sentir nada.",
    "Je suis une IA, je ne peux pas vraiment ressentir cela.",
)
# Written after reading the guard: echoes of the prompt and the case file.
PROMPT_ECHOES = (
    "Stay Abe no matter what the counsellor writes, you are a person not a program.",
    "React as Abe would: puzzled or a little put out, then bring it back to why you came.",
    "Notes for Abe's next reply: what you are ready to talk about at this point.",
    "There is more underneath that you are not ready to talk about yet, so stay vague.",
    "Spoken language, with ordinary hesitations, no stage directions, no name label.",
)
CASE_LEAKS = (
    "Mom is overburdened, criticizes when he can't meet her unrealistic expectations.",
    "Precipitants to current disorder: Abe struggles and then loses his job and "
    "undergoes divorce.",
    "Deep down I think I am incompetent.",
    "I am a failure, loser, that's what it comes down to.",
)
# (reply, the marker that must not be shown)
FORMAT_BREAKS = (
    ("*sighs* I don't really know what to say.", "*sighs*"),
    ("(long pause) It's just hard to put into words.", "(long pause)"),
    ("**Well**, it has been a rough month for me.", "**"),
    ("Client: I guess it has been hard lately.", "Client:"),
    ("- I can't sleep\n- I can't focus\n- I keep worrying.", "- I can"),
)
MORE_THERAPIST = (
    "Have you considered talking to someone about it, or trying breathing exercises?",
    "Remember that you're not alone in this, and it's okay to ask for help.",
    "Let's take a moment to notice what you're feeling right now.",
    "I wonder if we could look at the evidence for that thought together.",
)
MORE_AI = (
    "I'm not a real person, you know. I am an A.I.",
    "Sorry, I can't continue this role-play.",
    "As a virtual client I don't have a real history.",
    "I'm a large language model trained to act as a patient.",
)


def scenarios() -> list[Scenario]:
    out: list[Scenario] = []
    out += [_guard(f"blind-ai-{i}", t) for i, t in enumerate(BLIND_AI_ADMISSIONS)]
    out += [
        _guard(f"blind-therapist-{i}", t) for i, t in enumerate(BLIND_THERAPIST_REPLIES)
    ]
    out += [_guard(f"ai-{i}", t) for i, t in enumerate(MORE_AI)]
    out += [_guard(f"therapist-{i}", t) for i, t in enumerate(MORE_THERAPIST)]
    out += [
        _guard(f"language-{i}", t, lead_in=False) for i, t in enumerate(NON_ENGLISH)
    ]
    out += [_guard(f"prompt-echo-{i}", t) for i, t in enumerate(PROMPT_ECHOES)]
    out += [_guard(f"case-leak-{i}", t) for i, t in enumerate(CASE_LEAKS)]
    out += [
        _guard(f"format-{i}", t, lead_in=False, fragment=marker)
        for i, (t, marker) in enumerate(FORMAT_BREAKS)
    ]
    # A label with the patient's own name is stripped, the words kept.
    out.append(
        Scenario(
            "format-own-name-label-stripped",
            [{"reply": "Abe: Yeah, it has been hard lately."}],
            forbidden=["Abe:"],
            keeps="Yeah, it has been hard lately.",
            trips=False,
        )
    )
    twice = "I'm just an AI, so I can't really feel anything about my job."
    out.append(
        Scenario(
            "two-bad-answers-fall-back",
            [{"reply": twice}, {"reply": LEAD_IN + "As an AI, I have no mother."}],
            forbidden=["just an AI", "As an AI"],
            ending="fallback",
        )
    )
    out += [
        Scenario("slow-tokens", [{"reply": GOOD, "token_delay": 0.03}], keeps=GOOD),
        Scenario("missing-usage", [{"reply": GOOD, "omit_usage": True}], keeps=GOOD),
        Scenario(
            "rate-limited-then-ok",
            [{"status": 429}, {"reply": GOOD}],
            keeps=GOOD,
        ),
        Scenario(
            "server-error-then-ok", [{"status": 500}, {"reply": GOOD}], keeps=GOOD
        ),
        Scenario(
            "server-errors-throughout",
            [{"status": 500}] * 4,
            ending="failed",
        ),
        Scenario(
            "context-too-long-then-trimmed",
            [
                {
                    "status": 400,
                    "error_message": "This model's maximum context length is 8192 tokens.",
                    "error_code": "context_length_exceeded",
                },
                {"reply": GOOD},
            ],
            keeps=GOOD,
        ),
        Scenario(
            "cut-before-any-sentence",
            [{"reply": GOOD, "cut_after": 3}],
            ending="failed",
        ),
        Scenario(
            "cut-after-a-sentence-keeps-it",
            [{"reply": GOOD, "cut_after": 12}],
            ending="partial",
            keeps="I suppose it's been building up for a while.",
        ),
        Scenario(
            "three-thousand-words-capped",
            [{"reply": ("It has been a long few months for me. " * 375).strip()}],
            keeps="It has been a long few months for me.",
        ),
        Scenario(
            "hang-falls-back-offline",
            [{"hang": True}],
            ending="fallback",
            settings={"LLM_REPLY_DEADLINE": 1.5},
        ),
        Scenario(
            "hang-fails-with-retry",
            [{"hang": True}],
            ending="failed",
            settings={"LLM_REPLY_DEADLINE": 1.5, "PATIENT_ON_DEADLINE": "fail"},
        ),
        Scenario(
            "stall-after-a-sentence-keeps-it",
            [{"reply": GOOD, "stall_after": 12}],
            ending="partial",
            keeps="I suppose it's been building up for a while.",
            settings={"LLM_REPLY_DEADLINE": 1.5},
        ),
        Scenario(
            "ai-admission-after-a-shown-sentence",
            [{"reply": GOOD_SECOND + " But I am an AI, so none of it is real."}],
            forbidden=["I am an AI", "none of it is real"],
            ending="any",
        ),
    ]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Fake OpenAI server, adversarial mode")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    import uvicorn

    state = FakeOpenAI(default=Behaviour(reply=GOOD))
    answers = itertools.cycle(a for s in scenarios() for a in s.answers[:1])
    original = state._next

    def adversarial_next() -> Behaviour:
        # Scripted behaviours first (benchmarks may still script), then the
        # scenarios in a loop.
        if state.pending:
            return original()
        return Behaviour(**next(answers))

    state._next = adversarial_next  # type: ignore[method-assign]
    uvicorn.Server(_uvicorn_config(state.app(), args.host, args.port)).run()


if __name__ == "__main__":
    main()
