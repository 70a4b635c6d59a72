"""``chronomem export | import | import-chat``: carry a group between stores, load chat history."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

from tqdm import tqdm

from chronomem import memory as memory_module
from chronomem.cli.records import _not_stored as not_stored
from chronomem.cli.records import learned_flag
from chronomem.errors import UsageError
from chronomem.memory import Memory
from chronomem.portable import (
    CHAT_FORMATS,
    ImportReport,
    chat_episodes,
    export_lines,
    import_lines,
    read_chat,
)
from chronomem.ports import Embedder, Store
from chronomem.providers.registry import EMBEDDER_PROVIDERS
from chronomem.stores import open_store

EMBEDDER_CHOICES = tuple(EMBEDDER_PROVIDERS)  # the registry's names, "auto" first


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    export = sub.add_parser("export", help="write a group as versioned JSONL")
    _store_args(export)
    export.add_argument("--group", required=True, help="the group to export")
    export.add_argument("-o", "--output", help="file to write (default: stdout)")
    export.set_defaults(func=run_export)

    restore = sub.add_parser("import", help="restore a group from a 'chronomem export' file")
    restore.add_argument("file", help="the export file ('-': stdin)")
    _store_args(restore)
    restore.add_argument("--group", help="restore into this group (default: the file's)")
    restore.add_argument(
        "--replace", action="store_true", help="delete the target group first (exact copy)"
    )
    restore.set_defaults(func=run_import)

    chat = sub.add_parser("import-chat", help="load a ChatGPT, Claude or JSONL chat history")
    chat.add_argument("file", help="conversations.json, or a JSONL file of {role, content, time}")
    chat.add_argument("--format", required=True, choices=CHAT_FORMATS, dest="chat_format")
    _store_args(chat)
    chat.add_argument("--group", required=True, help="the group the episodes go to")
    chat.add_argument("--user-name", default="User", help="speaker name of your own messages")
    chat.add_argument("--assistant-name", help="speaker name of the assistant's messages")
    learned_flag(chat)
    chat.set_defaults(func=run_import_chat)


def _store_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", required=True, help="a SQLite file or a falkordb:// URL")
    p.add_argument(
        "--embedder",
        choices=EMBEDDER_CHOICES,
        default="auto",
        help="embedding model (auto: the local model when installed; must match the store)",
    )


def _embedder(name: str) -> Embedder:
    if name == "auto":  # the store is a file or a server: never bound to hash-256 silently
        return memory_module.default_embedder(persistent=True)
    try:
        from chronomem.service.runtime import make_embedder
    except ImportError as exc:
        raise UsageError(
            f'--embedder {name} needs: pip install "chronomem[service]" ({exc})'
        ) from exc
    return make_embedder(name) or memory_module.default_embedder(persistent=True)


def _check_model(store: Store, embedder: Embedder) -> None:
    """The store's model must be ``embedder``; the error names the flag that picks it."""
    try:
        store.bind_embedder(embedder.name, embedder.dimension)
    except UsageError as exc:
        choices = "|".join(EMBEDDER_CHOICES[1:])
        raise UsageError(f"{exc}. Pick the store's model with --embedder {choices}") from None


def _progress_bar(desc: str) -> Callable[[int], Callable[[int], None]]:
    def start(total: int) -> Callable[[int], None]:
        bar = tqdm(total=total, desc=desc, unit="row", disable=not sys.stderr.isatty())

        def step(n: int) -> None:
            bar.update(n)
            if bar.n >= total:
                bar.close()

        if total == 0:
            bar.close()
        return step

    return start


def run_export(args: argparse.Namespace) -> int:
    store = open_store(args.db)
    try:
        embedder = _embedder(args.embedder)
        _check_model(store, embedder)
        lines = export_lines(store, args.group, embedder=embedder, now=datetime.now(UTC))
        if not args.output or args.output == "-":
            sys.stdout.writelines(lines)
            return 0
        target = Path(args.output)
        # written beside the target and renamed: a failed export leaves no half file
        fd, temp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.writelines(lines)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    finally:
        store.close()
    print(f"exported group {args.group!r} to {args.output}", file=sys.stderr)
    return 0


def run_import(args: argparse.Namespace) -> int:
    embedder = _embedder(args.embedder)
    store = open_store(args.db)
    try:
        _check_model(store, embedder)
        if args.file == "-":
            report = _import(store, sys.stdin, embedder, args)
        else:
            with open(args.file, encoding="utf-8") as fh:
                report = _import(store, fh, embedder, args)
    finally:
        store.close()
    how = ", re-embedded with " + embedder.name if report.reembedded else ""
    print(
        f"imported group {report.group_id!r}: {report.rows} rows in the file, "
        f"{report.written} written{how}"
    )
    return 0


def _import(
    store: Store, lines: Iterable[str], embedder: Embedder, args: argparse.Namespace
) -> ImportReport:
    return import_lines(
        store,
        lines,
        embedder=embedder,
        group_id=args.group,
        replace_group=args.replace,
        progress=_progress_bar("import"),
    )


def run_import_chat(args: argparse.Namespace) -> int:
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {args.file!r}: {exc}") from None
    messages = read_chat(text, args.chat_format)
    items = chat_episodes(
        messages,
        fmt=args.chat_format,
        group_id=args.group,
        user_name=args.user_name,
        assistant_name=args.assistant_name,
    )
    with Memory(args.db, embedder=_embedder(args.embedder)) as memory:
        _check_model(memory.store, memory.embedder)
        fresh = not_stored(memory, items)  # stable ids: a re-run adds only the new
        memory.add_episodes(fresh, progress=sys.stderr.isatty(), learned=args.learned)
    print(
        f"{len(messages)} messages read from {args.file}: {len(fresh)} episodes added to "
        f"group {args.group!r}, {len(items) - len(fresh)} already there"
    )
    return 0
