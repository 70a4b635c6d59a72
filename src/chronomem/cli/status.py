"""A periodic one-line status for bulk ingestion when stderr is not a terminal (logs, CI):
a progress bar there would print a wall of carriage returns."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from chronomem.engine import IngestResult

STATUS_EVERY_S = 10.0


class StatusLine:
    """Call it after each episode; every ``every_s`` seconds (and at :meth:`finish`) it
    prints ``ingested 120/419 episodes, 23.5/s, about 13 s left``."""

    def __init__(self, total: int, *, every_s: float = STATUS_EVERY_S, out: TextIO | None = None):
        self._total = total
        self._every_s = every_s
        self._out = out or sys.stderr
        self._done = 0
        self._start = self._last = time.monotonic()

    def __call__(self, result: IngestResult) -> None:
        self._done += 1
        now = time.monotonic()
        if now - self._last >= self._every_s:
            self._last = now
            self._print(now)

    def finish(self) -> None:
        self._print(time.monotonic())

    def _print(self, now: float) -> None:
        elapsed = max(now - self._start, 1e-9)
        rate = self._done / elapsed
        line = f"ingested {self._done}/{max(self._total, self._done)} episodes, {rate:.1f}/s"
        left = self._total - self._done
        if left > 0 and rate > 0:
            line += f", about {left / rate:.0f} s left"
        print(line, file=self._out, flush=True)
