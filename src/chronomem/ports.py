"""The ports: what the core needs from the outside world, as ``typing.Protocol`` classes.

Core code (``engine/``, ``search/``, ``memory.py``) talks only to these. Adapters live in
``stores/``, ``providers/``, ``extractors/`` and ``testing/``; nothing in core asks which one
it runs with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Literal, Protocol, TypedDict, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel

from chronomem.model import (
    ChangeSet,
    Community,
    CommunityMaterial,
    CommunitySet,
    CommunitySummary,
    Edit,
    Entity,
    Episode,
    Extraction,
    Fact,
    Mention,
    Resolution,
    ResolutionRequest,
    SearchFilter,
    SearchRequest,
    Target,
    Vector,
)
from chronomem.model.ontology import Ontology

EmbedKind = Literal["document", "query"]
Matrix = npt.NDArray[np.float32]
ResponseT = TypeVar("ResponseT", bound=BaseModel)


class Clock(Protocol):
    """Where "now" comes from (system time T'), injected so temporal logic is testable."""

    def now(self) -> datetime:
        """The current instant, timezone-aware."""
        ...


class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of a fixed dimension."""

    @property
    def name(self) -> str:
        """A stable model id; a store remembers it and refuses vectors from another model."""
        ...

    @property
    def dimension(self) -> int: ...

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        """One row per text, shape ``(len(texts), dimension)``, each row of unit length."""
        ...


class ChatMessage(TypedDict):
    role: Literal["system", "user", "assistant"]
    content: str


class LLM(Protocol):
    """A chat model that answers with JSON matching a pydantic schema."""

    def complete_json(
        self, messages: Sequence[ChatMessage], schema: type[ResponseT], *, name: str
    ) -> ResponseT:
        """Ask ``messages``; return the answer validated as ``schema``.

        ``name`` identifies the prompt (e.g. ``"extract"``) in errors, logs and accounting.
        Raises :class:`~chronomem.errors.ProviderOutputError` when the model cannot produce
        valid output, :class:`~chronomem.errors.ProviderHTTPError` when the call fails.
        """
        ...


class Extractor(Protocol):
    """Turns episodes into entities and facts, and settles what the fast paths cannot."""

    def extract(
        self, episode: Episode, previous: Sequence[Episode], *, ontology: Ontology | None = None
    ) -> Extraction:
        """Round 1: entities and facts of ``episode``; ``previous`` are the turns before it.

        ``ontology``: the episode's custom types, passed only when it has some (an extractor
        may use them as hints; the engine applies and validates them afterwards either way).
        """
        ...

    def resolve(self, request: ResolutionRequest) -> Resolution:
        """Round 2: every open entity and fact question of one episode, in one go."""
        ...


@runtime_checkable
class HeldReader(Protocol):
    """An optional capability of an :class:`Extractor`: it reads an episode with the
    values its subjects hold, so an ending told far from its value ("the knee is finally
    healed", "sold it last week") can name the value it ends.

    The engine checks for it with ``isinstance(extractor, HeldReader)`` and then calls
    ``extract_held`` instead of ``extract``; ``held`` lists, as an extraction names them,
    the stored open facts of the episode's speaker and of the people it names, and those
    its own ingest call told before it, oldest first (``engine/held.py``). ``extract``
    stays the extraction without a store. The LLM extractor does not have it.
    """

    def extract_held(
        self,
        episode: Episode,
        previous: Sequence[Episode],
        held: Extraction,
        *,
        ontology: Ontology | None = None,
    ) -> Extraction:
        """Round 1 as :meth:`Extractor.extract`, knowing the values ``held``."""
        ...


@runtime_checkable
class CommunitySummarizer(Protocol):
    """An optional capability of an :class:`Extractor`: names and summaries of communities.

    The engine checks for it with ``isinstance(extractor, CommunitySummarizer)``; an extractor
    without it gets the extractive summarizer of the rule extractor (top entities and
    relations, no LLM). An LLM implementation answers a whole batch in one call (prompt
    name ``"summarize_community"``).
    """

    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        """One summary per material, matched by ``key``; a missing key keeps the key terms
        as the name and an extractive summary."""
        ...


@runtime_checkable
class Store(Protocol):
    """Persistence and raw retrieval for the graph. Every read is scoped by group id(s).

    Rows are the model's dataclasses. Instants are compared as the model compares them;
    ``SearchFilter`` arguments arrive already ``resolved(now)``. The store contract suite
    (``tests/contract/``) is the executable definition of this port.
    """

    # -- lifecycle -------------------------------------------------------------------------
    def close(self) -> None: ...

    def bind_embedder(self, name: str, dimension: int) -> None:
        """Record the embedding model on first use; a different one later is a UsageError,
        and so is any while a move to another model (``start_reembed``) is unfinished."""
        ...

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        """Begin or resume moving the store to embedder ``name``: the groups whose vectors
        are still to be rewritten (none: the store is bound to it now)."""
        ...

    def write_embeddings(
        self, group_id: str, vectors: Mapping[Target, Mapping[str, Vector]]
    ) -> None:
        """Replace stored vectors of the group by target and id, and count the group as
        moved; after the last group the store is bound to the new embedder."""
        ...

    # -- writes ----------------------------------------------------------------------------
    def apply(self, changes: ChangeSet) -> None:
        """Apply every write of ``changes`` atomically, or none of them."""
        ...

    def replace_communities(self, communities: CommunitySet) -> None:
        """Replace all communities of the group atomically."""
        ...

    def delete_group(self, group_id: str) -> None:
        """Remove everything of the group."""
        ...

    def group_version(self, group_id: str) -> int:
        """A counter that grows with every ``apply`` to the group (0 for an empty group)."""
        ...

    # -- reads by id or relation -----------------------------------------------------------
    def get_episodes(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Episode]: ...

    def recent_episodes(
        self,
        group_id: str,
        *,
        limit: int,
        before: datetime | None = None,
        vectors: bool = True,
    ) -> list[Episode]:
        """The group's latest episodes by reference time (strictly before ``before``),
        newest first; with ``vectors=False`` without their embeddings (``None``)."""
        ...

    def adjacent_episodes(
        self,
        group_ids: Sequence[str],
        episode_ids: Sequence[str],
        *,
        span: int,
        vectors: bool = True,
    ) -> list[Episode]:
        """The neighbours of ``episode_ids`` in their group's timeline: for each, up to
        ``span`` episodes just before it and ``span`` just after it, ordered by reference
        time, then by insertion (the order of ``recent_episodes``). The given episodes are
        left out; the rest come once each, in timeline order within each group. With
        ``vectors=False`` they come without their embeddings (``None``)."""
        ...

    def get_entities(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Entity]: ...

    def find_entities(self, group_id: str, normalized_names: Sequence[str]) -> list[Entity]:
        """Entities whose ``normalize_name(name)`` is one of ``normalized_names``."""
        ...

    def get_facts(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Fact]: ...

    def facts_of_entities(
        self, group_ids: Sequence[str], entity_ids: Sequence[str], filter: SearchFilter
    ) -> list[Fact]:
        """Facts with either endpoint in ``entity_ids`` that pass ``filter``."""
        ...

    def facts_of_episodes(self, group_ids: Sequence[str], episode_ids: Sequence[str]) -> list[Fact]:
        """Facts that list any of ``episode_ids`` among their source episodes."""
        ...

    def mentions(
        self,
        group_ids: Sequence[str],
        *,
        episode_ids: Sequence[str] | None = None,
        entity_ids: Sequence[str] | None = None,
    ) -> list[Mention]: ...

    def get_communities(
        self, group_ids: Sequence[str], ids: Sequence[str] | None = None
    ) -> list[Community]: ...

    def get_many(
        self,
        group_ids: Sequence[str],
        ids: Mapping[Target, Sequence[str]],
        *,
        vectors: bool = True,
    ) -> Mapping[Target, Sequence[Fact | Entity | Episode | Community]]:
        """``get_facts`` / ``get_entities`` / ``get_episodes`` / ``get_communities`` of
        several targets at once (a server store sends them in one round trip). With
        ``vectors=False`` every row comes without its embedding (``None``): the lean read
        of search results."""
        ...

    # -- whole-group graph reads (communities) ---------------------------------------------
    def list_entities(self, group_id: str) -> list[Entity]:
        """Every entity of the group, in no particular order. A store may leave
        ``name_embedding`` out (``None``) here: community building does not use it."""
        ...

    def list_facts(self, group_id: str) -> list[Fact]:
        """Every fact of the group, its whole history (ended and retracted ones too), with
        its source episodes, in no particular order. ``embedding`` is always left out
        (``None``): the lean read for whole-group views such as the web page's graph."""
        ...

    def thread_episodes(self, group_id: str, thread_id: str) -> list[str]:
        """The ids of the group's episodes in thread ``thread_id``, in timeline order
        (reference time, then insertion)."""
        ...

    def list_edits(
        self, group_id: str, *, subject_id: str | None = None, limit: int = 100
    ) -> list[Edit]:
        """The group's recorded hand corrections (written by ``apply`` with ``edits``),
        newest first; with ``subject_id`` only those that touched that fact or entity."""
        ...

    def group_ids(self) -> list[str]:
        """Every group this store holds (written to and not deleted), in no particular order."""
        ...

    def entity_edges(self, group_id: str, filter: SearchFilter) -> list[tuple[str, str, int]]:
        """The entity graph of the group: one ``(a, b, n)`` per pair of distinct entities
        linked by ``n >= 1`` facts passing ``filter`` (either direction), with ``a < b``."""
        ...

    # -- search primitives (ranked ids with scores, best first) ----------------------------
    def text_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        query: str,
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        """BM25 full-text search (higher score = better) over the target's text."""
        ...

    def vector_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        vector: npt.NDArray[np.float32],
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        """Cosine similarity search over the target's embeddings."""
        ...

    def search_batch(self, requests: Sequence[SearchRequest]) -> list[list[tuple[str, float]]]:
        """The answers of several ``text_search`` / ``vector_search`` calls, in order (a
        server store sends them together, in one round trip)."""
        ...

    def walk(
        self,
        group_ids: Sequence[str],
        seeds: Sequence[str],
        *,
        depth: int,
        filter: SearchFilter,
    ) -> Mapping[str, int]:
        """Breadth-first walk over facts passing ``filter``: entity id -> hops (seeds are 0)."""
        ...
