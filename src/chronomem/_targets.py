"""Load a registered ``package.module:Attribute`` target lazily (stores, providers)."""

from __future__ import annotations

import importlib

from chronomem.errors import UsageError


def load_target(target: str, *, extra: str | None, what: str) -> object:
    """The object ``target`` names; a missing optional package is a :class:`UsageError`
    that names the extra installing it (``what`` says who needs it, e.g. "provider 'x'")."""
    module_name, _, attribute = target.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as exc:
        said = "pip install" in str(exc)  # our own modules' import errors give the hint
        hint = f': pip install "chronomem[{extra}]"' if extra and not said else ""
        raise UsageError(f"{what} needs packages that are not installed ({exc}){hint}") from exc
    for part in attribute.split("."):
        found = getattr(found, part)
    return found
