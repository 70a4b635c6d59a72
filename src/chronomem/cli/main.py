"""Entry point: ``chronomem <command>``. Each command lives in its own module with a
``register(subparsers)`` function; this module only wires them up."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from chronomem.errors import ChronomemError

COMMAND_MODULES = (
    "chronomem.cli.demo",
    "chronomem.cli.records",
    "chronomem.cli.context",
    "chronomem.cli.eval",
    "chronomem.cli.portable",
    "chronomem.cli.reembed",
    "chronomem.cli.falkordb",
    "chronomem.cli.explain",
)
OPTIONAL_COMMAND_MODULES = ("chronomem.cli.serve",)  # present once the service is installed


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="chronomem", description="A temporal knowledge-graph memory for AI agents."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    for name in OPTIONAL_COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Every error ends as one line on stderr and exit code 2: the
    project's errors as they are (readers turn files that cannot be read or parsed into
    ``UsageError`` where they read them, ``chronomem.textfiles`` and ``chronomem.jsontext``),
    anything else by the last-resort handler below, which names the error's type."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ChronomemError as exc:
        return _fail(str(exc))
    except BrokenPipeError:  # e.g. `chronomem timeline ... | head`: the reader has enough
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the exit flush does not fail again
        return 0
    except KeyboardInterrupt:
        print("chronomem: interrupted", file=sys.stderr)
        return 130
    except (Exception, RecursionError) as exc:  # the last resort: no traceback for a user
        detail = " ".join(str(exc).split())[:300]
        return _fail(
            f"{type(exc).__name__}: {detail} (an internal error: please report it as a "
            "chronomem bug, with the command that caused it)"
        )


def _fail(message: str) -> int:
    print(f"chronomem: error: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
