"""One running service: the memory, its queue, keys, workers and metrics.

The REST app and the MCP server are both thin over a :class:`ServiceRuntime`, so an
episode added through either is queued, processed, reported and deleted the same way.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from chronomem.engine import IngestResult
from chronomem.engine.learned import Learned
from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory, Timeline
from chronomem.model import Episode, SearchFilter, check_group_id
from chronomem.ports import Embedder
from chronomem.search import SearchConfig, SearchResults, TargetConfig, preset
from chronomem.search.context import DEFAULT_MAX_TOKENS, Context
from chronomem.service.auth import KeyStore
from chronomem.service.db import ServiceDB
from chronomem.service.limits import Limits
from chronomem.service.metrics import Metrics
from chronomem.service.queue import Acceptance, Backoff, IngestQueue, QueuedEpisode
from chronomem.service.workers import WORKER_RUN, LeaderLock, WorkerPool
from chronomem.stores.sqlite.connection import MEMORY

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, kw_only=True)
class ServiceConfig:
    """How to run the service (``chronomem serve`` and ``chronomem mcp`` build one)."""

    db: str = MEMORY  # the memory: a SQLite file, ":memory:" or a server URL
    queue_db: str | None = None  # default: the memory's own file when it is SQLite
    workers: int = 2
    worker_run: int = WORKER_RUN  # a worker ingests up to this many of a group's episodes at once
    embedder: str = "auto"  # auto | local | hash | api (CHRONOMEM_EMBED_* settings)
    llm: bool = False  # True: extract with the LLM from CHRONOMEM_LLM_* settings
    limits: Limits = field(default_factory=Limits)
    backoff: Backoff = field(default_factory=Backoff)
    docs: bool = True  # serve /docs, /redoc and /openapi.json (False: hide them)


def queue_path(config: ServiceConfig) -> str:
    """Where the queue lives: ``queue_db``, else the memory's SQLite file."""
    if config.queue_db:
        return config.queue_db
    db = config.db
    if db.startswith("sqlite://"):
        rest = db[len("sqlite://") :]
        return (rest[1:] if rest.startswith("/") else rest) or MEMORY
    if "://" in db:
        raise UsageError(
            f"the memory {db!r} is on a server, so the durable ingest queue needs a SQLite "
            "file of its own: pass --queue-db queue.db (queue_db= in ServiceConfig)"
        )
    return db


def make_embedder(name: str) -> Embedder | None:
    """The embedder a registered name stands for (None: Memory's default); see
    :mod:`chronomem.providers.registry`."""
    from chronomem.providers.factory import embedder_named

    return embedder_named(name)


