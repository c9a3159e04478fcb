"""Every number of the patient model, in one table (PATIENT_MODEL.md, tuned).

Read this module to know how the simulated patient reacts; change it here and
nowhere else. `docs/simulation.md` prints the same tables via
`parameter_tables_markdown()`. Ranges: alliance and resistance 0-1, beliefs and
emotions 0-100, disclosure layers 0-6.
"""

from __future__ import annotations

from dataclasses import dataclass

from patients.simulation.vocab import Difficulty, Style


@dataclass(frozen=True, slots=True)
class MoveEffect:
    alliance: float = 0.0
    resistance: float = 0.0
    # May voice the next disclosure layer, if the gate allows it.
    advances: bool = False
    # Turns (this one included) during which no layer is disclosed.
    blocks: int = 0
    why: str = ""


# Starting values from PATIENT_MODEL.md. Conditional effects (Socratic questions
# under low alliance, advice right after an emotional disclosure, synthesis
# preconditions) are the named constants below; `transitions.py` applies them.
MOVE_EFFECTS: dict[str, MoveEffect] = {
    "complex_reflection": MoveEffect(0.08, -0.05, True, 0, "feeling understood"),
    "simple_reflection": MoveEffect(0.04, -0.02, True, 0, "being heard"),
    # Stop 21: warmth as strong for trust as a complex reflection; bare sympathy
    # ("That sounds so hard.") is validation now, and skilled sessions keep their
    # alliance (simulate --report: Ruth and Tom socratic-free keep their belief drop).
    "validation": MoveEffect(0.08, -0.03, True, 0, "specific affirmation, sympathy"),
    "open_question": MoveEffect(0.02, 0.0, True, 0, "room to talk"),
    "closed_question": MoveEffect(-0.01, 0.0, False, 0, "interrogation; short answers"),
    "summary": MoveEffect(0.05, -0.03, True, 0, "being followed"),
    # Socratic moves: the sign depends on the alliance (SOCRATIC_* below). They are
    # open questions, so they may also deepen disclosure.
    "socratic_evidence": MoveEffect(0.0, 0.0, True, 0, "see SOCRATIC_*"),
    "socratic_alternatives": MoveEffect(0.0, 0.0, True, 0, "see SOCRATIC_*"),
    "socratic_consequences": MoveEffect(0.0, 0.0, True, 0, "see SOCRATIC_*"),
    "socratic_synthesis": MoveEffect(0.03, 0.0, False, 0, "asked to conclude"),
    "advice": MoveEffect(-0.10, 0.10, False, 2, "premature fixing; 'yes, but'"),
    "advice_with_permission": MoveEffect(0.01, 0.0, False, 0, "considered if timely"),
    "information": MoveEffect(-0.02, 0.02, False, 0, "lecture instead of listening"),
    "confrontation": MoveEffect(-0.12, 0.15, False, 2, "attacked; defends"),
    "leading_question": MoveEffect(-0.12, 0.15, False, 2, "pushed to an answer"),
    "collusion": MoveEffect(0.02, 0.0, False, 0, "agreeable, but thought +5"),
    "reading_in": MoveEffect(-0.06, 0.05, False, 0, "misread; corrects"),
    "off_topic": MoveEffect(-0.03, 0.0, False, 0, "confused; redirects"),
    "role_break": MoveEffect(-0.03, 0.0, False, 0, "stays in role, confused"),
    "risk_question": MoveEffect(0.0, 0.0, False, 0, "+RISK_WARM_ALLIANCE if warm"),
    "other": MoveEffect(0.0, 0.0, False, 0, "greeting or unclassified"),
}

# Socratic evidence / alternatives / consequences.
SOCRATIC_ALLIANCE_GATE = 0.5  # below it, questioning a belief feels like an attack
SOCRATIC_HIGH_ALLIANCE = 0.02
SOCRATIC_LOW_ALLIANCE = -0.04
SOCRATIC_LOW_RESISTANCE = 0.05
SOCRATIC_MIN_DISCLOSURE = 2  # the thought must have been voiced to be examined
EVIDENCE_BELIEF_DROP = (4, 8)  # seeded, inclusive
EVIDENCE_EMOTION_DROP = 2.0
NO_MORE_EVIDENCE_BELIEF_DROP = 2  # asked again when the case has no new fact

