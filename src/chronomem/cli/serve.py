"""``chronomem serve | mcp | keys``: run the REST service or the MCP server, manage API keys."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import TYPE_CHECKING

from chronomem.errors import UsageError

if TYPE_CHECKING:
    from chronomem.service.auth import ApiKey
    from chronomem.service.db import ServiceDB
    from chronomem.service.runtime import ServiceConfig

from chronomem.providers.registry import EMBEDDER_PROVIDERS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="run the REST API (needs chronomem[server])")
    _memory_options(serve)
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--log-level", default="info", choices=("debug", "info", "warning"))
    serve.add_argument(
        "--no-docs", action="store_true", help="do not serve /docs, /redoc and /openapi.json"
    )
    serve.set_defaults(func=run_serve)

    mcp = sub.add_parser("mcp", help="run the MCP server (needs chronomem[mcp])")
    _memory_options(mcp)
    mcp.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    mcp.add_argument("--host", default="127.0.0.1", help="HTTP only (default 127.0.0.1)")
    mcp.add_argument("--port", type=int, default=8765, help="HTTP only")
    mcp.add_argument("--group", default="default", help="group used when a tool call names none")
    mcp.add_argument(
        "--groups",
        action="append",
        help="stdio only: group patterns the tools may use (repeatable; default: the "
        "--group alone). Over HTTP each request's API key decides.",
    )
    mcp.set_defaults(func=run_mcp)

    keys = sub.add_parser("keys", help="create, list and revoke API keys")
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    create = keys_sub.add_parser("create", help="create a key (its token is printed once)")
    _db_options(create)
    create.add_argument("--name", default="key", help="a label for the key")
    create.add_argument(
        "--groups", action="append", required=True, help="group pattern, e.g. 'acme-*' (repeatable)"
    )
    create.add_argument("--admin", action="store_true", help="may also manage keys and metrics")
    create.set_defaults(func=run_keys_create)
    listing = keys_sub.add_parser("list", help="list keys (never their tokens)")
    _db_options(listing)
    listing.add_argument("--all", action="store_true", help="include revoked keys")
    listing.set_defaults(func=run_keys_list)
    revoke = keys_sub.add_parser("revoke", help="revoke a key by id")
    _db_options(revoke)
    revoke.add_argument("key_id")
    revoke.set_defaults(func=run_keys_revoke)


def _db_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", required=True, help="memory database file or URL")
    p.add_argument(
        "--queue-db", help="SQLite file for the queue and keys (required with a server --db)"
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def _memory_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", required=True, help="memory database file or URL (created if missing)")
    p.add_argument(
        "--queue-db", help="SQLite file for the ingest queue and keys (default: the --db file)"
    )
    p.add_argument("--workers", type=int, default=2, help="ingestion worker threads")
    p.add_argument(
        "--embedder",
        choices=sorted(EMBEDDER_PROVIDERS),
        default="auto",
        help="auto: the local model if installed; local: ONNX all-MiniLM-L6-v2; torch: the "
        "same on sentence-transformers; hash: lexical, no model; api: CHRONOMEM_EMBED_* "
        "settings (or a name registered with register_embedder_provider)",
    )
    p.add_argument("--llm", action="store_true", help="extract with the CHRONOMEM_LLM_* model")


def _config(args: argparse.Namespace) -> ServiceConfig:
    from chronomem.service.runtime import ServiceConfig

    return ServiceConfig(
        db=args.db,
        queue_db=args.queue_db,
        workers=args.workers,
        embedder=args.embedder,
        llm=args.llm,
        docs=not getattr(args, "no_docs", False),
    )


def _need(extra: str, exc: ModuleNotFoundError) -> UsageError:
    return UsageError(
        f'this command needs the {extra!r} extra ({exc}): pip install "chronomem[{extra}]"'
    )


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from chronomem.service.app import create_app
        from chronomem.service.runtime import open_runtime
    except ModuleNotFoundError as exc:
        raise _need("server", exc) from None
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    runtime = open_runtime(_config(args))
    if not runtime.keys.list():
        print(
            "chronomem: no API keys yet; create one with: chronomem keys create "
            f"--db {args.db} --groups '*' --admin",
            file=sys.stderr,
        )
    app = create_app(runtime, own_runtime=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


def run_mcp(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from chronomem.mcp import build_server, http_app
        from chronomem.service.runtime import open_runtime
    except ModuleNotFoundError as exc:
        raise _need("mcp", exc) from None
    logging.basicConfig(level="WARNING", stream=sys.stderr)  # stdout carries the protocol
    runtime = open_runtime(_config(args))
    allowed = args.groups or [args.group]  # stdio serves what it was started for, no more
    server = build_server(runtime, default_group=args.group, allowed_groups=allowed)
    runtime.start()
    try:
        if args.transport == "stdio":
            import anyio

            from chronomem.mcp.stdio import serve_stdio

            anyio.run(serve_stdio, server)
        else:
            app = http_app(runtime, server, host=args.host)
            uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    finally:
        runtime.close()
    return 0


def _service_db(args: argparse.Namespace) -> ServiceDB:
    from chronomem.service.db import ServiceDB
    from chronomem.service.runtime import ServiceConfig, queue_path

    return ServiceDB(queue_path(ServiceConfig(db=args.db, queue_db=args.queue_db)))


def _has_keys(args: argparse.Namespace) -> bool:
    """Does the service database exist with its key table? (Reading never creates it.)"""
    import sqlite3
    import urllib.parse
    from pathlib import Path

    from chronomem.service.runtime import ServiceConfig, queue_path

    path = Path(queue_path(ServiceConfig(db=args.db, queue_db=args.queue_db))).expanduser()
    if not path.is_file():
        return False
    conn = sqlite3.connect(f"file:{urllib.parse.quote(str(path))}?mode=ro", uri=True)
    try:
        found = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'service_api_keys'"
        ).fetchone()
    except sqlite3.Error:
        return False
    finally:
        conn.close()
    return found is not None


def _key_json(key: ApiKey) -> dict[str, object]:
    return {
        "id": key.id,
        "name": key.name,
        "groups": list(key.groups),
        "admin": key.admin,
        "created_at": key.created_at.isoformat(),
        "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None,
    }


def run_keys_create(args: argparse.Namespace) -> int:
    from chronomem.service.auth import KeyStore, check_name, check_patterns

    check_patterns(args.groups)  # before the file is touched
    check_name(args.name)
    db = _service_db(args)
    try:
        made = KeyStore(db).create(name=args.name, groups=args.groups, admin=args.admin)
    finally:
        db.close()
    if args.json:
        print(json.dumps({**_key_json(made.key), "token": made.token}))
    else:
        print(made.token)
        print(
            f"key {made.key.id} ({'admin, ' if made.key.admin else ''}groups "
            f"{', '.join(made.key.groups)}): the token above is shown only once",
            file=sys.stderr,
        )
    return 0


def run_keys_list(args: argparse.Namespace) -> int:
    from chronomem.service.auth import KeyStore

    keys: list[ApiKey] = []
    if _has_keys(args):
        db = _service_db(args)
        try:
            keys = KeyStore(db).list(include_revoked=args.all)
        finally:
            db.close()
    if args.json:
        print(json.dumps([_key_json(k) for k in keys]))
        return 0
    for k in keys:
        state = "revoked" if k.revoked_at else ("admin" if k.admin else "key")
        print(f"{k.id}  {state:7}  {k.name:20}  {', '.join(k.groups)}")
    return 0


def run_keys_revoke(args: argparse.Namespace) -> int:
    from chronomem.service.auth import KeyStore

    revoked = False
    if _has_keys(args):
        db = _service_db(args)
        try:
            revoked = KeyStore(db).revoke(args.key_id)
        finally:
            db.close()
    if not revoked:
        raise UsageError(f"no live key {args.key_id!r}: see chronomem keys list --db {args.db}")
    print(f"revoked {args.key_id}")
    return 0
