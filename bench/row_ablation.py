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
        [--table work_rows ...] [--together] [--json out.json]

``--table work_rows:0,3-5`` names some rows of a table, by their place in it (from 0).
``--together`` silences the tables named with ``--table`` in one run (the sum of single
silences is not the silence of the sum). ``bench/reader_corpus.py --silence TABLE`` reads
the reader corpus with tables silenced the same way (``silence`` here is the one place).
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


def rows_of(spec: str) -> set[int]:
    """The indexes in ``patterns.PATTERNS`` that ``spec`` names: a table (``work_rows``), or
    some of its rows by their place in it, from 0 (``work_rows:0,3-5``). Raises
    ``ValueError`` with the names there are, or the rows the table has."""
    name, _, picked = spec.partition(":")
    known = tables()
    if name not in known:
        raise ValueError(f"unknown {name}; give one of {', '.join(known)}")
    rows = sorted(known[name])
    if not picked:
        return set(rows)
    places: set[int] = set()
    for part in picked.split(","):
        low, _, high = part.partition("-")
        if not (low.isdigit() and (high or low).isdigit()):
            raise ValueError(f"{spec}: rows are numbers and ranges, as in {name}:0,3-5")
        places.update(range(int(low), int(high or low) + 1))
    if max(places) >= len(rows):
        raise ValueError(f"{spec}: {name} has rows 0-{len(rows) - 1}")
    return {rows[k] for k in places}


def tables_named(parser: argparse.ArgumentParser, flag: str, names: list[str]) -> tuple[str, ...]:
    """``names`` (given with ``flag``), checked before any work: an unknown table or row
    exits with the parser's usage error, which names the tables there are."""
    for spec in names:
        try:
            rows_of(spec)
        except ValueError as exc:
            parser.error(f"{flag}: {exc}")
    return tuple(names)


def silence(spec: str) -> int:
    """Silence the rows ``spec`` names (``rows_of``) from now on, in this process; the
    number of rows (silencing a row twice changes nothing more)."""
    rows = rows_of(spec)
    patterns.PATTERNS = tuple(
        replace(cp, regex=_Silent(cp.regex))  # type: ignore[arg-type]
        if i in rows and not isinstance(cp.regex, _Silent)
        else cp
        for i, cp in enumerate(patterns.PATTERNS)
    )
    return len(rows)


def totals(data: Path, silenced: tuple[str, ...]) -> tuple[int, int]:
    """The set's passed and total checks, with the tables ``silenced`` (none: a baseline)."""
    command = [sys.executable, __file__, "--data", str(data), "--run"]
    for table in silenced:
        command += ["--table", table]
    done = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ))
    found = _TOTAL.search(done.stdout)
    if done.returncode != 0 or found is None:
        name = "+".join(silenced) or "baseline"
        raise SystemExit(f"{name}: the run failed\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(found.group(2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="a temporal set folder")
    parser.add_argument("--table", action="append", help="only these tables (repeatable)")
    parser.add_argument(
        "--together", action="store_true", help="silence the --table tables in one run"
    )
    parser.add_argument("--json", type=Path, help="write the counts here")
    parser.add_argument("--run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    known = tables()
    named = tables_named(parser, "--table", args.table or [])
    if args.together and not named:
        parser.error("--together: name the tables to silence together with --table")
    if args.run:  # the child: silence, then the bench's totals line
        for table in named:
            silence(table)
        run(f"{TEMPORAL} --no-llm --data {args.data}")
        return 0
    started = time.perf_counter()
    passed, checks = totals(args.data, ())
    print(f"{args.data.name}: {passed}/{checks} with every table on")
    print("| table | rows | checks without it | change |\n|---|---|---|---|")
    report: dict[str, dict[str, int]] = {}
    runs = [named] if args.together else [(t,) for t in named or known]
    for silenced in runs:
        without, _ = totals(args.data, silenced)
        name, rows = "+".join(silenced), len(set().union(*map(rows_of, silenced)))
        report[name] = {"rows": rows, "passed": without}
        print(f"| {name} | {rows} | {without} | {without - passed:+d} |")
    load = [round(x, 2) for x in os.getloadavg()]
    print(f"\n{time.perf_counter() - started:.0f} s wall, load {load}")
    if args.json:
        out = {"set": args.data.name, "passed": passed, "checks": checks, "tables": report}
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
