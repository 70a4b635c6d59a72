"""Validation of identifiers that cross every boundary: group ids and relation names."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

from chronomem.errors import UsageError

GROUP_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
RELATION_PATTERN = re.compile(r"^[A-Z][A-Z0-9_]*$")
THREAD_ID_PATTERN = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")


def check_group_id(group_id: object) -> str:
    """Return ``group_id`` if it is a valid group id, else raise :class:`UsageError`."""
    if not isinstance(group_id, str) or not GROUP_ID_PATTERN.fullmatch(group_id):
        raise UsageError(
            f"invalid group_id {group_id!r}: use 1-128 letters, digits, '-' or '_' "
            "(for example 'user-42' or 'acme_support')"
        )
    return group_id


def check_text(value: object, what: str) -> str:
    """``value`` if it is text every store can keep: a ``str`` that encodes to UTF-8 (no
    lone surrogates such as '\\ud800') and holds no NUL character; else :class:`UsageError`."""
    if not isinstance(value, str):
        raise UsageError(f"{what} must be text (str), got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise UsageError(
            f"{what} is not valid Unicode (a lone surrogate {value[exc.start]!r} at character "
            f"{exc.start}): fix the text's encoding, e.g. decode the source as UTF-8"
        ) from None
    if "\x00" in value:
        raise UsageError(
            f"{what} contains a NUL character (\\x00) at character {value.index(chr(0))}: "
            "remove it (stores do not keep NUL in text)"
        )
    return value


def check_thread_id(thread_id: object) -> str | None:
    """Return ``thread_id`` (None: no thread) if valid, else raise :class:`UsageError`."""
    if thread_id is not None and (
        not isinstance(thread_id, str) or not THREAD_ID_PATTERN.fullmatch(thread_id)
    ):
        raise UsageError(
            f"invalid thread_id {thread_id!r}: use 1-128 letters, digits, '.', ':', '-' or "
            "'_' (for example a conversation id), or leave it out"
        )
    return thread_id


_FLAT = frozenset({str, int, bool, type(None)})  # JSON values with nothing to check inside
MAX_JSON_DEPTH = 100  # nesting of attribute values: far more than any use, far below limits


def check_json(value: object, what: str, *, text: bool = False) -> None:
    """``value`` is JSON that every store keeps and every export writes: objects with text
    keys, lists, text, booleans, null and finite numbers (no NaN or infinity), nested at most
    :data:`MAX_JSON_DEPTH` deep; with ``text``, every key and string also passes
    :func:`check_text` (no NUL, no lone surrogate). Else :class:`UsageError` naming the path."""
    if not text and (value == {} or _plainly_fine(value)):
        return  # the common case, without building the paths of the messages
    stack: list[tuple[object, str, int]] = [(value, what, 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise UsageError(f"{what} is nested more than {MAX_JSON_DEPTH} deep: flatten it")
        if isinstance(item, float) and not math.isfinite(item):
            raise UsageError(
                f"{where} is {item!r}, which JSON cannot hold (NaN or infinity): store a finite "
                "number, null or text instead"
            )
        if isinstance(item, str):
            if text:
                check_text(item, where)
        elif isinstance(item, Mapping):
            for key, inner in item.items():
                if not isinstance(key, str):
                    raise UsageError(f"{where} has the key {key!r}: JSON keys are text")
                if text:
                    check_text(key, f"a key of {where}")
                stack.append((inner, f"{where}[{key!r}]", depth + 1))
        elif isinstance(item, list | tuple):
            stack.extend((inner, f"{where}[{n}]", depth + 1) for n, inner in enumerate(item))
        elif item is not None and not isinstance(item, bool | int | float):
            raise UsageError(
                f"{where} is a {type(item).__name__}: use JSON values (text, numbers, "
                "booleans, null, lists and objects)"
            )


def _plainly_fine(value: object) -> bool:
    """True when ``value`` is plain JSON that :func:`check_json` accepts (dicts, lists,
    finite floats, no deeper than allowed); False means "look closer", not "refused"."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind in _FLAT:
            continue
        if kind is float:
            if not math.isfinite(item):  # type: ignore[arg-type]
                return False
        elif depth >= MAX_JSON_DEPTH:
            return False
        elif kind is dict:
            for key, inner in item.items():  # type: ignore[attr-defined]
                if type(key) is not str:
                    return False
                stack.append((inner, depth + 1))
        elif kind is list or kind is tuple:
            stack.extend((inner, depth + 1) for inner in item)  # type: ignore[attr-defined]
        else:
            return False
    return True


def check_group_ids(group_ids: object) -> tuple[str, ...]:
    """Validate one group id or a non-empty sequence of them; always return a tuple."""
    if isinstance(group_ids, str):
        return (check_group_id(group_ids),)
    if not isinstance(group_ids, (list, tuple, set, frozenset)) or not group_ids:
        raise UsageError("group_ids must be a group id or a non-empty list of group ids")
    return tuple(sorted({check_group_id(g) for g in group_ids}))


def to_relation_name(text: str) -> str:
    """Turn free text ('works at', 'worksAt') into SCREAMING_SNAKE ('WORKS_AT')."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", text.strip())
    name = re.sub(r"[^A-Za-z0-9]+", "_", spaced).strip("_").upper()
    if not name or not name[0].isalpha():
        name = "RELATES_TO" if not name else f"R_{name}"
    return name


def check_relation(relation: str) -> str:
    """Return ``relation`` if it is SCREAMING_SNAKE, else raise :class:`UsageError`."""
    if not RELATION_PATTERN.fullmatch(relation):
        raise UsageError(
            f"invalid relation {relation!r}: relations are SCREAMING_SNAKE like 'WORKS_AT'"
        )
    return relation


_Choice = TypeVar("_Choice", bound=StrEnum)


def choice_of(kind: type[_Choice], value: object) -> _Choice | None:
    """The member of string enum ``kind`` that ``value`` names, else ``None`` (the caller
    says what the choices are and what they mean)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str) and value in kind._value2member_map_:
        return kind(value)
    return None
