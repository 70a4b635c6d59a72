"""The Cypher the FalkorDB store writes with, and the graph layout every query assumes.

The queries live in three modules: this one (the change-set write, the community
replacement, the re-embedding writes), :mod:`.cypher_reads` (reads by id, relation and
whole group) and :mod:`.cypher_search` (search, counts and index statements); a packed
bucket's own queries are in :mod:`.cypher_packed`.

All values travel as parameters (``$name``). The only text ever formatted into a query is
(a) a filter condition built by :mod:`.filters` from constant fragments, and (b) the constant
labels and the numbers (dimension, HNSW parameters, field weights) of the index statements
of :mod:`.cypher_search`; never user or model text.

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


def lean_map(var: str, fields: tuple[str, ...]) -> str:
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
