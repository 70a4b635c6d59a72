"""Atomicity, crash safety and concurrent writers on one SQLite file."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from chronomem import StoreError
from tests.helpers import t

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _assert_consistent(path: str) -> None:
    """No half-written episode: every row points at rows that exist."""
    con = sqlite3.connect(path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        orphans = {
            "mention without episode": (
                "SELECT count(*) FROM mentions m LEFT JOIN episodes e ON e.id = m.episode_id "
                "WHERE e.id IS NULL"
            ),
            "mention without entity": (
                "SELECT count(*) FROM mentions m LEFT JOIN entities n ON n.id = m.entity_id "
                "WHERE n.id IS NULL"
            ),
            "fact without source episode": (
                "SELECT count(*) FROM fact_episodes fe "
                "LEFT JOIN episodes e ON e.id = fe.episode_id WHERE e.id IS NULL"
            ),
            "fact without entity": (
                "SELECT count(*) FROM facts f LEFT JOIN entities n ON n.id = f.source_id "
                "WHERE n.id IS NULL"
            ),
            "episode without mentions": (
                "SELECT count(*) FROM episodes e "
                "WHERE NOT EXISTS (SELECT 1 FROM mentions m WHERE m.episode_id = e.id)"
            ),
        }
        for what, sql in orphans.items():
            assert con.execute(sql).fetchone()[0] == 0, what
    finally:
        con.close()


def test_a_failure_inside_the_write_leaves_no_partial_episode(make_memory, tmp_path):
    path = str(tmp_path / "m.db")
    memory = make_memory(path)
    memory.add_episode(
        "Alice: I live in Paris.", group_id="g", reference_time=t("2024-01-01T10:00")
    )
    before = memory.store.group_version("g")
    # inject a failure in the middle of the transaction: after the episode, entity and
    # mention rows are written, inserting the fact aborts
    con = sqlite3.connect(path)
    con.execute(
        "CREATE TRIGGER boom BEFORE INSERT ON facts WHEN NEW.fact LIKE '%Berlin%' "
        "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
    )
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="injected failure"):
        memory.add_episode(
            "Alice: I moved to Berlin.", group_id="g", reference_time=t("2024-02-01T10:00")
        )
    assert memory.store.group_version("g") == before
    assert [e.content for e in memory.recent_episodes(group_id="g")] == ["Alice: I live in Paris."]
    assert not memory.store.find_entities("g", ["berlin"])
    _assert_consistent(path)


CHILD = textwrap.dedent(
    """
    import sys
    from datetime import datetime, timedelta, timezone
    from chronomem import Memory, EpisodeInput
    from chronomem.testing import HashEmbedder
    path, group, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    start = datetime(2024, 1, 1, tzinfo=timezone.utc)
    people = ["Alice", "Bob", "Carol", "Dan"]
    items = [
        EpisodeInput(
            content=f"{people[i % 4]}: I moved to City{i % 7} and I work at Company{i % 5}.",
            group_id=group, reference_time=start + timedelta(hours=i), episode_id=f"{group}-{i}",
        )
        for i in range(n)
    ]
    with Memory(path, embedder=HashEmbedder()) as memory:
        memory.add_episodes(items, on_ingested=lambda r: print(r.episode.id, flush=True))
    print("done", flush=True)
    """
)


def _child(path: str, group: str, n: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, path, group, str(n)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.slow
def test_sigkill_mid_add_episodes_loses_nothing_committed(tmp_path):
    path = str(tmp_path / "crash.db")
    child = _child(path, "g", 2000)
    committed = []
    assert child.stdout is not None
    deadline = time.monotonic() + 120
    while len(committed) < 40 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        committed.append(line.strip())
    os.kill(child.pid, signal.SIGKILL)
    rest, _ = child.communicate()
    committed += [x for x in rest.split() if x and x != "done"]
    assert len(committed) >= 40, child.stderr
    _assert_consistent(path)
    con = sqlite3.connect(path)
    stored = {r[0] for r in con.execute("SELECT id FROM episodes")}
    con.close()
    assert set(committed) <= stored  # everything reported committed survived
    assert len(stored) < 2000  # and the kill really happened mid-way


@pytest.mark.slow
def test_four_processes_write_one_file_without_losing_an_episode(tmp_path):
    path = str(tmp_path / "shared.db")
    children = [_child(path, f"w{i}" if i % 2 else "shared", 25) for i in range(4)]
    for c in children:
        out, err = c.communicate(timeout=240)
        assert c.returncode == 0, err
        assert out.strip().endswith("done")
    _assert_consistent(path)
    con = sqlite3.connect(path)
    ids = [r[0] for r in con.execute("SELECT id FROM episodes")]
    # the two "shared" writers used the same episode ids: each episode is there exactly once
    expected = {f"shared-{i}" for i in range(25)} | {f"w{i}-{j}" for i in (1, 3) for j in range(25)}
    assert sorted(ids) == sorted(expected)
    # concurrent resolution did not duplicate entities in the shared group
    names = [r[0] for r in con.execute("SELECT name FROM entities WHERE group_id = 'shared'")]
    con.close()
    assert len(names) == len(set(names)), sorted(names)
