"""The indexes of a group graph, created idempotently before data arrives.

FalkorDB re-indexes a whole label when an index is added to a loaded graph (about 96 s for
100k vectors), so every group graph gets its indexes on first write. Vector indexes need the
embedding dimension; a graph written before ``bind_embedder`` gets them when the dimension
becomes known.

HNSW parameters: FalkorDB's default ``efRuntime`` of 10 gave recall@10 of 0.46 on 100k
384-dim vectors; we set it to :data:`EF_RUNTIME` (recall measured in
``tests/test_falkordb_search.py`` and ``docs/falkordb.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from chronomem.stores.falkordb import cypher

__all__ = [
    "EF_CONSTRUCTION",
    "EF_RUNTIME",
    "HNSW_M",
    "IndexSpec",
    "create_statement",
    "missing_indexes",
    "wanted_indexes",
]

HNSW_M: Final = 16
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
_VECTORS: Final = (
    IndexSpec("VECTOR", "Entity", ("name_embedding",)),
    IndexSpec("VECTOR", "Community", ("name_embedding",)),
    IndexSpec("VECTOR", "FACT", ("embedding",), edge=True),
)


def wanted_indexes(dimension: int | None) -> tuple[IndexSpec, ...]:
    """Every index a group graph needs; vector indexes only once the dimension is known."""
    return _BASE + (_VECTORS if dimension is not None else ())


def missing_indexes(
    wanted: tuple[IndexSpec, ...], existing: set[tuple[str, str, str]]
) -> list[IndexSpec]:
    """The specs not yet present; ``existing`` holds ``(label, property, kind)`` triples."""
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
