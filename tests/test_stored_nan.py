"""Issue 22, finding 5: NaN and infinity are refused on the way in; a NaN that an older
version already stored reads as null, exports as JSON, and no longer makes an attribute
search answer 500 "not a readable chronomem database"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import httpx
import pytest

from chronomem.errors import UsageError
from chronomem.model import SearchFilter
from chronomem.portable import export_lines
from chronomem.service import ServiceRuntime
from tests.helpers import t

pytestmark = pytest.mark.anyio
OLD_ROW = '{"title":"CTO","score":NaN,"deep":{"x":[Infinity,-Infinity]}}'


def _strict(line: str) -> object:
    def refuse(name: str) -> object:
        raise ValueError(f"{name} in the export")

    return json.loads(line, parse_constant=refuse)


def _poison(db: str) -> None:
    """What an older version wrote for attributes holding NaN and infinity."""
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE facts SET attributes = ?", (OLD_ROW,))
        conn.execute("UPDATE entities SET attributes = ?", (OLD_ROW,))
    conn.close()


async def test_rest_refuses_nan_and_a_stored_nan_breaks_nothing(
    runtime: ServiceRuntime, api: httpx.AsyncClient
) -> None:
    base = "/v1/groups/acme"
    stated = {"source": "Alice", "relation": "WORKS_AT", "target": "Acme"}
    raw = json.dumps({**stated, "attributes": {"score": float("nan")}})
    refused = await api.post(
        f"{base}/facts", content=raw, headers={"content-type": "application/json"}
    )
    assert refused.status_code == 422 and "NaN" in refused.text, refused.text
    written = await api.post(f"{base}/facts", json={**stated, "attributes": {"title": "CTO"}})
    assert written.status_code == 201, written.text
    _poison(runtime.config.db)
    for where in ("fact_attributes", "entity_attributes"):
        found = await api.post(
            f"{base}/search", json={"query": "Alice Acme", where: {"title": "CTO"}}
        )
        assert found.status_code == 200, found.text
    exported = await api.get(f"{base}/export")
    assert exported.status_code == 200
    records = [_strict(line) for line in exported.text.splitlines()]
    fact = next(r for r in records if r["type"] == "fact")  # type: ignore[index]
    assert fact["attributes"] == {"title": "CTO", "score": None, "deep": {"x": [None, None]}}  # type: ignore[index]


def test_python_refuses_nan_and_reads_an_old_nan_as_null(make_memory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "old.db")
    memory = make_memory(db)
    with pytest.raises(UsageError, match="NaN"):
        memory.add_fact("Alice", "WORKS_AT", "Acme", group_id="g", attributes={"x": float("nan")})
    memory.add_fact("Alice", "WORKS_AT", "Acme", group_id="g", attributes={"title": "CTO"})
    memory.close()
    _poison(db)
    memory = make_memory(db)
    wanted = SearchFilter(fact_attributes={"title": "CTO"}, entity_attributes={"title": "CTO"})
    memory.search("Alice", group_id="g", filter=wanted)  # answers (the old row matches nothing)
    (fact,) = memory.search("Alice Acme", group_id="g").facts
    assert fact.attributes["score"] is None and fact.attributes["title"] == "CTO"
    lines = list(export_lines(memory.store, "g", embedder=memory.embedder, now=t("2025-01-01")))
    assert all(_strict(line) for line in lines)
