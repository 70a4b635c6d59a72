"""The results file: one JSON line a question, appended as soon as it is scored, so an
interrupted run resumes where it stopped. Its first line describes the run; resuming with
other settings (benchmark, budget, answering model) is refused rather than mixed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

from chronomem.errors import UsageError
from chronomem.jsontext import json_object, json_value
from chronomem.model.graph import JSONValue
from chronomem.textfiles import read_text

__all__ = ["ResultsFile"]

Row = dict[str, JSONValue]


class ResultsFile:
    def __init__(self, path: Path, run: Mapping[str, JSONValue]) -> None:
        self.path = path
        self.run = dict(run)
        self.rows: dict[str, Row] = {}
        if path.exists() and path.stat().st_size:
            self._load()
        self._out: TextIO | None = None

    def _load(self) -> None:
        lines = read_text(self.path, what="results file").splitlines()
        try:
            header = json_object(lines[0]).get("run")
        except (UsageError, IndexError):
            header = None
        if header != self.run:
            raise UsageError(
                f"{self.path} holds results of another run ({header}); pass another "
                "--results file, or delete this one to start over"
            )
        for line in lines[1:]:
            try:
                row = json_value(line)
            except UsageError:
                continue  # a line cut short by an interruption: that question runs again
            if isinstance(row, dict) and isinstance(row.get("key"), str):
                self.rows[row["key"]] = row

    def done(self, key: str) -> bool:
        return key in self.rows

    def append(self, row: Row) -> None:
        if self._out is None:
            fresh = not self.path.exists() or not self.path.stat().st_size
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._out = self.path.open("a", encoding="utf-8")
            except OSError as exc:
                raise UsageError(
                    f"cannot write the results file {str(self.path)!r}: "
                    f"{exc.strerror or exc}; pass another --results file"
                ) from None
            if fresh:
                self._out.write(json.dumps({"run": self.run}) + "\n")
        self._out.write(json.dumps(row) + "\n")
        self._out.flush()
        self.rows[str(row["key"])] = row

    def close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None
