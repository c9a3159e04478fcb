"""A literal gate in front of a large pattern, derived from the pattern itself.

Python's `re` has no literal prefilter for a pattern that starts with `\\b(?:...)` or
any other group: it tries every alternative at every position of the text, and the
lexicon's big alternations cost 10-100 µs a search although most sentences contain
none of their words. `gate_keys(pattern)` reads the parsed pattern and returns a few
short strings, one of which begins every possible match (the first up to four
characters of each alternative, lower case when the pattern ignores case). When the
text holds none of them, the pattern cannot match and the search is skipped.

Exactness: the keys are a necessary condition derived from the pattern's syntax, not
a word list, so they follow every edit of the pattern. Anything the analysis does not
understand (character classes beyond a few letters, back-references, local flags)
ends a key where it stands, and a pattern that could match starting with anything
gets no gate. A case-insensitive pattern is gated only on ASCII text, where
`str.lower()` and the regex engine's case folding agree; other text goes straight to
the pattern. The test `test_speed_plumbing` checks answers against the plain
pattern on the gold corpus and the benchmark turns.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from typing import Any

from .casefold import Twin, fold_twin

# The regex parser and its opcodes (CPython's own, untyped in typeshed).
_parser: Any = importlib.import_module("re._parser")
C: Any = importlib.import_module("re._constants")

# Keys this long are selective enough; longer ones only grow the key set.
KEY_LENGTH = 4
# Past this many partial keys the pattern is treated as ungated (analysis cost only).
_LIMIT = 400
_SMALL_CLASS = 12

_Partial = set[tuple[str, bool]]  # (prefix, still exact: the next item may extend it)


def _folds_to_ascii(ch: str) -> bool:
    """Whether a non-ASCII literal of a case-insensitive pattern can match ASCII text."""
    rx = re.compile(re.escape(ch), re.IGNORECASE)
    return any(rx.fullmatch(chr(i)) for i in range(128))


class _Unknown(Exception):
    """A construct the analysis does not read: the keys end before it."""


def _char(code: int, ignore_case: bool) -> str:
    ch = chr(code)
    if ignore_case:
        if ch.isascii():
            return ch.lower()
        if _folds_to_ascii(ch):
            raise _Unknown
    return ch


def _class_chars(items: list[tuple[object, object]], ignore_case: bool) -> set[str]:
    chars: set[str] = set()
    for op, av in items:
        if op is C.LITERAL and isinstance(av, int):
            chars.add(_char(av, ignore_case))
        elif op is C.RANGE and isinstance(av, tuple):
            lo, hi = av
            if hi - lo >= _SMALL_CLASS:
                raise _Unknown
            chars.update(_char(c, ignore_case) for c in range(lo, hi + 1))
        else:  # NEGATE, CATEGORY (\w, \s, ...), anything else
            raise _Unknown
        if len(chars) > _SMALL_CLASS:
            raise _Unknown
    return chars


def _item(
    op: object, av: object, ignore_case: bool, length: int = KEY_LENGTH
) -> _Partial:
    """The strings one item of a sequence may start with, each marked exact when the
    item matches exactly that string (so the next item continues it)."""
    if op is C.LITERAL and isinstance(av, int):
        return {(_char(av, ignore_case), True)}
    if op is C.IN and isinstance(av, list):
        return {(c, True) for c in _class_chars(av, ignore_case)}
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return {("", True)}  # zero width: the match goes on with the next item
    if op is C.SUBPATTERN and isinstance(av, tuple):
        _group, add_flags, del_flags, sub = av
        if add_flags or del_flags:
            raise _Unknown
        return _sequence(sub.data, ignore_case, length)
    if op is C.BRANCH and isinstance(av, tuple):
        out: _Partial = set()
        for sub in av[1]:
            out |= _sequence(sub.data, ignore_case, length)
        return out
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT) and isinstance(
        av, tuple
    ):
        lo, hi, sub = av
        inner = _sequence(sub.data, ignore_case, length)
        once = lo == hi == 1
        out = {(p, exact and (once or (lo == 0 and hi == 1))) for p, exact in inner}
        if lo == 0:
            out.add(("", True))
        return out
    raise _Unknown


def _sequence(
    items: Iterable[tuple[object, object]],
    ignore_case: bool,
    length: int = KEY_LENGTH,
) -> _Partial:
    partial: _Partial = {("", True)}
    for op, av in items:
        if not any(exact and len(p) < length for p, exact in partial):
            break
        try:
            options: _Partial | None = _item(op, av, ignore_case, length)
        except _Unknown:
            options = None
        grown: _Partial = set()
        for p, exact in partial:
            if not exact or len(p) >= length or options is None:
                grown.add((p[:length], False))
                continue
            for s, s_exact in options:
                q = p + s
                grown.add((q[:length], s_exact and len(q) < length))
        if len(grown) > _LIMIT:
            raise _Unknown
        partial = grown
    return partial


def _contains(items: list[tuple[object, object]], ignore_case: bool) -> set[str] | None:
    """Strings one of which every match of the sequence contains: the keys its
    matches start with, or else those of a later part of it (a match of the whole
    holds a match of each part), or of each alternative of a part."""
    for i, (op, av) in enumerate(items):
        try:
            keys = {p for p, _exact in _sequence(items[i:], ignore_case)}
        except _Unknown:
            keys = {""}
        if "" not in keys:
            return keys
        found = _inner_keys(op, av, _contains, ignore_case)
        if found:
            return found
    return None


_Items = list[tuple[object, object]]


def _inner_keys(
    op: object,
    av: object,
    walk: Callable[[_Items, bool], set[str] | None],
    ignore_case: bool,
) -> set[str] | None:
    """Keys of what a match of one item must hold inside it, by `walk`: one of
    each alternative's keys for a branch, the body's for a plain group or a repeat
    of at least once. None when the item has no such inside or a part gives none."""
    if op is C.BRANCH and isinstance(av, tuple):
        parts = [sub.data for sub in av[1]]
    elif op is C.SUBPATTERN and isinstance(av, tuple) and not (av[1] or av[2]):
        parts = [av[3].data]
    elif (
        op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT)
        and isinstance(av, tuple)
        and av[0] >= 1
    ):
        parts = [av[2].data]
    else:
        return None
    found: set[str] = set()
    for part in parts:
        keys = walk(part, ignore_case)
        if keys is None:
            return None
        found |= keys
    return found


# Keys of a hand-gated pattern (`gated`) may be this long: whole words are rarer.
LONG_KEY = 8


def _cost(keys: set[str]) -> float:
    """What a key set costs a sentence, roughly: the share of ordinary sentences
    (`_ORDINARY`) it lets through, then each key by its length (a longer string is
    rarer), and each key one more scan of the sentence."""
    through = sum(any(k in line for k in keys) for line in _ORDINARY)
    rarity = sum(4.0 ** -min(sum(ch.isalpha() for ch in k), 5) for k in keys)
    return through / len(_ORDINARY) + rarity + 0.004 * len(keys)


# Everyday lines of a session, written for this (not from any corpus), lower case:
# only to tell a key most sentences hold ("you", "would", "reall") from a rare one.
# Whatever is chosen, the gate stays exact; a common key just saves less.
_ORDINARY = (
    "i don't know, i just feel like nothing i do is ever good enough for them.",
    "it sounds like you've been carrying a lot on your own lately.",
    "what would you like to talk about today?",
    "you're really worried that your boss thinks you're not coping.",
    "so on the one hand you want to go, and on the other you're scared.",
    "could you tell me a bit more about what happened after that?",
    "i think it was the way she looked at me, like i wasn't even there.",
    "that must have been really hard for you.",
    "have you thought about what might help you sleep a bit better?",
    "yeah, i guess so. i haven't really thought about it that way.",
    "how did you feel when he said that to you?",
    "it's been like this for months now and i'm tired of it.",
    "you should try going for a walk in the evenings, it might help.",
    "i'm not sure. maybe. my mum always said i was the difficult one.",
    "and then i just sat in the car for an hour because i couldn't go in.",
    "what do you think would happen if you told her how you feel?",
    "it's okay, take your time, there's no rush.",
    "i keep thinking that if i had done something different he'd still be here.",
    "so what you're saying is that work has taken over everything.",
    "well, my friends are busy and i don't want to be a burden on anyone.",
    "right, and that makes sense given everything you've been through.",
    "do you have any evidence that people at work actually think that?",
    "i suppose i could talk to my sister but she'd probably just laugh.",
    "thanks for coming in today. how have things been since last week?",
)


def _shortest(keys: set[str]) -> set[str]:
    """The cheapest of the key set's truncations (each still a necessary condition:
    a match holds the key, so it holds the key's start)."""
    options = []
    for length in range(3, LONG_KEY + 1):
        cut = {k[:length] for k in keys}
        options.append({k for k in cut if not any(o != k and o in k for o in cut)})
    return min(options, key=_cost)


