"""SQLite-specific behaviour: migrations, persistence, WAL, processes, threads, errors."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.errors import StoreError, StoreUnavailableError, UsageError
from chronomem.model import ChangeSet, Fact, SearchFilter, Target, TimeRange
from chronomem.stores import SQLiteStore, open_store
from chronomem.stores.registry import BACKENDS, Backend
from chronomem.stores.sqlite.filters import fact_clause
from chronomem.stores.sqlite.fts import match_expression
from chronomem.stores.sqlite.rows import FACT_COLUMNS, fact_row
from chronomem.stores.sqlite.schema import MIGRATIONS, applied_migrations
from chronomem.stores.sqlite.vectors import ExactIndex
from tests.contract.builders import embed, entity, episode, now_filter, small_graph

G = "g1"
SRC = str(Path(__file__).resolve().parents[1] / "src")


def _raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


def test_migrations_are_recorded_and_run_once(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    SQLiteStore(path).close()
    SQLiteStore(path).close()
    with _raw(path) as conn:
        assert applied_migrations(conn) == [m.__name__ for m in MIGRATIONS]
        assert applied_migrations(conn) == [
            "m001_initial",
            "m002_episode_embeddings",
            "m003_fact_filter_index",
            "m004_group_fts",
            "m005_edits",
            "m006_episode_threads",
        ]
        assert conn.execute("SELECT count(*) FROM _migrations").fetchone() == (6,)


def test_a_file_written_before_episode_embeddings_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with _raw(path) as conn:  # the file as chronomem wrote it before m002
        conn.execute(
            "CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)"
        )
        MIGRATIONS[0](conn)
        conn.execute("INSERT INTO _migrations VALUES ('m001_initial', 0)")
        conn.execute(
            "INSERT INTO episodes (group_id, id, content, source, source_description, "
            "reference_time, created_at) VALUES ('g1', 'old', 'Alice: hi', 'message', '', 0, 0)"
        )
    with SQLiteStore(path) as store:
        (old,) = store.get_episodes([G], ["old"])
        assert old.content == "Alice: hi" and old.embedding is None
        assert (
            store.vector_search(
                Target.EPISODES, [G], embed("Alice: hi"), limit=3, filter=now_filter()
            )
            == []
        )
        store.apply(
            ChangeSet(
                group_id=G,
                episodes=(replace(episode(G, "new", "Alice: hi"), embedding=embed("Alice: hi")),),
            )
        )
        hits = store.vector_search(
            Target.EPISODES, [G], embed("Alice: hi"), limit=3, filter=now_filter()
        )
        assert [h[0] for h in hits] == ["new"]


def test_a_file_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    SQLiteStore(path).close()
    with _raw(path) as conn:
        conn.execute("INSERT INTO _migrations VALUES ('m999_future', 0)")
    with pytest.raises(StoreError, match="upgrade chronomem"):
        SQLiteStore(path)


def test_the_file_persists_across_reopen_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    with SQLiteStore(path) as store:
        store.bind_embedder("hash-64", 64)
        store.apply(small_graph(G))
    with _raw(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    with SQLiteStore(str(path)) as again:
        assert [e.id for e in again.get_entities([G], ["alice", "acme"])] == ["alice", "acme"]
        assert again.group_version(G) == 1
        hits = again.vector_search(
            Target.ENTITIES, [G], embed("Acme"), limit=1, filter=now_filter()
        )
        assert hits[0][0] == "acme"
        with pytest.raises(UsageError, match="hash-64"):
            again.bind_embedder("other", 64)


def test_a_second_connection_sees_writes_and_refreshes_its_vectors(tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    with SQLiteStore(path) as reader, SQLiteStore(path) as writer:
        writer.apply(ChangeSet(group_id=G, entities=(entity(G, "a", "Alice"),)))
        query = embed("Zed")
        assert (
            reader.vector_search(Target.ENTITIES, [G], query, limit=1, filter=now_filter())[0][0]
            == "a"
        )
        writer.apply(ChangeSet(group_id=G, entities=(entity(G, "z", "Zed"),)))
        assert (
            reader.vector_search(Target.ENTITIES, [G], query, limit=1, filter=now_filter())[0][0]
            == "z"
        )
        writer.delete_group(G)  # the version starts again, the group row is new
        writer.apply(ChangeSet(group_id=G, entities=(entity(G, "b", "Bob"),)))
        writer.apply(ChangeSet(group_id=G, entities=(entity(G, "c", "Carl"),)))
        hits = reader.vector_search(Target.ENTITIES, [G], query, limit=5, filter=now_filter())
        assert sorted(h[0] for h in hits) == ["b", "c"]


_WRITER = """
import sys, time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from chronomem.model import ChangeSet, Entity, Episode, Mention, SearchFilter, Target
from chronomem.stores import SQLiteStore

