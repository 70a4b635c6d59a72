"""``chronomem reembed``: move a memory to another embedding model, with a progress bar."""

from __future__ import annotations

import argparse
import sys

from tqdm import tqdm

from chronomem.cli.render import dumps
from chronomem.ports import Embedder
from chronomem.reembed import count_texts, reembed
from chronomem.stores import open_store

EMBEDDERS = ("local", "torch")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "reembed",
        help="re-embed every stored text with another model (e.g. after an upgrade)",
        description="Re-embed the stored texts of a memory with a new embedding model, one "
        "group at a time, and bind the memory to it when every group is done. Interrupted "
        "runs resume; until the move is finished the memory refuses other commands.",
    )
    p.add_argument("--db", required=True, help="memory database file or store URL")
    p.add_argument(
        "--group",
        action="append",
        help="only this group (repeatable); the others stay to do in a later run",
    )
    p.add_argument(
        "--embedder",
        choices=EMBEDDERS,
        default="local",
        help="local: the default ONNX all-MiniLM-L6-v2; torch: sentence-transformers "
        "(chronomem[torch])",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=run_reembed)


def make_embedder(name: str) -> Embedder:
    """The embedder a registered name stands for (``chronomem.providers.registry``)."""
    from chronomem.providers.factory import embedder_named

    embedder = embedder_named(name)
    assert embedder is not None  # local and torch are concrete models
    return embedder


def run_reembed(args: argparse.Namespace) -> int:
    embedder = make_embedder(args.embedder)
    store = open_store(args.db)
    try:
        left = store.start_reembed(embedder.name, embedder.dimension)
        chosen = left if args.group is None else [g for g in left if g in args.group]
        total = count_texts(store, chosen)
        with tqdm(total=total, desc="re-embedding", unit="text", file=sys.stderr) as bar:
            report = reembed(store, embedder, groups=args.group, progress=bar.update)
    finally:
        store.close()
    if args.json:
        print(
            dumps(
                {
                    "embedder": report.embedder,
                    "groups": list(report.groups),
                    "texts": report.texts,
                    "left": list(report.left),
                }
            )
        )
    else:
        print(
            f"re-embedded {report.texts} texts of {len(report.groups)} group(s) with "
            f"{report.embedder}"
        )
        if report.left:
            print(
                f"{len(report.left)} group(s) left: run the command again without --group "
                "to finish; the memory is unusable until then"
            )
        else:
            print(f"{args.db} now uses {report.embedder}")
    return 0
