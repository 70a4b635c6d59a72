"""The report of a run: metrics per category and overall, as JSON and as a short table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chronomem.eval.metrics import summarise
from chronomem.model.graph import JSONValue

__all__ = ["build_report", "render_table"]

_COLUMNS = (
    ("questions", "n"),
    ("text_all", "text_all"),
    ("text_any", "text_any"),
    ("evidence_all", "ev_all"),
    ("evidence_any", "ev_any"),
    ("turn_any@5", "turn@5"),
    ("turn_any@10", "turn@10"),
    ("session_any@5", "sess@5"),
    ("session_any@10", "sess@10"),
    ("accuracy", "acc"),
)


def build_report(
    run: Mapping[str, JSONValue], rows: Sequence[Mapping[str, JSONValue]]
) -> dict[str, JSONValue]:
    return {"run": dict(run), **summarise(rows)}


def render_table(report: Mapping[str, JSONValue]) -> str:
    categories = report.get("categories")
    assert isinstance(categories, dict)
    lines = ["| category | " + " | ".join(label for _, label in _COLUMNS) + " |"]
    lines.append("|---" * (len(_COLUMNS) + 1) + "|")
    named = [*categories.items(), ("overall", report.get("overall"))]
    for name, stats in named:
        if not isinstance(stats, dict):
            continue
        cells = [_cell(stats.get(key)) for key, _ in _COLUMNS]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    overall = report.get("overall")
    interval = overall.get("accuracy_ci95") if isinstance(overall, dict) else None
    if isinstance(overall, dict) and isinstance(interval, list) and len(interval) == 2:
        low, high = interval
        lines.append(
            f"\naccuracy {overall['accuracy']:.3f} (95% CI {low:.3f}-{high:.3f}), "
            f"answer tokens/question {overall.get('answer_tokens_per_question')}, "
            f"judge tokens/question {overall.get('judge_tokens_per_question')}"
        )
    return "\n".join(lines)


def _cell(value: JSONValue) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)
