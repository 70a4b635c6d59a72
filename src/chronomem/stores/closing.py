"""The ``with`` block every store shares: ``with SQLiteStore(path) as store:`` closes it."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class ClosingStore:
    """A context manager that returns the store and calls its ``close()`` on the way out."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
