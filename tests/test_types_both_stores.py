"""Custom types, attribute filters, add_fact and provenance give the same answers on
SQLite and on a real FalkorDB server (issue 15 items 1, 2 and 4)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")

from chronomem import Memory, SearchFilter
from chronomem.testing import HashEmbedder, ManualClock, SequentialIds
from tests.falkordb_server import drop_prefix, session_server_url
from tests.helpers import t


class Person(BaseModel):
    """A human being."""

    nickname: str | None = None


class Company(BaseModel):
    """A business."""


class WorksAt(BaseModel):
    """Employment."""

    title: str | None = None


@pytest.fixture
def falkordb_url() -> Iterator[str]:
    base = session_server_url()
    prefix = f"types{uuid.uuid4().hex[:8]}"
    yield f"{base}/{prefix}"
    drop_prefix(base, prefix)


def _answers(path: str, clock: ManualClock) -> dict[str, object]:
    clock.set(t("2024-01-01T00:00:01"))
    with Memory(
        path,
        embedder=HashEmbedder(),
        clock=clock,
        ids=SequentialIds("id"),
        entity_types={"Person": Person, "Company": Company},
        edge_types={"WORKS_AT": WorksAt},
        edge_type_map={("Person", "Company"): ["WORKS_AT"]},
    ) as memory:
        first = memory.add_episode(
            "Alice: I just started a new job at Google.",
            group_id="g",
            reference_time=t("2024-01-01"),
        )
        clock.set(t("2024-03-01T00:00:01"))
        stated = memory.add_fact(
            "Alice", "WORKS_AT", "Meta", group_id="g", valid_at=t("2024-03-01"),
            attributes={"title": "CTO"}, target_labels=["Company"],
        )  # fmt: skip
        by_title = memory.search(
            "Alice works", group_id="g", filter=SearchFilter(fact_attributes={"title": "CTO"})
        )
        companies = memory.search(
            "Meta Google", group_id="g", filter=SearchFilter(labels=("Company",))
        )
        graph = memory.get_episode_graph(first.episode.id, group_id="g")
        return {
            "by_title": [(f.fact, dict(f.attributes)) for f in by_title.facts],
            "companies": sorted(e.name for e in companies.entities),
            "closed": [f.fact for f in stated.invalidated],
            "graph": (
                [e.name for e in graph.entities],
                [(f.fact, f.invalid_at) for f in graph.facts],
            ),
        }


def test_same_answers_on_falkordb_and_sqlite(clock: ManualClock, falkordb_url: str) -> None:
    on_sqlite = _answers(":memory:", clock)
    on_falkordb = _answers(falkordb_url, clock)
    assert on_falkordb == on_sqlite
    assert on_sqlite["by_title"] == [("Alice works at Meta.", {"title": "CTO"})]
    assert on_sqlite["companies"] == ["Google", "Meta"]
    (closed,) = on_sqlite["closed"]  # type: ignore[misc]
    assert "Google" in closed  # the stated fact closed the old employer
    names, facts = on_sqlite["graph"]  # type: ignore[misc]
    assert names == ["Alice", "Google"] and facts[0][1] == t("2024-03-01")
