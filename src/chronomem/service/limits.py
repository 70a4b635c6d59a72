"""Input limits: what one request may carry, and the body-size guard in front of the app.

Every error body is ``{"detail": "<what is wrong and how to fix it>", "code": "<kind>"}``
(see :mod:`chronomem.service.handlers`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from chronomem.errors import UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """What one request may carry. The defaults suit chat agents; raise them if needed."""

    max_body_bytes: int = 4 * 1024 * 1024
    max_batch: int = 100
    max_content_chars: int = DEFAULT_MAX_EPISODE_CHARS
    max_results: int = 100
    max_context_tokens: int = 20_000
    min_free_disk_bytes: int = 32 * 1024 * 1024  # /readyz: less free space is "disk full"

    def check_batch(self, count: int) -> None:
        if count > self.max_batch:
            raise UsageError(
                f"the batch has {count} episodes, over the limit of {self.max_batch}: send "
                "several smaller batches"
            )


class PayloadTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(
            413,
            f"the request body is over the limit of {limit:,} bytes: send fewer or smaller "
            "episodes per request",
        )


class BodyLimit:
    """ASGI middleware: refuse bodies over ``max_bytes`` (declared or streamed) with 413."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            if not declared.isdigit():
                await _plain_error(send, 400, "the Content-Length header is not a number")
                return
            if int(declared) > self.max_bytes:
                await _plain_error(send, 413, PayloadTooLarge(self.max_bytes).detail)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise PayloadTooLarge(self.max_bytes)
            return message

        await self.app(scope, limited, send)


async def _plain_error(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail, "code": CODES.get(status, "error")}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    422: "invalid_request",
    503: "unavailable",
}
