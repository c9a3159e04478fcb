"""Plain-text rendering of an evaluation result (the command's default output)."""

from __future__ import annotations

from typing import Any


def render(result: dict[str, Any]) -> str:
    lines = [
        f"dataset: {result['dataset']}   annotator: {result['annotator']}   "
        f"n: {result['n']}   time: {result.get('seconds', 0):.2f}s",
    ]
    for name, task in result["tasks"].items():
        weighting = task.get("weights", "none")
        kappa_label = "kappa (quadratic)" if weighting == "quadratic" else "kappa"
        lines.append("")
        lines.append(
            f"== {name}: {kappa_label} {task['kappa']:.3f}   macro-F1 "
            f"{task['macro_f1']:.3f}   accuracy {task.get('accuracy', 0):.3f}"
        )
        if "ceiling_fraction" in task:
            lines.append(
                f"   human ceiling {task['human_ceiling']:.3f} -> kappa is "
                f"{100 * task['ceiling_fraction']:.1f}% of it"
            )
        width = max([len(k) for k in task["per_label"]] + [5])
        lines.append(f"   {'label':<{width}}  precision  recall     F1  support")
        for label, s in task["per_label"].items():
            lines.append(
                f"   {label:<{width}}  {s['precision']:9.3f}  {s['recall']:6.3f}  "
                f"{s['f1']:5.3f}  {s['support']:7d}"
            )
        labels = task.get("labels")
        if labels:
            # Long label names would make the matrix unreadable: columns get the first
            # letters, rows the full name.
            cw = min(max(max(len(lab) for lab in labels), 5), 8)
            short = [lab[:cw] for lab in labels]
            lines.append("   confusion (rows gold, columns predicted)")
            lines.append(
                "   " + " " * (width + 2) + " ".join(f"{s:>{cw}}" for s in short)
            )
            for label, row in zip(labels, task["confusion"], strict=True):
                cells = " ".join(f"{v:>{cw}d}" for v in row)
                lines.append(f"   {label:<{width}}  {cells}")
    return "\n".join(lines)


def _gold_block(name: str, part: dict[str, Any]) -> list[str]:
    lines = [
        f"== {name}: {part['n_turns']} turns, exact code set {part['exact_code_set']:.3f}"
    ]
    lines.append("   code                        precision  recall     F1  support")
    for code, s in part["per_code"].items():
        lines.append(
            f"   {code:<26}  {s['precision']:9.3f}  {s['recall']:6.3f}  "
            f"{s['f1']:5.3f}  {s['support']:7d}"
        )
    lines.append("   family            kappa  macro-F1  accuracy  acc. where present")
    for family, s in part["families"].items():
        where = s.get("accuracy_where_present")
        lines.append(
            f"   {family:<16} {s['kappa']:6.3f}  {s['macro_f1']:8.3f}  "
            f"{s['accuracy']:8.3f}  {'' if where is None else f'{where:.3f}'}"
        )
    flags = part["flags"]
    recall = flags["recall"]
    lines.append(
        f"   flags: recall {'-' if recall is None else f'{recall:.3f}'}   false-flag "
        f"rate {flags['false_flag_rate']:.3f}   collusion shown as a reflection "
        f"without its flag: {flags['collusion_shown_as_reflection_without_flag']}"
    )
    for flag, s in flags["per_flag"].items():
        if s["support"] or s["false"]:
            lines.append(
                f"     {flag:<34} found {s['found']}/{s['support']}  false {s['false']}"
            )
    return lines


def render_gold(result: dict[str, Any]) -> str:
    """Plain text for `--dataset gold`: overall, each half, labeller agreement."""
    lines = [
        f"dataset: gold   annotator: {result['annotator']}   "
        f"n: {result['n_turns']}   time: {result.get('seconds', 0):.2f}s",
        "",
        *_gold_block("all", result),
    ]
    trained = result.get("trained_on_this_corpus")
    if trained:
        lines[1:1] = [
            f"note: the code model was trained on this corpus; "
            f"{', '.join(trained['codes'])} are training-set figures here "
            f"(out of fold: {trained['out_of_fold']})",
        ]
    for name, part in result["halves"].items():
        lines += ["", *_gold_block(f"labeller {name}", part)]
    agreement = result["labeller_agreement"]
    lines.append("")
    if not agreement.get("n_double_coded"):
        lines.append("labellers' agreement: no double-coded ids yet")
    else:
        lines.append(
            f"labellers' agreement on {agreement['n_double_coded']} double-coded turns"
        )
        for family, s in agreement["families"].items():
            if family in ("codes", "flags"):
                pretty = ", ".join(f"{k} {v:.2f}" for k, v in s.items())
                lines.append(f"   {family}: {pretty}")
            else:
                lines.append(f"   {family:<16} kappa {s['kappa']:.3f}")
    return "\n".join(lines)
