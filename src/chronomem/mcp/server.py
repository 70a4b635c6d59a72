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
from starlette.types import ASGIApp, Receive, Scope, Send

from chronomem.mcp.tools import TOOL_NAMES, MemoryTools
from chronomem.service.auth import KeyStore
from chronomem.service.runtime import ServiceRuntime

INSTRUCTIONS = """\
chronomem is a temporal memory. Save what the user tells you with add_memory (one message
or note per call, with the time it was said). Before answering questions about the user or
their world, call get_context or search_facts. Facts carry validity dates: a fact whose
invalid_at is set has ended. Pass valid_at to ask what was true at a past time."""


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
    tools = MemoryTools(runtime, default_group=default_group, allowed=allowed_groups)
    server = MCPServer("chronomem", instructions=INSTRUCTIONS)
    for name in TOOL_NAMES:
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


def http_app(runtime: ServiceRuntime, server: MCPServer, *, host: str) -> ASGIApp:
    """The streamable-HTTP app at ``/mcp``, behind :class:`RequireKey`."""
    return RequireKey(server.streamable_http_app(host=host), keys=runtime.keys)
