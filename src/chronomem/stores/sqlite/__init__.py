"""The embedded default store: SQLite from the standard library, FTS5 for BM25."""

from chronomem.stores.sqlite.store import SQLiteStore

__all__ = ["SQLiteStore"]
