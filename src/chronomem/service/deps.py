"""FastAPI dependencies: the runtime, the caller's API key, and access to a group.

Every route except ``/healthz``, ``/readyz`` and the OpenAPI documents depends on
:func:`current_key` (401 without a valid key); every route under ``/v1/groups/{group_id}``
also on :func:`group_access` (403 when the key's patterns do not cover the group).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, HTTPException, Path, Query, Request, Security
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from pydantic import AwareDatetime

from chronomem.service.auth import ApiKey
from chronomem.service.runtime import ServiceRuntime
from chronomem.service.schemas import GROUP_ID_REGEX, ErrorOut

_bearer = HTTPBearer(auto_error=False, description="Authorization: Bearer <API key>")
_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="The API key")

ERRORS: dict[int | str, dict[str, object]] = {
    401: {"model": ErrorOut, "description": "No valid API key"},
    403: {"model": ErrorOut, "description": "The key may not use this group"},
    422: {"model": ErrorOut, "description": "Invalid input (the detail says how to fix it)"},
}
NOT_FOUND: dict[int | str, dict[str, object]] = {
    404: {"model": ErrorOut, "description": "Not found"}
}

WorldTime = Annotated[
    AwareDatetime | None,
    Query(description="World time: what was true then (ISO-8601 with a timezone; default now)."),
]
SystemTime = Annotated[
    AwareDatetime | None,
    Query(
        description="System time: what the memory believed then, each fact as known then "
        "(ISO-8601 with a timezone; default now)."
    ),
]


def utc_or_none(value: datetime | None, what: str) -> datetime | None:
    """A query instant in UTC (422 when it leaves the calendar there)."""
    if value is None:
        return None
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        raise HTTPException(422, f"{what} is outside the years 1-9999 in UTC") from None


async def get_runtime(request: Request) -> ServiceRuntime:
    runtime: ServiceRuntime = request.app.state.runtime
    return runtime


Runtime = Annotated[ServiceRuntime, Depends(get_runtime)]


async def current_key(
    runtime: Runtime,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)],
    header: Annotated[str | None, Security(_header)],
) -> ApiKey:
    token = bearer.credentials if bearer is not None else header
    if not token:
        raise HTTPException(
            401,
            "missing API key: send 'Authorization: Bearer <key>' or 'X-API-Key: <key>' "
            "(create a key with: chronomem keys create --db <file> --groups '<pattern>')",
            headers={"WWW-Authenticate": "Bearer"},
        )
    key = runtime.keys.verify(token)
    if key is None:
        raise HTTPException(
            401, "unknown or revoked API key", headers={"WWW-Authenticate": "Bearer"}
        )
    return key


CurrentKey = Annotated[ApiKey, Depends(current_key)]


async def optional_key(
    runtime: Runtime,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Security(_bearer)],
    header: Annotated[str | None, Security(_header)],
) -> ApiKey | None:
    """The caller's live key on a public route, or None (no, unknown or revoked key)."""
    token = bearer.credentials if bearer is not None else header
    return runtime.keys.verify(token) if token else None


OptionalKey = Annotated[ApiKey | None, Depends(optional_key)]


async def group_access(
    key: CurrentKey,
    group_id: Annotated[
        str,
        Path(
            pattern=GROUP_ID_REGEX,
            max_length=128,
            description="The group (tenant, user or conversation): 1-128 of A-Z a-z 0-9 - _",
        ),
    ],
) -> str:
    if not key.allows(group_id):
        raise HTTPException(
            403,
            f"this API key may not use group {group_id!r}: its group patterns are "
            f"{list(key.groups)}",
        )
    return group_id


Group = Annotated[str, Depends(group_access)]


async def admin_key(key: CurrentKey) -> ApiKey:
    if not key.admin:
        raise HTTPException(403, "this route needs an admin key (chronomem keys create --admin)")
    return key


AdminKey = Annotated[ApiKey, Depends(admin_key)]
