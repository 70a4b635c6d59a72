"""The SQLite schema, built by numbered migrations."""

from chronomem.stores.sqlite.schema.migrations import (
    MIGRATIONS,
    applied_migrations,
    check_current,
    migrate,
)

__all__ = ["MIGRATIONS", "applied_migrations", "check_current", "migrate"]
