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
- the front of the pattern is spread into alternatives that each start with a
  literal: groups, alternations, `?`-repeats and small classes are opened, and a
  leading `\\b` before a character `c` becomes `c(?<!\\w.)` (or `c(?<=\\w.)` when
  `c` is not a word character), a leading lookbehind `(?<!X)` becomes `c(?<!X.)`;
- those alternatives are merged into a trie on their first characters, so the
  engine scans for the first letters only and follows one branch at each;
  alternatives that start otherwise are a second pattern, those that start with
  `^` a third, tried at the start only.

The twin answers whether the pattern matches, not where or how (the trie does not
keep the order of trying). Patterns the rewrite does not read (local flags,
back-references, a literal that folds onto ASCII from outside it, such as the
Kelvin sign) get no twin. Callers use the twin as a gate (`prefilter.GatedSearch`):
no twin match, no pattern match; on a match the pattern itself runs, so match
objects and groups are the pattern's own. `test_casefold` checks every twin-gated
pattern of both engines against the plain pattern on gold and probe sentences.
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
_WORD_CHAR = re.compile(r"\w")


def _is_word(code: int) -> bool:
    # In the twin's (Unicode) sense of \w, which `\b` and `(?<!\w.)` share.
    return _WORD_CHAR.fullmatch(chr(code)) is not None


_STARTS = (C.AT_BEGINNING, C.AT_BEGINNING_STRING)


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


def _behind(op: Any, av: Any, head: tuple[Any, Any]) -> tuple[Any, Any]:
    """A lookbehind before `head` rewritten to follow it: `(?<!X)c` is `c(?<!X.)`
    (`.` is `c` itself, never a newline, so it always matches there)."""
    sub = _parser.SubPattern(av[1].state, [*av[1].data, (C.ANY, None)])
    return (op, (av[0], sub))


def _spread(seq: list[tuple[Any, Any]], not_word: Any, word: Any) -> list[list[Any]]:
    """Alternatives that together match what `seq` matches, each starting with a
    literal where the front could be read (groups, alternations, `?`, small
    classes opened; `\\b` and lookbehinds moved behind the first character)."""
    if not seq:
        return [seq]
    op, av = seq[0]
    rest = seq[1:]
    out: list[list[Any]] = []
    if op is C.SUBPATTERN and av[0] is None:
        return _spread(list(av[3].data) + rest, not_word, word)
    if op is C.BRANCH:
        for sub in av[1]:
            out += _spread(list(sub.data) + rest, not_word, word)
            if len(out) > MAX_ALTERNATIVES:
                raise _TooMany
        return out
    if op is C.MAX_REPEAT and av[0] == 0 and av[1] == 1:
        return _spread(list(av[2].data) + rest, not_word, word) + _spread(
            rest, not_word, word
        )
    if op is C.IN and len(av) <= 8 and all(o is C.LITERAL for o, _ in av):
        for o, a in av:
            out += _spread([(o, a), *rest], not_word, word)
        return out
    if (op is C.AT and av is C.AT_BOUNDARY) or (
        op in (C.ASSERT, C.ASSERT_NOT) and av[0] == -1
    ):
        for alt in _spread(rest, not_word, word):
            head = alt[0] if alt else None
            if head is not None and head[0] is C.AT and head[1] in _STARTS:
                out.append([head, seq[0], *alt[1:]])  # zero width both: ^ first
            elif head is None or head[0] is not C.LITERAL or head[1] == 10:
                out.append([seq[0], *alt])
            elif op is C.AT:
                # \b before a word character c: c, then "the character before c
                # is not a word character, or there is none"; before any other
                # character: c, then "the character before c is one".
                after = not_word if _is_word(head[1]) else word
                out.append([head, after, *alt[1:]])
            else:
                out.append([head, _behind(op, av, head), *alt[1:]])
        return out
    return [seq]


def _factor(
    alternatives: list[list[Any]], state: Any, shared: tuple[Any, ...]
) -> list[list[Any]]:
    """The alternatives as a trie on their leading literals (and the `shared`
    lookbehinds that follow a moved `\b`), for finding whether any of them
    matches (not which one: the order of trying is not kept)."""
    groups: dict[tuple[str, int], list[list[Any]]] = {}
    others: list[list[Any]] = []
    for alt in alternatives:
        if alt and alt[0][0] is C.LITERAL:
            groups.setdefault(("literal", alt[0][1]), []).append(alt)
        elif alt and any(alt[0] is item for item in shared):
            groups.setdefault(("shared", id(alt[0])), []).append(alt)
        else:
            others.append(alt)
    out: list[list[Any]] = []
    for members in groups.values():
        head, tails = members[0][0], [m[1:] for m in members]
        if len(members) == 1:
            out.append(members[0])
        elif not all(tails):  # one of them is the head alone: the head decides
            out.append([head])
        else:
            out.append([head, _branch(_factor(tails, state, shared), state)])
    return out + others


def _branch(alternatives: list[list[Any]], state: Any) -> tuple[Any, Any]:
    return (
        C.BRANCH,
        (None, [_parser.SubPattern(state, list(alt)) for alt in alternatives]),
    )


class Twin:
    """Whether a case-insensitive pattern matches somewhere in an ASCII text,
    answered on the lower-cased text by case-sensitive patterns."""

    __slots__ = ("anchored", "lettered", "others")

    def __init__(
        self,
        lettered: re.Pattern[str] | None,
        others: re.Pattern[str] | None,
        anchored: re.Pattern[str] | None,
    ) -> None:
        # The alternatives that start with a literal (the engine scans for their
        # first characters), the other alternatives, and those that start with ^
        # (tried at the start only).
        self.lettered = lettered
        self.others = others
        self.anchored = anchored

    def found(self, lowered: str) -> bool:
        """Whether the pattern matches somewhere in the text `lowered` came from."""
        if self.anchored is not None and self.anchored.match(lowered):
            return True
        if self.lettered is not None and self.lettered.search(lowered):
            return True
        return self.others is not None and self.others.search(lowered) is not None


def _compile(alternatives: list[list[Any]], tree: Any, flags: int) -> Any:
    if not alternatives:
        return None
    tree.data = list(alternatives[0])
    if len(alternatives) > 1:
        tree.data = [_branch(alternatives, tree.state)]
    tree.width = None  # recomputed for the new shape
    return _compiler.compile(tree, flags)


def fold_twin(pattern: re.Pattern[str]) -> Twin | None:
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
    not_word = _parser.parse(r"(?<!\w.)", flags).data[0]
    word = _parser.parse(r"(?<=\w.)", flags).data[0]
    try:
        spread = _spread(list(tree.data), not_word, word)
        alternatives = _factor(spread, tree.state, (not_word, word))
    except (_TooMany, RecursionError):
        alternatives = [list(tree.data)]
    parts: dict[str, list[list[Any]]] = {"lettered": [], "others": [], "anchored": []}
    for alt in alternatives:
        if alt and alt[0][0] is C.LITERAL:
            parts["lettered"].append(alt)
        elif (
            alt
            and alt[0][0] is C.AT
            and alt[0][1] in _STARTS
            and not (flags & re.MULTILINE)
        ):
            parts["anchored"].append(alt)
        else:
            parts["others"].append(alt)
    return Twin(*(_compile(parts[k], tree, flags) for k in parts))
