"""The MCP server (``pip install "chronomem[mcp]"``): ``chronomem mcp`` over stdio or HTTP."""

from chronomem.mcp.server import build_server, http_app

__all__ = ["build_server", "http_app"]
