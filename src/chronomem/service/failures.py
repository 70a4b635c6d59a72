"""What a client is told about a failure: one mapping for REST and MCP.

A caller's mistake is told in full (paths and store URLs redacted). A failure of the store
is told as what it means for the client -- retry, or the operator must act -- never with
the backend's name, address or message: those go to the server log (see the security model
in ``docs/service.md``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from chronomem.errors import (
    ChronomemError,
    ConflictError,
    NotFoundError,
    ProviderError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
    UsageError,
)
from chronomem.service.readiness import redact
from chronomem.service.runtime import ServiceConfig

log = logging.getLogger("chronomem.service")

STORE_FULL = (
    "the memory store has no space left: nothing was written; retry later (the operator "
    "must free disk space on the server)"
)
STORE_BUSY = "the memory store is busy or unreachable right now: nothing was written; retry"
STORE_FAILED = "the memory store failed: see the server log (the request may be retried)"


@dataclass(frozen=True, slots=True)
class Failure:
    """The answer for one error: HTTP status, machine code, text, seconds before a retry."""

    status: int
    code: str
    text: str
    retry_after: int | None = None


def describe(exc: ChronomemError, config: ServiceConfig) -> Failure:
    """The client's view of ``exc``; store failures are logged here with their detail."""
    if isinstance(exc, NotFoundError):
        return Failure(404, "not_found", redact(str(exc), config))
    if isinstance(exc, UsageError):
        return Failure(422, "usage_error", redact(str(exc), config))
    if isinstance(exc, ProviderError):
        return Failure(502, "provider_error", redact(str(exc), config))
    if isinstance(exc, StoreFullError):
        log.error("store full: %s", exc)
        return Failure(503, "store_full", STORE_FULL, retry_after=60)
    if isinstance(exc, StoreUnavailableError | ConflictError):
        log.warning("store busy: %s", exc)
        return Failure(503, "store_busy", STORE_BUSY, retry_after=5)
    if isinstance(exc, StoreError):
        log.error("store failure: %s", exc, exc_info=exc)
        return Failure(500, "store_error", STORE_FAILED)
    log.error("failure: %s", exc, exc_info=exc)
    return Failure(500, "internal_error", "internal error: see the server log")
