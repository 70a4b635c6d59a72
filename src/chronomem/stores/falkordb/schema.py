"""The indexes of a group graph, created idempotently before the data they cover.

FalkorDB re-indexes a whole label when an index is added to a loaded graph (about 96 s for
100k vectors), so a group graph gets its base indexes on its first write, and a label's
vector index (with the dimension of the embeddings) before that label's first embedding.

HNSW parameters: FalkorDB's default ``efRuntime`` of 10 gave recall@10 of 0.46 on 100k
384-dim vectors; we set :data:`EF_RUNTIME` (recall measured by
``bench/falkordb_footprint.py``, see ``docs/falkordb.md``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from chronomem.stores.falkordb import cypher

__all__ = [
    "EF_CONSTRUCTION",
    "EF_RUNTIME",
    "HNSW_M",
    "VECTOR_INDEXES",
    "VECTOR_INDEX_AFTER",
    "IndexSpec",
    "Known",
    "create_statement",
    "missing_indexes",
    "wanted_indexes",
]

HNSW_M: Final = 16
# A label's HNSW index is created once the group holds this many vectors of it; below, vector
# search is an exact cosine scan (about a millisecond at this size). An HNSW index reserves
# room for 1,024 vectors when created (about 1.9 MB at 384 dims), most of a small group's
# server memory; re-indexing this many vectors when the index comes takes about a second.
VECTOR_INDEX_AFTER: Final = 1000
EF_CONSTRUCTION: Final = 200
EF_RUNTIME: Final = 200

IndexKind = Literal["RANGE", "FULLTEXT", "VECTOR"]


@dataclass(frozen=True, slots=True)
class IndexSpec:
    """One index: on nodes of ``label`` (or edges of type ``label`` if ``edge``)."""

    kind: IndexKind
    label: str
    properties: tuple[str, ...]
    edge: bool = False
    weights: tuple[float, ...] | None = None  # full-text field weights (nodes only)


_BASE: Final = (
    IndexSpec("RANGE", "Entity", ("id",)),
    IndexSpec("RANGE", "Entity", ("norm_name",)),
    IndexSpec("RANGE", "Episode", ("id",)),
    IndexSpec("RANGE", "Episode", ("reference_time",)),
    IndexSpec("RANGE", "Community", ("id",)),
    IndexSpec("RANGE", "FACT", ("id",), edge=True),
    # names weigh twice the summary, as in the SQLite store's BM25
    IndexSpec("FULLTEXT", "Entity", ("name", "summary"), weights=(2.0, 1.0)),
    IndexSpec("FULLTEXT", "Episode", ("content",)),
    IndexSpec("FULLTEXT", "Community", ("name", "summary"), weights=(2.0, 1.0)),
    IndexSpec("FULLTEXT", "FACT", ("fact",), edge=True),
)
# label -> its vector index; created with the label's first embedding (an HNSW index
# preallocates room for 1,024 vectors, about 1.5 MB at 384 dims, so groups without
# communities do not pay for a community index)
VECTOR_INDEXES: Final = {
    "Entity": IndexSpec("VECTOR", "Entity", ("name_embedding",)),
    "Episode": IndexSpec("VECTOR", "Episode", ("embedding",)),
    "Community": IndexSpec("VECTOR", "Community", ("name_embedding",)),
    "FACT": IndexSpec("VECTOR", "FACT", ("embedding",), edge=True),
}

Known = set[tuple[str, str, str]]  # (label, property, kind) of the indexes of a graph


def wanted_indexes(dimension: int | None, vector_labels: Iterable[str] = ()) -> list[IndexSpec]:
    """The indexes a group graph needs: the base ones, and the vector indexes of
    ``vector_labels`` once the dimension is known."""
    vectors = [VECTOR_INDEXES[label] for label in sorted(set(vector_labels))]
    return [*_BASE, *(vectors if dimension is not None else [])]


def missing_indexes(wanted: Iterable[IndexSpec], existing: Known) -> list[IndexSpec]:
    """The specs not yet present in ``existing``."""
    return [
        spec
        for spec in wanted
        if any((spec.label, prop, spec.kind) not in existing for prop in spec.properties)
    ]


def create_statement(spec: IndexSpec, dimension: int | None) -> str:
    """The statement that creates ``spec`` (templates in :mod:`.cypher`).

    Labels and properties are the constants above; the only formatted values are numbers.
    """
    if spec.weights is not None:
        fields = ", ".join(
            cypher.FULLTEXT_FIELD.format(prop=p, weight=float(w))
            for p, w in zip(spec.properties, spec.weights, strict=True)
        )
        return cypher.CREATE_WEIGHTED_FULLTEXT.format(label=spec.label, fields=fields)
    pattern = (cypher.EDGE_PATTERN if spec.edge else cypher.NODE_PATTERN).format(label=spec.label)
    columns = ", ".join(f"x.{p}" for p in spec.properties)
    if spec.kind == "RANGE":
        return cypher.CREATE_RANGE_INDEX.format(pattern=pattern, columns=columns)
    if spec.kind == "FULLTEXT":
        return cypher.CREATE_FULLTEXT_INDEX.format(pattern=pattern, columns=columns)
    if dimension is None or int(dimension) <= 0:
        raise ValueError("a vector index needs a positive dimension")
    return cypher.CREATE_VECTOR_INDEX.format(
        pattern=pattern,
        columns=columns,
        dimension=int(dimension),
        m=HNSW_M,
        ef_construction=EF_CONSTRUCTION,
        ef_runtime=EF_RUNTIME,
    )
