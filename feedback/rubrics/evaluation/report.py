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
