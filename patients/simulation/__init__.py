"""The patient engine: case model, explicit patient state, responders. No Django."""

from __future__ import annotations

import sys

from feedback.rubrics.prefilter import gate_patterns
from patients.simulation.case import (
    CaseError,
    CaseSpec,
    CaseValidationError,
    Situation,
    SituationVoice,
    Voice,
    bundled_cases,
    load_case,
)
from patients.simulation.dialogue import Utterance
from patients.simulation.direction import StageDirection
from patients.simulation.engine import Advance, advance
from patients.simulation.guard import check_reply
from patients.simulation.interop import export_patient_psi, import_patient_psi
from patients.simulation.moves import classify_moves
from patients.simulation.prompts import render_system_prompt
from patients.simulation.responders.base import Final, ReplyContext, Responder, Token
from patients.simulation.responders.llm import LLMResponder
from patients.simulation.responders.offline import OfflineResponder
from patients.simulation.state import PatientState, initial_state

# The engine's long patterns answer through the rubric engine's gates (`prefilter`,
# `casefold`): the same matches, without running the slow case-insensitive search
# on sentences that cannot match. Done once, when the engine's modules are loaded.
gate_patterns(
    vars(module)
    for name, module in list(sys.modules.items())
    if name.startswith(__name__ + ".")
)

__all__ = [
    "Advance",
    "CaseError",
    "CaseSpec",
    "CaseValidationError",
    "Final",
    "LLMResponder",
    "OfflineResponder",
    "PatientState",
    "ReplyContext",
    "Responder",
    "Situation",
    "SituationVoice",
    "StageDirection",
    "Token",
    "Utterance",
    "Voice",
    "advance",
    "bundled_cases",
    "check_reply",
    "classify_moves",
    "export_patient_psi",
    "import_patient_psi",
    "initial_state",
    "load_case",
    "render_system_prompt",
]
