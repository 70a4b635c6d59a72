"""Service metrics in the Prometheus text format (no client library needed).

Counters and histograms live in process memory and restart at zero (the usual Prometheus
contract: counters may reset). Queue depth is read from the queue table at scrape time, so
it is right even after a restart; LLM calls and tokens come from ``Memory.usage``.
"""

from __future__ import annotations

import threading
import time
from bisect import bisect_left
from collections import deque
from collections.abc import Mapping

from chronomem.accounting import PromptTotals

LATENCY_BUCKETS_S = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
RATE_WINDOW_S = 60.0


class Histogram:
    """Cumulative buckets, sum and count, as Prometheus histograms expose them."""

    def __init__(self, buckets: tuple[float, ...] = LATENCY_BUCKETS_S) -> None:
        self.buckets = buckets
        self.counts = [0] * (len(buckets) + 1)  # the last one is +Inf
        self.total = 0.0
        self.count = 0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.buckets, value)] += 1
        self.total += value
        self.count += 1


class Metrics:
    """Thread-safe counters for ingestion and search, rendered by :meth:`render`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._started = time.monotonic()
        self._ingested = 0
        self._failed = 0
        self._retried = 0
        self._recent: deque[float] = deque()  # monotonic times of recent ingestions
        self._ingest_seconds = Histogram((0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))
        self._searches: dict[str, Histogram] = {}

    def episode_ingested(self, seconds: float) -> None:
        now = time.monotonic()
        with self._lock:
            self._ingested += 1
            self._ingest_seconds.observe(seconds)
            self._recent.append(now)
            self._trim(now)

    def episode_failed(self, *, final: bool) -> None:
        with self._lock:
            if final:
                self._failed += 1
            else:
                self._retried += 1

    def search_done(self, kind: str, seconds: float) -> None:
        with self._lock:
            self._searches.setdefault(kind, Histogram()).observe(seconds)

    def episodes_per_second(self) -> float:
        now = time.monotonic()
        with self._lock:
            self._trim(now)
            window = min(RATE_WINDOW_S, max(now - self._started, 1e-9))
            return len(self._recent) / window

    def _trim(self, now: float) -> None:
        while self._recent and self._recent[0] < now - RATE_WINDOW_S:
            self._recent.popleft()

    def render(self, *, queue: Mapping[str, int], llm: Mapping[str, PromptTotals]) -> str:
        """The whole exposition, one metric family after another."""
        rate = self.episodes_per_second()
        out = _Writer()
        out.family("chronomem_queue_episodes", "gauge", "Episodes in the ingest queue by status.")
        for status, count in sorted(queue.items()):
            out.sample("chronomem_queue_episodes", count, status=status)
        with self._lock:
            out.counter(
                "chronomem_episodes_ingested_total",
                "Episodes written to the graph.",
                self._ingested,
            )
            out.counter(
                "chronomem_episodes_failed_total",
                "Episodes that failed for good (kept in the queue with their error).",
                self._failed,
            )
            out.counter(
                "chronomem_episode_retries_total",
                "Failed attempts that will be retried after a backoff.",
                self._retried,
            )
            out.family(
                "chronomem_ingest_episodes_per_second",
                "gauge",
                f"Episodes ingested per second over the last {RATE_WINDOW_S:g} s.",
            )
            out.sample("chronomem_ingest_episodes_per_second", round(rate, 4))
            out.histogram(
                "chronomem_ingest_seconds",
                "Time to ingest one episode.",
                {"": self._ingest_seconds},
            )
            out.histogram(
                "chronomem_search_seconds",
                "Search and context latency by kind.",
                dict(self._searches),
                label="kind",
            )
        _render_llm(out, llm)
        return out.text()


def _render_llm(out: _Writer, llm: Mapping[str, PromptTotals]) -> None:
    families = (
        ("chronomem_llm_calls_total", "LLM calls by prompt.", "calls"),
        ("chronomem_llm_input_tokens_total", "LLM input tokens by prompt.", "input_tokens"),
        ("chronomem_llm_output_tokens_total", "LLM output tokens by prompt.", "output_tokens"),
        ("chronomem_llm_retries_total", "LLM request retries by prompt.", "retries"),
    )
    for name, help_text, attribute in families:
        out.family(name, "counter", help_text)
        for prompt, totals in sorted(llm.items()):
            out.sample(name, getattr(totals, attribute), prompt=prompt)


class _Writer:
    def __init__(self) -> None:
        self._lines: list[str] = []

    def family(self, name: str, kind: str, help_text: str) -> None:
        self._lines.append(f"# HELP {name} {help_text}")
        self._lines.append(f"# TYPE {name} {kind}")

    def sample(self, name: str, value: float, **labels: str) -> None:
        rendered = ",".join(f'{k}="{_escape(v)}"' for k, v in labels.items())
        self._lines.append(f"{name}{{{rendered}}} {value}" if rendered else f"{name} {value}")

    def counter(self, name: str, help_text: str, value: float) -> None:
        self.family(name, "counter", help_text)
        self.sample(name, value)

    def histogram(
        self, name: str, help_text: str, series: Mapping[str, Histogram], label: str = ""
    ) -> None:
        self.family(name, "histogram", help_text)
        for key, hist in sorted(series.items()):
            base = {label: key} if label else {}
            running = 0
            for bound, count in zip((*hist.buckets, float("inf")), hist.counts, strict=True):
                running += count
                le = "+Inf" if bound == float("inf") else f"{bound:g}"
                self.sample(f"{name}_bucket", running, **base, le=le)
            self.sample(f"{name}_sum", round(hist.total, 6), **base)
            self.sample(f"{name}_count", hist.count, **base)

    def text(self) -> str:
        return "\n".join(self._lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
