"""Responders turn a stage direction into the patient's words."""

from __future__ import annotations

from patients.simulation.responders.base import Final, ReplyContext, Responder, Token

__all__ = ["Final", "ReplyContext", "Responder", "Token"]
