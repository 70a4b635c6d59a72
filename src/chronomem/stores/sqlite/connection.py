"""The SQLite connection: pragmas, transactions that wait for other writers, error translation.

Every sqlite3 exception leaving this package passes through :func:`translate_errors`, the one
place where SQLite's vocabulary becomes chronomem's error tree.
"""

from __future__ import annotations

import random
import sqlite3
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from chronomem.errors import ChronomemError, StoreError, StoreFullError, StoreUnavailableError

T = TypeVar("T")

MEMORY = ":memory:"
_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (primary codes; extended codes mask to them)
_BUSY_WORDS = ("database is locked", "database table is locked", "database is busy")


def open_connection(
    path: str, *, busy_timeout_s: float, read_only: bool = False
) -> sqlite3.Connection:
    """Open ``path`` in autocommit mode (transactions are explicit) with our pragmas;
    ``read_only`` opens the existing file with ``mode=ro`` (it never creates or writes)."""
    if read_only:
        conn = _open_read_only(path, busy_timeout_s)
    else:
        conn = sqlite3.connect(
            path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
        )
    try:
        conn.execute(f"PRAGMA busy_timeout = {max(0, int(busy_timeout_s * 1000))}")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA secure_delete = ON")  # deleted content is overwritten, not left
        if path != MEMORY and not read_only:
            retry_busy(lambda: conn.execute("PRAGMA journal_mode = WAL").fetchone(), busy_timeout_s)
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA cache_size = -65536")  # up to 64 MiB of pages: searches re-read rows
    except BaseException:
        conn.close()
        raise
    return conn


def _open_read_only(path: str, busy_timeout_s: float) -> sqlite3.Connection:
    """``mode=ro``; on a read-only directory, where SQLite cannot create the WAL index
    (``-shm``) a reader needs, ``immutable=1`` (nobody can write there either)."""
    base = f"file:{urllib.parse.quote(path)}?mode=ro"
    for uri in (base, base + "&immutable=1"):
        conn = sqlite3.connect(
            uri, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False, uri=True
        )
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.OperationalError as exc:
            conn.close()
            if "unable to open" not in str(exc).lower() or uri != base:
                raise
    raise AssertionError("unreachable")


def is_busy(exc: sqlite3.Error) -> bool:
    """Did SQLite refuse because another connection holds a lock?"""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int) and (code & 0xFF) in _BUSY_CODES:
        return True
    message = str(exc).lower()
    return any(word in message for word in _BUSY_WORDS)


def retry_busy(action: Callable[[], T], timeout_s: float) -> T:
    """Run ``action``, retrying with jittered exponential backoff while the file is locked.

    SQLite's own busy handler already waits inside most calls; this loop covers the cases
    where SQLite answers SQLITE_BUSY at once (e.g. a WAL snapshot race, or the journal-mode
    switch while another process creates the same file).
    """
    deadline = time.monotonic() + timeout_s
    delay = 0.002
    while True:
        try:
            return action()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(delay * (0.5 + random.random()))
        delay = min(delay * 2, 0.25)


@contextmanager
def write_transaction(conn: sqlite3.Connection, *, timeout_s: float) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` (waiting for other writers) ... ``COMMIT``; roll back on any error."""
    retry_busy(lambda: conn.execute("BEGIN IMMEDIATE"), timeout_s)
    try:
        yield
        retry_busy(lambda: conn.execute("COMMIT"), timeout_s)
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


@contextmanager
def read_transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """A read snapshot spanning several statements (WAL readers never block writers)."""
    conn.execute("BEGIN")
    try:
        yield
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")


@contextmanager
def translate_errors(path: str, action: str, *, busy_timeout_s: float) -> Iterator[None]:
    """Turn sqlite3 exceptions raised while doing ``action`` into chronomem errors."""
    try:
        yield
    except ChronomemError:
        raise
    except sqlite3.Error as exc:
        raise translate(exc, path, action, busy_timeout_s=busy_timeout_s) from exc


def translate(exc: sqlite3.Error, path: str, action: str, *, busy_timeout_s: float) -> StoreError:
    """The chronomem error (with a how-to-fix message) for one sqlite3 exception."""
    message = str(exc)
    lowered = message.lower()
    where = f"SQLite store {path!r}"
    if is_busy(exc):
        return StoreUnavailableError(
            f"{where} stayed locked by another writer for more than {busy_timeout_s:g} s while "
            f"{action}: open the store with a larger busy_timeout_s=, or write through fewer "
            "processes at once"
        )
    if "unable to open" in lowered or "readonly" in lowered:
        return StoreUnavailableError(
            f"{where} cannot be opened for writing while {action} ({message}): check that the "
            "directory exists and that this user may write the file and its directory"
        )
    if "not a database" in lowered or "malformed" in lowered:
        return StoreError(
            f"{where} is not a readable chronomem database ({message}): point the store at a "
            "new file, or restore the file from a backup"
        )
    if "disk is full" in lowered or "disk i/o" in lowered:
        return StoreFullError(
            f"{where} could not write while {action} ({message}): free disk space, then retry"
        )
    if "no such table" in lowered or "no such column" in lowered:
        return StoreError(
            f"{where} lacks part of its schema while {action} ({message}): the file was changed "
            "outside chronomem or by another version; open it with the version that made it"
        )
    if isinstance(exc, sqlite3.IntegrityError):
        return StoreError(
            f"{where} rejected a write while {action} ({message}): the change set breaks a "
            "constraint; please report this as a chronomem bug with the change set"
        )
    return StoreError(f"{where} failed while {action}: {message}")
