"""Every Cypher query the FalkorDB store sends, in one place.

All values travel as parameters (``$name``). The only text ever formatted into a query is
(a) a filter condition built by :mod:`.filters` from constant fragments, and (b) the constant
labels and the numbers (dimension, HNSW parameters, field weights) of the index statements
at the end of this module; never user or model text.

Every query is written for one group's graph and sent through the group's
:class:`.scope.Scope`: in a shared bucket graph the scope adds ``group_id: $scope_gid`` to its
patterns; every write also stamps ``group_id`` on what it creates (a no-op filter-wise in an
own graph). Graph layout (see ``docs/falkordb.md``)::

    (:Meta {version})                                  the group's write counter
    (:Episode {id, content, source, source_description, reference_time, created_at, thread_id,
               embedding})
    (:Entity {id, name, norm_name, labels, summary, attributes, created_at, name_embedding})
    (:Entity {id, stub: true})                         a deleted entity that facts still name
    (:Entity)-[:FACT {id, relation, fact, episodes, attributes, created_at, valid_at,
                      invalid_at, expired_at, embedding}]->(:Entity)
    (:Episode)-[:MENTIONS]->(:Entity)
    (:Community {id, name, summary, created_at, member_ids, name_embedding})
    (:Edit {id, kind, at, actor, reason, payload, undoes, subjects})   a hand correction

Instants are integer microseconds since the epoch (UTC).
"""

from __future__ import annotations

from typing import Final

from chronomem.model import Target

# The stored properties of each row other than its embedding (the layout above, plus `seq`).
EPISODE_FIELDS: Final = (
    "id", "content", "source", "source_description", "reference_time", "created_at", "seq",
    "thread_id",
)  # fmt: skip
ENTITY_FIELDS: Final = (
    "id", "name", "norm_name", "labels", "summary", "attributes", "created_at", "seq",
)  # fmt: skip
FACT_FIELDS: Final = (
    "id", "relation", "fact", "episodes", "attributes", "created_at", "valid_at",
    "invalid_at", "expired_at", "seq",
)  # fmt: skip
COMMUNITY_FIELDS: Final = ("id", "name", "summary", "created_at", "member_ids", "seq")


def _lean(var: str, fields: tuple[str, ...]) -> str:
    """A map of ``var``'s ``fields``: ``properties(var)`` without the embedding."""
    return "{" + ", ".join(f"{f}: {var}.{f}" for f in fields) + "}"


# -- writes ---------------------------------------------------------------------------------
def _replacing_communities(var: str, condition: str) -> str:
    """Two subqueries that replace the group's communities by ``$communities`` (their rows
    in order) when ``condition`` over the outer ``var`` holds."""
    gate = f"WITH {var} WITH {var} WHERE {condition}"
    return f"""CALL {{
  {gate}
  MATCH (old:Community)
  DELETE old
}}
CALL {{
  {gate}
  UNWIND range(0, size($communities) - 1) AS i
  WITH $communities[i] AS row, i
  CREATE (c:Community)
  SET c = row.props
  SET c.seq = i, c.group_id = $scope_gid
  FOREACH (v IN CASE WHEN row.emb IS NULL THEN [] ELSE [row.emb] END |
    SET c.name_embedding = vecf32(v))
}}
"""


