"""MCP over stdio with an answer for every request line.

The SDK's stdio transport drops a line it cannot decode (a lone surrogate escape such as
``"\\ud800"``, JSON nested too deep, not JSON at all) without replying, so the client waits
forever. :class:`CheckedLines` sits between stdin and the transport: such a line gets a
JSON-RPC error reply (with the request's id when it can be read) and never reaches the
tools; every other line passes through unchanged.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterable, AsyncIterator
from io import TextIOWrapper

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import ErrorData, JSONRPCError

PARSE_ERROR = -32700
INVALID_PARAMS = -32602

Problem = tuple[str | int | None, int, str]


def line_problem(line: str) -> Problem | None:
    """(request id, JSON-RPC error code, message) for a line the transport cannot take."""
    try:
        message = json.loads(line)
    except RecursionError:
        return None, PARSE_ERROR, "request nested too deeply: send flat JSON"
    except ValueError as exc:
        return None, PARSE_ERROR, f"request is not JSON ({exc}): send one JSON-RPC object a line"
    request_id = message.get("id") if isinstance(message, dict) else None
    if not isinstance(request_id, str | int) or isinstance(request_id, bool):
        request_id = None
    if not _encodable(message):
        return (
            request_id,
            INVALID_PARAMS,
            "text must be valid Unicode (no lone surrogate escapes such as \\ud800): "
            "fix the text and send it again",
        )
    return None


def _encodable(value: object) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


class CheckedLines:
    """The stdin lines the SDK reads; bad lines are answered through ``attach``'s stream."""

    def __init__(self, source: AsyncIterable[str]) -> None:
        self._source = source
        self._reply: object = None
        self._ready = anyio.Event()

    def attach(self, write_stream: object) -> None:
        self._reply = write_stream
        self._ready.set()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        async for line in self._source:
            if not line.strip():
                continue
            problem = line_problem(line)
            if problem is None:
                yield line
                continue
            request_id, code, text = problem
            await self._ready.wait()
            error = JSONRPCError(
                jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=text)
            )
            await self._reply.send(SessionMessage(error))  # type: ignore[attr-defined]


async def serve_stdio(server: MCPServer) -> None:
    """``server.run("stdio")`` with every request line answered (see :class:`CheckedLines`)."""
    stdin = TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    lines = CheckedLines(anyio.wrap_file(stdin))
    async with stdio_server(stdin=lines) as (read_stream, write_stream):  # type: ignore[arg-type]
        lines.attach(write_stream)
        low = server._lowlevel_server  # what MCPServer.run_stdio_async runs, with our stdin
        await low.run(read_stream, write_stream, low.create_initialization_options())
