"""What each table of the relation pattern table is worth on a temporal set: the checks the
set loses (and gains) with that table's rows silenced, one table at a time (issue 20, item 4:
rules earn their place by ablation, on language nobody here wrote as well as on the dev sets).

The stage ablation (``bench/ablation.py``) switches whole reading stages off; the ``patterns``
stage is one of them, and the largest (round 12: 32 checks of the held-out decision set, 12
more passing only without it). This script splits it by the table each row comes from
(``tables/work_rows.py``, ``tables/health_rows.py``, …; the rows written in
``tables/patterns.py`` itself are the table ``inline``). Each table is silenced in a fresh
process (its rows match nothing, wherever a reader looks them up) that runs
``bench/temporal.py --no-llm --data DIR``; only the totals line is read, so a blind set
gives counts and never a scenario or check.

    PYTHONPATH=src python bench/row_ablation.py --data bench/data/temporal_heldout9 \\
        [--table work_rows ...] [--json out.json]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from row_firing import run

from chronomem.extractors.rules.tables import patterns

TEMPORAL = Path(__file__).resolve().parent / "temporal.py"
_TOTAL = re.compile(r"rule path: (\d+)/(\d+) checks")


def tables() -> dict[str, set[int]]:
    """Each table's name and the indexes of its rows in ``patterns.PATTERNS``: the
    ``*_ROWS`` that ``tables/patterns.py`` imports, by the module it imports them from."""
    source = Path(patterns.__file__).read_text(encoding="utf-8")
    by_module: dict[str, set[int]] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        for alias in node.names:
            if alias.name.endswith("_ROWS"):
                ids = {id(r) for r in getattr(patterns, alias.asname or alias.name)}
                rows = {i for i, cp in enumerate(patterns.PATTERNS) if id(cp.row) in ids}
                by_module.setdefault(node.module.rsplit(".", 1)[1], set()).update(rows)
    imported = set().union(*by_module.values())
    by_module["inline"] = set(range(len(patterns.PATTERNS))) - imported
    return dict(sorted(by_module.items()))


class _Silent:
    """A compiled regex that matches nothing (its other attributes are the regex's)."""

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex

    def finditer(self, *args: object, **kwargs: object) -> Iterator[re.Match[str]]:
        return iter(())

    def search(self, *args: object, **kwargs: object) -> None:
        return None

    match = fullmatch = search

    def __getattr__(self, name: str) -> object:
        return getattr(self.regex, name)


def silence(table: str) -> int:
    """Silence the rows of ``table`` from now on, in this process; the number of rows."""
    rows = tables()[table]
    patterns.PATTERNS = tuple(
        replace(cp, regex=_Silent(cp.regex)) if i in rows else cp  # type: ignore[arg-type]
        for i, cp in enumerate(patterns.PATTERNS)
    )
    return len(rows)


def totals(data: Path, table: str | None) -> tuple[int, int]:
    """The set's passed and total checks, with ``table`` silenced (``None``: none)."""
    command = [sys.executable, __file__, "--data", str(data), "--run"]
    command += ["--table", table] if table else []
    done = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ))
    found = _TOTAL.search(done.stdout)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{table or 'baseline'}: the run failed\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(found.group(2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="a temporal set folder")
    parser.add_argument("--table", action="append", help="only these tables (repeatable)")
    parser.add_argument("--json", type=Path, help="write the counts here")
    parser.add_argument("--run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    known = tables()
    unknown = sorted(set(args.table or ()) - set(known))
    if unknown:
        parser.error(f"--table: unknown {', '.join(unknown)}; give one of {', '.join(known)}")
    if args.run:  # the child: silence, then the bench's totals line
        for table in args.table or ():
            silence(table)
        run(f"{TEMPORAL} --no-llm --data {args.data}")
        return 0
    started = time.perf_counter()
    passed, checks = totals(args.data, None)
    print(f"{args.data.name}: {passed}/{checks} with every table on")
    print("| table | rows | checks without it | change |\n|---|---|---|---|")
    report: dict[str, dict[str, int]] = {}
    for table in args.table or list(known):
        without, _ = totals(args.data, table)
        report[table] = {"rows": len(known[table]), "passed": without}
        print(f"| {table} | {len(known[table])} | {without} | {without - passed:+d} |")
    load = [round(x, 2) for x in os.getloadavg()]
    print(f"\n{time.perf_counter() - started:.0f} s wall, load {load}")
    if args.json:
        out = {"set": args.data.name, "passed": passed, "checks": checks, "tables": report}
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