# One change set = one query, so FalkorDB applies it atomically (a query runs alone on its
# graph and is rolled back as a whole if it fails). The first part checks the preconditions
# (version, duplicate episodes, stored ends of facts and mentions) and every write below is
# gated on `ok`.
# Each write runs in a CALL subquery, which keeps the single outer row alive even when its
# UNWIND list is empty. Deletions run before upserts.
#
# Rows carry `seq`, their order of first insertion (as SQLite's rowid): an upsert keeps it,
# new rows get (version + 1) * $seq_step + their position in the change set.
#
# Deleting an entity keeps its facts, as in the SQLite store (the engine decides which facts
# go): the node stays as a stub (:Entity {id, stub: true}) that reads skip and that counts as
# not stored; writing the entity again fills the stub in; a stub left without facts goes.
# With $replace_communities (an import's exact copy) the group's communities are replaced
# by $communities in the same query, as REPLACE_COMMUNITIES does on its own.
# A packed group being moved to its own graph (or moved already) refuses writes in its
# bucket: the writer finds where it lives again (see placement.py and moveout.py).
_HELD = "(meta.moving IS NOT NULL OR meta.moved IS NOT NULL)"
APPLY: Final = (
    """
OPTIONAL MATCH (meta:Meta)
WITH coalesce(meta.version, 0) AS version, {held} AS held
OPTIONAL MATCH (dup:Episode)
WHERE dup.id IN $new_episode_ids AND NOT (dup.id IN $del_episodes)
WITH version, held, collect(dup.id) AS duplicates
OPTIONAL MATCH (known:Entity)
WHERE known.id IN $needed_entities AND known.stub IS NULL AND NOT (known.id IN $del_entities)
WITH version, held, duplicates, collect(known.id) AS found_entities
OPTIONAL MATCH (seen:Episode)
WHERE seen.id IN $needed_episodes AND NOT (seen.id IN $del_episodes)
WITH version, held, duplicates, found_entities, collect(seen.id) AS found_episodes
WITH version, held, duplicates, found_entities, found_episodes,
     NOT held AND ($expected IS NULL OR $expected = version) AND size(duplicates) = 0
     AND size(found_entities) = size($needed_entities)
     AND size(found_episodes) = size($needed_episodes) AS ok
CALL {
  WITH ok
  UNWIND CASE WHEN ok THEN $drop_facts ELSE [] END AS fact_id
  MATCH ()-[r:FACT {id: fact_id}]->()
  WITH r, startNode(r).id AS a, endNode(r).id AS b,
       CASE WHEN r.id IN $del_facts THEN null ELSE [r.id, r.seq] END AS kept
  DELETE r
  RETURN collect(a) + collect(b) AS loose, collect(kept) AS kept_seqs
}
CALL {
  WITH ok WITH ok WHERE ok
  MATCH (:Episode)-[m:MENTIONS]->(n:Entity) WHERE n.id IN $del_entities
  DELETE m
}
CALL {
  WITH ok WITH ok WHERE ok
  MATCH (n:Entity) WHERE n.id IN $del_entities
  SET n = {id: n.id, stub: true, group_id: $scope_gid}
}
CALL {
  WITH ok WITH ok WHERE ok AND size($del_entities) > 0
  MATCH (c:Community) WHERE any(x IN c.member_ids WHERE x IN $del_entities)
  SET c.member_ids = [x IN c.member_ids WHERE NOT (x IN $del_entities)]
}
CALL {
  WITH ok WITH ok WHERE ok
  MATCH (e:Episode) WHERE e.id IN $del_episodes
  DETACH DELETE e
}
CALL {
  WITH ok WITH ok WHERE ok AND size($del_episodes) > 0
  MATCH ()-[r:FACT]->() WHERE any(x IN r.episodes WHERE x IN $del_episodes)
  SET r.episodes = [x IN r.episodes WHERE NOT (x IN $del_episodes)]
}
CALL {
  WITH ok, version WITH ok, version WHERE ok
  UNWIND range(0, size($entities) - 1) AS i
  WITH $entities[i] AS row, (version + 1) * $seq_step + i AS fresh
  MERGE (n:Entity {id: row.id})
  WITH n, row, coalesce(n.seq, fresh) AS seq
  SET n = row.props
  SET n.seq = seq, n.group_id = $scope_gid
  FOREACH (v IN CASE WHEN row.emb IS NULL THEN [] ELSE [row.emb] END |
    SET n.name_embedding = vecf32(v))
}
CALL {
  WITH ok, version WITH ok, version WHERE ok
  UNWIND range(0, size($episodes) - 1) AS i
  WITH $episodes[i] AS row, (version + 1) * $seq_step + i AS seq
  CREATE (e:Episode)
  SET e = row.props
  SET e.seq = seq, e.group_id = $scope_gid
  FOREACH (v IN CASE WHEN row.emb IS NULL THEN [] ELSE [row.emb] END |
    SET e.embedding = vecf32(v))
}
CALL {
  WITH ok, version, kept_seqs WITH ok, version, kept_seqs WHERE ok
  UNWIND range(0, size($facts) - 1) AS i
  WITH $facts[i] AS row, (version + 1) * $seq_step + i AS fresh, kept_seqs
  MATCH (a:Entity {id: row.source}), (b:Entity {id: row.target})
  CREATE (a)-[r:FACT]->(b)
  SET r = row.props
  SET r.seq = coalesce(head([p IN kept_seqs WHERE p[0] = row.id | p[1]]), fresh),
      r.group_id = $scope_gid
  FOREACH (v IN CASE WHEN row.emb IS NULL THEN [] ELSE [row.emb] END |
    SET r.embedding = vecf32(v))
}
CALL {
  WITH ok WITH ok WHERE ok
  UNWIND $del_mentions AS row
  MATCH (e:Episode {id: row.episode})-[m:MENTIONS]->(n:Entity {id: row.entity})
  DELETE m
}
CALL {
  WITH ok WITH ok WHERE ok
  UNWIND $mentions AS row
  MATCH (e:Episode {id: row.episode}), (n:Entity {id: row.entity})
  MERGE (e)-[m:MENTIONS]->(n)
  SET m.group_id = $scope_gid
}
CALL {
  WITH ok, loose WITH ok, loose WHERE ok
  UNWIND loose + $del_entities AS loose_id
  WITH DISTINCT loose_id
  MATCH (n:Entity {id: loose_id}) WHERE n.stub = true AND NOT (n)-[:FACT]-()
  DELETE n
}
"""
    + _replacing_communities("ok", "ok AND $replace_communities")
    + """CALL {
  WITH ok, version WITH ok, version WHERE ok
  UNWIND range(0, size($edits) - 1) AS i
  WITH $edits[i] AS row, (version + 1) * $seq_step + i AS seq
  CREATE (x:Edit)
  SET x = row
  SET x.seq = seq, x.group_id = $scope_gid
}
CALL {
  WITH ok, version WITH ok, version WHERE ok
  MERGE (m:Meta)
  SET m.version = version + 1
}
RETURN ok, version, duplicates, found_entities, found_episodes, held
"""
).replace("{held}", _HELD)

