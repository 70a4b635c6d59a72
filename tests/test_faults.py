"""Issue 11 deliverable: faults. Each test checks exactly-once storage afterwards.

- ``kill -9`` of ``chronomem add`` half way, then the same command again: every line is
  stored once (stable episode ids from group, reference time and content);
- ``kill -9`` of ``chronomem serve`` mid-ingestion, then a restart: every accepted
  episode is stored once;
- disk full: a small tmpfs mounted in a private mount namespace (``unshare -rm``); skipped,
  with the reason, where the machine does not allow it;
- a read-only file (a read-only bind mount, same namespace trick): reading works, writing
  fails with a clear error and changes nothing;
- same-group writers: four processes writing one group, nothing lost or doubled.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from chronomem.cli.jsonl import stable_id
from chronomem.intake import EpisodeInput
from tests.service_helpers import REPO, chronomem_command, free_port, start_server, stop

pytestmark = pytest.mark.slow
ENV = {**os.environ, "PYTHONPATH": str(REPO / "src")}
T0 = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)


def episode_ids(db: Path, group: str) -> list[str]:
    if not db.exists():
        return []
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT id FROM episodes WHERE group_id = ?", (group,)).fetchall()
    except sqlite3.OperationalError:
        return []
    finally:
        conn.close()
    return [r[0] for r in rows]


def wait_for(predicate: object, timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def lines(n: int, group: str) -> list[dict[str, str]]:
    people = ["Alice", "Bob", "Carol", "Dan", "Erin"]
    places = ["Berlin", "Paris", "Lisbon", "Oslo", "Rome", "Vienna"]
    return [
        {
            "content": f"{people[i % 5]}: I spent day {i} in {places[i % 6]} with "
            f"{people[(i + 2) % 5]}.",
            "group_id": group,
            "reference_time": (T0 + timedelta(hours=i)).isoformat(),
        }
        for i in range(n)
    ]


def test_kill_9_of_add_then_rerun_stores_each_line_once(tmp_path: Path) -> None:
    db, file = tmp_path / "memory.db", tmp_path / "import.jsonl"
    items = lines(60, "imp")
    file.write_text("\n".join(json.dumps(x) for x in items) + "\n")
    expected = {
        stable_id(EpisodeInput.from_mapping(x))
        for x in items  # the ids the import derives
    }
    command = chronomem_command("add", str(file), "--db", str(db), "--json")
    first = subprocess.Popen(
        command, env=ENV, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_for(lambda: len(episode_ids(db, "imp")) >= 5, 300, "the first episodes")
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    killed_at = len(episode_ids(db, "imp"))
    assert 5 <= killed_at < len(items), killed_at  # killed half way
    again = subprocess.run(command, env=ENV, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr[-2000:]
    assert f"{killed_at} episode(s) stored already" in again.stderr or killed_at == 0
    stored = episode_ids(db, "imp")
    assert len(stored) == len(items) and set(stored) == expected  # each line exactly once


def test_kill_9_of_serve_then_restart_stores_each_episode_once(tmp_path: Path) -> None:
    db, port = tmp_path / "memory.db", free_port()
    setup = subprocess.run(
        chronomem_command("keys", "create", "--db", str(db), "--groups", "*", "--json"),
        env=ENV,
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    token = json.loads(setup.stdout)["token"]
    headers = {"Authorization": f"Bearer {token}"}
    server = start_server(db, port)
    try:
        episodes = [
            {"content": x["content"], "reference_time": x["reference_time"]}
            for x in lines(80, "srv")
        ]
        r = httpx.post(
            f"http://127.0.0.1:{port}/v1/groups/srv/episodes/batch",
            json={"episodes": episodes},
            headers=headers,
            timeout=60,
        )
        assert r.status_code == 202, r.text
        accepted = {e["id"] for e in r.json()["episodes"]}
        wait_for(lambda: len(episode_ids(db, "srv")) >= 5, 120, "ingestion to start")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    assert len(episode_ids(db, "srv")) < len(accepted)  # killed mid-ingestion
    server = start_server(db, port)
    try:
        wait_for(lambda: len(episode_ids(db, "srv")) >= len(accepted), 300, "the rest")
        time.sleep(0.5)  # nothing more may arrive
        stored = episode_ids(db, "srv")
    finally:
        stop(server)
    assert len(stored) == len(accepted) and set(stored) == accepted


def _namespace_or_skip() -> None:
    """Skip, saying why, unless this machine lets a test mount in a private namespace."""
    if sys.platform != "linux" or shutil.which("unshare") is None:
        pytest.skip("needs Linux with unshare(1) to mount a private tmpfs / read-only bind")
    probe = subprocess.run(
        [
            "unshare",
            "-rm",
            "sh",
            "-c",
            "mount -t tmpfs -o size=1m tmpfs /mnt 2>&1 || "
            "mount -t tmpfs -o size=1m tmpfs /tmp 2>&1",
        ],
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        reason = (probe.stderr or probe.stdout).strip()[:200]
        print(f"skipping: cannot mount in a private namespace here ({reason})")
        pytest.skip(f"cannot mount in a private namespace here ({reason})")


def on_small_disk(tmp_path: Path, child_source: str, *args: str, then: str = "") -> object:
    """Run ``child_source`` (python, argv[1] = the mount) in a private mount namespace on a
    4 MiB tmpfs at ``tmp_path/small``, then the shell command ``then`` (still inside); the
    JSON object the child printed last."""
    _namespace_or_skip()
    mount = tmp_path / "small"
    mount.mkdir()
    child = tmp_path / "child.py"
    child.write_text(child_source)
    script = f"mount -t tmpfs -o size=4m tmpfs {mount} && {sys.executable} {child} {mount}"
    script += "".join(f" {a}" for a in args) + (f" && {then}" if then else "")
    run = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script],
        env=ENV,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


DISK_FULL_CHILD = textwrap.dedent(
    """
    import json, os, sys
    from datetime import UTC, datetime, timedelta
    from chronomem import Memory
    from chronomem.errors import ChronomemError, UsageError
    from chronomem.testing import HashEmbedder

    root = sys.argv[1]
    db, filler = os.path.join(root, "m.db"), os.path.join(root, "filler")
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    words = " ".join(f"word{i}" for i in range(400))
    with Memory(db, embedder=HashEmbedder()) as m:
        m.add_episode("Alice: hello", group_id="g", reference_time=t0, episode_id="e0")
        free = os.statvfs(root).f_bavail * os.statvfs(root).f_frsize
        with open(filler, "wb") as fh:  # leave about 100 KB
            fh.write(b"x" * max(0, free - 100_000))
        stored, error = ["e0"], None
        for i in range(1, 400):
            try:
                m.add_episode(f"Alice: note {i} {words}", group_id="g",
                              reference_time=t0 + timedelta(minutes=i), episode_id=f"e{i}")
                stored.append(f"e{i}")
            except ChronomemError as exc:
                error, failed = str(exc), f"e{i}"
                break
        os.remove(filler)
        retried = None
        if error is not None:
            retried = m.add_episode(f"Alice: note {i} {words}", group_id="g",
                                    reference_time=t0 + timedelta(minutes=i),
                                    episode_id=failed).episode.id
    print(json.dumps({"stored": stored, "failed": error and failed, "error": error,
                      "retried": retried}))
    """
)


def test_disk_full_fails_cleanly_then_exactly_once(tmp_path: Path) -> None:
    """Fill a 4 MiB tmpfs until an episode fails: a clear error, nothing half-written;
    after freeing space the same episode goes in, and each episode is stored once with no
    fact pointing at a missing episode."""
    mount, copy = tmp_path / "small", tmp_path / "copy.db"
    backup = (
        f"{sys.executable} -c \"import sqlite3; s=sqlite3.connect('{mount}/m.db'); "
        f"d=sqlite3.connect('{copy}'); s.backup(d)\""
    )
    out = on_small_disk(tmp_path, DISK_FULL_CHILD, then=backup)
    assert isinstance(out, dict)
    assert out["error"] and "free disk space" in out["error"], out  # says how to fix it
    assert out["retried"] == out["failed"]
    ids = episode_ids(copy, "g")
    assert sorted(ids) == sorted([*out["stored"], out["failed"]])
    conn = sqlite3.connect(copy)
    orphans = conn.execute(
        "SELECT count(*) FROM fact_episodes fe WHERE NOT EXISTS (SELECT 1 FROM episodes e "
        "WHERE e.group_id = fe.group_id AND e.id = fe.episode_id)"
    ).fetchone()[0]
    conn.close()
    assert orphans == 0


def test_a_read_only_file_reads_and_refuses_writes_cleanly(tmp_path: Path) -> None:
    _namespace_or_skip()
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "memory.db"
    add = subprocess.run(
        chronomem_command("add", "--db", str(db), "--group", "g"),
        input="Alice: I work at Acme.",
        env=ENV,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert add.returncode == 0, add.stderr
    before = episode_ids(db, "g")
    search = " ".join(
        chronomem_command("search", "Acme", "--db", str(db), "--group", "g", "--json")
    )
    write = " ".join(chronomem_command("add", "--db", str(db), "--group", "g"))
    script = (
        f"mount --bind {folder} {folder} && mount -o remount,ro,bind {folder} && "
        f"{search} > {tmp_path}/search.out 2> {tmp_path}/search.err; echo $? > {tmp_path}/s.rc; "
        f"echo 'Bob: hi' | {write} 2> {tmp_path}/add.err; echo $? > {tmp_path}/a.rc"
    )
    run = subprocess.run(
        ["unshare", "-rm", "sh", "-c", script],
        env=ENV,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "s.rc").read_text().strip() == "0", (tmp_path / "search.err").read_text()
    found = json.loads((tmp_path / "search.out").read_text())
    assert any(e["name"] == "Acme" for e in found["entities"])
    assert (tmp_path / "a.rc").read_text().strip() == "2"
    err = (tmp_path / "add.err").read_text()
    assert "Traceback" not in err and "may write" in err
    assert episode_ids(db, "g") == before
    assert not (folder / "memory.db-journal").exists()


WRITER_CHILD = textwrap.dedent(
    """
    import json, sys
    from datetime import UTC, datetime, timedelta
    from chronomem import Memory
    from chronomem.errors import ChronomemError
    from chronomem.testing import HashEmbedder

    db, worker, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    names = ["Alice", "Bob", "Carol", "Dan"]
    errors = []
    with Memory(db, embedder=HashEmbedder()) as m:
        for i in range(count):
            try:
                m.add_episode(
                    f"{names[worker]}: on day {i} I met {names[(worker + 1) % 4]} in Berlin.",
                    group_id="shared", reference_time=t0 + timedelta(hours=i, minutes=worker),
                    episode_id=f"w{worker}-{i}")
            except ChronomemError as exc:
                errors.append(f"{type(exc).__name__}: {exc}")
    print(json.dumps({"errors": errors}))
    """
)


def test_same_group_writers_lose_and_double_nothing(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    child = tmp_path / "writer.py"
    child.write_text(WRITER_CHILD)
    subprocess.run(
        [
            sys.executable,
            "-c",
            f"from chronomem.stores import SQLiteStore; SQLiteStore({str(db)!r}).close()",
        ],
        env=ENV,
        check=True,
    )
    count = 30
    procs = [
        subprocess.Popen(
            [sys.executable, str(child), str(db), str(w), str(count)],
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(4)
    ]
    errors: list[str] = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err[-2000:]
        errors += json.loads(out.strip().splitlines()[-1])["errors"]
    stored = episode_ids(db, "shared")
    assert errors == []  # every writer waited its turn
    assert len(stored) == 4 * count and len(set(stored)) == 4 * count
