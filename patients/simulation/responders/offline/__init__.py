"""The offline responder: the patient's words from the case's own material.

It realises the stage direction with the author's `voice` lines where they
exist and with sentence frames otherwise. Frames carry feelings and hedges,
never facts, so a reply can only state what the case says. Choices are seeded
by (session seed, turn), and sentences already said in the session are avoided,
so a session is reproducible and never repeats a reply verbatim.

Layout, in the order a reply is built:

    responder.py   OfflineResponder: seeding, retries against repeats, fallbacks
    acts.py        realise_act: the sentences for each act and answer reason
    style.py       add_style: markers, tangents and verbosity per conversational style
    material.py    the case's own lines per disclosure layer, and its proper nouns
    picker.py      Picker: seeded choice that avoids what was already said
    phrasebook.py  the generic frames (data only), by act and by style
"""

from __future__ import annotations

from .phrasebook import CLOSING, GREETINGS, NOT_YET, RESTATE_LEADS, SOCIAL_ANSWERS
from .responder import OfflineResponder

__all__ = [
    "CLOSING",
    "GREETINGS",
    "NOT_YET",
    "RESTATE_LEADS",
    "SOCIAL_ANSWERS",
    "OfflineResponder",
]