# The ids of one thread's episodes, in timeline order.
THREAD_EPISODES: Final = (
    "MATCH (e:Episode) WHERE e.thread_id = $thread RETURN e.id ORDER BY e.reference_time, e.seq"
)

# The group's edit records, newest first (all, or those that touched one fact or entity).
_EDIT_ORDER = "RETURN properties(x) ORDER BY x.at DESC, x.seq DESC LIMIT $limit"
LIST_EDITS: Final = f"MATCH (x:Edit) {_EDIT_ORDER}"
LIST_EDITS_OF: Final = f"MATCH (x:Edit) WHERE $subject IN x.subjects {_EDIT_ORDER}"

# Replaces the group's communities and counts as a write (bumps the version).
REPLACE_COMMUNITIES: Final = (
    """
OPTIONAL MATCH (meta:Meta)
WITH coalesce(meta.version, 0) AS version, {held} AS held
"""
    + _replacing_communities("held", "NOT held")
    + """CALL {
  WITH version, held WITH version, held WHERE NOT held
  MERGE (m:Meta)
  SET m.version = version + 1
}
RETURN version + 1, held
"""
).replace("{held}", _HELD)

# -- reads by id ----------------------------------------------------------------------------

GROUP_VERSION: Final = "MATCH (m:Meta) RETURN m.version"
GET_EPISODES: Final = "MATCH (e:Episode) WHERE e.id IN $ids RETURN properties(e)"
RECENT_EPISODES: Final = """
MATCH (e:Episode) WHERE e.reference_time < $before
RETURN properties(e) ORDER BY e.reference_time DESC, e.seq DESC
LIMIT $limit
"""
# The $span episodes on each side of each of $ids in (reference_time, seq) order.
ADJACENT_EPISODES: Final = """
MATCH (c:Episode) WHERE c.id IN $ids
CALL {
  WITH c
  MATCH (n:Episode)
  WHERE n.reference_time < c.reference_time
     OR (n.reference_time = c.reference_time AND n.seq < c.seq)
  RETURN n ORDER BY n.reference_time DESC, n.seq DESC LIMIT $span
  UNION
  WITH c
  MATCH (n:Episode)
  WHERE n.reference_time > c.reference_time
     OR (n.reference_time = c.reference_time AND n.seq > c.seq)
  RETURN n ORDER BY n.reference_time, n.seq LIMIT $span
}
WITH DISTINCT n WHERE NOT (n.id IN $ids)
RETURN properties(n) ORDER BY n.reference_time, n.seq
"""
GET_ENTITIES: Final = "MATCH (n:Entity) WHERE n.id IN $ids AND n.stub IS NULL RETURN properties(n)"
FIND_ENTITIES: Final = (
    "MATCH (n:Entity) WHERE n.norm_name IN $names RETURN properties(n) ORDER BY n.seq"
)

