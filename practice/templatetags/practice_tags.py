"""Template helpers for the chat page's live patient-state panel."""

from __future__ import annotations

from typing import Any

from django import template

from patients.simulation.direction import LAYER_NAMES

register = template.Library()


@register.filter
def state_view(state: Any) -> dict[str, Any] | None:
    """Trust, disclosure and belief strength of a stored PatientState, as shown.

    Reads the JSON directly (no validation): the panel must render whatever
    version of the state a turn holds, and shows nothing for a turn without one.
    """
    if not isinstance(state, dict) or "alliance" not in state:
        return None
    layer = int(state.get("disclosure", 0))
    belief = state.get("belief") or {}
    topic = state.get("topic")
    strength = belief.get(topic) if isinstance(belief, dict) else None
    start = (state.get("belief_start") or {}).get(topic)
    return {
        "trust": round(float(state["alliance"]) * 100),
        "disclosure": layer,
        "disclosure_max": len(LAYER_NAMES) - 1,
        "disclosure_name": LAYER_NAMES[layer] if 0 <= layer < len(LAYER_NAMES) else "",
        "belief": round(float(strength)) if strength is not None else None,
        "belief_start": round(float(start)) if start is not None else None,
        "turn": int(state.get("turn", 0)),
    }


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """`mapping[key]`, or None (for lookups by a variable key in templates)."""
    if isinstance(mapping, dict):
        return mapping.get(key)
    return None
