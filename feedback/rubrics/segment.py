"""Split a trainee turn into utterances (RUBRICS.md §0.1).

An utterance is a sentence, or a clause with its own function. The splitter is
deliberately simple and fast: sentence-final punctuation followed by a space, with a
guard for abbreviations and decimals, plus line breaks. Spoken-style transcripts without
punctuation stay one utterance; the coder copes with that.
"""

from __future__ import annotations

import re

_ABBREVIATIONS = frozenset(
    {
        "dr",
        "mr",
        "mrs",
        "ms",
        "st",
        "vs",
        "etc",
        "e.g",
        "i.e",
        "approx",
        "no",
        "jr",
        "sr",
    }
)

# Candidate boundary: .!? (optionally closing quotes or brackets), then a space.
_BOUNDARY = re.compile(r"([.!?…]+[\"'”’)\]]*)\s+")
_SPACE = re.compile(r"\s+")
# Dash breaks in transcripts ("I was going to- what happened then?") separate functions.
_DASH_BREAK = re.compile(r"\s+(?:--|—|–)\s+")


# Pictographs (emoji) start well above the letters and punctuation of any script the
# trainees type; U+2600 (miscellaneous symbols) is the lowest block read as one.
_EMOJI = 0x2600


def _split_line(line: str) -> list[str]:
    pieces: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(line):
        end = m.end(1)
        candidate = line[start:end]
        words = candidate.rstrip(".!?…\"'”’)]").split()
        last = words[-1].lower() if words else ""
        # "Dr. Smith", "e.g. this": the period is not a sentence end.
        if m.group(1) == "." and last.rstrip(".") in _ABBREVIATIONS:
            continue
        # A single-letter "word" before a period is an initial, not a sentence.
        if m.group(1) == "." and len(last) == 1 and last.isalpha() and last != "i":
            continue
        pieces.append(candidate)
        start = m.end()
    pieces.append(line[start:])
    return pieces


def split_utterances(text: str) -> list[str]:
    """Split `text` into utterances; never returns empty strings."""
    out: list[str] = []
    for line in text.splitlines():
        line = _SPACE.sub(" ", line).strip()
        if not line:
            continue
        for piece in _split_line(line):
            for part in _DASH_BREAK.split(piece):
                part = part.strip()
                if part and any(ch.isalnum() for ch in part):
                    out.append(part)
                elif out and any(ord(ch) >= _EMOJI for ch in part):
                    # 2026.11-10: an emoji closing a sentence ("...invite? \U0001f644")
                    # belongs to it: the eye-roll is what makes it sarcastic.
                    out[-1] = f"{out[-1]} {part}"
    if not out and text.strip():
        out.append(_SPACE.sub(" ", text).strip())
    return out
