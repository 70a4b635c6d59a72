"""How a batch of episodes is cut and what a batch call returns.

The :class:`~chronomem.engine.ingest.Ingestor` prepares (extracts and embeds) a batch a
chunk at a time: a small first chunk so the first episodes are written quickly, then
``BULK_CHUNK`` episodes each. ``add_episodes`` returns :class:`BulkResults`, the inputs it
left out listed as :class:`SkippedEpisode`; a long input's passages are reported as one
result (:func:`combined`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from chronomem.accounting import Usage
from chronomem.engine.pipeline import IngestResult, Prepared
from chronomem.errors import UsageError
from chronomem.model import Episode

BULK_CHUNK = 64  # a batch is prepared (extracted + embedded) this many episodes at once
FIRST_CHUNK = 8  # the first chunk is small, so the first episodes are written quickly

OnError = Literal["raise", "skip"]


@dataclass(frozen=True, slots=True)
class SkippedEpisode:
    """An input ``add_episodes(..., on_error="skip")`` left out: its index and why."""

    index: int
    error: str


class BulkResults(list[IngestResult]):
    """What ``add_episodes`` returns: the results in order (a list), and ``skipped``, the
    inputs left out with ``on_error="skip"`` (each with its index and the reason)."""

    skipped: tuple[SkippedEpisode, ...] = ()


def check_on_error(on_error: str) -> None:
    if on_error not in ("raise", "skip"):
        raise UsageError(f"on_error={on_error!r}: use 'raise' (the default) or 'skip'")


@dataclass(frozen=True, slots=True)
class ChunkPlan:
    """A chunk prepared ahead of its write: prepared episodes and known ones, by index."""

    prepared: dict[int, Prepared]
    known: dict[int, Episode]  # stored already, or earlier in the same call


def chunks(episodes: Sequence[Episode]) -> list[Sequence[Episode]]:
    """A small first chunk (the first writes come quickly), then ``BULK_CHUNK`` each."""
    if len(episodes) <= FIRST_CHUNK:
        return [episodes] if episodes else []
    rest = episodes[FIRST_CHUNK:]
    return [episodes[:FIRST_CHUNK]] + [
        rest[i : i + BULK_CHUNK] for i in range(0, len(rest), BULK_CHUNK)
    ]


def tails(plan: ChunkPlan) -> dict[str, list[Episode]]:
    """Per group, the episodes a chunk prepares, in order: the next chunk's context."""
    out: dict[str, list[Episode]] = {}
    for n in sorted(plan.prepared):
        episode = plan.prepared[n].episode
        out.setdefault(episode.group_id, []).append(episode)
    return out


def combined(results: Sequence[IngestResult]) -> IngestResult:
    """One result for the passages of one input: the first passage's, with what all of
    them added."""
    first = results[0]
    usage = Usage()
    for r in results:
        usage.extend(r.usage)
    return replace(
        first,
        entities=tuple({e.id: e for r in results for e in r.entities}.values()),
        facts=tuple({f.id: f for r in results for f in r.facts}.values()),
        invalidated=tuple({f.id: f for r in results for f in r.invalidated}.values()),
        usage=usage,
        stored_already=all(r.stored_already for r in results),
        passages=tuple(r.episode for r in results),
    )
