"""Security headers on every response (issue 22 finding 8).

Every answer says ``nosniff`` and may not be framed (``frame-ancestors 'none'`` and
``X-Frame-Options: DENY``), so the page's two-step Delete cannot be clickjacked. The web page
(``/ui``) also gets a Content-Security-Policy that allows only its own files and the REST API
of the same origin: no inline or third-party script, no plug-ins (inline *styles* are
allowed: the graph library sets them, and they cannot run code). ``/docs`` and
``/redoc`` keep FastAPI's own pages (which load their assets from a CDN) and so get only the
framing rule.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",  # the graph library sets inline styles
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
FRAMING_POLICY = "frame-ancestors 'none'"
COMMON = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeaders:
    """ASGI middleware adding the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        page = scope.get("path", "") == "/ui" or scope.get("path", "").startswith("/ui/")
        policy = (PAGE_POLICY if page else FRAMING_POLICY).encode()

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in COMMON if n not in names]
                if b"content-security-policy" not in names:
                    extra.append((b"content-security-policy", policy))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)