# Summary counts as a Padesky summary only once evidence has been gathered; hearing
# the evidence pulled together loosens the thought a little more (ours).
SUMMARY_MIN_EVIDENCE = 2
SUMMARY_BELIEF_DROP = 6.0
# The cycle's summary (docs/scoring.md: informational -> reflection -> summary ->
# synthesising, on one topic) gives back the moment the trainee asked about; the
# patient need only have begun telling it (layer 1). Trainees summarise the
# situation, thought and feeling they asked about even when a guarded patient has
# not said the thought yet; the synthesis still needs evidence weighed, which needs
# the thought told (stop 22).
SUMMARY_MIN_DEPTH = 1

# Trust grows more slowly as it grows: positive alliance changes are scaled by
# min(1, (1 - alliance) / ALLIANCE_SATURATION). Without it, curves hit 1.0 within
# ten reflections, which no real first session does (ours).
ALLIANCE_SATURATION = 0.5

# Synthesis: the alternative view appears only after real guided discovery.
SYNTHESIS_MIN_EVIDENCE = 2
SYNTHESIS_MIN_ALLIANCE = 0.6
SYNTHESIS_MAX_BELIEF = 70.0
SYNTHESIS_BELIEF_DROP = 15.0
SYNTHESIS_EMOTION_DROP = 10.0

# Advice.
ADVICE_AFTER_EMOTION_ALLIANCE = -0.15  # right after the patient voiced a feeling
ADVICE_WITH_PERMISSION_MIN_DISCLOSURE = 3
ADVICE_WITH_PERMISSION_EARLY_ALLIANCE = 0.0  # timely permission is not yet earned

# Collusion, reflections, confrontation.
COLLUSION_BELIEF_RISE = 5.0
COLLUSION_EMOTION_RISE = 5.0
REFLECTED_EMOTION_DROP = 3.0
CONFRONTATION_EMOTION_RISE = 5.0  # ours: the dominant feeling flares up

# Risk.
RISK_WARM_ALLIANCE = 0.03  # asked together with a reflection or validation
RISK_DISCLOSURE_MIN_ALLIANCE = 0.3  # below it the patient says "I'm fine"

# Disclosure gates: layer n needs alliance >= GATE_BASE + GATE_STEP * n
# (+ the style's gate_extra). Layers: 0 presenting problem, 1 situation,
# 2 automatic thought, 3 emotions, 4 behaviour, 5 intermediate belief, 6 core belief.
GATE_BASE = 0.25
GATE_STEP = 0.08
MAX_LAYER = 6
# A question about a specific layer ("How did you feel?") may be answered with
# that layer while at most this many shallower layers of the topic are untold
# (ours: the patient answers what was asked without jumping to the end).
FOCUS_MAX_SKIP = 1
# Questions meet a deflection while resistance stays above this (styles may set
# their own `deflect_at`: a reserved patient deflects at lower resistance).
DEFLECT_RESISTANCE = 0.55

# Resistance that holds (issue 9; counselor-following is the failure mode of
# simulated clients that drop resistance in a few turns: Wang et al.'s
# "counselor-following" and PATIENT-Psi's critique). Resistance gives way only to
# *sustained* skill, by style (StyleParams below; stop 21):
# - `patience`: it falls only from the patience-th consecutive skilled turn on;
# - `softening` scales each fall and `max_fall` caps it per turn;
# - `hold_turns`: a floor, start x (1 - credit / hold_turns), where credit counts
#   the skilled turns of the session (halved at each rupture): however skilled the
#   turns, k of them give up at most k / hold_turns of the starting resistance;
# - `question_fall`: the fall a skilled question-only turn earns (reserved: open
#   questions and patience are what work);
# - `relapse`: at a rupture (RUPTURE_MOVES) this share of what was given up this
#   session comes back at once (or the move's own rise, if larger).
# Pleasing's hidden resistance follows the same rules (its own start).
RESISTANCE_STREAK = 2  # the default patience
RUPTURE_CREDIT_KEEP = 0.5  # share of the skilled-turn credit a rupture leaves
SKILLED_MOVES = frozenset(
    {
        "complex_reflection",
        "simple_reflection",
        "validation",
        "summary",
        "open_question",
        "socratic_evidence",
        "socratic_alternatives",
        "socratic_consequences",
        "socratic_synthesis",
    }
)
HARMFUL_MOVES = frozenset(
    {
        "advice",
        "confrontation",
        "leading_question",
        "reading_in",
        "collusion",
        "role_break",
        "off_topic",
    }
)
# Moves whose own resistance effect is a fall (a question-only turn earns the
# style's question_fall instead).
RESISTANCE_FALL_MOVES = frozenset(
    m for m, e in MOVE_EFFECTS.items() if e.resistance < 0
)
# Ruptures: resistance comes back partly (the style's `relapse`).
RUPTURE_MOVES = frozenset({"advice", "confrontation", "leading_question", "reading_in"})
# Pleasing's hidden resistance: the patient agrees, but evidence loosens the
# belief only by (1 - hidden) of its usual drop. It falls with reflected feelings
# and validation (not with questions), after the style's patience, and rises
# when advice or agreement with the distortion is what the patient gets.
HIDDEN_RESISTANCE_DROP = 0.05
HIDDEN_RESISTANCE_RISE = 0.05
# While hidden resistance is above this, the pleasing patient agrees instead of
# telling what lies deeper (layers from HIDDEN_HOLDS_LAYER on: feelings,
# behaviour, rules, core belief): an agreeable reply without real disclosure.
HIDDEN_HOLDS_AT = 0.3
HIDDEN_HOLDS_LAYER = 3
# Skilled-turn credit (open questions, reflections, validation; halved at a
# rupture) before an upset patient vents (`StyleParams.vents`), to an open
# question that does not follow a harmful turn.
VENT_CREDIT = 2.0
# Below this alliance the patient is guarded: short, minimal replies.
GUARDED_ALLIANCE = 0.3
GUARDED_SENTENCES = 2
# A role attack gets a reaction and the patient's concern, even when guarded.
ROLE_BREAK_SENTENCES = 3

