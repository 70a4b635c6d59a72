"""Plain-text tables and JSON for the CLI: readable by a person, parseable by a machine."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from chronomem.model import Entity, Fact


def when(value: datetime | None, *, empty: str = "-") -> str:
    return empty if value is None else value.strftime("%Y-%m-%d %H:%M")


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], *, max_width: int = 72) -> str:
    cells = [[str(c) for c in headers]] + [[str(c) for c in row] for row in rows]
    widths = [min(max(len(r[i]) for r in cells), max_width) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(
            (c if len(c) <= w else c[: w - 1] + "…").ljust(w)
            for c, w in zip(row, widths, strict=False)
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(r) for r in cells[1:])])


def fact_rows(facts: Sequence[Fact]) -> list[list[str]]:
    return [
        [
            when(f.valid_at),
            when(f.invalid_at, empty="(open)"),
            when(f.created_at),
            when(f.expired_at),
            f.relation,
            f.fact,
        ]
        for f in facts
    ]


FACT_HEADERS = ("valid from", "valid until", "learned", "expired", "relation", "fact")


def fact_json(fact: Fact, names: dict[str, str] | None = None) -> dict[str, object]:
    names = names or {}
    return {
        "id": fact.id,
        "source": names.get(fact.source_id, fact.source_id),
        "target": names.get(fact.target_id, fact.target_id),
        "relation": fact.relation,
        "fact": fact.fact,
        "valid_at": _iso(fact.valid_at),
        "invalid_at": _iso(fact.invalid_at),
        "created_at": _iso(fact.created_at),
        "expired_at": _iso(fact.expired_at),
        "episodes": list(fact.episodes),
    }


def entity_json(entity: Entity) -> dict[str, object]:
    return {
        "id": entity.id,
        "name": entity.name,
        "labels": list(entity.labels),
        "summary": entity.summary,
    }


def dumps(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()
