"""The demo story on FalkorDB: ``Memory("falkordb://...")`` answers as it does on SQLite."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")

from chronomem import Memory
from chronomem.model import SearchFilter
from chronomem.testing import ManualClock, SequentialIds
from tests.falkordb_server import drop_prefix, session_cluster, session_server_url
from tests.helpers import ALICE_STORY, replay, t

QUESTION = "Where does Alice work?"


@pytest.fixture(params=["server", "cluster"])
def falkordb_url(request: pytest.FixtureRequest) -> Iterator[str]:
    cluster = request.param == "cluster"  # 3 masters + 3 replicas
    base = session_cluster().url if cluster else session_server_url()
    prefix = f"story{uuid.uuid4().hex[:8]}"
    yield f"{base}/{prefix}"
    drop_prefix(base, prefix)


def _answers(memory: Memory) -> dict[str, object]:
    """Everything a user sees of the story, by content (ids are sequential on both stores)."""

    def facts(**when: object) -> list[tuple[str, str]]:
        found = memory.search(QUESTION, group_id="demo", **when)  # type: ignore[arg-type]
        return [(f.id, f.fact) for f in found.facts]

    timeline = memory.get_timeline("Alice", group_id="demo")
    history = memory.search("Alice work", group_id="demo", filter=SearchFilter(history=True))
    return {
        "now": facts(),
        "then": facts(valid_at=t("2024-01-05T12:00")),
        "believed": facts(known_at=t("2024-01-10T12:00")),
        "before": facts(known_at=t("2023-12-31T00:00")),
        "history": sorted(f.id for f in history.facts),
        "timeline": [
            (timeline.name_of(f.target_id), f.relation, f.valid_at, f.invalid_at, f.expired_at)
            for f in timeline.facts
        ],
        "recent": [e.content for e in memory.recent_episodes(group_id="demo", limit=5)],
    }


def _replayed(path: str, clock: ManualClock) -> Memory:
    from chronomem.testing import HashEmbedder

    memory = Memory(path, embedder=HashEmbedder(), clock=clock, ids=SequentialIds("id"))
    replay(memory, clock, ALICE_STORY)
    return memory


def test_the_story_gives_the_same_answers_on_falkordb_and_sqlite(
    clock: ManualClock, falkordb_url: str
) -> None:
    with _replayed(":memory:", clock) as embedded, _replayed(falkordb_url, clock) as server:
        on_sqlite, on_falkordb = _answers(embedded), _answers(server)
        assert on_falkordb == on_sqlite
        now = on_falkordb["now"]
        assert isinstance(now, list) and now and "Meta" in now[0][1]
        assert on_falkordb["before"] == []


def test_deleting_an_episode_and_a_group_on_falkordb(clock: ManualClock, falkordb_url: str) -> None:
    with _replayed(":memory:", clock) as embedded, _replayed(falkordb_url, clock) as server:
        for memory in (embedded, server):
            (last,) = memory.recent_episodes(group_id="demo", limit=1)
            assert memory.delete_episode(last.id, group_id="demo")
        assert _answers(server) == _answers(embedded)
        server.delete_group("demo")
        assert server.recent_episodes(group_id="demo", limit=5) == []
        assert server.store.group_version("demo") == 0