# Emotions and beliefs.
EMOTION_DECAY = 0.10  # untouched emotions move 10 % toward baseline per turn
INITIAL_BELIEF = (80, 95)  # seeded per automatic thought
INITIAL_CORE_BELIEF = 90.0
INITIAL_EMOTION = (50, 80)  # seeded per case emotion
CORE_BELIEF_MIN_DISCLOSURE = 5
CORE_BELIEF_REFRAME_DROP = 6.0
CORE_BELIEF_SESSION_CAP = 10.0  # core beliefs change over weeks, not minutes


@dataclass(frozen=True, slots=True)
class StyleParams:
    alliance: float
    resistance: float
    hidden_resistance: float
    sentence_cap: int
    gate_extra: float
    # Multipliers on alliance *gains* by move family: how this style warms up.
    reflection_gain: float = 1.0
    question_gain: float = 1.0
    summary_gain: float = 1.0
    # Chance per turn of the style's marker (tangent, approval seeking, irritation).
    marker_rate: float = 0.5
    # Multiplier on resistance *decreases* (hidden resistance included): how
    # much sustained skill this style needs before it stops pushing back.
    softening: float = 1.0
    # Resistance above which questions meet a deflection.
    deflect_at: float = 0.55
    # Resistance that holds (see RESISTANCE_STREAK above): consecutive skilled
    # turns before it falls, largest fall a turn, skilled turns before all of it
    # may be gone (0: no floor), fall a skilled question earns, share that comes
    # back at a rupture.
    patience: int = RESISTANCE_STREAK
    max_fall: float = 1.0
    hold_turns: int = 0
    question_fall: float = 0.0
    relapse: float = 0.0
    # Layers the style tells to an open question whatever its resistance and
    # trust, once the counsellor has listened (VENT_CREDIT):
    # an upset patient's complaint (what happened, what they make of it) comes
    # out angrily; their resistance is to examining it (the Socratic gate, the
    # evidence), not to saying it. 0: none.
    vents: int = 0


STYLE_PARAMS: dict[Style, StyleParams] = {
    "plain": StyleParams(0.45, 0.1, 0.0, 5, 0.0),
    # Softens only with reflections: questions earn half the trust.
    "upset": StyleParams(
        0.25,
        0.6,
        0.0,
        3,
        0.1,
        question_gain=0.5,
        softening=0.5,
        patience=3,
        max_fall=0.03,
        hold_turns=20,
        relapse=0.5,
        vents=2,
    ),
    # Summaries help most.
    "verbose": StyleParams(0.45, 0.1, 0.0, 8, 0.0, summary_gain=1.6),
    # Needs open questions and patience.
    "reserved": StyleParams(
        0.3,
        0.3,
        0.0,
        3,
        0.1,
        question_gain=1.5,
        softening=0.6,
        deflect_at=0.25,
        patience=2,
        max_fall=0.03,
        hold_turns=16,
        question_fall=0.03,
        relapse=0.5,
    ),
    # Gentle refocusing (summaries, open questions) works.
    "tangent": StyleParams(0.4, 0.2, 0.0, 5, 0.0, summary_gain=1.3),
    # Agrees readily: no visible resistance, but a hidden 0.4.
    "pleasing": StyleParams(
        0.5,
        0.0,
        0.4,
        5,
        0.0,
        softening=0.5,
        patience=2,
        max_fall=0.03,
        hold_turns=16,
        relapse=0.5,
    ),
}

