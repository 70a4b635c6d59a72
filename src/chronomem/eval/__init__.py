"""``chronomem eval``: benchmark loaders (LoCoMo, LongMemEval, generic JSONL), retrieval
metrics, an optional LLM answer-and-judge step, resumable runs. See ``docs/eval.md``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from chronomem.errors import UsageError
from chronomem.eval.data import Conversation, Question, Turn
from chronomem.eval.jsonl import load_jsonl
from chronomem.eval.locomo import load_locomo
from chronomem.eval.longmemeval import load_longmemeval
from chronomem.eval.report import build_report, render_table
from chronomem.eval.results import ResultsFile
from chronomem.eval.runner import Evaluator

__all__ = [
    "LOADERS",
    "Conversation",
    "Evaluator",
    "Question",
    "ResultsFile",
    "Turn",
    "build_report",
    "load_benchmark",
    "render_table",
]

LOADERS: dict[str, Callable[[str | Path], list[Conversation]]] = {
    "locomo": load_locomo,
    "longmemeval": load_longmemeval,
    "jsonl": load_jsonl,
}


def load_benchmark(name: str, path: str | Path, *, limit: int | None = None) -> list[Conversation]:
    """The first ``limit`` conversations (LoCoMo) or questions (LongMemEval) of ``path``."""
    loader = LOADERS.get(name)
    if loader is None:
        raise UsageError(f"unknown benchmark {name!r}: use one of {', '.join(sorted(LOADERS))}")
    if limit is not None and limit < 1:
        raise UsageError(f"--limit must be at least 1, got {limit}")
    try:
        found = loader(path)[:limit]
    except UsageError:
        raise
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        raise UsageError(
            f"{path} is not a {name} data file: a field is not what the format holds "
            f"({type(exc).__name__}: {exc}); pass the benchmark's file, or the right benchmark"
        ) from None
    if not found:
        raise UsageError(f"{path} holds no {name} conversations: pass the benchmark's file")
    return found
