"""SQLiteStoreBase: the database file of a :class:`~chronomem.stores.sqlite.SQLiteStore`.

Opening (migrated to the current schema, or only checked when read-only), the one
connection behind a lock, the sessions and transactions every method runs in, closing, and
the binding of the file to one embedder, with the re-embedding that changes it
(``chronomem reembed``).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from chronomem.errors import UsageError
from chronomem.model import Target, Vector, check_group_id
from chronomem.stores.closing import ClosingStore
from chronomem.stores.reembedding import begin, embedder_mismatch, migration_pending
from chronomem.stores.sqlite import meta, writes
from chronomem.stores.sqlite.connection import (
    MEMORY,
    open_connection,
    read_transaction,
    translate_errors,
    write_transaction,
)
from chronomem.stores.sqlite.schema import check_current, migrate
from chronomem.stores.sqlite.vectors import VectorCache
from chronomem.stores.sqlite.writes import BoundEmbedder


class SQLiteStoreBase(ClosingStore):
    """The open database: its connection behind a lock, its transactions, and the embedder
    its vectors come from. :class:`~chronomem.stores.sqlite.store.SQLiteStore` adds the rest
    of the port."""

    def __init__(
        self,
        path: str | os.PathLike[str] = MEMORY,
        *,
        busy_timeout_s: float = 30.0,
        read_only: bool = False,
    ) -> None:
        """``read_only``: never create or change the file (it must exist and be up to date);
        works on a file the process may not write."""
        text = os.fspath(path)
        self._path = text if text == MEMORY else str(Path(text).expanduser())
        self._scrub: set[str] = set()  # groups with a deletion since their last community set
        self._timeout = busy_timeout_s
        self._read_only = read_only
        self._lock = threading.RLock()
        self._vectors = VectorCache()
        self._closed = False
        if read_only and (self._path == MEMORY or not Path(self._path).is_file()):
            raise UsageError(
                f"no memory database at {self._path!r}: check the path (reading never "
                "creates a file; 'chronomem add' does)"
            )
        with translate_errors(self._path, "opening the database", busy_timeout_s=busy_timeout_s):
            self._conn = open_connection(
                self._path, busy_timeout_s=busy_timeout_s, read_only=read_only
            )
            try:
                if read_only:
                    check_current(self._conn, path=self._path)
                else:
                    migrate(self._conn, path=self._path, timeout_s=busy_timeout_s)
            except BaseException:
                self._conn.close()
                raise

    @property
    def path(self) -> str:
        return self._path

    def __repr__(self) -> str:
        return f"SQLiteStore({self._path!r})"

    # -- plumbing: every public method goes through one of these -------------------------
    @contextmanager
    def _session(self, action: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._closed:
                raise UsageError(f"{self!r} is closed: open a new store to keep using the file")
            with translate_errors(self._path, action, busy_timeout_s=self._timeout):
                yield self._conn

    @contextmanager
    def _reading(self, action: str) -> Iterator[sqlite3.Connection]:
        with self._session(action) as conn, read_transaction(conn):
            yield conn

    # -- lifecycle ---------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._vectors.clear()
                self._conn.close()

    def bind_embedder(self, name: str, dimension: int) -> None:
        meta.check_embedder_args(name, dimension)
        with self._session("recording the embedder") as conn:
            bound = self._record_embedder(conn, name, dimension)
            if bound is not None and bound != BoundEmbedder(name, dimension):
                raise embedder_mismatch(
                    repr(self),
                    (bound.name, bound.dimension),
                    (name, dimension),
                    db_hint=self._path,
                )

    def _record_embedder(
        self, conn: sqlite3.Connection, name: str, dimension: int
    ) -> BoundEmbedder | None:
        """The embedder the file names; record ``name`` first if it names none (not when
        read-only: a file with no embedder has no vectors to compare). A re-embedding left
        half done refuses every embedder until ``chronomem reembed`` finishes it."""
        if self._read_only:
            self._refuse_pending_migration(conn)
            return meta.bound_embedder(conn)
        with write_transaction(conn, timeout_s=self._timeout):
            self._refuse_pending_migration(conn)
            bound = meta.bound_embedder(conn)
            if bound is None:
                meta.set_binding(conn, BoundEmbedder(name, dimension))
        return bound

    def _refuse_pending_migration(self, conn: sqlite3.Connection) -> None:
        migration = meta.migration(conn)
        if migration is not None:
            left = len(migration.left(meta.group_ids(conn)))
            raise migration_pending(repr(self), migration, left, db_hint=self._path)

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        meta.check_embedder_args(name, dimension)
        with (
            self._session("starting to re-embed") as conn,
            write_transaction(conn, timeout_s=self._timeout),
        ):
            bound = meta.bound_embedder(conn)
            migration = begin(
                None if bound is None else (bound.name, bound.dimension),
                meta.migration(conn),
                (name, dimension),
                repr(self),
            )
            if migration is None:
                meta.set_binding(conn, BoundEmbedder(name, dimension))
                return []
            meta.set_migration(conn, migration)
            left = migration.left(meta.group_ids(conn))
            if not left:
                meta.finish(conn, migration)
            return left

    def write_embeddings(
        self, group_id: str, vectors: Mapping[Target, Mapping[str, Vector]]
    ) -> None:
        gid = check_group_id(group_id)
        with self._session(f"re-embedding group {gid!r}") as conn:
            with write_transaction(conn, timeout_s=self._timeout):
                migration = meta.migration(conn)
                if migration is None:
                    raise UsageError("write_embeddings needs start_reembed first")
                bound = BoundEmbedder(migration.name, migration.dimension)
                writes.replace_vectors(conn, gid, vectors, bound)
                migration = migration.with_done(gid)
                if migration.left(meta.group_ids(conn)):
                    meta.set_migration(conn, migration)
                else:
                    meta.finish(conn, migration)
            self._vectors.forget_group(gid)
