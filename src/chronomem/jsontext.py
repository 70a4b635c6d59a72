"""One JSON object from a line of text, or a :class:`UsageError` that says where and why.

Every reader of a JSONL file (``chronomem add``, the group import, chat imports, the
evaluation files) parses its lines here, so a bad line gets the same clear message on
every surface: not JSON (with the parser's reason and column), nested too deeply for
Python's parser, or JSON that is not an object.
"""

from __future__ import annotations

import json
from typing import Any

from chronomem.errors import UsageError


def json_object(
    text: str | bytes, *, where: str = "", expect: str = "a JSON object"
) -> dict[str, Any]:
    """``text`` parsed as one JSON object; ``where`` ("line 3") prefixes every error, and
    ``expect`` says what the object should hold ("a JSON object with role and content")."""
    prefix = f"{where}: " if where else ""
    try:
        data = json.loads(text)
    except RecursionError:
        raise UsageError(f"{prefix}JSON nested too deeply: flatten it") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{prefix}not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict):
        raise UsageError(f"{prefix}must be {expect}, got {type(data).__name__}")
    return data
