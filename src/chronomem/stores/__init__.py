"""Store adapters: SQLite (embedded default) and server backends, opened by path or URL."""

from chronomem.errors import ConflictError, DuplicateEpisodeError, StoreError
from chronomem.stores.registry import open_store, register_backend
from chronomem.stores.sqlite import SQLiteStore

__all__ = [
    "ConflictError",
    "DuplicateEpisodeError",
    "SQLiteStore",
    "StoreError",
    "open_store",
    "register_backend",
]
