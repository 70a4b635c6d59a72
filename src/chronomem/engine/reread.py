"""Stage re-read: the turns after an episode that arrived late are read again.

An episode is read with the turns before it in the timeline as context (``pipeline``,
n = 4): "clover died last week" names the rabbit told of before, "idris and I divorced"
the husband, "left wayfair" the employer. When an older message is learned after a newer
one (out-of-order ingestion: an import, a backfill, a queue that reorders), the newer one
was read without it, and its ending may have found nothing to end. So when an episode is
written before turns the group already holds, the next ``n`` of them (those whose context
now includes it) are extracted again and decided against the store like a new episode,
without writing the episode itself again (once per call, however many late episodes
of the call precede a turn): what they tell that is already stored folds into
it (the duplicate rules of ``engine/facts.py``), what the new context reveals is added, and
their endings close what the late episode told.

Whether a group has later turns is known from the latest reference time this ingestor has
written to it (one store read the first time a group is met): in-order ingestion costs
nothing more.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from chronomem.engine.pipeline import IngestPipeline, IngestResult, Prepared
from chronomem.engine.writer import GroupWriter
from chronomem.model import ChangeSet, Episode
from chronomem.model.ontology import Ontology
from chronomem.model.relations import GENERIC_RELATIONS
from chronomem.ports import Clock, Store


class LateTurns:
    """Finds and re-reads the turns after an episode that arrived late."""

    def __init__(self, store: Store, stages: IngestPipeline, writer: GroupWriter, n: int) -> None:
        self._store = store
        self._stages = stages
        self._writer = writer
        self._n = n
        self._latest: dict[str, datetime] = {}
        self._noted: dict[tuple[str, str], Episode] = {}  # (group, id) -> a turn to re-read
        self._lock = threading.Lock()

    def after(self, episode: Episode) -> list[Episode]:
        """The stored turns, at most ``n``, that follow ``episode`` (just written) in its
        group's timeline; none when it is the latest (the usual case: no store read)."""
        group = episode.group_id
        latest = self._latest.get(group)
        if latest is None:
            newest = self._store.recent_episodes(group, limit=1)
            latest = newest[0].reference_time if newest else episode.reference_time
        self._latest[group] = max(latest, episode.reference_time)
        if self._n <= 0 or episode.reference_time >= latest:
            return []
        near = self._store.adjacent_episodes([group], [episode.id], span=self._n)
        later = [e for e in near if e.reference_time > episode.reference_time]
        return later[: self._n]

    def note(self, episode: Episode) -> None:
        """Remember the turns after ``episode`` (just written) for :meth:`reread_noted`."""
        found = self.after(episode)
        with self._lock:
            for later in found:
                self._noted.setdefault((later.group_id, later.id), later)

    def reread_noted(
        self, ontology: Ontology, clock_of: Callable[[Episode], Clock] | None = None
    ) -> list[IngestResult]:
        """Read again, once each, the turns noted since the last call; their results.

        Called at the end of an ingest call: a backfill of a thousand old turns into a group that
        holds newer ones notes the same few newer turns a thousand times, and they are read
        once, with the whole backfill as context. ``clock_of``: the clock each turn's
        decision reads "now" from (``engine/learned.py``; default: the pipeline's)."""
        with self._lock:
            noted, self._noted = list(self._noted.values()), {}
        noted.sort(key=lambda e: (e.group_id, e.reference_time))
        results = []
        for later in noted:
            (p,) = self._stages.prepare([later], ontology=ontology)
            clock = clock_of(later) if clock_of is not None else None
            results.append(
                self._writer.write(
                    later.group_id,
                    f"re-read of episode {later.id}",
                    lambda p=p, c=clock: self._decide_again(p, c),  # type: ignore[misc]
                    on_written=self._stages.written,
                )
            )
        return results

    def _decide_again(self, p: Prepared, clock: Clock | None) -> tuple[ChangeSet, IngestResult]:
        """The decision for a stored episode: its facts and entities, not the episode again;
        the loose mentions its first reading made of a name it now ties by a typed fact
        ("Gita said: wait I mean Corvus Health", now WORKS_AT Corvus Health) are dropped,
        when nothing else told them."""
        changes, result = self._stages.decide(p, clock)
        episode = p.episode
        typed = {
            frozenset((f.source_id, f.target_id))
            for f in result.facts
            if f.relation not in GENERIC_RELATIONS
        }
        kept = {f.id for f in result.facts}
        stale = tuple(
            f.id
            for f in self._store.facts_of_episodes([episode.group_id], [episode.id])
            if f.relation in GENERIC_RELATIONS
            and f.episodes == (episode.id,)
            and f.id not in kept
            and frozenset((f.source_id, f.target_id)) in typed
        )
        return replace(changes, episodes=(), delete_fact_ids=stale), result
