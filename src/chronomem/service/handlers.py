"""Error mapping: every error becomes ``{"detail", "code"}`` JSON; bad input is a 4xx."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from chronomem.errors import ChronomemError
from chronomem.service.auth import ScopeError
from chronomem.service.failures import describe
from chronomem.service.limits import CODES
from chronomem.service.queue import IdempotencyMismatch
from chronomem.service.readiness import redact
from chronomem.service.schemas import describe_errors

log = logging.getLogger(__name__)


def error(
    status: int, detail: str, *, code: str | None = None, retry_after: int | None = None
) -> JSONResponse:
    if retry_after is None and status == 503:
        retry_after = 5
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse(
        {"detail": detail, "code": code or CODES.get(status, "error")}, status, headers=headers
    )


def install_error_handlers(app: FastAPI) -> None:
    """Map every error to a JSON body; only genuine server faults become 5xx."""

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error(422, "invalid request: " + describe_errors(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = str(exc.detail)
        if exc.status_code == 400 and "parsing the body" in detail:
            detail = (
                "the body is not valid JSON (or is nested too deeply): send one JSON object, "
                "as the OpenAPI document at /openapi.json describes"
            )
        response = error(exc.status_code, detail)
        for key, value in (exc.headers or {}).items():
            response.headers[key] = value
        return response

    @app.exception_handler(ChronomemError)
    async def chronomem_error(request: Request, exc: ChronomemError) -> JSONResponse:
        if isinstance(exc, IdempotencyMismatch):
            return error(
                422,
                redact(str(exc), request.app.state.runtime.config),
                code="idempotency_key_reused",
            )
        if isinstance(exc, ScopeError):
            return error(403, redact(str(exc), request.app.state.runtime.config), code="forbidden")
        failure = describe(exc, request.app.state.runtime.config)
        return error(
            failure.status, failure.text, code=failure.code, retry_after=failure.retry_after
        )

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return error(500, "internal error: see the server log", code="internal_error")
