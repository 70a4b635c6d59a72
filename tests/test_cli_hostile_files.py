"""Issue 22, finding 3: every CLI command that reads a file, on a catalogue of hostile files.

Each run must exit 2 with one error message (``chronomem: error: ...``; ``add`` may list
the bad lines under it, indented), never a traceback and never the last-resort
"internal error" message: the readers themselves turn what they cannot read or parse into a
``UsageError``. The store named by ``--db`` must be unchanged afterwards (its export and its
groups), on SQLite and on FalkorDB. A few files also run as a real ``chronomem`` process.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from chronomem import memory as memory_module
from chronomem.cli.main import main
from chronomem.model import ChangeSet, Entity
from chronomem.portable import export_lines
from chronomem.stores import open_store
from chronomem.testing import HashEmbedder

NOW = datetime(2024, 3, 1, tzinfo=UTC)
HEADER = {
    "type": "header",
    "format": "chronomem-export",
    "version": 1,
    "group_id": "g",
    "embedder": {"name": "hash-256", "dimension": 256},
    "chronomem_version": "0",
}
ENTITY = {
    "type": "entity",
    "id": "e1",
    "name": "Eve",
    "labels": [],
    "summary": "",
    "attributes": {},
    "created_at": "2024-01-01T00:00:00+00:00",
    "name_embedding": None,
}


def _lines(*records: object) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def _export(**entity: object) -> bytes:
    return _lines(HEADER, {**ENTITY, **entity})


def _vector(values: np.ndarray) -> str:
    return base64.b64encode(values.astype("<f4").tobytes()).decode()


def _chatgpt(create_time: object, mapping: object = None) -> bytes:
    node = {
        "id": "n1",
        "parent": None,
        "message": {
            "id": "m1",
            "author": {"role": "user"},
            "create_time": create_time,
            "content": {"content_type": "text", "parts": ["hi"]},
        },
    }
    conv = {"id": "c", "title": "t", "mapping": {"n1": node} if mapping is None else mapping}
    return json.dumps([conv]).encode()


def _claude(messages: object) -> bytes:
    return json.dumps([{"uuid": "c", "name": "t", "chat_messages": messages}]).encode()


def _chat_line(time: str) -> bytes:
    return b'{"role": "user", "content": "hi", "time": ' + time.encode() + b"}\n"


DIGITS = "9" * 5000
DEEP_LIST = b"[" * 50_000 + b"]" * 50_000
DEEP_OBJECT = b'{"a":' * 50_000 + b"1" + b"}" * 50_000

# name -> the file's bytes; None: no file at that path; "DIR": a directory
FILES: dict[str, bytes | str | None] = {
    "missing": None,
    "directory": "DIR",
    "symlink-loop": "LOOP",
    "empty": b"",
    "blank-lines": b"\n \n\t\n",
    "bom-only": b"\xef\xbb\xbf",
    "random-binary": bytes(range(256)) * 8,
    "latin-1": "caf\xe9 au lait\n".encode("latin-1"),
    "utf-16": '{"content": "hi"}'.encode("utf-16"),
    "raw-nul-bytes": b"\x00" * 64,
    "surrogate-bytes": b'{"content": "\xed\xa0\x80"}\n',
    "open-brace": b"{\n",
    "truncated-json": b'{"type": "header", "format": "chronomem-exp',
    "json-array": b"[]\n",
    "json-number": b"42\n",
    "json-null": b"null\n",
    "json-string": b'"hello"\n',
    "huge-integer-alone": DIGITS.encode() + b"\n",
    "huge-integer-in-object": b'{"type": "header", "version": ' + DIGITS.encode() + b"}\n",
    "deep-list": DEEP_LIST,
    "deep-object": DEEP_OBJECT,
    "nan-literal": b'{"content": NaN, "time": NaN}\n',
    "infinity-literal": b'{"content": Infinity}\n',
    "minus-infinity": b'[{"created_at": -Infinity}]\n',
    "overflowing-float": b'{"time": 1e999}\n',
    "lone-high-surrogate": b'{"content": "\\ud800", "role": "\\ud800"}\n',
    "lone-low-surrogate": b'[{"name": "\\udfff"}]\n',
    "nul-escape": b'{"content": "a\\u0000b", "group_id": "g\\u0000"}\n',
    "csv": b"role,content,time\nuser,hi,2024-01-01\n",
    "xml": b"<?xml version='1.0'?><conversations/>\n",
    "yaml": b"- role: user\n  content: hi\n",
    "long-garbage-line": b"x" * 1_000_000,
    "export-future-version": _lines({**HEADER, "version": 99}),
    "export-header-only-other-format": _lines({**HEADER, "format": "other"}),
    "export-short-vector": _export(name_embedding=_vector(np.ones(3))),
    "export-nan-vector": _export(name_embedding=_vector(np.full(256, np.nan))),
    "export-bad-base64": _export(name_embedding="%%%"),
    "export-nul-id": _export(id="e\u0000"),
    "export-nan-attribute": _export(attributes={"x": float("nan")}),
    "export-deep-attribute": _export(attributes={"x": json.loads("[" * 500 + "]" * 500)}),
    "export-unknown-type": _lines(HEADER, {"type": "widget"}),
    "export-bad-time": _export(created_at="the day before yesterday"),
    "export-year-zero": _export(created_at="0000-01-01T00:00:00+00:00"),
    "chatgpt-time-1e300": _chatgpt(1e300),
    "chatgpt-time-1e20": _chatgpt(1e20),
    "chatgpt-time-negative": _chatgpt(-1e15),
    "chatgpt-time-5000-digits": _chatgpt(7).replace(
        b'"create_time": 7', b'"create_time": ' + DIGITS.encode()
    ),
    "chatgpt-mapping-list": _chatgpt(1.0, mapping=[1, 2]),
    "chatgpt-node-number": _chatgpt(1.0, mapping={"n1": 5}),
    "chatgpt-deep-export": b'[{"mapping": ' + DEEP_OBJECT + b"}]",
    "claude-messages-string": _claude("hello"),
    "claude-message-number": _claude([7]),
    "claude-bad-time": _claude([{"sender": "human", "text": "hi", "created_at": "soon"}]),
    "jsonl-chat-time-1e20": _chat_line("1e20"),
    "jsonl-chat-time-negative": _chat_line("-1e15"),
    "jsonl-chat-time-digits": _chat_line(DIGITS),
    "jsonl-chat-time-text": _chat_line('"whenever"'),
    "episode-json-source-huge-int": _lines(
        {
            "content": DIGITS,
            "group_id": "g",
            "reference_time": "2024-01-01T00:00:00Z",
            "source": "json",
        }
    ),
    "episode-json-source-deep": _lines(
        {
            "content": "[" * 5000 + "]" * 5000,
            "group_id": "g",
            "reference_time": "2024-01-01T00:00:00Z",
            "source": "json",
        }
    ),
}

# the commands that read a file: argv after the file name ({db}: the store)
COMMANDS: dict[str, list[str]] = {
    "add": ["add", "{file}", "--db", "{db}"],
    "import": ["import", "{file}", "--db", "{db}"],
    "import-replace": ["import", "{file}", "--db", "{db}", "--group", "g", "--replace"],
    "import-chat-chatgpt": [
        "import-chat",
        "{file}",
        "--format",
        "chatgpt",
        "--db",
        "{db}",
        "--group",
        "g",
    ],
    "import-chat-claude": [
        "import-chat",
        "{file}",
        "--format",
        "claude",
        "--db",
        "{db}",
        "--group",
        "g",
    ],
    "import-chat-jsonl": [
        "import-chat",
        "{file}",
        "--format",
        "jsonl",
        "--db",
        "{db}",
        "--group",
        "g",
    ],
    "eval-jsonl": ["eval", "jsonl", "--data", "{file}", "--no-llm", "--quiet"],
    "eval-locomo": ["eval", "locomo", "--data", "{file}", "--no-llm", "--quiet"],
    "eval-longmemeval": ["eval", "longmemeval", "--data", "{file}", "--no-llm", "--quiet"],
}


def test_the_catalogue_is_large_enough() -> None:
    assert len(FILES) >= 40 and len(COMMANDS) >= 6


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hostile")
    paths = {}
    for name, content in FILES.items():
        path = folder / name
        if content == "DIR":
            path.mkdir()
        elif content == "LOOP":
            path.symlink_to(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        paths[name] = path
    return paths


@pytest.fixture(autouse=True)
def hash_embedder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    monkeypatch.chdir(tmp_path)  # eval writes its results file here


def _seeded(db: str) -> Callable[[], tuple[list[str], list[str]]]:
    """Put one entity in group "g" of ``db``; the snapshot function of the store."""
    with open_store(db) as store:
        store.bind_embedder("hash-256", 256)
        eve = Entity(id="eve", group_id="g", name="Eve", created_at=NOW)
        store.apply(ChangeSet("g", entities=(eve,)))

    def snapshot() -> tuple[list[str], list[str]]:
        with open_store(db) as store:
            lines = list(export_lines(store, "g", embedder=HashEmbedder(), now=NOW))
            return lines, sorted(store.group_ids())

    return snapshot


@pytest.fixture(params=["sqlite", "falkordb"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "memory.db")
        return
    from tests.falkordb_server import drop_prefix, session_server_url

    base, prefix = session_server_url(), f"t{uuid.uuid4().hex[:12]}"
    try:
        yield f"{base}/{prefix}"
    finally:
        drop_prefix(base, prefix)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_hostile_file_is_one_clear_error_and_changes_nothing(
    command: str, db: str, hostile: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    snapshot = _seeded(db)
    before = snapshot()
    failures = []
    for name, path in hostile.items():
        argv = [x.format(file=path, db=db) for x in COMMANDS[command]]
        code, err = _run(argv, capsys)
        lines = err.strip().splitlines()
        first = lines[0] if lines else ""
        ok = (
            code == 2
            and first.startswith("chronomem: error: ")
            and "chronomem bug" not in first
            and "Traceback" not in err
            and all(line.startswith("  ") for line in lines[1:])  # add's list of bad lines
            and len(first) < 2000
        )
        if not ok:
            failures.append(f"{name}: exit {code}: {err.strip()[:300]}")
    assert not failures, "\n".join(failures)
    assert snapshot() == before


@pytest.mark.parametrize("name", ["random-binary", "huge-integer-in-object", "chatgpt-deep-export"])
def test_a_real_process_prints_one_line_and_exits_2(name: str, hostile: dict[str, Path]) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    command = "import-chat" if name.startswith("chatgpt") else "import"
    extra = ["--format", "chatgpt", "--group", "g"] if command == "import-chat" else []
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "chronomem.cli.main",
            command,
            str(hostile[name]),
            "--db",
            str(hostile[name].parent / "p.db"),
            "--embedder",
            "hash",
            *extra,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("chronomem: error: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


DATA = (
    '{"type": "turn", "conversation": "c", "id": "t1", "text": "Alice: I live in Lisbon.", '
    '"time": "2024-05-01T10:00:00Z"}\n'
    '{"type": "question", "conversation": "c", "id": "q1", "question": "Where does Alice '
    'live?", "answer": "Lisbon", "evidence": ["t1"]}\n'
)


@pytest.mark.parametrize(
    "name",
    [
        "directory",
        "symlink-loop",
        "random-binary",
        "huge-integer-alone",
        "deep-list",
        "nan-literal",
    ],
)
def test_eval_reads_a_hostile_results_file_with_one_clear_error(
    name: str, hostile: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data.jsonl"
    data.write_text(DATA, encoding="utf-8")
    argv = ["eval", "jsonl", "--data", str(data), "--results", str(hostile[name]), "--no-llm"]
    code, err = _run([*argv, "--quiet"], capsys)
    assert code == 2 and err.startswith("chronomem: error: ") and err.count("\n") == 1, err
    assert "chronomem bug" not in err


@pytest.mark.parametrize("where", ["directory", "missing-folder"])
def test_export_to_a_path_that_cannot_be_written_is_one_clear_error(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "memory.db")
    _seeded(db)
    target = tmp_path if where == "directory" else tmp_path / "no" / "such" / "out.jsonl"
    code, err = _run(["export", "--db", db, "--group", "g", "-o", str(target)], capsys)
    assert code == 2 and err.startswith("chronomem: error: cannot write"), err
    assert err.count("\n") == 1 and not list(tmp_path.glob(".*.jsonl*"))