class ServiceRuntime:
    """Owns the memory, the service database and the workers; ``start()``/``close()``."""

    def __init__(self, *, memory: Memory, db: ServiceDB, config: ServiceConfig) -> None:
        self.memory = memory
        self.db = db
        self.config = config
        self.limits = config.limits
        self.metrics = Metrics()
        self.queue = IngestQueue(
            db, backoff=config.backoff, max_episode_chars=config.limits.max_content_chars
        )
        self.keys = KeyStore(db)
        lock = f"{db.path}.workers.lock" if db.durable else None
        self.workers = WorkerPool(
            queue=self.queue,
            memory=memory,
            metrics=self.metrics,
            leader=LeaderLock(lock),
            threads=config.workers,
            run=config.worker_run,
        )
        self._started = False

    def start(self) -> None:
        if not self._started:
            self.workers.start()
            self._started = True

    def close(self) -> None:
        """Stop the workers (each finishes its episode), then close the databases."""
        if self._started:
            self.workers.stop()
            self._started = False
        self.db.close()
        self.memory.close()

    # -- ingestion -------------------------------------------------------------------------
    def accept(
        self,
        group_id: str,
        items: list[EpisodeInput],
        *,
        idempotency: tuple[str, str] | None = None,
        request_digest: str | None = None,
        learned: Learned = Learned.NOW,
    ) -> Acceptance:
        check_group_id(group_id)
        self.limits.check_batch(len(items))
        if any(i.group_id != group_id for i in items):
            raise UsageError(f"every episode of this request must be for group {group_id!r}")
        accepted = self.queue.accept(
            items, idempotency=idempotency, request_digest=request_digest, learned=learned
        )
        self.workers.wake()
        return accepted

    def status(self, group_id: str, episode_id: str) -> tuple[QueuedEpisode | None, Episode | None]:
        row = self.queue.get(group_id, episode_id)
        stored = self.memory.get_episodes([episode_id], group_id=group_id)
        return row, (stored[0] if stored else None)

    # -- deletion --------------------------------------------------------------------------
    def delete_episode(self, group_id: str, episode_id: str) -> bool:
        """Remove the episode from the queue and the graph; False if it was in neither."""
        with self.workers.group(check_group_id(group_id)):
            queued = self.queue.forget(group_id, episode_id)
            stored = self.memory.delete_episode(episode_id, group_id=group_id)
        return queued or stored

    def add_fact(
        self, group_id: str, source: str, relation: str, target: str, **options: Any
    ) -> IngestResult:
        """``Memory.add_fact``, written at once (not queued) while the group's workers wait,
        as a delete is; ``options`` are its keyword arguments."""
        with self.workers.group(check_group_id(group_id)):
            return self.memory.add_fact(source, relation, target, group_id=group_id, **options)

    def delete_fact(self, group_id: str, fact_id: str) -> bool:
        with self.workers.group(check_group_id(group_id)):
            return self.memory.delete_fact(fact_id, group_id=group_id)

    def delete_group(self, group_id: str) -> int:
        """Drop the group's graph and its queue (queued episodes never run). Returns the
        number of queue rows removed."""
        with self.workers.group(check_group_id(group_id)):
            removed = self.queue.forget_group(group_id)
            self.memory.delete_group(group_id)
        return removed

    # -- retrieval -------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        group_id: str,
        limit: int = 10,
        recipe: str = "hybrid_rrf",
        targets: list[str] | None = None,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
        search_filter: SearchFilter | None = None,
    ) -> tuple[SearchResults, dict[str, str]]:
        """Results and the names of every entity their facts touch."""
        config = _with_targets(preset(recipe), targets)
        started = time.perf_counter()
        found = self.memory.search(
            query,
            group_id=group_id,
            limit=min(limit, self.limits.max_results),
            valid_at=valid_at,
            known_at=known_at,
            recipe=config,
            filter=search_filter,
        )
        names = self.entity_names(group_id, found)
        self.metrics.search_done("search", time.perf_counter() - started)
        return found, names

    def entity_names(self, group_id: str, found: SearchResults) -> dict[str, str]:
        names = {e.id: e.name for e in found.entities}
        missing = sorted({i for f in found.facts for i in f.endpoints} - names.keys())
        if missing:
            names.update(
                {e.id: e.name for e in self.memory.store.get_entities([group_id], missing)}
            )
        return names

    def context(
        self,
        query: str,
        *,
        group_id: str,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
    ) -> str:
        return self.context_result(
            query, group_id=group_id, max_tokens=max_tokens, valid_at=valid_at, known_at=known_at
        ).text

    def context_result(
        self,
        query: str,
        *,
        group_id: str,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
    ) -> Context:
        """The context with what it shows (facts, entities) and its token estimate."""
        check_group_id(group_id)
        if not query.strip():
            raise UsageError("the context query is empty: pass the question to answer")
        started = time.perf_counter()
        built = self.memory.context(
            query,
            group_id=group_id,
            max_tokens=min(max_tokens, self.limits.max_context_tokens),
            valid_at=valid_at,
            known_at=known_at,
        )
        self.metrics.search_done("context", time.perf_counter() - started)
        return built

    def timeline(self, group_id: str, entity: str, *, known_at: datetime | None = None) -> Timeline:
        if not entity.strip():
            raise UsageError("name the entity whose timeline you want, e.g. entity=Alice")
        return self.memory.get_timeline(entity, group_id=group_id, known_at=known_at)

    # -- health ----------------------------------------------------------------------------
    def metrics_text(self) -> str:
        depth = {status.value: count for status, count in self.queue.depth().items()}
        return self.metrics.render(queue=depth, llm=self.memory.usage.by_prompt())


def _with_targets(config: SearchConfig, targets: list[str] | None) -> SearchConfig:
    if not targets:
        return config
    wanted = set(targets)
    changes = {}
    for name in ("facts", "entities", "episodes", "communities"):
        current: TargetConfig | None = getattr(config, name)
        changes[name] = (current or TargetConfig()) if name in wanted else None
    return replace(config, **changes)  # type: ignore[arg-type]


def open_runtime(
    config: ServiceConfig,
    *,
    embedder: Embedder | None = None,
    memory: Memory | None = None,
) -> ServiceRuntime:
    """Open the memory and the service tables that ``config`` names (workers not started)."""
    path = queue_path(config)
    if path == MEMORY:
        log.warning(
            "the ingest queue is in RAM (memory ':memory:'): accepted episodes are "
            "lost on restart; give --db a file for durable ingestion"
        )
    if memory is None:
        llm = None
        if config.llm:
            from chronomem.providers.factory import llm_from_settings

            llm = llm_from_settings()
        chosen = embedder if embedder is not None else make_embedder(config.embedder)
        memory = Memory(
            config.db,
            embedder=chosen,
            llm=llm,
            max_episode_chars=config.limits.max_content_chars,
        )
    db = ServiceDB(path)
    return ServiceRuntime(memory=memory, db=db, config=config)
