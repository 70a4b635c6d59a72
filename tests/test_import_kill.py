"""Issue 22: kill -9 in the middle of ``chronomem import --replace`` leaves the group either
exactly as it was or exactly as the file, never a mix (one transaction per store).

A real ``chronomem import`` process restores a large file (about 12,000 rows) over a group
holding other content and is killed with SIGKILL at several moments of its run. On SQLite
one kill waits until the write transaction is visibly under way (the write-ahead log grows
while the transaction spills its pages), so the kill lands inside the write itself.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronomem.portable import export_lines
from chronomem.stores import open_store
from chronomem.testing import HashEmbedder
from tests.helpers import t
from tests.test_import_atomic import fill

pytestmark = pytest.mark.slow
NOW = t("2024-03-01T00:00")
ROWS = 4000  # entities; about 3 x this many rows in the file
FRACTIONS = (0.05, 0.3, 0.5, 0.7, 0.85, 0.95)


def _export(db: str) -> list[str]:
    with open_store(db) as store:
        return list(export_lines(store, "g", embedder=HashEmbedder(), now=NOW))


def _fill(db: str, n: int, word: str) -> None:
    with open_store(db) as store:
        store.bind_embedder("hash-256", 256)
        fill(store, "g", n, word=word)


@pytest.fixture(scope="module")
def new_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    folder = tmp_path_factory.mktemp("kill")
    source = str(folder / "source.db")
    _fill(source, ROWS, "new")
    lines = _export(source)
    path = folder / "new.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path, lines


@pytest.fixture(params=["sqlite", "falkordb"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path | None]]:
    """(the --db of a store holding the old group, its WAL file when it is SQLite)."""
    if request.param == "sqlite":
        db = tmp_path / "target.db"
        yield str(db), Path(f"{db}-wal")
        return
    from tests.falkordb_server import drop_prefix, session_server_url

    base, prefix = session_server_url(), f"t{uuid.uuid4().hex[:12]}"
    try:
        yield f"{base}/{prefix}", None
    finally:
        drop_prefix(base, prefix)


def _start(file: Path, db: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    argv = [sys.executable, "-m", "chronomem.cli.main", "import", str(file), "--db", db]
    argv += ["--group", "g", "--replace", "--embedder", "hash"]
    return subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _kill_when_the_wal_grows(process: subprocess.Popen[bytes], wal: Path) -> bool:
    """SIGKILL as soon as the WAL is past its size at the start; True if the kill came
    before the process ended."""
    start = wal.stat().st_size if wal.exists() else 0
    while process.poll() is None:
        if wal.exists() and wal.stat().st_size > start + 1_000_000:
            process.send_signal(signal.SIGKILL)
            process.wait()
            return True
        time.sleep(0.002)
    return False


def test_kill_9_mid_replace_leaves_exactly_old_or_exactly_new(
    new_file: tuple[Path, list[str]], target: tuple[str, Path | None]
) -> None:
    path, new = new_file
    db, wal = target
    _fill(db, 50, "old")
    old = _export(db)
    started = time.monotonic()
    whole = _start(path, db)
    assert whole.wait(timeout=600) == 0, whole.stderr.read() if whole.stderr else ""
    duration = time.monotonic() - started
    assert _export(db) == new
    _reset(db)
    _fill(db, 50, "old")
    assert _export(db) == old
    outcomes = []
    for fraction in FRACTIONS:
        process = _start(path, db)
        time.sleep(duration * fraction)
        process.send_signal(signal.SIGKILL)
        process.wait()
        outcomes.append(_outcome(_settled(db), old, new, f"killed at {fraction:.0%}"))
        if outcomes[-1] == "new":
            _reset(db)
            _fill(db, 50, "old")
    if wal is not None:
        _reset(db)
        _fill(db, 50, "old")
        process = _start(path, db)
        assert _kill_when_the_wal_grows(process, wal), "the import ended before the kill"
        assert _outcome(_settled(db), old, new, "killed mid-write") == "old"
    assert "old" in outcomes  # at least one kill came before the commit


def _settled(db: str) -> list[str]:
    """The group once nothing writes to it any more. A client killed after sending its one
    write leaves the server running that write to its end; an export is several reads, so
    one taken meanwhile can straddle the commit. Two exports in a row that agree are the
    state the kill left (the write itself is one query: atomic, old or new)."""
    before = _export(db)
    for _ in range(50):
        time.sleep(0.2)
        now = _export(db)
        if now == before:
            return now
        before = now
    raise AssertionError("the group kept changing for 10 s after the import was killed")


def _outcome(now: list[str], old: list[str], new: list[str], when: str) -> str:
    if now == old:
        return "old"
    if now != new:  # say where, without pytest's diff of 12,000 lines (minutes of difflib)
        extra, missing = sorted(set(now) - set(new)), sorted(set(new) - set(now))
        pytest.fail(
            f"{when}: the group is neither the old nor the new one ({len(now)} lines; "
            f"{len(extra)} not in the file, e.g. {extra[:1]!r:.300}; {len(missing)} of the "
            f"file missing, e.g. {missing[:1]!r:.300})"
        )
    return "new"


def _reset(db: str) -> None:
    with open_store(db) as store:
        store.delete_group("g")