path, worker, go = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
Path(f"{go}.ready{worker}").touch()
while not go.exists():
    time.sleep(0.005)
store = SQLiteStore(path)
t0 = datetime(2024, 1, 1, tzinfo=UTC)
for i in range(25):
    when = t0 + timedelta(minutes=worker * 100 + i)
    ep = Episode(id=f"w{worker}-{i}", group_id="shared", content=f"worker {worker} turn {i}",
                 source="message", reference_time=when, created_at=when)
    person = Entity(id=f"e{worker}", group_id="shared", name=f"Worker {worker}", created_at=t0)
    store.apply(ChangeSet(group_id="shared", episodes=(ep,), entities=(person,),
                          mentions=(Mention("shared", ep.id, person.id),)))
    store.text_search(Target.EPISODES, ["shared"], "worker", limit=5,
                      filter=SearchFilter().resolved(when))
store.close()
"""


@pytest.mark.slow
def test_four_processes_write_one_new_file_at_once(tmp_path: Path) -> None:
    path, go = tmp_path / "shared.db", tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": SRC}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), str(n), str(go)],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    deadline = time.monotonic() + 60
    while not all(Path(f"{go}.ready{n}").exists() for n in range(4)):
        assert time.monotonic() < deadline, "writer processes did not start"
        time.sleep(0.01)
    go.touch()
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    with SQLiteStore(path) as store:
        ids = [f"w{n}-{i}" for n in range(4) for i in range(25)]
        assert sorted(e.id for e in store.get_episodes(["shared"], ids)) == sorted(ids)
        assert len(store.mentions(["shared"])) == 100
        assert store.group_version("shared") == 100
    with _raw(path) as conn:
        assert conn.execute("SELECT count(*) FROM episodes").fetchone() == (100,)
        assert conn.execute("SELECT count(*) FROM _migrations").fetchone() == (len(MIGRATIONS),)


def test_threads_can_share_one_store(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "threads.db")
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(20):
                store.apply(
                    ChangeSet(group_id=G, episodes=(episode(G, f"t{n}-{i}", f"thread {n}"),))
                )
                store.text_search(Target.EPISODES, [G], "thread", limit=3, filter=now_filter())
                store.vector_search(Target.ENTITIES, [G], embed("x"), limit=3, filter=now_filter())
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.group_version(G) == 80
    store.close()


def test_a_writer_that_stays_locked_out_gets_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    SQLiteStore(path).close()
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with SQLiteStore(path, busy_timeout_s=0.2) as store:
            started = time.monotonic()
            with pytest.raises(StoreUnavailableError, match="busy_timeout_s"):
                store.apply(ChangeSet(group_id=G, episodes=(episode(G, "ep", "x"),)))
            assert time.monotonic() - started < 5
            assert store.get_episodes([G], ["ep"]) == []  # reads still work while locked
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()


def test_unopenable_paths_say_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailableError, match="directory exists"):
        SQLiteStore(tmp_path / "missing-dir" / "x.db")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a readable chronomem database"):
        SQLiteStore(junk)


def test_a_closed_store_refuses_work() -> None:
    store = SQLiteStore()
    store.close()
    store.close()
    with pytest.raises(UsageError, match="closed"):
        store.group_version(G)


def test_open_store_understands_paths_and_urls(tmp_path: Path) -> None:
    for spec in (":memory:", "sqlite://", str(tmp_path / "a.db"), f"sqlite:///{tmp_path}/b.db"):
        store = open_store(spec, busy_timeout_s=1.0)
        assert isinstance(store, SQLiteStore)
        store.close()
    assert (tmp_path / "a.db").exists() and (tmp_path / "b.db").exists()
    with pytest.raises(UsageError, match="falkordb://"):
        open_store("mongodb://localhost/x")
    with pytest.raises(UsageError, match="options"):
        open_store(":memory:", colour="blue")


def test_a_backend_with_missing_dependencies_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        BACKENDS, "nosuch", Backend("chronomem_nosuch_backend:Store.from_url", "nosuch")
    )
    with pytest.raises(UsageError, match=r'pip install "chronomem\[nosuch\]"'):
        open_store("nosuch://host")


def test_match_expression_quotes_words_and_drops_syntax() -> None:
    assert match_expression('Alice "works" AND (Acme*)') == '"alice" OR "works" OR "and" OR "acme"'
    assert match_expression("?!_ -- ") is None
    assert match_expression("Zoë café") == '"zoë" OR "café"'


def test_exact_index_matches_brute_force_through_upserts_and_removals() -> None:
    rng = np.random.default_rng(7)
    index = ExactIndex(dimension=8)
    truth: dict[str, np.ndarray] = {}
    for step in range(30):
        ids = [f"v{rng.integers(0, 60)}" for _ in range(5)]
        vectors = rng.normal(size=(5, 8)).astype(np.float32)
        index.upsert(ids, vectors)
        truth.update({i: v / np.linalg.norm(v) for i, v in zip(ids, vectors, strict=True)})
        gone = [f"v{rng.integers(0, 60)}" for _ in range(2)]
        index.remove(gone)
        for g in gone:
            truth.pop(g, None)
        query = rng.normal(size=8).astype(np.float32)
        query /= np.linalg.norm(query)
        want = sorted(truth, key=lambda i: -float(truth[i] @ query))[:4]
        got = index.search(query, 4)
        assert [g[0] for g in got] == want, step
        assert len(index) == len(truth)


_DAYS = st.one_of(st.none(), st.integers(0, 5))
_T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _day(n: int | None) -> datetime | None:
    return None if n is None else _T0 + timedelta(days=n)


@st.composite
def _facts(draw: st.DrawFn) -> Fact:
    return Fact(
        id="f",
        group_id=G,
        source_id="a",
        target_id="b",
        relation=draw(st.sampled_from("AB")),
        fact="x",
        created_at=_T0 + timedelta(days=draw(st.integers(0, 5))),
        valid_at=_day(draw(_DAYS)),
        invalid_at=_day(draw(_DAYS)),
        expired_at=_day(draw(_DAYS)),
    )


@st.composite
def _filters(draw: st.DrawFn) -> SearchFilter:
    def span() -> TimeRange | None:
        start, end = draw(_DAYS), draw(_DAYS)
        if start is not None and end is not None and start >= end:
            return None
        return TimeRange(_day(start), _day(end))

    relations = draw(st.one_of(st.none(), st.sets(st.sampled_from("AB"))))
    flt = SearchFilter(
        valid_at=_day(draw(_DAYS)),
        known_at=_day(draw(_DAYS)),
        history=draw(st.booleans()),
        relations=None if relations is None else tuple(sorted(relations)),
        valid_between=span(),
        created_between=span(),
    )
    return flt.resolved(_T0 + timedelta(days=draw(st.integers(0, 6))))


_ONE_FACT = sqlite3.connect(":memory:", check_same_thread=False)
_ONE_FACT.execute(f"CREATE TABLE facts ({FACT_COLUMNS})")


@settings(max_examples=300, deadline=None)
@given(fact=_facts(), flt=_filters())
def test_the_sql_fact_clause_is_admits_fact(fact: Fact, flt: SearchFilter) -> None:
    row = fact_row(fact)
    _ONE_FACT.execute("DELETE FROM facts")
    _ONE_FACT.execute(f"INSERT INTO facts VALUES ({', '.join('?' * len(row))})", row)
    clause = fact_clause(flt, "f")
    sql = f"SELECT count(*) FROM facts f WHERE {clause.sql}"
    assert _ONE_FACT.execute(sql, clause.params).fetchone() == (int(flt.admits_fact(fact)),)


def test_equal_scores_at_the_cut_are_picked_in_row_order() -> None:
    """Canonical vectors make equal scores exact; which of the tied rows make the top k is
    decided by row order, not by the partition algorithm (numpy's pick differs by CPU)."""
    rng = np.random.default_rng(3)
    query = rng.normal(size=8)
    tied = np.tile(query + rng.normal(size=8), (60, 1))  # 60 equal scores below the best
    order = rng.permutation(60)
    index = ExactIndex(dimension=8)
    index.upsert([f"t{i:02d}" for i in order], tied)
    index.upsert(["best"], query[None, :])
    found = index.search(query, 7)
    assert [i for i, _ in found] == ["best", *(f"t{i:02d}" for i in order[:6])]
