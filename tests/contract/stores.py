"""The stores the contract suite runs against: name -> factory of a fresh, empty store.

To run the suite against another backend, write one factory (a context manager that yields
an empty store and cleans up after it; call ``pytest.skip`` inside if the backend is not
available) and add one entry to :data:`STORES`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from chronomem.ports import Store
from chronomem.stores import SQLiteStore

StoreFactory = Callable[[Path], AbstractContextManager[Store]]


@contextmanager
def sqlite_memory(tmp_path: Path) -> Iterator[Store]:
    store = SQLiteStore()
    try:
        yield store
    finally:
        store.close()


@contextmanager
def sqlite_file(tmp_path: Path) -> Iterator[Store]:
    store = SQLiteStore(tmp_path / "contract.db")
    try:
        yield store
    finally:
        store.close()


@contextmanager
def falkordb(tmp_path: Path) -> Iterator[Store]:
    """FalkorDB with every group packed in one shared bucket graph: the layout of small groups,
    and the strictest isolation case (every tenant of a test shares one graph)."""
    from tests.falkordb_server import fresh_store  # a real server; skips with the reason if none

    with fresh_store(options="buckets=1") as store:
        yield store


@contextmanager
def falkordb_indexed(tmp_path: Path) -> Iterator[Store]:
    """FalkorDB with every group in its own graph (no packing) and every index from the first
    row: the path of groups past the size where small groups scan (``falkordb`` runs the
    small, packed path)."""
    from tests.falkordb_server import fresh_store

    with fresh_store(options="buckets=0") as store:
        store.label_index_after = 0
        store.vector_index_after = 0
        yield store


@contextmanager
def falkordb_cluster(tmp_path: Path) -> Iterator[Store]:
    from tests.falkordb_server import fresh_store, session_cluster  # 3 masters + 3 replicas

    with fresh_store(session_cluster().url) as store:
        yield store


STORES: dict[str, StoreFactory] = {
    "sqlite-memory": sqlite_memory,
    "sqlite-file": sqlite_file,
    "falkordb": falkordb,
    "falkordb-indexed": falkordb_indexed,
    "falkordb-cluster": falkordb_cluster,
}
