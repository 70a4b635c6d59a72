"""Issue 11 deliverable: one catalogue of bad inputs (``tests/bad_inputs.py``), each sent
through every surface it applies to -- the Python API, the CLI, REST (a real ``chronomem
serve``), MCP over stdio and MCP over streamable HTTP (real ``chronomem mcp`` processes).

Each must be refused the way that surface refuses a caller's mistake (``UsageError``; exit
code 2 with a one-line error; a 4xx; an MCP tool error or JSON-RPC error), with a message
that names the problem, never a traceback -- and the store must be unchanged afterwards
(episodes, entities, facts, queue rows and API keys counted before and after). Issue 22
added JSON episode content, attribute values and import lines (an import with
``replace`` into the served group, which must stay as it was).

One process per surface for the whole module keeps it fast.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sqlite3
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.model import SearchFilter
from chronomem.portable import import_lines
from chronomem.service.auth import KeyStore
from chronomem.service.db import ServiceDB
from tests.bad_inputs import CASES, CLI, GROUP, HTTP, MISSING, PY, REST, STDIO, WHEN, Case
from tests.mcp_http_rpc import HttpRPC
from tests.service_helpers import free_port, start_server, stop
from tests.stdio_rpc import StdioRPC

pytestmark = pytest.mark.slow
STORY = ["Alice: I moved to Berlin last year.", "Alice: I work at Acme as a designer."]
TABLES = ("episodes", "entities", "facts", "service_queue", "service_api_keys", "groups")


def snapshot(db: Path) -> dict[str, int]:
    """Row counts of everything a bad input could have changed."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        return {
            t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES if t in names
        }
    finally:
        conn.close()


def _when(value: Any) -> Any:
    """A time for the Python API: a datetime when the text parses, else the raw value."""
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    return value


# -- surfaces -------------------------------------------------------------------------------
class PythonSurface:
    def __init__(self, memory: Memory, db: Path) -> None:
        self.memory, self.db = memory, db

    def refuse(self, case: Case) -> str:
        a = dict(case.args)
        with pytest.raises(UsageError) as caught:
            if case.op == "add" and (
                a.get("content") is MISSING
                or "content" not in a
                or "group_id" not in a
                or "reference_time" not in a
            ):
                self.memory.add_episodes([a])
            elif case.op == "add":
                self.memory.add_episode(
                    a["content"],
                    group_id=a["group_id"],
                    reference_time=_when(a["reference_time"]),
                    **{k: a[k] for k in ("source", "source_description", "episode_id") if k in a},
                )
            elif case.op == "search":
                self.memory.search(
                    a["query"],
                    group_id=a["group_id"],
                    valid_at=_when(a.get("valid_at")),
                    known_at=_when(a.get("known_at")),
                    **{k: a[k] for k in ("limit", "recipe") if k in a},
                )
            elif case.op == "context":
                self.memory.context(
                    a["query"],
                    group_id=a["group_id"],
                    valid_at=_when(a.get("valid_at")),
                    known_at=_when(a.get("known_at")),
                    max_tokens=a.get("max_tokens", 1600),
                )
            elif case.op == "timeline":
                self.memory.get_timeline(a["entity"], group_id=a["group_id"])
            elif case.op == "add_fact":
                self.memory.add_fact(
                    a["source"],
                    a["relation"],
                    a["target"],
                    group_id=a["group_id"],
                    attributes=a["attributes"],
                )
            elif case.op == "attribute_search":
                wanted = SearchFilter(fact_attributes=a["fact_attributes"])
                self.memory.search(a["query"], group_id=a["group_id"], filter=wanted)
            elif case.op == "import":
                import_lines(
                    self.memory.store,
                    a["lines"],
                    embedder=self.memory.embedder,
                    group_id=GROUP,
                    replace_group=True,
                )
            else:
                raise AssertionError(f"no Python form for {case.op}")
        return str(caught.value)


