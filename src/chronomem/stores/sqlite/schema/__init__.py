"""The SQLite schema, built by numbered migrations."""

from chronomem.stores.sqlite.schema.migrations import MIGRATIONS, applied_migrations, migrate

__all__ = ["MIGRATIONS", "applied_migrations", "migrate"]