def _rarest(items: list[tuple[object, object]], ignore_case: bool) -> set[str] | None:
    """Like `_contains`, but of every part of the sequence that gives keys (its
    start, any later part, each alternative of a part) the key set that passes
    least (`_cost`), not the first: the same necessary condition, more selective."""
    options: list[set[str]] = []
    for i, (op, av) in enumerate(items):
        try:
            keys = {p for p, _exact in _sequence(items[i:], ignore_case, LONG_KEY)}
        except _Unknown:
            keys = {""}
        if "" not in keys:
            options.append(_shortest(keys))
        found = _inner_keys(op, av, _rarest, ignore_case)
        if found:
            options.append(_shortest(found))
    return min(options, key=_cost) if options else None


def rare_keys(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """`gate_keys` chosen for selectivity: strings one of which every match
    contains, taken from whichever part of each alternative needs the rarest words
    (up to `LONG_KEY` characters). None when no such gate is known."""
    return _gate(pattern, _rarest)


def gated(pattern: re.Pattern[str]) -> GatedSearch | re.Pattern[str]:
    """A pattern behind its `rare_keys` gate, for a large alternation whose
    alternatives each need some rare word but which share no short prefix (so
    `gate_patterns` leaves it ungated). The pattern itself when no gate is known."""
    keys = rare_keys(pattern)
    return GatedSearch(pattern, keys, fold_twin(pattern)) if keys else pattern


def gate_keys(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Strings one of which every match of `pattern` contains (lower case when it
    ignores case), fewest and shortest first; None when no such gate is known."""
    return _gate(pattern, _contains)


def _gate(
    pattern: re.Pattern[str], walk: Callable[[_Items, bool], set[str] | None]
) -> frozenset[str] | None:
    ignore_case = bool(pattern.flags & re.IGNORECASE)
    try:
        keys = walk(_parser.parse(pattern.pattern, pattern.flags).data, ignore_case)
    except (_Unknown, RecursionError):
        return None
    if not keys or "" in keys:
        return None
    # A key that contains another key adds nothing: the shorter one is found first.
    return frozenset(k for k in keys if not any(o != k and o in k for o in keys))


class GatedSearch:
    """A compiled pattern answering as itself, skipping the engine when the gate
    rules a match out (search, match, fullmatch, findall, finditer); every other
    use goes to the pattern unchanged."""

    __slots__ = ("_gate", "_ignore_case", "_keys", "_twin", "regex")

    def __init__(
        self,
        pattern: re.Pattern[str],
        keys: frozenset[str] | None = None,
        twin: Twin | None = None,
    ) -> None:
        self.regex = pattern
        # The pattern's case-sensitive twin on lower-cased ASCII text (`casefold`):
        # the same matches, found several times faster.
        self._twin = twin
        keys = gate_keys(pattern) if keys is None else keys
        self._keys = tuple(sorted(keys, key=len)) if keys else ()
        self._ignore_case = bool(pattern.flags & re.IGNORECASE)
        # Many keys: one literal alternation scans faster than a loop of `in`.
        self._gate = (
            re.compile("|".join(map(re.escape, self._keys)))
            if len(self._keys) > 8
            else None
        )

    @property
    def pattern(self) -> str:
        return self.regex.pattern

    @property
    def flags(self) -> int:
        return self.regex.flags

    @property
    def selective(self) -> bool:
        """Whether the gate saves more than it costs: a few keys of three or more
        characters. Many or short keys ("and", ",") pass nearly every sentence, and
        scanning for them costs about what the pattern does (measured: gating
        every pattern with any key left an annotation no faster)."""
        return 0 < len(self._keys) <= MAX_KEYS and min(map(len, self._keys)) >= 3

    def _excluded(self, text: str) -> bool:
        if not self._keys and self._twin is None:
            return False
        if self._ignore_case:
            if not text.isascii():
                return False
            text = text.lower()
        if self._keys:
            if self._gate is not None:
                if self._gate.search(text) is None:
                    return True
            elif not any(k in text for k in self._keys):
                return True
        return self._twin is not None and not self._twin.found(text)

    def search(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        if self._excluded(text):
            return None
        return self.regex.search(text, pos, endpos)

    def match(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        if self._excluded(text):
            return None
        return self.regex.match(text, pos, endpos)

    def fullmatch(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        if self._excluded(text):
            return None
        return self.regex.fullmatch(text, pos, endpos)

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        if self._excluded(text):
            return []
        return self.regex.findall(text, pos, endpos)

    def finditer(
        self, text: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        if self._excluded(text):
            return iter(())
        return self.regex.finditer(text, pos, endpos)

    def sub(
        self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0
    ) -> str:
        return self.regex.sub(repl, text, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0
    ) -> tuple[str, int]:
        return self.regex.subn(repl, text, count)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self.regex.split(text, maxsplit)

    def __getattr__(self, name: str) -> Any:  # groups, groupindex, scanner
        return getattr(self.regex, name)

    def __repr__(self) -> str:
        return f"GatedSearch({self.regex!r})"


# Shorter patterns are cheap already; the gate's own test would cost as much.
MIN_PATTERN_LENGTH = 60
MAX_KEYS = 12


def gate_patterns(namespaces: Iterable[MutableMapping[str, Any]]) -> int:
    """Put a gate in front of every long pattern held by these module namespaces
    (a name bound to a pattern, or a tuple, list or dict of patterns), the same
    wrapper wherever one pattern was imported. Patterns without a gate stay as
    they are. Returns how many patterns were gated.

    Called once when a package has imported its rule modules, so the word lists
    and rules keep being written as plain `re.compile(...)`."""
    done: dict[int, re.Pattern[str] | GatedSearch] = {}

    def gated(value: Any) -> Any:
        if not isinstance(value, re.Pattern) or not isinstance(value.pattern, str):
            return value
        if id(value) not in done:
            done[id(value)] = value
            if len(value.pattern) >= MIN_PATTERN_LENGTH:
                wrapper = GatedSearch(value)
                # A case-insensitive pattern answers through its twin; the literal
                # keys go first only where they are selective.
                twin = fold_twin(value)
                if twin is not None:
                    keys = wrapper._keys if wrapper.selective else ()
                    done[id(value)] = GatedSearch(value, frozenset(keys), twin)
                elif wrapper.selective:
                    done[id(value)] = wrapper
        return done[id(value)]

    for ns in namespaces:
        for name, value in list(ns.items()):
            if name.startswith("__"):
                continue
            if isinstance(value, re.Pattern):
                ns[name] = gated(value)
            elif isinstance(value, tuple) and any(
                isinstance(v, re.Pattern) for v in value
            ):
                ns[name] = tuple(gated(v) for v in value)
            elif isinstance(value, list) and any(
                isinstance(v, re.Pattern) for v in value
            ):
                value[:] = [gated(v) for v in value]
            elif isinstance(value, dict):
                for key, item in list(value.items()):
                    if isinstance(item, re.Pattern):
                        value[key] = gated(item)
    return sum(isinstance(v, GatedSearch) for v in done.values())
