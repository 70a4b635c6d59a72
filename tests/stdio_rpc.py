"""A raw JSON-RPC client for ``chronomem mcp`` over stdio: one process, line by line, so a
test can send what the SDK client would refuse to (lone surrogates, broken JSON)."""

from __future__ import annotations

import json
import os
import select
import subprocess
from pathlib import Path
from typing import Any

from tests.service_helpers import REPO, chronomem_command


class StdioRPC:
    def __init__(self, db: Path, *options: str, timeout_s: float = 60.0) -> None:
        self.db = db
        self.timeout_s = timeout_s
        self.log: list[dict[str, Any]] = []
        self._next = 0
        env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
        command = chronomem_command("mcp", "--db", str(db), "--embedder", "hash", *options)
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=str(REPO),
            env=env,
        )
        self.request(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "tests", "version": "1"},
            },
        )
        self._send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))

    def __enter__(self) -> StdioRPC:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def _send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode("utf-8", "surrogatepass") + b"\n")
        self.process.stdin.flush()

    def _receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], self.timeout_s)
        if not ready:
            raise TimeoutError("chronomem mcp did not answer")
        line = self.process.stdout.readline()
        if not line:
            raise EOFError("chronomem mcp closed its output")
        answer: dict[str, Any] = json.loads(line)
        self.log.append(answer)
        return answer

    def raw(self, line: str) -> dict[str, Any]:
        self._send(line)
        return self._receive()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next += 1
        self._send(
            json.dumps({"jsonrpc": "2.0", "id": self._next, "method": method, "params": params})
        )
        return self._receive()

    def tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """The tool's result (``isError`` set on a tool error) or the JSON-RPC error."""
        answer = self.request("tools/call", {"name": name, "arguments": arguments})
        return answer.get("result") or answer

    @staticmethod
    def text(answer: dict[str, Any]) -> str:
        if "error" in answer:
            return str(answer["error"].get("message", ""))
        return " ".join(c.get("text", "") for c in answer.get("content", []))
