"""A raw JSON-RPC client for ``chronomem mcp --transport http`` (streamable HTTP at /mcp):
one server process, requests written by hand so a test can send what the SDK client would
refuse to (lone surrogates, wrong types)."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

from tests.service_helpers import REPO, chronomem_command, free_port, stop


class HttpRPC:
    def __init__(self, db: Path, token: str, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.process = subprocess.Popen(
            chronomem_command(
                "mcp",
                "--db",
                str(db),
                "--embedder",
                "hash",
                "--transport",
                "http",
                "--port",
                str(self.port),
                *options,
            ),
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.http = httpx.Client(timeout=60)
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
        }
        self._wait()
        self._next = 0
        init = self.post_json(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "tests", "version": "1"},
                },
            }
        )
        session = init.headers.get("mcp-session-id")
        if session:
            self.headers["mcp-session-id"] = session
        self.headers["mcp-protocol-version"] = "2025-06-18"
        self.post_json({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _wait(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError("chronomem mcp --transport http exited")
            try:
                self.http.post(self.url, content=b"{}", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("chronomem mcp --transport http did not start")

    def close(self) -> None:
        self.http.close()
        stop(self.process)

    def post_json(self, message: dict[str, Any]) -> httpx.Response:
        return self.post_raw(json.dumps(message).encode())

    def post_raw(self, body: bytes) -> httpx.Response:
        return self.http.post(self.url, content=body, headers=self.headers)

    @staticmethod
    def answer(response: httpx.Response) -> dict[str, Any]:
        """The JSON-RPC message of a response (plain JSON or one server-sent event)."""
        text = response.text
        if response.headers.get("content-type", "").startswith("text/event-stream"):
            for line in text.splitlines():
                if line.startswith("data:") and line[5:].strip():
                    return dict(json.loads(line[5:]))
            return {}
        try:
            return dict(json.loads(text)) if text.strip() else {}
        except ValueError:
            return {"error": {"message": text}}

    def tool(self, name: str, arguments: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """(HTTP status, the tool's result or the JSON-RPC error)."""
        self._next += 1
        message = {
            "jsonrpc": "2.0",
            "id": self._next,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        response = self.post_json(message)
        answer = self.answer(response)
        return response.status_code, answer.get("result") or answer
