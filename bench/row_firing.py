"""Which rows of the relation pattern table match nothing: a firing counter (round 11).

Wraps each row's regex (``tables/patterns.py``'s ``PATTERNS``) with a counter of its
matches, then runs, in this one process, the commands given after ``--`` one by one: a
bench script with its arguments, or ``pytest`` with its own. Prints the rows that never
matched, with the table they come from. A row that never matches on the tests, the dev
sets and the training corpora is a candidate for deletion (``bench/RESULTS.md``, round 11);
a row generated from a word class (one per word) saves no line when one word goes.

    PYTHONPATH=src python bench/row_firing.py --json /tmp/rows.json -- \\
        "bench/temporal.py --no-llm --data bench/data/temporal" \\
        "bench/reader_corpus.py --split corpus/reader" \\
        "pytest -q -p no:cacheprovider tests/test_rules_extractor.py"

Never give it a blind set: it reads every message of what it runs.
"""

from __future__ import annotations

import argparse
import json
import runpy
import shlex
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from chronomem.extractors.rules.tables import patterns

ROOT = Path(__file__).resolve().parents[1]
COUNTS: Counter[int] = Counter()


class _Counting:
    """A compiled regex whose ``finditer`` counts its matches for row ``index``."""

    def __init__(self, regex: object, index: int) -> None:
        self.regex, self.index = regex, index

    def finditer(self, *args: object, **kwargs: object) -> Iterator[object]:
        for match in self.regex.finditer(*args, **kwargs):  # type: ignore[attr-defined]
            COUNTS[self.index] += 1
            yield match

    def __getattr__(self, name: str) -> object:
        return getattr(self.regex, name)


def install() -> None:
    """Count every row's matches from now on (the readers look the table up per call)."""
    patterns.PATTERNS = tuple(
        replace(cp, regex=_Counting(cp.regex, i))  # type: ignore[arg-type]
        for i, cp in enumerate(patterns.PATTERNS)
    )


def run(command: str) -> None:
    """One bench script with its arguments, or ``pytest ...``, in this process."""
    words = shlex.split(command)
    if words[0] == "pytest":
        import pytest

        pytest.main(words[1:])
        return
    script = Path(words[0]) if Path(words[0]).is_absolute() else ROOT / words[0]
    argv, path = sys.argv, list(sys.path)
    sys.argv = [str(script), *words[1:]]
    sys.path.insert(0, str(script.parent))
    try:
        runpy.run_path(str(script), run_name="__main__")
    except SystemExit as done:
        if done.code not in (0, None):
            raise SystemExit(f"{command!r} failed ({done.code}): fix it and run again") from done
    finally:
        sys.argv, sys.path[:] = argv, path


def dead_rows() -> list[dict[str, object]]:
    """The rows that never matched, in table order."""
    return [
        {"row": i, "relation": cp.row.relation, "verbs": cp.row.verbs}
        for i, cp in enumerate(patterns.PATTERNS)
        if COUNTS[i] == 0
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", type=Path, help="write the counts and the dead rows here")
    parser.add_argument("commands", nargs="+", help='after "--": one quoted command each')
    args = parser.parse_args(argv)
    install()
    for command in args.commands:
        run(command)
    dead = dead_rows()
    print(f"{len(patterns.PATTERNS)} rows; {len(dead)} never matched")
    for row in dead:
        print(f"  {row['row']:>3} {row['relation']:<16} {str(row['verbs'])[:90]!r}")
    if args.json:
        report = {"counts": dict(sorted(COUNTS.items())), "never_matched": dead}
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
