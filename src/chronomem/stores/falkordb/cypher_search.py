"""The FalkorDB store's search queries, row counts and index statements.

Search runs in the server's full-text and HNSW indexes where a group has them, and scans
(exact cosine, text scored in Python) where it has none yet; the counts tell when a
group's indexes are due (:mod:`.schema`, :mod:`.growth`). Graph layout: :mod:`.cypher`.
"""

from __future__ import annotations

from typing import Final

from chronomem.model import Target

# -- search ---------------------------------------------------------------------------------
# {where}: a condition from filters (fact_condition for FACTS, entity_condition for ENTITIES,
# "true" otherwise). $k is the over-fetch size of the index call, $limit the answer size.

# Full-text: one index call per query word, scores summed per row. FalkorDB scores a single
# word TF-IDF-like (rarer words score higher) but an OR query only by its best word; the sum
# ranks rows matching more, and rarer, words first, like BM25.
_FULLTEXT_NODES = """
UNWIND $terms AS term
CALL db.idx.fulltext.queryNodes('{label}', term) YIELD node, score
WITH node AS {var}, sum(score) AS score WHERE {{where}}
RETURN {var}.id, score ORDER BY score DESC, {var}.id LIMIT $limit
"""
_VECTOR_NODES = """
CALL db.idx.vector.queryNodes('{label}', '{prop}', $k, vecf32($vector))
YIELD node, score
WITH node AS {var}, score WHERE {{where}}
RETURN {var}.id, 1.0 - score AS similarity ORDER BY similarity DESC, {var}.id LIMIT $limit
"""

TEXT_SEARCH: Final = {
    Target.FACTS: """
UNWIND $terms AS term
CALL db.idx.fulltext.queryRelationships('FACT', term) YIELD relationship, score
WITH relationship AS r, sum(score) AS score WHERE {where}
RETURN r.id, score ORDER BY score DESC, r.id LIMIT $limit
""",
    Target.ENTITIES: _FULLTEXT_NODES.format(label="Entity", var="n"),
    Target.EPISODES: _FULLTEXT_NODES.format(label="Episode", var="e"),
    Target.COMMUNITIES: _FULLTEXT_NODES.format(label="Community", var="c"),
}

VECTOR_SEARCH: Final = {
    Target.FACTS: """
CALL db.idx.vector.queryRelationships('FACT', 'embedding', $k, vecf32($vector))
YIELD relationship, score
WITH relationship AS r, score WHERE {where}
RETURN r.id, 1.0 - score AS similarity ORDER BY similarity DESC, r.id LIMIT $limit
""",
    Target.ENTITIES: _VECTOR_NODES.format(label="Entity", prop="name_embedding", var="n"),
    Target.EPISODES: _VECTOR_NODES.format(label="Episode", prop="embedding", var="e"),
    Target.COMMUNITIES: _VECTOR_NODES.format(label="Community", prop="name_embedding", var="c"),
}

# Exact cosine over every vector of the group: small groups have no HNSW index (see
# schema.VECTOR_INDEX_AFTER); the query vector is a unit vector, stored ones are too.
_EXACT_NODES = """
MATCH ({var}:{label}) WHERE {var}.{prop} IS NOT NULL AND ({{where}})
WITH {var}, 1.0 - vec.cosineDistance({var}.{prop}, vecf32($vector)) AS similarity
RETURN {var}.id, similarity ORDER BY similarity DESC, {var}.id LIMIT $limit
"""
EXACT_VECTOR_SEARCH: Final = {
    Target.FACTS: """
MATCH ()-[r:FACT]->() WHERE r.embedding IS NOT NULL AND ({where})
WITH r, 1.0 - vec.cosineDistance(r.embedding, vecf32($vector)) AS similarity
RETURN r.id, similarity ORDER BY similarity DESC, r.id LIMIT $limit
""",
    Target.ENTITIES: _EXACT_NODES.format(label="Entity", prop="name_embedding", var="n"),
    Target.EPISODES: _EXACT_NODES.format(label="Episode", prop="embedding", var="e"),
    Target.COMMUNITIES: _EXACT_NODES.format(label="Community", prop="name_embedding", var="c"),
}

# Small groups have no full-text index (schema.LABEL_INDEX_AFTER): the rows passing the
# filter are read with their text and scored in Python (textscan.py).
TEXT_SCAN: Final = {
    Target.FACTS: "MATCH ()-[r:FACT]->() WHERE r.fact IS NOT NULL AND ({where}) "
    "RETURN r.id, r.fact",
    Target.ENTITIES: "MATCH (n:Entity) WHERE n.name IS NOT NULL AND ({where}) "
    "RETURN n.id, n.name, n.summary",
    Target.EPISODES: "MATCH (e:Episode) WHERE {where} RETURN e.id, e.content",
    Target.COMMUNITIES: "MATCH (c:Community) WHERE {where} RETURN c.id, c.name, c.summary",
}
# How many rows of a label a group holds, to know when its indexes are due.
LABEL_COUNT: Final = {
    Target.FACTS: "MATCH ()-[r:FACT]->() RETURN count(r)",
    Target.ENTITIES: "MATCH (n:Entity) RETURN count(n)",
    Target.EPISODES: "MATCH (e:Episode) RETURN count(e)",
    Target.COMMUNITIES: "MATCH (c:Community) RETURN count(c)",
}

# target -> the label (node label or edge type) holding its embeddings
VECTOR_LABEL: Final = {
    Target.FACTS: "FACT",
    Target.ENTITIES: "Entity",
    Target.EPISODES: "Episode",
    Target.COMMUNITIES: "Community",
}

# How many vectors an index holds, to know when over-fetching has seen them all.
VECTOR_COUNT: Final = {
    Target.FACTS: "MATCH ()-[r:FACT]->() WHERE r.embedding IS NOT NULL RETURN count(r)",
    Target.ENTITIES: "MATCH (n:Entity) WHERE n.name_embedding IS NOT NULL RETURN count(n)",
    Target.EPISODES: "MATCH (e:Episode) WHERE e.embedding IS NOT NULL RETURN count(e)",
    Target.COMMUNITIES: "MATCH (c:Community) WHERE c.name_embedding IS NOT NULL RETURN count(c)",
}

# -- schema ---------------------------------------------------------------------------------

# Index DDL cannot take parameters; schema.py fills these with its constant labels and
# properties and with integers (dimension, HNSW parameters).
NODE_PATTERN: Final = "(x:{label})"
EDGE_PATTERN: Final = "()-[x:{label}]-()"
CREATE_RANGE_INDEX: Final = "CREATE INDEX FOR {pattern} ON ({columns})"
CREATE_FULLTEXT_INDEX: Final = "CREATE FULLTEXT INDEX FOR {pattern} ON ({columns})"
FULLTEXT_FIELD: Final = "{{field: '{prop}', weight: {weight!r}}}"
CREATE_WEIGHTED_FULLTEXT: Final = (
    "CALL db.idx.fulltext.createNodeIndex({{label: '{label}'}}, {fields})"
)
CREATE_VECTOR_INDEX: Final = (
    "CREATE VECTOR INDEX FOR {pattern} ON ({columns}) OPTIONS {{dimension: {dimension}, "
    "similarityFunction: 'cosine', M: {m}, efConstruction: {ef_construction}, "
    "efRuntime: {ef_runtime}}}"
)
INDEX_STATES: Final = "CALL db.indexes() YIELD status RETURN status"
LIST_INDEXES: Final = (
    "CALL db.indexes() YIELD label, properties, types, entitytype "
    "RETURN label, properties, types, entitytype"
)