class CliSurface:
    """``chronomem`` in this process (its ``main``), on the Python surface's file."""

    def __init__(self, db: Path, tmp: Path) -> None:
        self.db, self.tmp = db, tmp

    def run(self, argv: list[str], stdin: str = "") -> tuple[int, str]:
        err, out = io.StringIO(), io.StringIO()
        old_stdin = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
                try:
                    code = main(argv)
                except SystemExit as exc:  # argparse
                    code = int(exc.code or 0)
        finally:
            sys.stdin = old_stdin
        return code, err.getvalue()

    def argv(self, case: Case) -> tuple[list[str], str]:
        a, db = case.args, str(self.db)
        if case.op == "add":
            line = json.dumps({k: v for k, v in a.items() if v is not MISSING})
            path = self.tmp / f"{case.id}.jsonl"
            path.write_text(line + "\n", encoding="ascii")
            return ["add", str(path), "--db", db], ""
        if case.op == "add_file":
            return ["add", str(self._file(case)), "--db", db], ""
        if case.op == "add_stdin":
            return ["add", "-", "--db", db, *a["options"]], a["text"]
        if case.op == "argv":
            missing = str(self.tmp / "no-such-dir" / "typo.db")
            return [x.format(db=db, missing=missing) for x in a["argv"]], ""
        if case.op in ("search", "context"):
            argv = [case.op, a["query"], "--db", db, "--group", a["group_id"]]
            for key in ("valid_at", "known_at", "limit", "max_tokens"):
                if key in a:
                    argv += ["--" + key.replace("_", "-"), str(a[key])]
            return argv, ""
        if case.op == "timeline":
            return ["timeline", a["entity"], "--db", db, "--group", a["group_id"]], ""
        if case.op == "import":
            path = self.tmp / f"{case.id}.jsonl"
            path.write_text("\n".join(a["lines"]) + "\n", encoding="utf-8")
            return ["import", str(path), "--db", db, "--group", GROUP, "--replace"], ""
        if case.op == "key_create":
            argv = ["keys", "create", "--db", db, "--name", a["name"]]
            return argv + [x for g in a["groups"] for x in ("--groups", g)], ""
        if case.op == "key_revoke":
            return ["keys", "revoke", a["key_id"], "--db", db], ""
        raise AssertionError(f"no CLI form for {case.op}")

    def _file(self, case: Case) -> Path:
        if case.args.get("missing"):
            return self.tmp / "missing.jsonl"
        if case.args.get("directory"):
            return self.tmp
        good = json.dumps({"content": "Bob: new line", "group_id": GROUP, "reference_time": WHEN})
        lines = [good.encode() if x == "GOOD" else x for x in case.args["lines"]]
        path = self.tmp / f"{case.id}.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        return path

    def refuse(self, case: Case) -> str:
        argv, stdin = self.argv(case)
        code, err = self.run(argv, stdin)
        assert code == 2, (code, err)
        assert "Traceback" not in err, err
        if case.op == "argv" and "{missing}" in case.args["argv"]:
            assert not (self.tmp / "no-such-dir").exists()
        return err


class RestSurface:
    def __init__(self, base: str, tokens: dict[str, str]) -> None:
        self.base, self.tokens = base, tokens
        self.http = httpx.Client(base_url=base, timeout=60)

    def request(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        raw: bytes | None = None,
        token: str | None = "admin",
        params: dict[str, str] | None = None,
    ) -> httpx.Response:
        headers = {"content-type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {self.tokens.get(token, token)}"
        content = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        return self.http.request(method, path, content=content, headers=headers, params=params)

    def refuse(self, case: Case) -> str:
        a = dict(case.args)
        token = case.extra.get("token", "admin")
        if a.get("group_id") == "other":
            token = "tenant"  # a key for GROUP only
        gid = quote(str(a.pop("group_id", GROUP)), safe="")
        group = f"/v1/groups/{gid}"
        if case.op == "add":
            r = self.request(
                "POST",
                f"{group}/episodes",
                body={k: v for k, v in a.items() if v is not MISSING},
                token=token,
            )
        elif case.op in ("search", "context"):
            r = self.request("POST", f"{group}/{case.op}", body=a, token=token)
        elif case.op == "timeline":
            r = self.request(
                "GET", f"{group}/timeline", params={"entity": a["entity"]}, token=token
            )
        elif case.op == "delete_episode":
            r = self.request(
                "DELETE", f"{group}/episodes/{quote(a['episode_id'], safe='')}", token=token
            )
        elif case.op == "delete_fact":
            r = self.request("DELETE", f"{group}/facts/{quote(a['fact_id'], safe='')}", token=token)
        elif case.op == "clear_group":
            r = self.request("DELETE", group, token=token)
        elif case.op == "key_create":
            r = self.request("POST", "/v1/keys", body=a, token=token)
        elif case.op == "key_revoke":
            key_id = self.tokens["root-id"] if a["key_id"] == "ROOT" else a["key_id"]
            r = self.request("DELETE", f"/v1/keys/{key_id}", token=token)
        elif case.op == "add_fact":
            r = self.request("POST", f"{group}/facts", body=a, token=token)
        elif case.op == "attribute_search":
            r = self.request("POST", f"{group}/search", body=a, token=token)
        elif case.op == "import":
            lines = "\n".join(a["lines"]).encode()
            params = {"replace": "true"}
            r = self.request("POST", f"{group}/import", raw=lines, token=token, params=params)
        elif case.op == "raw":
            path = f"/v1/groups/{GROUP}/{a['path']}"
            r = self.request(
                "POST", path, raw=a.get("body") or json.dumps(a.get("json")).encode(), token=token
            )
        else:
            raise AssertionError(f"no REST form for {case.op}")
        assert 400 <= r.status_code < 500, (r.status_code, r.text[:500])
        return str(r.json()["detail"])


TOOLS = {
    "add": "add_memory",
    "search": "search_facts",
    "context": "get_context",
    "timeline": "get_timeline",
    "delete_episode": "delete_episode",
    "delete_fact": "delete_fact",
    "clear_group": "clear_group",
}


def tool_args(case: Case) -> dict[str, Any]:
    args = {k: v for k, v in case.args.items() if v is not MISSING}
    if case.op == "add":
        args["wait_seconds"] = 0
    return args


class StdioSurface:
    def __init__(self, rpc: StdioRPC) -> None:
        self.rpc = rpc

    def refuse(self, case: Case) -> str:
        line = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1000,
                "method": "tools/call",
                "params": {"name": TOOLS[case.op], "arguments": tool_args(case)},
            }
        )
        answer = self.rpc.raw(line)
        result = answer.get("result") or answer
        assert result.get("isError") or "error" in result, answer
        return self.rpc.text(result)


