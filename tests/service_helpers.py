"""Shared by the service and MCP tests: runtimes on HashEmbedder, clients, server processes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import httpx

from chronomem import Memory
from chronomem.service import ServiceConfig, ServiceRuntime, open_runtime
from chronomem.service.app import create_app
from chronomem.testing import HashEmbedder, ManualClock

REPO = Path(__file__).resolve().parent.parent


def make_runtime(db: Path | str, **options: object) -> ServiceRuntime:
    """A runtime on ``db`` with the fast HashEmbedder (workers not started)."""
    config = ServiceConfig(db=str(db), **options)  # type: ignore[arg-type]
    return open_runtime(config, embedder=HashEmbedder())


@contextmanager
def replayed_service(
    db: Path | str, clock: ManualClock, story: Sequence[tuple[datetime, str]], group_id: str
) -> Iterator[tuple[ServiceRuntime, str]]:
    """A started runtime over ``db`` holding ``story`` replayed live (the clock at each
    message's time), and an admin token; closed at the end."""
    from tests.helpers import replay

    memory = Memory(str(db), embedder=HashEmbedder(), clock=clock)
    replay(memory, clock, story, group_id=group_id)
    runtime = open_runtime(ServiceConfig(db=str(db)), memory=memory)
    runtime.start()
    try:
        yield runtime, runtime.keys.create(name="admin", groups=["*"], admin=True).token
    finally:
        runtime.close()


def asgi_client(runtime: ServiceRuntime, token: str | None = None) -> httpx.AsyncClient:
    """An in-process client (httpx ASGI transport) for the runtime's REST app."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    transport = httpx.ASGITransport(app=create_app(runtime))
    return httpx.AsyncClient(transport=transport, base_url="http://service", headers=headers)


def wait_idle(runtime: ServiceRuntime, timeout_s: float = 20.0) -> None:
    """Block until nothing is queued or processing (or fail after ``timeout_s``)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        depth = runtime.queue.depth()
        if depth["queued"] == 0 and depth["processing"] == 0:
            return
        time.sleep(0.02)
    raise AssertionError(f"the queue did not drain in {timeout_s} s: {runtime.queue.depth()}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def chronomem_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "chronomem.cli.main", *args]


def start_server(
    db: Path, port: int, *extra: str, log: Path | None = None
) -> subprocess.Popen[bytes]:
    """``chronomem serve`` in a subprocess on 127.0.0.1:port; returns once /readyz answers."""
    out = open(log or os.devnull, "ab")  # noqa: SIM115 -- handed to the child process
    process = subprocess.Popen(
        chronomem_command(
            "serve",
            "--db",
            str(db),
            "--port",
            str(port),
            "--embedder",
            "hash",
            *(extra or ("--log-level", "warning")),
        ),
        stdout=out,
        stderr=subprocess.STDOUT,
        cwd=REPO,
    )
    out.close()
    wait_ready(f"http://127.0.0.1:{port}", process)
    return process


def wait_ready(base: str, process: subprocess.Popen[bytes], timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}")
        try:
            if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError("the server did not become ready")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def bodies(
    texts: Sequence[str], *, start: str = "2024-01-01T10:00:00+00:00"
) -> list[dict[str, str]]:
    """Request bodies for ``texts``, one minute apart from ``start``."""
    first = datetime.fromisoformat(start)
    return [
        {"content": text, "reference_time": (first + timedelta(minutes=n)).isoformat()}
        for n, text in enumerate(texts)
    ]