_FACT_ROW = "RETURN a.id, b.id, properties(r)"
# Anonymous endpoints: the planner then seeks the FACT id index instead of scanning every
# entity of the group first (measured 190 ms -> 41 ms for 20 facts of a 10k-fact group).
GET_FACTS: Final = (
    "MATCH ()-[r:FACT]->() WHERE r.id IN $ids RETURN startNode(r).id, endNode(r).id, properties(r)"
)
FACTS_OF_EPISODES: Final = f"""
MATCH (a:Entity)-[r:FACT]->(b:Entity) WHERE any(x IN r.episodes WHERE x IN $ids)
{_FACT_ROW}
"""
# {where}: a condition from filters.fact_condition
FACTS_OF_ENTITIES: Final = f"""
MATCH (a:Entity)-[r:FACT]->(b:Entity) WHERE a.id IN $ids AND {{where}} {_FACT_ROW}
UNION
MATCH (a:Entity)-[r:FACT]->(b:Entity) WHERE b.id IN $ids AND {{where}} {_FACT_ROW}
"""
# One BFS layer: entities one fact away from the frontier, over facts passing {where}.
WALK_STEP: Final = """
MATCH (a:Entity)-[r:FACT]->(b:Entity) WHERE a.id IN $ids AND {where} RETURN b.id AS id
UNION
MATCH (a:Entity)-[r:FACT]->(b:Entity) WHERE b.id IN $ids AND {where} RETURN a.id AS id
"""

_MENTION_ROW = "RETURN e.id, n.id ORDER BY e.id, n.id"
_MENTION = "MATCH (e:Episode)-[:MENTIONS]->(n:Entity)"
# (by episode ids?, by entity ids?) -> query
MENTIONS: Final = {
    (False, False): f"{_MENTION} {_MENTION_ROW}",
    (True, False): f"{_MENTION} WHERE e.id IN $episode_ids {_MENTION_ROW}",
    (False, True): f"{_MENTION} WHERE n.id IN $entity_ids {_MENTION_ROW}",
    (True, True): f"{_MENTION} WHERE e.id IN $episode_ids AND n.id IN $entity_ids {_MENTION_ROW}",
}

# -- whole-group graph reads (communities) --------------------------------------------------

# Every fact without its embedding (a map of the other properties): the lean whole-group read.
LIST_FACTS: Final = f"""
MATCH (a:Entity)-[r:FACT]->(b:Entity)
RETURN a.id, b.id, {_lean("r", FACT_FIELDS)}
"""
LIST_ENTITIES: Final = "MATCH (n:Entity) WHERE n.stub IS NULL RETURN properties(n) ORDER BY n.seq"
# {where}: a condition from filters.fact_condition. One row per unordered pair of entities.
ENTITY_EDGES: Final = """
MATCH (a:Entity)-[r:FACT]->(b:Entity) WHERE a.id <> b.id AND {where}
WITH CASE WHEN a.id < b.id THEN a.id ELSE b.id END AS low,
     CASE WHEN a.id < b.id THEN b.id ELSE a.id END AS high
RETURN low, high, count(*)
"""

ALL_COMMUNITIES: Final = "MATCH (c:Community) RETURN properties(c) ORDER BY c.seq"
GET_COMMUNITIES: Final = "MATCH (c:Community) WHERE c.id IN $ids RETURN properties(c)"

# The same reads without the embeddings (search results: no 384 numbers per row to format,
# send and parse, which was most of a row read's time).
LEAN_GET: Final = {
    Target.FACTS: GET_FACTS.replace("properties(r)", _lean("r", FACT_FIELDS)),
    Target.ENTITIES: GET_ENTITIES.replace("properties(n)", _lean("n", ENTITY_FIELDS)),
    Target.EPISODES: GET_EPISODES.replace("properties(e)", _lean("e", EPISODE_FIELDS)),
    Target.COMMUNITIES: GET_COMMUNITIES.replace("properties(c)", _lean("c", COMMUNITY_FIELDS)),
}

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

# chronomem reembed: overwrite stored vectors by id, then bump the group's write counter.
# FalkorDB 4.16 can keep the old value when one query overwrites an indexed vector in
# place (seen here: a third SET of the same node's vector was lost), so the vectors are
# first cleared (CLEAR_VECTORS) and set by a second query.
_MATCH_BY_ID: Final = {
    Target.ENTITIES: ("MATCH (x:Entity {id: row.id})", "name_embedding"),
    Target.EPISODES: ("MATCH (x:Episode {id: row.id})", "embedding"),
    Target.COMMUNITIES: ("MATCH (x:Community {id: row.id})", "name_embedding"),
    Target.FACTS: ("MATCH ()-[x:FACT {id: row.id}]->()", "embedding"),
}
CLEAR_VECTORS: Final = {
    t: f"UNWIND $rows AS row {match} SET x.{prop} = NULL"
    for t, (match, prop) in _MATCH_BY_ID.items()
}
SET_VECTORS: Final = {
    t: f"UNWIND $rows AS row {match} SET x.{prop} = vecf32(row.v)"
    for t, (match, prop) in _MATCH_BY_ID.items()
}
BUMP_VERSION: Final = (
    "MERGE (m:Meta) SET m.version = coalesce(m.version, 0) + 1, m.group_id = $scope_gid"
)
