"""The Cypher queries only packed groups use: a bucket's upkeep, and the move of a group
from its bucket to its own graph (:mod:`.moveout`). Like :mod:`.cypher`, every value travels
as a parameter.

The queries marked *scoped* run through a packed :class:`.scope.Scope`, which adds
``group_id: $scope_gid`` to each labelled pattern, so they see one group; the others run on
a whole bucket (:meth:`FalkorDBConnection.query_bucket`) and only read ``Meta`` nodes.
"""

from __future__ import annotations

from typing import Final

# the labels of a packed group's nodes, and the property holding each one's embedding
NODE_LABELS: Final = {
    "Entity": "name_embedding",
    "Episode": "embedding",
    "Community": "name_embedding",
    "Edit": "embedding",  # an edit record never has one: always None
}
# range indexes on group_id in every bucket, so a scoped pattern reads one group's rows
BUCKET_INDEXES: Final = (
    "CREATE INDEX FOR (x:Meta) ON (x.group_id)",
    "CREATE INDEX FOR (x:Entity) ON (x.group_id)",
    "CREATE INDEX FOR (x:Episode) ON (x.group_id)",
    "CREATE INDEX FOR (x:Community) ON (x.group_id)",
    "CREATE INDEX FOR (x:Edit) ON (x.group_id)",
    "CREATE INDEX FOR ()-[x:FACT]-() ON (x.group_id)",
    "CREATE INDEX FOR ()-[x:MENTIONS]-() ON (x.group_id)",
)
# bucket-wide: the groups living in the bucket (a moved group leaves a `moved` marker)
PACKED_GROUPS: Final = "MATCH (m:Meta) WHERE m.moved IS NULL RETURN m.group_id"

# scoped: the state of the group's move (no row: the group has never been written here)
MOVE_STATE: Final = "MATCH (m:Meta) RETURN m.moving, m.moved"
# scoped: the group's Meta, made if the group is new (a move out starts from it)
ENSURE_META: Final = "MERGE (m:Meta) ON CREATE SET m.version = 0"
# scoped: take the move (no row back: someone else holds a fresh lease, or it is done)
LOCK_MOVE: Final = """
MATCH (m:Meta) WHERE m.moved IS NULL AND (m.moving IS NULL OR m.moving < $stale)
SET m.moving = $now
RETURN m.version
"""
# scoped reads of the group's rows, to copy
COPY_NODES: Final = {label: f"MATCH (x:{label}) RETURN properties(x)" for label in NODE_LABELS}
COPY_FACTS: Final = "MATCH (a:Entity)-[r:FACT]->(b:Entity) RETURN a.id, b.id, properties(r)"
COPY_MENTIONS: Final = "MATCH (e:Episode)-[:MENTIONS]->(n:Entity) RETURN e.id, n.id"
# writes into the new graph (its own: no other group there)
PASTE_NODES: Final = {
    label: f"""
UNWIND $rows AS row
CREATE (x:{label})
SET x = row.props
FOREACH (v IN CASE WHEN row.emb IS NULL THEN [] ELSE [row.emb] END |
  SET x.{prop} = vecf32(v))
"""
    for label, prop in NODE_LABELS.items()
}
PASTE_FACTS: Final = """
UNWIND $rows AS row
MATCH (a:Entity {id: row.source}), (b:Entity {id: row.target})
CREATE (a)-[r:FACT]->(b)
SET r = row.props
FOREACH (v IN CASE WHEN row.emb IS NULL THEN [] ELSE [row.emb] END |
  SET r.embedding = vecf32(v))
"""
PASTE_MENTIONS: Final = """
UNWIND $rows AS row
MATCH (e:Episode {id: row.episode}), (n:Entity {id: row.entity})
CREATE (e)-[m:MENTIONS]->(n)
SET m.group_id = $scope_gid
"""
PASTE_META: Final = "CREATE (:Meta {version: $version, group_id: $scope_gid})"
# scoped, one atomic write: the group's rows leave the bucket, its Meta stays as a marker
# that refuses later writes there (a writer that still thinks the group is packed)
CLEAR_MOVED: Final = """
CALL { MATCH (n:Entity) DETACH DELETE n }
CALL { MATCH (e:Episode) DETACH DELETE e }
CALL { MATCH (c:Community) DELETE c }
CALL { MATCH (x:Edit) DELETE x }
MATCH (m:Meta)
SET m.moved = true, m.moving = NULL
RETURN m.version
"""
# scoped: every row of the group, marker included (delete_group)
DELETE_GROUP: Final = """
CALL { MATCH (n:Entity) DETACH DELETE n }
CALL { MATCH (e:Episode) DETACH DELETE e }
CALL { MATCH (c:Community) DELETE c }
CALL { MATCH (x:Edit) DELETE x }
CALL { MATCH (m:Meta) DELETE m }
RETURN 1
"""
