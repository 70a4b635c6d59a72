"""The bad-input catalogue: each case a caller mistake, in surface-neutral form.

A case names an operation (``add``, ``search``, ``context``, ``timeline``, ...), its
arguments, a regular expression the refusal must match (case-insensitive: the message
has to say what is wrong) and the surfaces it applies to. ``tests/test_bad_input_catalogue.py``
sends each case through each of its surfaces.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

PY, CLI, REST, STDIO, HTTP = "python", "cli", "rest", "mcp-stdio", "mcp-http"
ALL = (PY, CLI, REST, STDIO, HTTP)
NO_CLI = (PY, REST, STDIO, HTTP)  # e.g. NUL: a command-line argument cannot hold one
SERVICE = (REST, STDIO, HTTP)
MCP = (STDIO, HTTP)
GROUP = "g"  # the group every surface serves; "other" is outside every key and server
WHEN = "2024-01-01T10:00:00Z"

UNICODE = r"unicode|surrogate"
NUL = r"NUL|\\u0000|\\x00"
ZONE = r"time ?zone|naive"
BAD_TIME = r"ISO|datetime|valid|input"
OVERFLOW = r"1-9999|outside|calendar|range|overflow"
GROUP_ID = r"group"
OUTSIDE = r"not allowed|may not use|allowed groups"
TEXT_TYPE = r"text|str|string"


@dataclass(frozen=True)
class Case:
    id: str
    op: str
    args: dict[str, Any]
    expect: str
    surfaces: tuple[str, ...] = ALL
    extra: dict[str, Any] = field(default_factory=dict)


def add(id_: str, expect: str, surfaces: tuple[str, ...] = ALL, **changes: Any) -> Case:
    args: dict[str, Any] = {"content": "Alice: I moved to Berlin.", "group_id": GROUP}
    args["reference_time"] = WHEN
    args.update(changes)
    return Case(id_, "add", {k: v for k, v in args.items() if v is not MISSING}, expect, surfaces)


def search(id_: str, expect: str, surfaces: tuple[str, ...] = ALL, **changes: Any) -> Case:
    args: dict[str, Any] = {"query": "Where does Alice live?", "group_id": GROUP, **changes}
    return Case(id_, "search", args, expect, surfaces)


def context(id_: str, expect: str, surfaces: tuple[str, ...] = ALL, **changes: Any) -> Case:
    args: dict[str, Any] = {"query": "Where does Alice live?", "group_id": GROUP, **changes}
    return Case(id_, "context", args, expect, surfaces)


def timeline(id_: str, expect: str, surfaces: tuple[str, ...] = ALL, **changes: Any) -> Case:
    args: dict[str, Any] = {"entity": "Alice", "group_id": GROUP, **changes}
    return Case(id_, "timeline", args, expect, surfaces)


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
# Over the episode limit and not splittable into passages (a message or text this long is
# ingested as passages through Memory, engine/passages.py; a JSON document is refused).
BIG = "[" + "1," * 50_000 + "1]"

ADD_CASES = [
    add("content-empty", r"empty|at least 1", content=""),
    add("content-blank", r"empty", content="   \n\t "),
    add("content-lone-high-surrogate", UNICODE, content="\ud800"),
    add("content-surrogate-in-text", UNICODE, content="Alice: hi \ud800 there"),
    add("content-lone-low-surrogate", UNICODE, content="\udfff tail"),
    add("content-half-pair", UNICODE, content="ab\ud83dcd"),
    add("content-nul-inside", NUL, content="Alice: a\x00b"),
    add("content-nul-only", NUL, content="\x00"),
    add("content-too-long", r"100,000|limit|at most", source="json", content=BIG),
    add("content-number", TEXT_TYPE, content=42),
    add("content-null", TEXT_TYPE + r"|none|null", content=None),
    add("content-bool", TEXT_TYPE + r"|bool", content=True),
    add("content-missing", r"missing|required", content=MISSING),
    add("source-unknown", r"source", source="video"),
    add("source-empty", r"source", source=""),
    add("source-number", r"source|string", source=3),
    add("json-unclosed-object", r"JSON", source="json", content="{"),
    add("json-unclosed-array", r"JSON", source="json", content="[1, 2"),
    add("json-single-quotes", r"JSON", source="json", content="{'a': 1}"),
    add("json-trailing-garbage", r"JSON", source="json", content='{"a": 1} x'),
    add("time-naive", ZONE, reference_time="2024-01-01T10:00:00"),
    add("time-date-only", ZONE, reference_time="2024-01-01"),
    add("time-words", BAD_TIME, reference_time="yesterday"),
    add("time-month-13", BAD_TIME, reference_time="2024-13-01T00:00:00Z"),
    add("time-feb-30", BAD_TIME, reference_time="2024-02-30T00:00:00Z"),
    add("time-overflow-utc", OVERFLOW, reference_time="9999-12-31T23:00:00-14:00"),
    add("time-underflow-utc", OVERFLOW, reference_time="0001-01-01T00:30:00+01:00"),
    add("time-empty", BAD_TIME, reference_time=""),
    add("time-offset-25h", BAD_TIME, reference_time="2024-01-01T10:00:00+25:00"),
    add("time-number", BAD_TIME + r"|string|datetime", (PY, CLI, STDIO, HTTP), reference_time=17),
    add("group-empty", GROUP_ID + r"|empty", (PY, CLI, STDIO, HTTP), group_id=""),
    add("group-space", GROUP_ID, group_id="a b"),
    add("group-dotdot", GROUP_ID, (PY, CLI, STDIO, HTTP), group_id="../etc"),
    add("group-too-long", GROUP_ID, group_id="x" * 129),
    add("group-accents", GROUP_ID, group_id="ünï"),
    add("group-nul", GROUP_ID, (PY, CLI, STDIO, HTTP), group_id="g\x00"),
    add("group-wildcard", GROUP_ID, group_id="*"),
    add("group-number", GROUP_ID + r"|string", (PY, CLI, STDIO, HTTP), group_id=42),
    add("group-outside", OUTSIDE, SERVICE, group_id="other"),
    add("episode-id-empty", r"episode_id", episode_id=""),
    add("episode-id-blank", r"episode_id", episode_id="   "),
    add("episode-id-surrogate", r"episode_id|" + UNICODE, episode_id="ep\ud800"),
    add("episode-id-nul", r"episode_id|" + NUL, episode_id="ep\x00"),
    add("episode-id-number", r"episode_id|string", episode_id=7),
    add("episode-id-space", r"episode_id", SERVICE, episode_id="a b"),
    add("episode-id-too-long", r"episode_id", SERVICE, episode_id="x" * 129),
    add("episode-id-path", r"episode_id", SERVICE, episode_id="../../etc/passwd"),
    add(
        "source-description-too-long", r"source_description", SERVICE, source_description="x" * 501
    ),
    add(
        "source-description-surrogate",
        r"source_description|" + UNICODE,
        source_description="\ud800",
    ),
    add("source-description-nul", r"source_description|" + NUL, source_description="a\x00"),
    add("source-description-number", r"source_description|string", source_description=5),
    add("group-missing", r"missing|group", (PY, CLI), group_id=MISSING),
    add("time-missing", r"missing|reference_time", (PY, CLI), reference_time=MISSING),
    add("unknown-field", r"extra|not permitted|colour", (REST,), colour="blue"),
]

SEARCH_CASES = [
    search("query-empty", r"empty|at least 1", query=""),
    search("query-blank", r"empty", query="   "),
    search("query-surrogate", UNICODE, query="\ud800"),
    search("query-escaped-byte", UNICODE, query="x \udcff y"),
    search("query-nul", NUL, NO_CLI, query="a\x00b"),
    search("query-too-long", r"2000|at most", SERVICE, query="x" * 2001),
    search("query-number", TEXT_TYPE, NO_CLI, query=42),
    search("valid-at-naive", ZONE, valid_at="2024-01-01T00:00:00"),
    search("valid-at-date-only", ZONE, valid_at="2024-01-01"),
    search("valid-at-words", BAD_TIME, valid_at="tomorrow"),
    search("valid-at-overflow", OVERFLOW, valid_at="9999-12-31T23:00:00-14:00"),
    search("valid-at-feb-30", BAD_TIME, valid_at="2024-02-30T00:00:00Z"),
    search("known-at-naive", ZONE, known_at="2024-01-01T00:00:00"),
    search("known-at-overflow", OVERFLOW, known_at="9999-12-31T23:00:00-14:00"),
    search("known-at-words", BAD_TIME, known_at="last week"),
    search("group-space", GROUP_ID, group_id="a b"),
    search("group-empty", GROUP_ID + r"|empty", (PY, CLI, STDIO, HTTP), group_id=""),
    search("group-too-long", GROUP_ID, group_id="x" * 129),
    search("group-outside", OUTSIDE, SERVICE, group_id="other"),
    search("limit-negative", r"limit|greater", (PY, CLI, REST), limit=-1),
    search("limit-zero", r"limit|greater", (REST,), limit=0),
    search("limit-huge", r"limit|less", (REST,), limit=1000),
    search("recipe-unknown", r"recipe", (PY, REST), recipe="nope"),
    search("target-unknown", r"targets|facts", (REST,), targets=["nope"]),
    search("relation-lowercase", r"relations|pattern", (REST,), relations=["works at"]),
    search("label-empty", r"labels|at least 1", (REST,), labels=[""]),
    search("history-not-bool", r"history|bool", (REST,), history="maybe"),
]

CONTEXT_CASES = [
    context("query-empty", r"empty|at least 1", query=""),
    context("query-surrogate", UNICODE, query="\ud800"),
    context("query-nul", NUL, NO_CLI, query="\x00"),
    context("max-tokens-zero", r"max_tokens|50", (PY, CLI, REST), max_tokens=0),
    context("max-tokens-small", r"max_tokens|50", (PY, CLI, REST), max_tokens=10),
    context("max-tokens-huge", r"max_tokens|20000|less", (REST,), max_tokens=100_000),
    context("valid-at-naive", ZONE, valid_at="2024-01-01T00:00:00"),
    context("valid-at-overflow", OVERFLOW, valid_at="9999-12-31T23:00:00-14:00"),
    context("known-at-naive", ZONE, (PY, CLI, REST), known_at="2024-01-01T00:00:00"),
    context("group-space", GROUP_ID, group_id="a b"),
    context("group-outside", OUTSIDE, SERVICE, group_id="other"),
]

TIMELINE_CASES = [
    timeline("entity-unknown", r"no entity|not found", entity="Nobody Atall"),
    timeline("entity-empty", r"entity|query|character|empty", entity=""),
    timeline("entity-surrogate", UNICODE, (PY, CLI, STDIO, HTTP), entity="\ud800"),
    timeline("entity-nul", NUL, NO_CLI, entity="a\x00"),
    timeline("group-space", GROUP_ID, group_id="a b"),
    timeline("group-outside", OUTSIDE, SERVICE, group_id="other"),
]

DELETE_CASES = [
    Case(
        "delete-episode-unknown",
        "delete_episode",
        {"episode_id": "nope", "group_id": GROUP},
        r"no episode|not found|nope",
        SERVICE,
    ),
    Case(
        "delete-episode-path",
        "delete_episode",
        {"episode_id": "../x", "group_id": GROUP},
        r"episode_id",
        MCP,
    ),
    Case(
        "delete-episode-empty-id",
        "delete_episode",
        {"episode_id": "", "group_id": GROUP},
        r"episode_id",
        MCP,
    ),
    Case(
        "delete-episode-surrogate",
        "delete_episode",
        {"episode_id": "\ud800", "group_id": GROUP},
        r"episode_id|" + UNICODE,
        MCP,
    ),
    Case(
        "delete-episode-empty-group",
        "delete_episode",
        {"episode_id": "e1", "group_id": ""},
        r"empty",
        MCP,
    ),
    Case(
        "delete-episode-outside",
        "delete_episode",
        {"episode_id": "e1", "group_id": "other"},
        OUTSIDE,
        SERVICE,
    ),
    Case(
        "delete-fact-unknown",
        "delete_fact",
        {"fact_id": "nope", "group_id": GROUP},
        r"no fact|not found|nope",
        SERVICE,
    ),
    Case(
        "delete-fact-empty-id", "delete_fact", {"fact_id": "", "group_id": GROUP}, r"fact_id", MCP
    ),
    Case(
        "delete-fact-blank-group", "delete_fact", {"fact_id": "f1", "group_id": "  "}, r"empty", MCP
    ),
    Case(
        "delete-fact-outside",
        "delete_fact",
        {"fact_id": "f1", "group_id": "other"},
        OUTSIDE,
        SERVICE,
    ),
    Case("clear-empty-group", "clear_group", {"group_id": ""}, r"group_id", MCP),
    Case("clear-no-group", "clear_group", {}, r"group_id|required|missing", MCP),
    Case("clear-outside", "clear_group", {"group_id": "other"}, OUTSIDE, SERVICE),
    Case("clear-wildcard", "clear_group", {"group_id": "*"}, GROUP_ID, SERVICE),
    Case("clear-space", "clear_group", {"group_id": "a b"}, GROUP_ID, SERVICE),
]

KEY_CASES = [
    Case("key-no-groups", "key_create", {"name": "k", "groups": []}, r"group|at least 1", (REST,)),
    Case(
        "key-empty-pattern",
        "key_create",
        {"name": "k", "groups": [""]},
        r"group|pattern",
        (REST, CLI),
    ),
    Case(
        "key-bad-pattern", "key_create", {"name": "k", "groups": ["a b"]}, r"pattern", (REST, CLI)
    ),
    Case(
        "key-escalate-star",
        "key_create",
        {"name": "k", "groups": ["*"]},
        r"cannot create",
        (REST,),
        {"token": "scoped-admin"},
    ),
    Case(
        "key-escalate-prefix",
        "key_create",
        {"name": "k", "groups": ["acme*"]},
        r"cannot create",
        (REST,),
        {"token": "scoped-admin"},
    ),
    Case(
        "key-escalate-other",
        "key_create",
        {"name": "k", "groups": ["beta-1"]},
        r"cannot create",
        (REST,),
        {"token": "scoped-admin"},
    ),
    Case(
        "key-by-tenant",
        "key_create",
        {"name": "k", "groups": ["g"]},
        r"admin",
        (REST,),
        {"token": "tenant"},
    ),
    Case("key-empty-name", "key_create", {"name": "", "groups": ["g"]}, r"name", (REST, CLI)),
    Case("key-long-name", "key_create", {"name": "n" * 201, "groups": ["g"]}, r"name", (REST, CLI)),
    Case(
        "key-surrogate-name",
        "key_create",
        {"name": "\ud800", "groups": ["g"]},
        r"name|" + UNICODE,
        (REST,),
    ),
    Case(
        "key-admin-not-bool",
        "key_create",
        {"name": "k", "groups": ["g"], "admin": "yes"},
        r"admin|bool",
        (REST,),
    ),
    Case(
        "key-revoke-unknown",
        "key_revoke",
        {"key_id": "0000000000000000"},
        r"no live key",
        (REST, CLI),
    ),
    Case(
        "key-revoke-outside-scope",
        "key_revoke",
        {"key_id": "ROOT"},
        r"no live key",
        (REST,),
        {"token": "scoped-admin"},
    ),
]

RAW_REST_CASES = [
    Case("body-not-json", "raw", {"path": "episodes", "body": b"{"}, r"JSON", (REST,)),
    Case(
        "body-nested-1000",
        "raw",
        {"path": "episodes", "body": b'{"content": ' + b"[" * 1000 + b"]" * 1000 + b"}"},
        r"JSON|nested|invalid|string",
        (REST,),
    ),
    Case(
        "body-nested-100k",
        "raw",
        {"path": "search", "body": b"[" * 100_000 + b"]" * 100_000},
        r"JSON|nested",
        (REST,),
    ),
    Case(
        "body-array",
        "raw",
        {"path": "search", "body": b"[1, 2]"},
        r"body|object|dictionary",
        (REST,),
    ),
    Case(
        "body-invalid-utf8",
        "raw",
        {"path": "episodes", "body": b'{"content": "\xff\xfe"}'},
        r"JSON|UTF|decode|invalid",
        (REST,),
    ),
    Case(
        "body-too-large",
        "raw",
        {"path": "episodes", "body": b'{"content": "' + b"x" * (5 << 20) + b'"}'},
        r"MiB|large|bytes",
        (REST,),
    ),
    Case(
        "batch-too-big",
        "raw",
        {
            "path": "episodes/batch",
            "json": {"episodes": [{"content": f"Alice: {i}"} for i in range(101)]},
        },
        r"100|batch|at most",
        (REST,),
    ),
    Case(
        "batch-empty",
        "raw",
        {"path": "episodes/batch", "json": {"episodes": []}},
        r"episodes|at least 1",
        (REST,),
    ),
    Case(
        "no-key",
        "raw",
        {"path": "search", "json": {"query": "x"}},
        r"API key",
        (REST,),
        {"token": None},
    ),
    Case(
        "forged-key",
        "raw",
        {"path": "search", "json": {"query": "x"}},
        r"API key",
        (REST,),
        {"token": "cmk_0000_forged"},
    ),
]

CLI_FILE_CASES = [
    Case("file-missing", "add_file", {"missing": True}, r"no such file", (CLI,)),
    Case("file-directory", "add_file", {"directory": True}, r"directory", (CLI,)),
    Case("file-invalid-utf8", "add_file", {"lines": [b'{"content": "caf\xe9"}']}, r"UTF-8", (CLI,)),
    Case("file-not-json", "add_file", {"lines": [b"content: hi"]}, r"JSON", (CLI,)),
    Case("file-array-line", "add_file", {"lines": [b"[1, 2]"]}, r"object", (CLI,)),
    Case(
        "file-deep-line",
        "add_file",
        {"lines": [b"[" * 100_000 + b"]" * 100_000]},
        r"nested|JSON",
        (CLI,),
    ),
    Case(
        "file-good-then-bad",
        "add_file",
        {"lines": ["GOOD", b'{"content": "x"}']},
        r"line 2.*missing",
        (CLI,),
    ),
    Case(
        "file-every-bad-line",
        "add_file",
        {"lines": [b"{", "GOOD", b'"x"', "GOOD", b"\xff"]},
        r"line 1.*line 3.*line 5",
        (CLI,),
    ),
    Case(
        "stdin-naive-time",
        "add_stdin",
        {
            "text": "Alice: hi",
            "options": ["--group", GROUP, "--reference-time", "2024-01-01T10:00"],
        },
        ZONE,
        (CLI,),
    ),
    Case("stdin-no-group", "add_stdin", {"text": "Alice: hi", "options": []}, r"--group", (CLI,)),
    Case(
        "stdin-nul",
        "add_stdin",
        {"text": "Alice: \x00", "options": ["--group", GROUP]},
        NUL,
        (CLI,),
    ),
    Case(
        "search-missing-db",
        "argv",
        {"argv": ["search", "x", "--group", GROUP, "--db", "{missing}"]},
        r"no memory database",
        (CLI,),
    ),
    Case(
        "context-missing-db",
        "argv",
        {"argv": ["context", "x", "--group", GROUP, "--db", "{missing}"]},
        r"no memory database",
        (CLI,),
    ),
    Case(
        "timeline-missing-db",
        "argv",
        {"argv": ["timeline", "Alice", "--group", GROUP, "--db", "{missing}"]},
        r"no memory database",
        (CLI,),
    ),
    Case(
        "limit-not-int",
        "argv",
        {"argv": ["search", "x", "--group", GROUP, "--limit", "ten", "--db", "{db}"]},
        r"invalid int",
        (CLI,),
    ),
]

# Issue 22: JSON episode content, attribute values and import lines, on every surface
# that takes them (MCP takes no attributes and no imports).
DIGITS = "9" * 5000
DEEP = "[" * 50_000 + "]" * 50_000
JSON_CONTENT_CASES = [
    add("json-huge-integer", r"JSON.*(digits|too long)", source="json", content=DIGITS),
    add("json-huge-integer-inside", r"JSON.*digits", source="json", content=f'{{"n": {DIGITS}}}'),
    add("json-deep-nesting", r"JSON.*nested", source="json", content=DEEP),
    add("json-nan", r"JSON.*NaN", source="json", content='{"x": NaN}'),
    add("json-infinity", r"JSON.*infinity", source="json", content='{"x": 1e999}'),
]


def add_fact(id_: str, expect: str, surfaces: tuple[str, ...], **attributes: Any) -> Case:
    args = {"source": "Alice", "relation": "WORKS_AT", "target": "Acme", "group_id": GROUP}
    return Case(id_, "add_fact", {**args, "attributes": attributes}, expect, surfaces)


def attribute_search(id_: str, expect: str, surfaces: tuple[str, ...], **wanted: Any) -> Case:
    args = {"query": "Where does Alice work?", "group_id": GROUP, "fact_attributes": wanted}
    return Case(id_, "attribute_search", args, expect, surfaces)


FINITE = r"NaN|infinity|finite"
ATTRIBUTE_CASES = [
    add_fact("attribute-nan", FINITE, (PY, REST), x=float("nan")),
    add_fact("attribute-infinity", FINITE, (PY, REST), x=float("inf")),
    add_fact("attribute-nested-nan", FINITE, (PY, REST), x={"y": [1, float("-inf")]}),
    add_fact("attribute-too-deep", r"nested|deep", (PY,), x=json.loads("[" * 200 + "]" * 200)),
    attribute_search("filter-nan", FINITE, (PY, REST), x=float("nan")),
    attribute_search("filter-infinity", FINITE, (PY, REST), x=float("inf")),
]

HEADER = {"type": "header", "format": "chronomem-export", "version": 1, "group_id": GROUP}
IMPORT_HEADER = json.dumps({**HEADER, "embedder": None, "chronomem_version": "0"})
ENTITY = {"type": "entity", "id": "e1", "name": "Eve", "created_at": "2024-01-01T00:00:00Z"}


def import_lines(id_: str, expect: str, *lines: str) -> Case:
    """An import (replace) into GROUP of a file whose header is followed by ``lines``."""
    return Case(id_, "import", {"lines": [IMPORT_HEADER, *lines]}, expect, (PY, CLI, REST))


RAW_ENTITY = '{"type": "entity", "id": "e1", "created_at": "2024-01-01T00:00:00Z", "name": "E", '
IMPORT_CASES = [
    import_lines("import-huge-integer", r"digits|too long", f'{{"type": "entity", "n": {DIGITS}}}'),
    import_lines("import-lone-surrogate", UNICODE, RAW_ENTITY + '"summary": "\\ud800"}'),
    import_lines("import-nul-id", NUL, json.dumps({**ENTITY, "id": "e\x00"})),
    import_lines("import-nul-label", NUL, RAW_ENTITY + '"labels": ["E\\u0000ve"]}'),
    import_lines("import-nan-attribute", FINITE, RAW_ENTITY + '"attributes": {"x": NaN}}'),
    import_lines("import-huge-attribute", FINITE, RAW_ENTITY + '"attributes": {"x": 1e999}}'),
    import_lines("import-deep-nesting", r"nested", DEEP),
    Case("import-not-an-export", "import", {"lines": ['{"role": "user"}']},
         r"not a chronomem export", (PY, CLI, REST)),
]  # fmt: skip

CASES: list[Case] = [
    *ADD_CASES,
    *JSON_CONTENT_CASES,
    *ATTRIBUTE_CASES,
    *IMPORT_CASES,
    *SEARCH_CASES,
    *CONTEXT_CASES,
    *TIMELINE_CASES,
    *DELETE_CASES,
    *KEY_CASES,
    *RAW_REST_CASES,
    *CLI_FILE_CASES,
]
