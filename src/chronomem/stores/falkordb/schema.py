"""The indexes of a group graph, created idempotently once a label has enough rows.

Every index of a label costs a fixed amount of server memory, whatever it holds: the first
range or full-text index of a label creates that label's search index (about 118 KB each,
measured in ``docs/falkordb.md``), an HNSW index reserves room for 1,024 vectors (about
1.9 MB at 384 dims). Small groups have none: reads scan the label, full-text search scores
the rows in Python (:mod:`.textscan`), vector search is an exact scan. A label gets its
range and full-text indexes once the group holds :data:`LABEL_INDEX_AFTER` rows of it, its
HNSW index once it holds :data:`VECTOR_INDEX_AFTER` vectors; creating them re-indexes what is
there (cheap at those sizes; a later index on 100k vectors took 96 s).

HNSW parameters: FalkorDB's default ``efRuntime`` of 10 gave recall@10 of 0.46 on 100k
384-dim vectors; we set :data:`EF_RUNTIME` (recall measured by
``bench/falkordb_footprint.py``, see ``docs/falkordb.md``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from chronomem.stores.falkordb import cypher_search

__all__ = [
    "EF_CONSTRUCTION",
    "EF_RUNTIME",
    "HNSW_M",
    "VECTOR_INDEXES",
    "VECTOR_INDEX_AFTER",
    "LABEL_INDEXES",
    "LABEL_INDEX_AFTER",
    "IndexSpec",
    "Known",
    "create_statement",
    "missing_indexes",
    "text_index",
    "wanted_indexes",
]

HNSW_M: Final = 16
# A label's HNSW index is created once the group holds this many vectors of it; below, vector
# search is an exact cosine scan (about a millisecond at this size). An HNSW index reserves
# room for 1,024 vectors when created (about 1.9 MB at 384 dims), most of a small group's
# server memory; re-indexing this many vectors when the index comes takes about a second.
VECTOR_INDEX_AFTER: Final = 1000
# A label's range and full-text indexes come once the group holds this many rows of it;
# below, a read scans the label and a text search scores its rows in Python.
LABEL_INDEX_AFTER: Final = 500
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


# label -> its range and full-text indexes (names weigh twice the summary, as in the SQLite
# store's BM25)
LABEL_INDEXES: Final = {
    "Entity": (
        IndexSpec("RANGE", "Entity", ("id",)),
        IndexSpec("RANGE", "Entity", ("norm_name",)),
        IndexSpec("FULLTEXT", "Entity", ("name", "summary"), weights=(2.0, 1.0)),
    ),
    "Episode": (
        IndexSpec("RANGE", "Episode", ("id",)),
        IndexSpec("RANGE", "Episode", ("reference_time",)),
        IndexSpec("FULLTEXT", "Episode", ("content",)),
    ),
    "Community": (
        IndexSpec("RANGE", "Community", ("id",)),
        IndexSpec("FULLTEXT", "Community", ("name", "summary"), weights=(2.0, 1.0)),
    ),
    "FACT": (
        IndexSpec("RANGE", "FACT", ("id",), edge=True),
        IndexSpec("FULLTEXT", "FACT", ("fact",), edge=True),
    ),
}
# label -> its vector index; created once the group holds VECTOR_INDEX_AFTER vectors of it
VECTOR_INDEXES: Final = {
    "Entity": IndexSpec("VECTOR", "Entity", ("name_embedding",)),
    "Episode": IndexSpec("VECTOR", "Episode", ("embedding",)),
    "Community": IndexSpec("VECTOR", "Community", ("name_embedding",)),
    "FACT": IndexSpec("VECTOR", "FACT", ("embedding",), edge=True),
}

Known = set[tuple[str, str, str]]  # (label, property, kind) of the indexes of a graph


def wanted_indexes(
    dimension: int | None, vector_labels: Iterable[str] = (), labels: Iterable[str] = ()
) -> list[IndexSpec]:
    """The indexes a group graph needs: the range and full-text indexes of ``labels`` and of
    ``vector_labels``, and the vector indexes of ``vector_labels`` once the dimension is
    known."""
    vector_set = set(vector_labels) if dimension is not None else set()
    base = [spec for label in sorted(set(labels) | vector_set) for spec in LABEL_INDEXES[label]]
    return [*base, *(VECTOR_INDEXES[label] for label in sorted(vector_set))]


def text_index(label: str) -> IndexSpec:
    """The full-text index of ``label`` (present once the label's indexes are)."""
    return next(spec for spec in LABEL_INDEXES[label] if spec.kind == "FULLTEXT")


def missing_indexes(wanted: Iterable[IndexSpec], existing: Known) -> list[IndexSpec]:
    """The specs not yet present in ``existing``."""
    return [
        spec
        for spec in wanted
        if any((spec.label, prop, spec.kind) not in existing for prop in spec.properties)
    ]


def create_statement(spec: IndexSpec, dimension: int | None) -> str:
    """The statement that creates ``spec`` (templates in :mod:`.cypher_search`).

    Labels and properties are the constants above; the only formatted values are numbers.
    """
    if spec.weights is not None:
        fields = ", ".join(
            cypher_search.FULLTEXT_FIELD.format(prop=p, weight=float(w))
            for p, w in zip(spec.properties, spec.weights, strict=True)
        )
        return cypher_search.CREATE_WEIGHTED_FULLTEXT.format(label=spec.label, fields=fields)
    pattern = (cypher_search.EDGE_PATTERN if spec.edge else cypher_search.NODE_PATTERN).format(
        label=spec.label
    )
    columns = ", ".join(f"x.{p}" for p in spec.properties)
    if spec.kind == "RANGE":
        return cypher_search.CREATE_RANGE_INDEX.format(pattern=pattern, columns=columns)
    if spec.kind == "FULLTEXT":
        return cypher_search.CREATE_FULLTEXT_INDEX.format(pattern=pattern, columns=columns)
    if dimension is None or int(dimension) <= 0:
        raise ValueError("a vector index needs a positive dimension")
    return cypher_search.CREATE_VECTOR_INDEX.format(
        pattern=pattern,
        columns=columns,
        dimension=int(dimension),
        m=HNSW_M,
        ef_construction=EF_CONSTRUCTION,
        ef_runtime=EF_RUNTIME,
    )
