"""The project's own gold corpus: blind-labelled trainee turns shipped in the repo.

Files: `feedback/rubrics/gold/labeller_<L>_<batch>.jsonl`, one turn per line:
`{"id", "context": [{"speaker", "text"}], "turn", "codes": [...], "question_kind",
"reflection_kind", "socratic", "padesky", "epitome": {"er", "ip", "ex"}, "flags": [...],
"note"}`. The labellers worked from RUBRICS.md only, never from the annotator's code or
output, so the corpus measures the annotator instead of echoing it.

Halves (the independence rule): labeller A's items are the development set (rules may
be written while reading them and their errors); labeller B's are the test set, looked
at only through the aggregate figures this module prints. Labeller C double-codes a
subset of A's and B's ids; on that overlap the labellers' own agreement is computed
per family, which is the ceiling to read the annotator's figures against.

Scoring is per turn (the unit the trainee sees): a behaviour code is present in a turn
when any utterance carries it; question kind "open" wins over "closed", reflection
"complex" over "simple" (as `TurnAnnotation` does); the Socratic type is the most
specific type asked; the Padesky stage is the furthest stage the turn reaches.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..annotators import Annotator
from ..code_model import trained_codes
from ..schema import (
    BEHAVIOUR_CODES,
    FLAGS,
    PADESKY_STAGES,
    SOCRATIC_TYPES,
    Speaker,
    TurnAnnotation,
    TurnContext,
    Utterance,
)
from .datasets import DatasetFormatError
from .metrics import accuracy, cohen_kappa, per_label_scores

GOLD_DIR = Path(__file__).resolve().parent.parent / "gold"
_FILE = re.compile(r"^labeller_([A-Za-z]+)_[\w-]+\.jsonl$")
# Half of each labeller's items: A develops the rules, B tests them, C double-codes.
HALVES = {"A": "dev", "B": "test"}
# Families compared between labellers and between labeller and annotator.
FAMILIES: tuple[str, ...] = (
    "question_kind",
    "reflection_kind",
    "socratic",
    "padesky",
    "er",
    "ip",
    "ex",
)
_PADESKY_ORDER = ("informational", "empathic_listening", "summary", "synthesizing")


@dataclass(frozen=True, slots=True)
class GoldTurn:
    id: str
    labeller: str
    context: TurnContext
    codes: frozenset[str]
    question_kind: str
    reflection_kind: str
    socratic: str
    padesky: str
    er: int
    ip: int
    ex: int
    flags: frozenset[str] = field(default_factory=frozenset)

    def family(self, name: str) -> Hashable:
        value: Hashable = getattr(self, name)
        return value


def _none(value: Any, known: Sequence[str]) -> str:
    text = str(value or "").strip().lower()
    return text if text in known else "none"


def _level(value: Any) -> int:
    try:
        level = int(value)
    except (TypeError, ValueError):
        return 0
    return min(max(level, 0), 2)


def parse_line(line: str, labeller: str, where: str) -> GoldTurn:
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise DatasetFormatError(f"{where}: not JSON ({exc.msg})") from exc
    if not isinstance(row, dict) or "id" not in row:
        raise DatasetFormatError(f"{where}: needs at least 'id'")
    if "turn" not in row and labeller in HALVES:
        # The second labeller codes ids of the first labellers' turns, so their
        # lines may carry the codes only; A and B must carry the turn itself.
        raise DatasetFormatError(f"{where}: needs 'turn'")
    history: list[Utterance] = []
    for message in row.get("context") or []:
        speaker: Speaker = (
            "trainee" if message.get("speaker") == "trainee" else "patient"
        )
        history.append(Utterance(speaker, str(message.get("text", ""))))
    previous = (
        history[-1].text if history and history[-1].speaker == "patient" else None
    )
    epitome = row.get("epitome") or {}
    return GoldTurn(
        id=str(row["id"]),
        labeller=labeller,
        context=TurnContext(
            trainee_text=str(row.get("turn", "")),
            previous_patient_text=previous,
            history=tuple(history),
        ),
        codes=frozenset(c for c in row.get("codes") or [] if c in BEHAVIOUR_CODES),
        question_kind=_none(row.get("question_kind"), ("open", "closed")),
        reflection_kind=_none(row.get("reflection_kind"), ("simple", "complex")),
        socratic=_none(row.get("socratic"), SOCRATIC_TYPES),
        padesky=_none(row.get("padesky"), PADESKY_STAGES),
        er=_level(epitome.get("er")),
        ip=_level(epitome.get("ip")),
        ex=_level(epitome.get("ex")),
        flags=frozenset(f for f in row.get("flags") or [] if f in FLAGS),
    )


def read_gold(path: Path | None = None) -> list[GoldTurn]:
    """Every labelled turn under `path` (default: the corpus shipped in the repo)."""
    folder = path or GOLD_DIR
    if not folder.is_dir():
        raise DatasetFormatError(f"{folder} not found")
    turns: list[GoldTurn] = []
    for file in sorted(folder.glob("labeller_*.jsonl")):
        match = _FILE.match(file.name)
        if not match:
            continue
        labeller = match.group(1).upper()
        with file.open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    turns.append(parse_line(line, labeller, f"{file.name}:{n}"))
    if not turns:
        raise DatasetFormatError(f"{folder}: no labeller_*.jsonl files")
    return turns


# --- what the annotator says, per family ----------------------------------------------


def predicted(ann: TurnAnnotation) -> dict[str, Hashable]:
    types = ann.socratic_types
    specific = [t for t in types if t != "informational"]
    socratic = (specific or types or ["none"])[-1]
    stages = set(ann.padesky_stages)
    padesky = next((s for s in reversed(_PADESKY_ORDER) if s in stages), "none")
    return {
        "question_kind": ann.question_kind or "none",
        "reflection_kind": ann.reflection_kind or "none",
        "socratic": socratic,
        "padesky": padesky,
        "er": ann.emotional_reactions,
        "ip": ann.interpretations,
        "ex": ann.explorations,
    }


_LABELS: dict[str, tuple[Hashable, ...]] = {
    "question_kind": ("none", "open", "closed"),
    "reflection_kind": ("none", "simple", "complex"),
    "socratic": ("none", *SOCRATIC_TYPES),
    "padesky": ("none", *PADESKY_STAGES),
    "er": (0, 1, 2),
    "ip": (0, 1, 2),
    "ex": (0, 1, 2),
}
_WEIGHTS = {"er": "quadratic", "ip": "quadratic", "ex": "quadratic"}


def _family_scores(
    family: str, gold: Sequence[Hashable], pred: Sequence[Hashable]
) -> dict[str, Any]:
    labels = _LABELS[family]
    present = [lab for lab in labels if lab in set(gold) | set(pred)]
    scores = per_label_scores(gold, pred, present)
    macro = sum(s["f1"] for s in scores.values()) / len(scores) if scores else 0.0
    out: dict[str, Any] = {
        "kappa": round(
            cohen_kappa(gold, pred, labels=labels, weights=_WEIGHTS.get(family)), 4
        ),
        "weights": _WEIGHTS.get(family, "none"),
        "macro_f1": round(macro, 4),
        "accuracy": round(accuracy(gold, pred), 4),
        "gold_distribution": {str(k): v for k, v in Counter(gold).most_common()},
    }
    if family in ("question_kind", "reflection_kind", "socratic", "padesky"):
        # Right on the turns that carry the attribute (the live-product figure).
        pairs = [(g, p) for g, p in zip(gold, pred, strict=True) if g != "none"]
        out["accuracy_where_present"] = (
            round(sum(g == p for g, p in pairs) / len(pairs), 4) if pairs else None
        )
    return out


def score(turns: Sequence[GoldTurn], anns: Sequence[TurnAnnotation]) -> dict[str, Any]:
    """Annotator against gold on `turns` (annotations in the same order)."""
    n = len(turns)
    per_code: dict[str, Any] = {}
    for code in BEHAVIOUR_CODES:
        gold = [code in t.codes for t in turns]
        pred = [code in {c for u in a.utterances for c in u.codes} for a in anns]
        tp = sum(g and p for g, p in zip(gold, pred, strict=True))
        support, predicted_n = sum(gold), sum(pred)
        if not support and not predicted_n:
            continue
        precision = tp / predicted_n if predicted_n else 0.0
        recall = tp / support if support else 0.0
        f1 = 2 * precision * recall / (precision + recall) if tp else 0.0
        per_code[code] = {
            "precision": round(precision, 4),
            "recall": round(recall, 4),
            "f1": round(f1, 4),
            "support": support,
            "predicted": predicted_n,
        }
    preds = [predicted(a) for a in anns]
    families = {
        family: _family_scores(
            family, [t.family(family) for t in turns], [p[family] for p in preds]
        )
        for family in FAMILIES
    }
    return {
        "n_turns": n,
        "per_code": per_code,
        "families": families,
        "flags": _flag_scores(turns, anns),
        "exact_code_set": round(
            sum(
                t.codes == {c for u in a.utterances for c in u.codes}
                for t, a in zip(turns, anns, strict=True)
            )
            / n,
            4,
        )
        if n
        else 0.0,
    }


def _flag_scores(
    turns: Sequence[GoldTurn], anns: Sequence[TurnAnnotation]
) -> dict[str, Any]:
    per_flag: dict[str, Any] = {}
    found = total = 0
    for flag in FLAGS:
        gold = [flag in t.flags for t in turns]
        pred = [flag in a.flags for a in anns]
        tp = sum(g and p for g, p in zip(gold, pred, strict=True))
        fp = sum(p and not g for g, p in zip(gold, pred, strict=True))
        support = sum(gold)
        found += tp
        total += support
        per_flag[flag] = {
            "support": support,
            "found": tp,
            "recall": round(tp / support, 4) if support else None,
            "false": fp,
            "precision": round(tp / (tp + fp), 4) if tp + fp else None,
        }
    # A false flag is one the labeller did not give; the rate is per turn, over all
    # turns (the trainee sees a wrong warning on that share of their messages).
    false_turns = sum(
        bool(set(a.flags) - t.flags) for t, a in zip(turns, anns, strict=True)
    )
    # Collusion must never look like a plain good reflection.
    collusion_as_reflection = sum(
        "collusion" in t.flags and "collusion" not in a.flags and a.n_reflections > 0
        for t, a in zip(turns, anns, strict=True)
    )
    return {
        "recall": round(found / total, 4) if total else None,
        "n_flagged_turns": sum(bool(t.flags) for t in turns),
        "false_flag_rate": round(false_turns / len(turns), 4) if turns else 0.0,
        "collusion_shown_as_reflection_without_flag": collusion_as_reflection,
        "per_flag": per_flag,
    }


def labeller_agreement(turns: Iterable[GoldTurn]) -> dict[str, Any]:
    """Cohen's kappa per family between the labeller who coded an id first and the
    one who double-coded it (C on A's and B's ids in the shipped corpus; N on L's
    and M's in `gold_blind/`), on shared ids. Files are read in name order, so
    "first" is the earlier letter."""
    by_id: dict[str, list[GoldTurn]] = {}
    for t in turns:
        coded = by_id.setdefault(t.id, [])
        if all(c.labeller != t.labeller for c in coded):
            coded.append(t)
    pairs = [(coded[0], coded[1]) for coded in by_id.values() if len(coded) > 1]
    if not pairs:
        return {"n_double_coded": 0}
    out: dict[str, Any] = {"n_double_coded": len(pairs), "families": {}}
    for family in FAMILIES:
        gold = [a.family(family) for a, _ in pairs]
        other = [c.family(family) for _, c in pairs]
        out["families"][family] = {
            "kappa": round(
                cohen_kappa(
                    gold, other, labels=_LABELS[family], weights=_WEIGHTS.get(family)
                ),
                4,
            ),
            "weights": _WEIGHTS.get(family, "none"),
            "accuracy": round(accuracy(gold, other), 4),
        }
    code_kappas: dict[str, float] = {}
    for code in BEHAVIOUR_CODES:
        gold_b = [code in a.codes for a, _ in pairs]
        other_b = [code in c.codes for _, c in pairs]
        if any(gold_b) or any(other_b):
            code_kappas[code] = round(
                cohen_kappa(gold_b, other_b, labels=(False, True)), 4
            )
    out["families"]["codes"] = code_kappas
    flag_kappas: dict[str, float] = {}
    for flag in FLAGS:
        gold_f = [flag in a.flags for a, _ in pairs]
        other_f = [flag in c.flags for _, c in pairs]
        if any(gold_f) or any(other_f):
            flag_kappas[flag] = round(
                cohen_kappa(gold_f, other_f, labels=(False, True)), 4
            )
    out["families"]["flags"] = flag_kappas
    return out


def evaluate_gold(
    annotator: Annotator,
    path: Path | None = None,
    *,
    limit: int | None = None,
) -> dict[str, Any]:
    """Score `annotator` on the gold corpus: overall, per half, labeller agreement."""
    import time

    everything = read_gold(path)
    # The annotator is scored once per id, against the first labeller who coded it
    # (files are read in name order, so A or B before C); a double code of an id
    # already seen only feeds the agreement figure. A corpus of other labellers
    # (`--path` to a folder of one's own) is scored whole, not silently dropped.
    seen: set[str] = set()
    primary = []
    for t in everything:
        if t.id not in seen:
            seen.add(t.id)
            primary.append(t)
    if limit is not None:
        primary = primary[:limit]
    start = time.perf_counter()
    anns = [annotator.annotate(t.context) for t in primary]
    seconds = time.perf_counter() - start
    halves: dict[str, Any] = {}
    for labeller in sorted({t.labeller for t in primary}):
        half = HALVES.get(labeller, "other")
        idx = [i for i, t in enumerate(primary) if t.labeller == labeller]
        if idx:
            halves[f"{labeller} ({half})"] = score(
                [primary[i] for i in idx], [anns[i] for i in idx]
            )
    result = score(primary, anns)
    out = {
        "dataset": "gold",
        "annotator": getattr(annotator, "name", type(annotator).__name__),
        **result,
        "n": result["n_turns"],
        "halves": halves,
        "labeller_agreement": labeller_agreement(everything),
        "seconds": round(seconds, 3),
    }
    trained = trained_codes()
    if trained and (path is None or path.resolve() == GOLD_DIR.resolve()):
        # The code model learnt these codes from this very corpus: their figures
        # here are training-set figures, never the ones to judge it by.
        out["trained_on_this_corpus"] = {
            "codes": list(trained),
            "out_of_fold": "manage.py train_code_model -- --cross (or --report)",
        }
    return out


def iter_errors(
    turns: Sequence[GoldTurn], anns: Sequence[TurnAnnotation]
) -> Iterator[tuple[GoldTurn, TurnAnnotation]]:
    """Turns whose code set, attributes or flags differ (development half only)."""
    for t, a in zip(turns, anns, strict=True):
        if t.labeller != "A":
            continue
        p = predicted(a)
        codes = {c for u in a.utterances for c in u.codes}
        if (
            codes != t.codes
            or set(a.flags) != t.flags
            or any(p[f] != t.family(f) for f in FAMILIES)
        ):
            yield t, a
