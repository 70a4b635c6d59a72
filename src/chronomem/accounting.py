"""LLM usage accounting: every provider call is recorded where the caller can see it.

Providers call :func:`record` after each request. The ingestion pipeline wraps each episode
in :func:`collect`, so ``add_episode`` can return that episode's usage; ``Memory`` adds every
episode's usage to its running :class:`Usage`, whose :meth:`Usage.by_prompt` gives totals per
stage. Collection is scoped with a ``ContextVar``: concurrent episodes in different threads or
tasks never mix their numbers.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class LLMCall:
    """One request to a provider (retries included)."""

    prompt: str  # the prompt's name: "extract", "resolve", "summarize", "score", ...
    model: str
    input_tokens: int
    output_tokens: int
    latency_s: float
    retries: int = 0
    round: int = 0  # sequential round within the episode, when the caller knows it


@dataclass(frozen=True, slots=True)
class PromptTotals:
    calls: int
    input_tokens: int
    output_tokens: int
    latency_s: float
    retries: int


@dataclass
class Usage:
    """A thread-safe, append-only list of calls with totals, and the warnings of the work
    they served (e.g. an extracted attribute dropped because it failed its type's model)."""

    calls: list[LLMCall] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def add(self, call: LLMCall) -> None:
        with self._lock:
            self.calls.append(call)

    def extend(self, other: Usage) -> None:
        with self._lock:
            self.calls.extend(other.calls)
            self.warnings.extend(other.warnings)

    @property
    def call_count(self) -> int:
        return len(self.calls)

    @property
    def input_tokens(self) -> int:
        return sum(c.input_tokens for c in self.calls)

    @property
    def output_tokens(self) -> int:
        return sum(c.output_tokens for c in self.calls)

    def by_prompt(self) -> dict[str, PromptTotals]:
        """Totals per prompt name (= per pipeline stage)."""
        out: dict[str, PromptTotals] = {}
        for c in list(self.calls):
            t = out.get(c.prompt, PromptTotals(0, 0, 0, 0.0, 0))
            out[c.prompt] = PromptTotals(
                t.calls + 1,
                t.input_tokens + c.input_tokens,
                t.output_tokens + c.output_tokens,
                t.latency_s + c.latency_s,
                t.retries + c.retries,
            )
        return out


log = logging.getLogger(__name__)
_current: ContextVar[Usage | None] = ContextVar("chronomem_usage", default=None)
_round: ContextVar[int] = ContextVar("chronomem_llm_round", default=0)


def record(call: LLMCall) -> None:
    """Record a provider call into the usage being collected (no-op outside ``collect``)."""
    usage = _current.get()
    if usage is not None:
        usage.add(call)


def warn(message: str) -> None:
    """Record a warning into the usage being collected (and the log): work went on without
    something the caller asked for."""
    log.warning(message)
    usage = _current.get()
    if usage is not None:
        with usage._lock:
            usage.warnings.append(message)


@contextmanager
def collect() -> Iterator[Usage]:
    """Collect the calls made inside the block (nested blocks each get their own)."""
    usage = Usage()
    token = _current.set(usage)
    try:
        yield usage
    finally:
        _current.reset(token)


@contextmanager
def llm_round(number: int) -> Iterator[None]:
    """Mark the calls made inside the block as sequential round ``number`` of an episode.

    Providers read :func:`current_round` when they build their :class:`LLMCall`.
    """
    token = _round.set(number)
    try:
        yield
    finally:
        _round.reset(token)


def current_round() -> int:
    """The round set by the innermost :func:`llm_round` block (0 outside any)."""
    return _round.get()
