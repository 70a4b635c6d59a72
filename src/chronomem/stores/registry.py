"""Open a store from a path or URL: ``open_store("memory.db")``, ``open_store("falkordb://...")``.

Backends register by URL scheme as a lazy ``"module:attribute"`` reference to a callable
``(url, **options) -> Store``, so optional dependencies are imported only when used. The
built-in SQLite store registers through the same table as every other backend.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from chronomem._targets import load_target
from chronomem.errors import UsageError
from chronomem.ports import Store

StoreOption = str | int | float | bool | None


@dataclass(frozen=True, slots=True)
class Backend:
    """Where a scheme's opener lives, and the extra that installs its dependencies."""

    target: str  # "package.module:Class.from_url"
    extra: str | None = None


BACKENDS: dict[str, Backend] = {
    "sqlite": Backend("chronomem.stores.sqlite:SQLiteStore.from_url"),
    "falkordb": Backend("chronomem.stores.falkordb:FalkorDBStore.from_url", extra="falkordb"),
}


def register_backend(scheme: str, target: str, *, extra: str | None = None) -> None:
    """Make ``open_store("<scheme>://...")`` call ``target`` ("module:attr.path")."""
    if ":" not in target:
        raise UsageError(f"backend target {target!r} must look like 'package.module:attribute'")
    BACKENDS[scheme.lower()] = Backend(target, extra)


def open_store(url_or_path: str, **options: StoreOption) -> Store:
    """A store for a file path, ``":memory:"``, ``sqlite:///path`` or ``<scheme>://...``.

    ``options`` go to the backend (e.g. ``busy_timeout_s=`` for SQLite).
    """
    if "://" not in url_or_path:
        url_or_path = "sqlite:///" + url_or_path
    scheme = url_or_path.split("://", 1)[0].lower()
    backend = BACKENDS.get(scheme)
    if backend is None:
        known = ", ".join(f"{s}://" for s in sorted(BACKENDS))
        raise UsageError(
            f"no store backend for {scheme!r}:// in {url_or_path!r}: use a file path or one of "
            f"{known}"
        )
    opener = _resolve(scheme, backend)
    try:
        inspect.signature(opener).bind(url_or_path, **options)
    except TypeError as exc:
        raise UsageError(f"the {scheme}:// store does not take these options ({exc})") from None
    return opener(url_or_path, **options)


def _resolve(scheme: str, backend: Backend) -> Callable[..., Store]:
    found = load_target(backend.target, extra=backend.extra, what=f"the {scheme}:// store")
    return cast("Callable[..., Store]", found)