class HttpSurface:
    def __init__(self, rpc: HttpRPC) -> None:
        self.rpc = rpc

    def refuse(self, case: Case) -> str:
        status, result = self.rpc.tool(TOOLS[case.op], tool_args(case))
        if status >= 400:
            assert status < 500, (status, result)
            return json.dumps(result)
        assert result.get("isError") or "error" in result, result
        return StdioRPC.text(result)


# -- fixtures: one process per surface -----------------------------------------------------
@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Memory, Path, Path]]:
    tmp = tmp_path_factory.mktemp("local")
    db = tmp / "memory.db"
    with Memory(str(db)) as memory:
        for i, text in enumerate(STORY):
            memory.add_episode(
                text,
                group_id=GROUP,
                reference_time=datetime.fromisoformat(f"2024-01-0{i + 1}T10:00:00+00:00"),
            )
        yield memory, db, tmp


def _keys(db: Path) -> dict[str, str]:
    service = ServiceDB(str(db))
    try:
        keys = KeyStore(service)
        root = keys.create(name="root", groups=["*"], admin=True)
        return {
            "admin": root.token,
            "root-id": root.key.id,
            "scoped-admin": keys.create(name="acme", groups=["acme-*"], admin=True).token,
            "tenant": keys.create(name="tenant", groups=[GROUP]).token,
        }
    finally:
        service.close()


@pytest.fixture(scope="module")
def rest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RestSurface, Path]]:
    db = tmp_path_factory.mktemp("rest") / "memory.db"
    tokens = _keys(db)
    port = free_port()
    process = start_server(db, port)
    surface = RestSurface(f"http://127.0.0.1:{port}", tokens)
    try:
        for text in STORY:
            r = surface.request("POST", f"/v1/groups/{GROUP}/episodes", body={"content": text})
            assert r.status_code == 202, r.text
        _wait_ingested(db)
        yield surface, db
    finally:
        surface.http.close()
        stop(process)


def _wait_ingested(db: Path, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if snapshot(db).get("episodes", 0) >= len(STORY):
            return
        time.sleep(0.1)
    raise AssertionError("the story was not ingested")


@pytest.fixture(scope="module")
def stdio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[StdioSurface, Path]]:
    db = tmp_path_factory.mktemp("stdio") / "memory.db"
    with StdioRPC(db, "--group", GROUP) as rpc:
        for text in STORY:
            rpc.tool("add_memory", {"content": text, "wait_seconds": 30})
        _wait_ingested(db)
        yield StdioSurface(rpc), db


@pytest.fixture(scope="module")
def mcp_http(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[HttpSurface, Path]]:
    db = tmp_path_factory.mktemp("http") / "memory.db"
    token = _keys(db)["tenant"]
    rpc = HttpRPC(db, token, "--group", GROUP)
    try:
        for text in STORY:
            rpc.tool("add_memory", {"content": text, "wait_seconds": 30})
        _wait_ingested(db)
        yield HttpSurface(rpc), db
    finally:
        rpc.close()


@pytest.fixture
def surface(request: pytest.FixtureRequest) -> tuple[Any, Path]:
    name = request.param
    if name in (PY, CLI):
        memory, db, tmp = request.getfixturevalue("local")
        return (PythonSurface(memory, db) if name == PY else CliSurface(db, tmp)), db
    fixture = {REST: "rest", STDIO: "stdio", HTTP: "mcp_http"}[name]
    return request.getfixturevalue(fixture)


PARAMS = [
    pytest.param(case, name, id=f"{case.op}:{case.id}@{name}", marks=[])
    for case in CASES
    for name in case.surfaces
]


def test_the_catalogue_is_big_enough() -> None:
    assert len(CASES) >= 100, len(CASES)
    assert len({c.id + c.op for c in CASES}) == len(CASES)
    assert len(PARAMS) >= 300


@pytest.mark.parametrize(
    ("case", "surface"),
    [(p.values[0], p.values[1]) for p in PARAMS],
    ids=[p.id for p in PARAMS],
    indirect=["surface"],
)
def test_bad_input_is_refused_with_a_fix_and_changes_nothing(
    case: Case, surface: tuple[Any, Path]
) -> None:
    driver, db = surface
    before = snapshot(db)
    message = driver.refuse(case)
    assert re.search(case.expect, message, re.IGNORECASE | re.DOTALL), message[:600]
    assert "Traceback" not in message
    assert snapshot(db) == before
