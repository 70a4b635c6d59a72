"""The context string for a query: ``Memory.context`` (the retrieval package's builder) when
the memory has it, else a compact FACTS / ENTITIES block built from search results, trimmed
to a token budget."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from chronomem.memory import Memory
from chronomem.model import Fact
from chronomem.search import SearchResults

CHARS_PER_TOKEN = 4  # the usual rough estimate for English text


def build_context(
    memory: Memory,
    query: str,
    *,
    group_id: str,
    max_tokens: int,
    valid_at: datetime | None = None,
    known_at: datetime | None = None,
) -> str:
    method: Callable[..., object] | None = getattr(memory, "context", None)
    if callable(method):
        made = method(
            query, group_id=group_id, max_tokens=max_tokens, valid_at=valid_at, known_at=known_at
        )
        return str(getattr(made, "text", made))
    found = memory.search(query, group_id=group_id, limit=20, valid_at=valid_at, known_at=known_at)
    return format_context(memory, group_id, found, max_tokens=max_tokens)


def format_context(memory: Memory, group_id: str, found: SearchResults, *, max_tokens: int) -> str:
    names = {e.id: e.name for e in found.entities}
    missing = sorted({i for f in found.facts for i in f.endpoints} - names.keys())
    if missing:
        names.update({e.id: e.name for e in memory.store.get_entities([group_id], missing)})
    lines = ["FACTS (date range: fact):"]
    lines += [f"- {_range(f)}: {f.fact}" for f in found.facts] or ["- none"]
    lines.append("ENTITIES (name: summary):")
    lines += [f"- {e.name}: {e.summary}".rstrip(": ") for e in found.entities] or ["- none"]
    budget = max_tokens * CHARS_PER_TOKEN
    kept: list[str] = []
    used = 0
    for line in lines:
        if used + len(line) + 1 > budget:
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


def _range(fact: Fact) -> str:
    start = fact.valid_at.date().isoformat() if fact.valid_at else "?"
    end = fact.invalid_at.date().isoformat() if fact.invalid_at else "present"
    return f"{start} - {end}"
