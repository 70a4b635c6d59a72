"""A memory on a server backend keeps its durable queue in a SQLite file of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.service import ServiceConfig, open_runtime
from chronomem.service.runtime import queue_path
from chronomem.testing import HashEmbedder
from tests.helpers import t
from tests.service_helpers import wait_idle


def test_a_server_memory_needs_a_queue_file() -> None:
    with pytest.raises(UsageError, match="--queue-db"):
        queue_path(ServiceConfig(db="falkordb://127.0.0.1:6379"))
    assert queue_path(ServiceConfig(db="sqlite:///data/m.db")) == "data/m.db"
    assert queue_path(ServiceConfig(db="m.db", queue_db="q.db")) == "q.db"


@pytest.mark.falkordb
def test_falkordb_memory_with_a_sqlite_queue(tmp_path: Path) -> None:
    pytest.importorskip("falkordb", reason="needs chronomem[falkordb]")
    from tests.falkordb_server import fresh_store, session_server_url

    url = session_server_url()
    with fresh_store(url) as store:
        memory = Memory(store=store, embedder=HashEmbedder())
        config = ServiceConfig(db=url, queue_db=str(tmp_path / "queue.db"))
        rt = open_runtime(config, memory=memory)
        try:
            item = EpisodeInput(
                content="Bob: I live in Paris.",
                group_id="g1",
                reference_time=t("2024-01-01T00:00"),
            )
            (row,) = rt.accept("g1", [item]).episodes
            rt.start()
            wait_idle(rt)
            assert [e.id for e in memory.recent_episodes(group_id="g1")] == [row.id]
            assert rt.workers.is_leader
        finally:
            rt.workers.stop()
            rt.db.close()
