"""The FalkorDB store's reads: by id, by relation, and of a whole group.

Every query is written for one group's graph, in the layout drawn in :mod:`.cypher`, and
sent through the group's :class:`.scope.Scope`; values travel as parameters (``$name``),
and ``{where}`` is only ever a condition :mod:`.filters` builds from constant fragments.
"""

from __future__ import annotations

from typing import Final

from chronomem.model import Target
from chronomem.stores.falkordb.cypher import (
    COMMUNITY_FIELDS,
    ENTITY_FIELDS,
    EPISODE_FIELDS,
    FACT_FIELDS,
    lean_map,
)

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
RETURN a.id, b.id, {lean_map("r", FACT_FIELDS)}
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
    Target.FACTS: GET_FACTS.replace("properties(r)", lean_map("r", FACT_FIELDS)),
    Target.ENTITIES: GET_ENTITIES.replace("properties(n)", lean_map("n", ENTITY_FIELDS)),
    Target.EPISODES: GET_EPISODES.replace("properties(e)", lean_map("e", EPISODE_FIELDS)),
    Target.COMMUNITIES: GET_COMMUNITIES.replace("properties(c)", lean_map("c", COMMUNITY_FIELDS)),
}

# Timeline reads without the embeddings (the context's speakers and neighbours).
LEAN_RECENT_EPISODES: Final = RECENT_EPISODES.replace(
    "properties(e)", lean_map("e", EPISODE_FIELDS)
)
LEAN_ADJACENT: Final = ADJACENT_EPISODES.replace("properties(n)", lean_map("n", EPISODE_FIELDS))

# The ids of one thread's episodes, in timeline order.
THREAD_EPISODES: Final = (
    "MATCH (e:Episode) WHERE e.thread_id = $thread RETURN e.id ORDER BY e.reference_time, e.seq"
)

# The group's edit records, newest first (all, or those that touched one fact or entity).
_EDIT_ORDER = "RETURN properties(x) ORDER BY x.at DESC, x.seq DESC LIMIT $limit"
LIST_EDITS: Final = f"MATCH (x:Edit) {_EDIT_ORDER}"
LIST_EDITS_OF: Final = f"MATCH (x:Edit) WHERE $subject IN x.subjects {_EDIT_ORDER}"
