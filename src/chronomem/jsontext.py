"""JSON text in and out, the one place that knows JSON's limits.

- :func:`json_value` / :func:`json_object`: a document a caller handed in (a line of a
  JSONL file, a JSON episode, an import record), or a :class:`UsageError` that says where
  and why. Every reader (``chronomem add``, the group import, chat imports, JSON episodes,
  the evaluation files) parses here, so a bad document gets the same clear message on every
  surface: not JSON (with the parser's reason and column), nested too deeply for Python's
  parser, a number Python refuses to convert (more than 4,300 digits), a ``NaN`` or
  ``Infinity`` (which JSON does not have, and ``1e999``, which overflows to infinity), or
  JSON that is not an object.
- :func:`stored_attributes`: attributes read back from a store. Older versions stored NaN
  and infinity as they came; they read as null, so every row stays readable and every
  export is JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any

from chronomem.errors import UsageError

_NOT_JSON = "JSON has no NaN or infinity: write a finite number, null or text"


class _NonFinite(ValueError):
    pass


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NonFinite(f"the number {text[:20]} overflows to infinity; {_NOT_JSON}")
    return value


def _no_constant(name: str) -> float:
    raise _NonFinite(f"{name} is not JSON; {_NOT_JSON}")


def json_value(text: str | bytes, *, where: str = "") -> Any:
    """``text`` parsed as strict JSON (see the module docstring for what is refused)."""
    prefix = f"{where}: " if where else ""
    try:
        return json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except RecursionError:
        raise UsageError(f"{prefix}JSON nested too deeply: flatten it") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{prefix}not valid JSON ({exc.msg} at column {exc.colno})") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{prefix}not valid UTF-8 ({exc.reason}): save it as UTF-8") from None
    except _NonFinite as exc:
        raise UsageError(f"{prefix}{exc}") from None
    except ValueError as exc:  # int() of more than sys.get_int_max_str_digits() digits
        raise UsageError(
            f"{prefix}a number in the JSON is too long ({str(exc).split(';')[0]}): write it as text"
        ) from None


def json_object(
    text: str | bytes, *, where: str = "", expect: str = "a JSON object"
) -> dict[str, Any]:
    """``text`` parsed as one JSON object; ``where`` ("line 3") prefixes every error, and
    ``expect`` says what the object should hold ("a JSON object with role and content")."""
    data = json_value(text, where=where)
    if not isinstance(data, dict):
        prefix = f"{where}: " if where else ""
        raise UsageError(f"{prefix}must be {expect}, got {type(data).__name__}")
    return data


def _null_if_not_finite(text: str) -> float | None:
    value = float(text)
    return value if math.isfinite(value) else None


def _constant_as_null(_: str) -> None:
    return None


# one decoder for every stored row (``json.loads`` with options builds a new one per call,
# which cost more than decoding the usual "{}" of a search's few hundred rows)
_STORED = json.JSONDecoder(parse_float=_null_if_not_finite, parse_constant=_constant_as_null)


def stored_attributes(text: str) -> dict[str, Any]:
    """Attributes as a store keeps them (a JSON object); NaN and infinity read as null."""
    if text == "{}":  # most rows: no attributes
        return {}
    return dict(_STORED.decode(text))
