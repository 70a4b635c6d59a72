"""Retrieval and answer metrics, computed per question and summarised per category.

Retrieval (needs evidence):
- ``text_any`` / ``text_all``: one / every gold turn's text is in the context (whole or as a
  snippet) -- what a reader of the context actually sees;
- ``evidence_any`` / ``evidence_all``: one / every gold turn is in the context, shown as a
  raw message or as a source episode of a shown fact (crediting a fact with its source);
- ``turn_any@k`` / ``turn_all@k`` and ``session_any@k`` / ``session_all@k``: one / every
  gold turn (session) is among the first k of the context's episode ranking (sessions
  ranked by their best turn), the recall_any@k / recall_all@k of LongMemEval's
  retrieval-only evaluation.

Answers (needs an LLM): the judge's verdict; accuracy with a 95 % Wilson interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence

from chronomem.model.graph import JSONValue

__all__ = ["KS", "retrieval_record", "summarise", "wilson_interval"]

KS = (5, 10)
Record = Mapping[str, JSONValue]


def retrieval_record(
    gold_turns: frozenset[str],
    gold_sessions: frozenset[str],
    in_context: set[str],
    ranking: Sequence[str],
    session_of: Mapping[str, str],
    text_shown: set[str] | None = None,
) -> dict[str, JSONValue]:
    """The retrieval metrics of one question (turn ids throughout): ``in_context`` the turns
    shown or credited through a shown fact's sources, ``text_shown`` the turns whose text is
    shown (``None``: the same as ``in_context``, as for raw-turn baselines)."""
    text = in_context if text_shown is None else text_shown
    out: dict[str, JSONValue] = {
        "text_any": bool(gold_turns & text),
        "text_all": gold_turns <= text,
        "evidence_any": bool(gold_turns & in_context),
        "evidence_all": gold_turns <= in_context,
    }
    sessions = list(dict.fromkeys(session_of[t] for t in ranking if t in session_of))
    for k in KS:
        top_turns, top_sessions = set(ranking[:k]), set(sessions[:k])
        out[f"turn_any@{k}"] = bool(gold_turns & top_turns)
        out[f"turn_all@{k}"] = gold_turns <= top_turns
        if gold_sessions:
            out[f"session_any@{k}"] = bool(gold_sessions & top_sessions)
            out[f"session_all@{k}"] = gold_sessions <= top_sessions
    return out


def wilson_interval(correct: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (sound at small n and near 0 or 1)."""
    if total == 0:
        return (0.0, 0.0)
    p = correct / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


_RETRIEVAL_KEYS = (
    "text_any",
    "text_all",
    "evidence_any",
    "evidence_all",
    *(
        f"{level}_{kind}@{k}"
        for level in ("turn", "session")
        for kind in ("any", "all")
        for k in KS
    ),
)


def summarise(records: Iterable[Record]) -> dict[str, JSONValue]:
    """Per-category and overall means of the per-question records."""
    rows = list(records)
    by_category: dict[str, list[Record]] = {}
    for row in rows:
        by_category.setdefault(str(row.get("category", "all")), []).append(row)
    out: dict[str, JSONValue] = {"overall": _stats(rows)}
    out["categories"] = {name: _stats(group) for name, group in sorted(by_category.items())}
    return out


def _stats(rows: Sequence[Record]) -> dict[str, JSONValue]:
    out: dict[str, JSONValue] = {"questions": len(rows)}
    with_evidence = [r for r in rows if "evidence_all" in r]
    out["with_evidence"] = len(with_evidence)
    for key in _RETRIEVAL_KEYS:
        values = [bool(r[key]) for r in with_evidence if key in r]
        if values:
            out[key] = round(statistics.fmean(values), 4)
    tokens = [n for r in rows if isinstance(n := r.get("context_tokens"), int)]
    if tokens:
        out["context_tokens_mean"] = round(statistics.fmean(tokens), 1)
    judged = [r for r in rows if isinstance(r.get("correct"), bool)]
    if judged:
        right = sum(1 for r in judged if r["correct"])
        low, high = wilson_interval(right, len(judged))
        out["answered"] = len(judged)
        out["accuracy"] = round(right / len(judged), 4)
        out["accuracy_ci95"] = [low, high]
        for key in ("answer_tokens", "judge_tokens"):
            spent = [n for r in judged if isinstance(n := r.get(key), int)]
            if spent:
                out[f"{key}_per_question"] = round(statistics.fmean(spent), 1)
    return out
