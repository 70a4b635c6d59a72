"""The MCP server: chronomem's memory as tools for Claude Desktop, Cursor and other agents.

Built on the official SDK (``pip install "chronomem[mcp]"``). ``add_memory`` answers
``ingested`` (with counts), ``queued`` (with the episode id, committed to the durable queue)
or an error -- never success for something that was dropped. Over HTTP (streamable HTTP at
``/mcp``) every request needs an API key, and tools use only that key's groups.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from mcp.server.mcpserver import MCPServer
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from chronomem.mcp.correction_tools import CORRECTION_TOOL_NAMES, CorrectingTools
from chronomem.mcp.stdio import PARSE_ERROR, line_problem
from chronomem.mcp.tools import TOOL_NAMES
from chronomem.service.auth import KeyStore
from chronomem.service.runtime import ServiceRuntime

INSTRUCTIONS = """\
chronomem is a temporal memory. Save what the user tells you with add_memory (one message
or note per call, with the time it was said). Before answering questions about the user or
their world, call get_context or search_facts. Facts carry validity dates: a fact whose
invalid_at is set has ended. Pass valid_at to ask what was true at a past time. When the
user says a fact is wrong, correct it with edit_fact or retract_fact (never by deleting
episodes); list_edits shows what was corrected and undo_edit reverses a correction."""


def build_server(
    runtime: ServiceRuntime,
    *,
    default_group: str | None = "default",
    allowed_groups: Sequence[str] | None = None,
) -> MCPServer:
    """An MCP server whose tools use ``runtime`` (start the runtime's workers yourself).

    Without a request key (stdio) the tools serve ``allowed_groups``, by default the
    ``default_group`` alone."""
    if allowed_groups is None:
        allowed_groups = [default_group] if default_group else []
    tools = CorrectingTools(runtime, default_group=default_group, allowed=allowed_groups)
    from chronomem import __version__

    server = MCPServer("chronomem", instructions=INSTRUCTIONS, version=__version__)
    for name in (*TOOL_NAMES, *CORRECTION_TOOL_NAMES):
        server.add_tool(getattr(tools, name), name=name)
    return server


class RequireKey:
    """ASGI guard for the HTTP transport: 401 unless the request has a live API key."""

    def __init__(self, app: ASGIApp, *, keys: KeyStore) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self._key_of(scope) is None:
            body = json.dumps(
                {
                    "detail": "missing or invalid API key: send 'Authorization: Bearer <key>'",
                    "code": "unauthorized",
                }
            ).encode()
            headers = [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]
            await send({"type": "http.response.start", "status": 401, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _key_of(self, scope: Scope) -> object | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        auth = headers.get("authorization", "")
        token = auth[7:].strip() if auth.lower().startswith("bearer ") else None
        return self.keys.verify(token or headers.get("x-api-key", ""))


class CheckedBody:
    """ASGI guard for the HTTP transport: a POST body that is not JSON, holds text that is
    not valid Unicode (a lone surrogate escape) or is over ``max_bytes`` gets a 400 / 413
    JSON-RPC error that says what to fix, instead of the SDK's bare parse error."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await _reply(send, 413, None, PARSE_ERROR, f"request over {self.max_bytes:,} bytes")
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        problem = line_problem(body.decode("utf-8", "replace")) if body.strip() else None
        if problem is not None:
            await _reply(send, 400, *problem)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _reply(send: Send, status: int, request_id: object, code: int, text: str) -> None:
    body = json.dumps(
        {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": text}}
    ).encode()
    headers = [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def http_app(runtime: ServiceRuntime, server: MCPServer, *, host: str) -> ASGIApp:
    """The streamable-HTTP app at ``/mcp``, behind :class:`RequireKey` and
    :class:`CheckedBody` (the REST body-size limit applies)."""
    app = CheckedBody(
        server.streamable_http_app(host=host), max_bytes=runtime.limits.max_body_bytes
    )
    return RequireKey(app, keys=runtime.keys)