DIFFICULTY_ALLIANCE: dict[Difficulty, float] = {
    "easy": 0.1,
    "medium": 0.0,
    "hard": -0.1,
}
DIFFICULTY_RESISTANCE: dict[Difficulty, float] = {
    "easy": 0.0,
    "medium": 0.0,
    "hard": 0.1,
}

REFLECTION_MOVES = frozenset({"complex_reflection", "simple_reflection", "validation"})
QUESTION_MOVES = frozenset(
    {
        "open_question",
        "socratic_evidence",
        "socratic_alternatives",
        "socratic_consequences",
        "socratic_synthesis",
    }
)


def gate(layer: int, style: Style) -> float:
    """Alliance needed before the patient voices disclosure layer `layer`."""
    return GATE_BASE + GATE_STEP * layer + STYLE_PARAMS[style].gate_extra


def parameter_tables_markdown() -> str:
    """The move and style tables as Markdown, for docs/simulation.md."""
    rows = [
        "| move | alliance | resistance | may deepen | blocks (turns) | why |",
        "|---|---|---|---|---|---|",
    ]
    for move, e in MOVE_EFFECTS.items():
        rows.append(
            f"| `{move}` | {e.alliance:+.2f} | {e.resistance:+.2f} | "
            f"{'yes' if e.advances else 'no'} | {e.blocks} | {e.why} |"
        )
    rows += [
        "",
        "| style | alliance | resistance (hidden) | sentence cap | gate extra "
        "| reflection / question / summary gain | softening | deflect at |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for style, p in STYLE_PARAMS.items():
        rows.append(
            f"| {style} | {p.alliance:.2f} | {p.resistance:.2f} ({p.hidden_resistance:.2f})"
            f" | {p.sentence_cap} | {p.gate_extra:+.2f} | {p.reflection_gain} / "
            f"{p.question_gain} / {p.summary_gain} | {p.softening} | {p.deflect_at} |"
        )
    rows += [
        "",
        "Resistance that holds (pleasing: its hidden resistance), per style:",
        "",
        "| style | patience (skilled turns in a row before it falls) | largest fall "
        "a turn | skilled turns before all of it may be gone (floor) | fall a "
        "skilled question earns | comes back at a rupture |",
        "|---|---|---|---|---|---|",
    ]
    for style, p in STYLE_PARAMS.items():
        rows.append(
            f"| {style} | {p.patience} | "
            f"{f'{p.max_fall:.2f}' if p.max_fall < 1 else 'no limit'} | "
            f"{p.hold_turns or 'no floor'} | {p.question_fall:.2f} | "
            f"{p.relapse:.0%} of what was given up |"
        )
    rows += [
        "",
        "Resistance falls only from the style's patience-th consecutive skilled turn "
        "(reflection, validation, summary, open or Socratic question, nothing harmful); "
        "each fall is the strongest move's resistance effect x softening (a skilled "
        "question-only turn: the style's question fall), at most the largest fall, "
        "and never below the floor start x (1 - credit / hold turns), where credit "
        "counts the session's skilled turns and a rupture "
        f"({', '.join(sorted(RUPTURE_MOVES))}) halves it "
        f"(RUPTURE_CREDIT_KEEP = {RUPTURE_CREDIT_KEEP}). At a rupture the share "
        "above of what was given up since the start comes back at once, if that is "
        "more than the move's own rise. Hidden resistance (pleasing) "
        f"falls by {HIDDEN_RESISTANCE_DROP} x softening per such turn with a reflection "
        f"or validation, rises by {HIDDEN_RESISTANCE_RISE} on advice or collusion, "
        "scales every evidence-driven belief drop by (1 - hidden), and above "
        f"{HIDDEN_HOLDS_AT} keeps layers {HIDDEN_HOLDS_LAYER}+ (feelings and deeper) "
        "untold: the patient agrees instead.",
    ]
    return "\n".join(rows)
