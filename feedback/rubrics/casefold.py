"""A case-sensitive twin of a case-insensitive pattern, for ASCII text.

Python's `re` runs a large `IGNORECASE` alternation slowly: it folds the case of
every character it compares, cannot skip an alternative by its first letter (the
quick check it does for case-sensitive literals), and finds no first-character set
to scan for when the pattern starts with `\\b` or a group. The lexicon's patterns are
nearly all of that shape, and most sentences match none of them.

`fold_twin(pattern)` builds, from the parsed pattern, a case-sensitive pattern
that matches `text.lower()` exactly where `pattern` matches `text`, for every ASCII
`text` (ASCII lower-casing keeps lengths, newlines and word characters, so
positions, `\\b`, `^` and `$` agree):

- every literal and class member is lower-cased (classes as the lower-case letters
  of their ranges), so comparing `lower(c)` with it is what case folding did;
- a leading `\\b` before a word character `c` becomes `c(?<!\\w.)` (the character
  before `c` is not a word character, or there is none), and leading groups,
  alternations and `?`-repeats are spread into one alternation whose alternatives
  each start with a literal, in the same order; then the engine scans only for the
  first letters.

Patterns the rewrite does not read (local flags, back-references, a literal that
folds onto ASCII from outside it, such as the Kelvin sign) get no twin. Callers use
the twin as a gate: no twin match, no pattern match; on a match, the pattern itself
runs, so match objects and groups are the pattern's own. `test_speed_plumbing`
checks the gated answers against the plain patterns on the gold corpus.
"""

from __future__ import annotations

import functools
import importlib
import re
from typing import Any

_parser: Any = importlib.import_module("re._parser")
_compiler: Any = importlib.import_module("re._compiler")
C: Any = importlib.import_module("re._constants")

# Spreading the front of a pattern stops past this many alternatives (code size).
MAX_ALTERNATIVES = 400
_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


class _Unread(Exception):
    """A construct the rewrite does not read: the pattern gets no twin."""


@functools.cache
def _folds_onto_ascii() -> frozenset[int]:
    """Non-ASCII characters that a case-insensitive pattern matches with ASCII
    text (e.g. U+212A KELVIN SIGN matches "k"), found by asking the engine."""
    ascii_class = re.compile(r"[\x00-\x7f]", re.IGNORECASE)
    others = "".join(map(chr, range(0x80, 0x30000)))
    return frozenset(ord(ch) for ch in ascii_class.findall(others))


def _char(code: int) -> int:
    if code < 0x80:
        return ord(chr(code).lower())
    if code in _folds_onto_ascii():
        raise _Unread
    return code


def _class(items: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    out: list[tuple[Any, Any]] = []
    for op, av in items:
        if op is C.LITERAL:
            out.append((op, _char(av)))
        elif op is C.RANGE:
            lo, hi = av
            if hi >= 0x80 and (
                hi - lo > 0x1000
                or any(_char(c) != c for c in range(max(lo, 0x80), hi + 1))
            ):
                raise _Unread
            out.extend((C.LITERAL, _char(c)) for c in range(lo, min(hi, 0x7F) + 1))
            if hi >= 0x80:
                out.append((C.RANGE, (max(lo, 0x80), hi)))
        elif op in (C.NEGATE, C.CATEGORY):
            out.append((op, av))
        else:
            raise _Unread
    return out


def _lower(data: list[tuple[Any, Any]]) -> None:
    """Lower-case the literals of a parsed sequence in place."""
    for i, (op, av) in enumerate(data):
        if op in (C.LITERAL, C.NOT_LITERAL):
            data[i] = (op, _char(av))
        elif op is C.IN:
            data[i] = (op, _class(av))
        elif op in (C.ANY, C.AT):
            continue
        elif op is C.BRANCH:
            for sub in av[1]:
                _lower(sub.data)
        elif op is C.SUBPATTERN:
            if av[1] or av[2]:  # (?i:...) or (?-i:...)
                raise _Unread
            _lower(av[3].data)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            _lower(av[2].data)
        elif op in (C.ASSERT, C.ASSERT_NOT):
            _lower(av[1].data)
        elif op is C.ATOMIC_GROUP:
            _lower(av.data)
        else:  # back-references, conditionals
            raise _Unread


class _TooMany(Exception):
    pass


def _spread(seq: list[tuple[Any, Any]], not_word_before: Any) -> list[list[Any]]:
    """Alternatives, in the order the engine tries them, that together match what
    `seq` matches, each starting with a literal where the front could be read."""
    if not seq:
        return [seq]
    op, av = seq[0]
    rest = seq[1:]
    if op is C.SUBPATTERN and av[0] is None:
        return _spread(list(av[3].data) + rest, not_word_before)
    if op is C.BRANCH:
        out: list[list[Any]] = []
        for sub in av[1]:
            out += _spread(list(sub.data) + rest, not_word_before)
            if len(out) > MAX_ALTERNATIVES:
                raise _TooMany
        return out
    if op is C.MAX_REPEAT and av[0] == 0 and av[1] == 1:
        return _spread(list(av[2].data) + rest, not_word_before) + _spread(
            rest, not_word_before
        )
    if op is C.AT and av is C.AT_BOUNDARY:
        out = []
        for alt in _spread(rest, not_word_before):
            head = alt[0] if alt else None
            if head is None or head[0] is not C.LITERAL or chr(head[1]) not in _WORD:
                return [seq]
            # \b before a word character c: c, then "the character before c is
            # not a word character, or c is the first character".
            out.append([head, not_word_before, *alt[1:]])
        return out
    return [seq]


def fold_twin(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """The case-sensitive twin of a case-insensitive `pattern` (see the module
    docstring), or None when the pattern is case-sensitive or not readable."""
    if not pattern.flags & re.IGNORECASE or not isinstance(pattern.pattern, str):
        return None
    flags = pattern.flags & ~re.IGNORECASE
    try:
        tree = _parser.parse(pattern.pattern, pattern.flags)
        _lower(tree.data)
    except (_Unread, RecursionError):
        return None
    tree.state.flags &= ~re.IGNORECASE
    lookbehind = _parser.parse(r"(?<!\w.)", flags).data[0]
    try:
        alternatives = _spread(list(tree.data), lookbehind)
    except (_TooMany, RecursionError):
        alternatives = [list(tree.data)]
    if len(alternatives) > 1:
        subs = []
        for alt in alternatives:
            sub = _parser.SubPattern(tree.state)
            sub.data = alt
            subs.append(sub)
        tree.data = [(C.BRANCH, (None, subs))]
    elif alternatives:
        tree.data = alternatives[0]
    tree.width = None  # recomputed for the new shape
    compiled: re.Pattern[str] = _compiler.compile(tree, flags)
    return compiled
