"""API keys: random tokens, stored only as SHA-256 hashes, each bound to group patterns.

A token looks like ``cmk_<key id>_<43 url-safe characters>`` (32 random bytes). The service
keeps ``sha256(token)`` and never the token, which is shown once, when the key is created.
Patterns are shell-style and case-sensitive (``acme-*`` matches ``acme-42``, ``*`` matches
every group). An admin key may also create, list and revoke keys.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fnmatch import fnmatchcase

from chronomem.clock import SystemClock
from chronomem.errors import UsageError
from chronomem.model.time import from_micros, from_micros_or_none, to_micros
from chronomem.model.validation import check_text
from chronomem.ports import Clock
from chronomem.service.db import ServiceDB
from chronomem.service.scopes import covered

TOKEN_PREFIX = "cmk_"
_PATTERN = re.compile(r"^[A-Za-z0-9_\-*?\[\]!]{1,128}$")
_NAME_MAX = 200


@dataclass(frozen=True, slots=True)
class ApiKey:
    """One key as the service stores it (the token itself is not kept)."""

    id: str
    name: str
    groups: tuple[str, ...]
    admin: bool
    created_at: datetime
    revoked_at: datetime | None = None

    def allows(self, group_id: str) -> bool:
        """May this key read and write ``group_id``?"""
        return any(fnmatchcase(group_id, pattern) for pattern in self.groups)


class ScopeError(UsageError):
    """A key tried to act outside its own group patterns (HTTP 403)."""


@dataclass(frozen=True, slots=True)
class NewKey:
    """A freshly created key and its token: the only time the token is available."""

    key: ApiKey
    token: str


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_patterns(patterns: Sequence[str]) -> tuple[str, ...]:
    """Validate group patterns: 1-128 of letters, digits, ``-``, ``_`` and ``* ? [ ] !``."""
    if isinstance(patterns, str) or not patterns:
        raise UsageError("a key needs at least one group pattern, e.g. ['acme-*'] or ['*']")
    for pattern in patterns:
        if not isinstance(pattern, str) or not _PATTERN.fullmatch(pattern):
            raise UsageError(
                f"invalid group pattern {pattern!r}: use group-id characters (letters, digits, "
                "'-', '_') and the wildcards * ? [ ] ! -- for example 'acme-*'"
            )
    return tuple(dict.fromkeys(patterns))


def check_name(name: object) -> str:
    """A key's label: 1-200 characters of valid text."""
    if not isinstance(name, str) or not name.strip() or len(name) > _NAME_MAX:
        raise UsageError(f"a key needs a name of 1-{_NAME_MAX} characters, e.g. 'acme-bot'")
    return check_text(name, "the key name")


class KeyStore:
    """Create, verify, list and revoke API keys in the service database."""

    def __init__(self, db: ServiceDB, *, clock: Clock | None = None) -> None:
        self._db = db
        self._clock = clock or SystemClock()

    def create(
        self,
        *,
        name: str,
        groups: Sequence[str],
        admin: bool = False,
        within: Sequence[str] | None = None,
    ) -> NewKey:
        """A new key; with ``within`` (the creating key's patterns) every pattern must be
        covered by one of them, so a scoped admin key cannot mint a wider key."""
        patterns = check_patterns(groups)
        check_name(name)
        if within is not None and not covered(patterns, within):
            raise ScopeError(
                f"a key bound to {list(within)} cannot create a key for {list(patterns)}: "
                "each pattern of the new key must lie inside one of the creating key's "
                "patterns (e.g. 'acme-bots-*' under 'acme-*')"
            )
        key_id = secrets.token_hex(8)
        token = f"{TOKEN_PREFIX}{key_id}_{secrets.token_urlsafe(32)}"
        key = ApiKey(
            id=key_id,
            name=name.strip(),
            groups=patterns,
            admin=admin,
            created_at=self._clock.now(),
        )
        with self._db.write("creating an API key") as conn:
            conn.execute(
                "INSERT INTO service_api_keys (id, name, token_hash, groups, admin, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    key.id,
                    key.name,
                    hash_token(token),
                    json.dumps(list(patterns)),
                    int(admin),
                    to_micros(key.created_at),
                ),
            )
        return NewKey(key=key, token=token)

    def verify(self, token: str) -> ApiKey | None:
        """The live key this token belongs to, or None (unknown, malformed or revoked)."""
        if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        with self._db.read("checking an API key") as conn:
            row = conn.execute(
                f"SELECT {_KEY_COLUMNS} FROM service_api_keys "
                "WHERE token_hash = ? AND revoked_at IS NULL",
                (hash_token(token),),
            ).fetchone()
        return None if row is None else _key(row)

    def list(
        self, *, include_revoked: bool = False, within: Sequence[str] | None = None
    ) -> list[ApiKey]:
        """Keys, oldest first; with ``within``, only those whose patterns it covers."""
        sql = f"SELECT {_KEY_COLUMNS} FROM service_api_keys"
        if not include_revoked:
            sql += " WHERE revoked_at IS NULL"
        with self._db.read("listing API keys") as conn:
            keys = [_key(r) for r in conn.execute(sql + " ORDER BY created_at, id")]
        return [k for k in keys if within is None or covered(k.groups, within)]

    def revoke(self, key_id: str, *, within: Sequence[str] | None = None) -> bool:
        """Revoke a key at once; False if there is no live key with this id (or, with
        ``within``, none whose patterns it covers: the caller cannot tell them apart)."""
        if within is not None and not any(k.id == key_id for k in self.list(within=within)):
            return False
        with self._db.write("revoking an API key") as conn:
            changed = conn.execute(
                "UPDATE service_api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
                (to_micros(self._clock.now()), key_id),
            ).rowcount
        return changed == 1


_KEY_COLUMNS = "id, name, groups, admin, created_at, revoked_at"


def _key(row: sqlite3.Row | tuple[object, ...]) -> ApiKey:
    key_id, name, groups, admin, created, revoked = row
    return ApiKey(
        id=str(key_id),
        name=str(name),
        groups=tuple(json.loads(str(groups))),
        admin=bool(admin),
        created_at=from_micros(int(str(created))),
        revoked_at=from_micros_or_none(None if revoked is None else int(str(revoked))),
    )
