"""The service's own SQLite tables: the ingestion queue, idempotency records and API keys.

They live in the memory's database file when the memory is a SQLite file (so accepting an
episode is one commit in the file that will hold it), or in a separate file (``--queue-db``)
when the memory is on a server backend. The service migrates its own tables, recorded in
``service_migrations``; it never touches the store's tables or the store's migrations.

One connection writes (behind a lock, ``BEGIN IMMEDIATE``), another reads (WAL readers never
wait for writers), so checking an API key never queues behind a write.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from chronomem.errors import UsageError
from chronomem.stores.sqlite.connection import (
    MEMORY,
    open_connection,
    translate_errors,
    write_transaction,
)

Migration = Callable[[sqlite3.Connection], None]


def m001_queue_and_keys(conn: sqlite3.Connection) -> None:
    """The queue, the idempotency ledger and the API keys."""
    for statement in (
        """CREATE TABLE service_queue (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            group_id TEXT NOT NULL, id TEXT NOT NULL,
            content TEXT NOT NULL, source TEXT NOT NULL, source_description TEXT NOT NULL,
            reference_time INTEGER NOT NULL,
            status TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL,
            accepted_at INTEGER NOT NULL,
            finished_at INTEGER,
            error TEXT,
            entities INTEGER, facts INTEGER,
            UNIQUE (group_id, id))""",
        "CREATE INDEX service_queue_open ON service_queue (status, group_id, seq)",
        "CREATE INDEX service_queue_order ON service_queue (group_id, status, reference_time, seq)",
        """CREATE TABLE service_idempotency (
            scope TEXT NOT NULL, key TEXT NOT NULL,
            group_id TEXT NOT NULL, fingerprint TEXT NOT NULL,
            episode_ids TEXT NOT NULL, created_at INTEGER NOT NULL,
            PRIMARY KEY (scope, key)) WITHOUT ROWID""",
        "CREATE INDEX service_idempotency_group ON service_idempotency (group_id)",
        """CREATE TABLE service_api_keys (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
            groups TEXT NOT NULL, admin INTEGER NOT NULL,
            created_at INTEGER NOT NULL, revoked_at INTEGER)""",
    ):
        conn.execute(statement)


def m002_failed_rows_hold_their_group(conn: sqlite3.Connection) -> None:
    """``holds_group``: a row that failed for good on a store error keeps its group's later
    episodes waiting (per-group order), until it is retried or deleted."""
    conn.execute("ALTER TABLE service_queue ADD COLUMN holds_group INTEGER NOT NULL DEFAULT 0")


def m003_learned_when(conn: sqlite3.Connection) -> None:
    """``learned``: when the memory learns what a queued episode says, ``now`` (when it is
    ingested) or ``said`` (at its reference time: a replayed history, engine/learned.py)."""
    conn.execute("ALTER TABLE service_queue ADD COLUMN learned TEXT NOT NULL DEFAULT 'now'")


MIGRATIONS: tuple[Migration, ...] = (
    m001_queue_and_keys,
    m002_failed_rows_hold_their_group,
    m003_learned_when,
)


class ServiceDB:
    """The service tables in one SQLite file (``":memory:"`` for throw-away tests)."""

    def __init__(self, path: str, *, busy_timeout_s: float = 30.0) -> None:
        self.path = path if path == MEMORY else str(Path(path).expanduser())
        self.timeout_s = busy_timeout_s
        self._write_lock = threading.Lock()
        self._read_lock = threading.Lock()
        opening = "opening the service tables"
        with translate_errors(self.path, opening, busy_timeout_s=busy_timeout_s):
            self._writer = open_connection(self.path, busy_timeout_s=busy_timeout_s)
            # ":memory:" is private to one connection: read through the writer then.
            self._reader = (
                self._writer
                if self.path == MEMORY
                else open_connection(self.path, busy_timeout_s=busy_timeout_s)
            )
            if self.path == MEMORY:
                self._read_lock = self._write_lock
            _migrate(self._writer, busy_timeout_s)
        self._closed = False

    @property
    def durable(self) -> bool:
        return self.path != MEMORY

    @contextmanager
    def write(self, action: str) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: everything inside commits together."""
        with self._write_lock:
            self._check_open()
            with (
                translate_errors(self.path, action, busy_timeout_s=self.timeout_s),
                write_transaction(self._writer, timeout_s=self.timeout_s),
            ):
                yield self._writer

    @contextmanager
    def read(self, action: str) -> Iterator[sqlite3.Connection]:
        """A consistent snapshot for the statements inside."""
        with self._read_lock:
            self._check_open()
            with translate_errors(self.path, action, busy_timeout_s=self.timeout_s):
                self._reader.execute("BEGIN")
                try:
                    yield self._reader
                finally:
                    if self._reader.in_transaction:
                        self._reader.execute("COMMIT")

    def close(self) -> None:
        with self._write_lock:
            if self._closed:
                return
            self._closed = True
            if self._reader is not self._writer:
                self._reader.close()
            self._writer.close()

    def _check_open(self) -> None:
        if self._closed:
            raise UsageError("the service database is closed: restart the service")


def _migrate(conn: sqlite3.Connection, timeout_s: float) -> None:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS service_migrations "
        "(name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)"
    )
    with write_transaction(conn, timeout_s=timeout_s):
        done = {r[0] for r in conn.execute("SELECT name FROM service_migrations")}
        for migration in MIGRATIONS:
            if migration.__name__ in done:
                continue
            migration(conn)
            conn.execute(
                "INSERT INTO service_migrations (name, applied_at) VALUES (?, ?)",
                (migration.__name__, int(time.time() * 1e6)),
            )
