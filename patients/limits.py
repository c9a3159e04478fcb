"""Caps on an uploaded case file, checked before the file is parsed deeply.

A file over the size cap is refused unread; nesting is measured by a scan of
the raw text, so a deeply nested document never reaches json.loads (whose
recursion would otherwise end the request with a 500); the number of records
is counted before any record is validated. Strings may not hold NUL, lone
surrogates or other control characters: PostgreSQL refuses NUL in text and
JSON, and none belongs in a case.
"""

from __future__ import annotations

import re

from django.conf import settings

# Control characters other than tab, newline and carriage return; lone surrogates.
_BAD_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def size_problem(size: int) -> str | None:
    limit = settings.CASE_IMPORT_MAX_BYTES
    if size > limit:
        return (
            f"the file is {size / 1_048_576:.1f} MB; the limit is "
            f"{limit / 1_048_576:.1f} MB. Split it into smaller files."
        )
    return None


def depth_problem(text: str) -> str | None:
    """Nesting deeper than the cap, found without parsing (strings skipped)."""
    limit = settings.CASE_IMPORT_MAX_DEPTH
    depth = 0
    in_string = False
    escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return f"the data is nested more than {limit} levels deep."
        elif char in "]}":
            depth -= 1
    return None


def count_problem(data: object) -> str | None:
    limit = settings.CASE_IMPORT_MAX_CASES
    count = len(data) if isinstance(data, list) else 1
    if count > limit:
        return f"the file holds {count:,} cases; the limit is {limit:,} per file."
    return None


def text_problem(data: object, path: str = "") -> str | None:
    """The first string (or key) holding a character no case text may contain."""
    if isinstance(data, str):
        if _BAD_TEXT.search(data):
            return f"{path or 'a value'} contains a control character or invalid text."
        return None
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else str(key)
            problem = text_problem(str(key), where) or text_problem(value, where)
            if problem:
                return problem
    elif isinstance(data, list):
        for index, value in enumerate(data):
            problem = text_problem(value, f"{path}[{index}]")
            if problem:
                return problem
    return None
