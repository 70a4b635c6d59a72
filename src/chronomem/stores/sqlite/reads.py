"""Reads by id or relation. Every query is restricted to the caller's groups."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TypeVar

from chronomem.errors import UsageError
from chronomem.model import Community, Entity, Episode, Fact, Mention, SearchFilter, Target
from chronomem.model.time import ensure_aware, to_micros
from chronomem.stores.sqlite import rows
from chronomem.stores.sqlite.filters import Clause, all_of, fact_clause, in_values

T = TypeVar("T")


def id_list(ids: Sequence[str], what: str) -> list[str]:
    """``ids`` without repeats; a bare string (a classic slip) is a UsageError."""
    if isinstance(ids, str):
        raise UsageError(f"{what} must be a list of ids, not one string: pass [{ids!r}]")
    return list(dict.fromkeys(ids))


def _in_request_order(items: list[T], ids: Sequence[str], key: Callable[[T], str]) -> list[T]:
    position = {id_: i for i, id_ in enumerate(ids)}
    return sorted(items, key=lambda item: position.get(key(item), len(position)))


def _columns(columns: str, vector: str, read: bool, alias: str = "") -> str:
    """``columns`` as selected (each after ``alias.`` when given), the ``vector`` column read
    as NULL unless ``read`` (a search's rows never use their vectors: decoding them to drop
    them cost more than the rest of the read)."""
    prefix = f"{alias}." if alias else ""
    names = (c.strip() for c in columns.split(","))
    return ", ".join("NULL" if c == vector and not read else prefix + c for c in names)


def get_many(
    conn: sqlite3.Connection,
    groups: Sequence[str],
    ids: Mapping[Target, Sequence[str]],
    vectors: bool,
) -> dict[Target, list[Fact | Entity | Episode | Community]]:
    """``Store.get_many``: with ``vectors=False`` the embeddings are not even read (a search
    loads a few hundred rows, and decoding their vectors to drop them cost more than the
    rest of the read)."""
    found: dict[Target, list[Fact | Entity | Episode | Community]] = {}
    for target, wanted in ids.items():
        kind = Target(target)
        if kind is Target.FACTS:
            found[kind] = list(get_facts(conn, groups, wanted, embeddings=vectors))
        elif kind is Target.ENTITIES:
            found[kind] = list(get_entities(conn, groups, wanted, embeddings=vectors))
        elif kind is Target.EPISODES:
            found[kind] = list(get_episodes(conn, groups, wanted, embeddings=vectors))
        else:
            found[kind] = list(get_communities(conn, groups, wanted, embeddings=vectors))
    return found


def _episode_columns(embeddings: bool, alias: str = "") -> str:
    return _columns(rows.EPISODE_COLUMNS, "embedding", embeddings, alias)


def get_episodes(
    conn: sqlite3.Connection, groups: Sequence[str], ids: Sequence[str], *, embeddings: bool = True
) -> list[Episode]:
    wanted = id_list(ids, "ids")
    where = all_of(in_values("group_id", groups), in_values("id", wanted))
    columns = _episode_columns(embeddings)
    found = [
        rows.episode_from(r)
        for r in conn.execute(f"SELECT {columns} FROM episodes WHERE {where.sql}", where.params)
    ]
    return _in_request_order(found, wanted, lambda e: e.id)


def recent_episodes(
    conn: sqlite3.Connection,
    group_id: str,
    limit: int,
    before: datetime | None,
    *,
    embeddings: bool = True,
) -> list[Episode]:
    if limit <= 0:
        return []
    where = Clause("group_id = ?", (group_id,))
    if before is not None:
        where = where & Clause("reference_time < ?", (to_micros(ensure_aware(before, "before")),))
    sql = (
        f"SELECT {_episode_columns(embeddings)} FROM episodes WHERE {where.sql} "
        "ORDER BY reference_time DESC, rid DESC LIMIT ?"
    )
    return [rows.episode_from(r) for r in conn.execute(sql, (*where.params, limit))]


def adjacent_episodes(
    conn: sqlite3.Connection,
    groups: Sequence[str],
    ids: Sequence[str],
    span: int,
    *,
    embeddings: bool = True,
) -> list[Episode]:
    """Up to ``span`` episodes on each side of each of ``ids``, in (reference_time, rid)
    order; the given episodes left out."""
    wanted = id_list(ids, "episode_ids")
    if span <= 0 or not wanted:
        return []
    where = all_of(in_values("group_id", groups), in_values("id", wanted))
    centres = conn.execute(
        f"SELECT group_id, reference_time, rid FROM episodes WHERE {where.sql}", where.params
    ).fetchall()
    columns = _episode_columns(embeddings, "e")
    sides = (
        ("(e.reference_time, e.rid) < (?, ?)", "e.reference_time DESC, e.rid DESC"),
        ("(e.reference_time, e.rid) > (?, ?)", "e.reference_time, e.rid"),
    )
    found: dict[tuple[str, int], tuple[object, ...]] = {}
    for group_id, reference_time, rid in centres:
        for condition, order in sides:
            sql = (
                f"SELECT e.rid, {columns} FROM episodes e WHERE e.group_id = ? AND {condition} "
                f"ORDER BY {order} LIMIT ?"
            )
            for row in conn.execute(sql, (group_id, reference_time, rid, span)):
                found[(group_id, row[0])] = row[1:]
    skip = set(wanted)
    ordered = sorted(found.items(), key=lambda item: (item[0][0], item[1][5], item[0][1]))
    return [rows.episode_from(row) for _, row in ordered if row[1] not in skip]


def get_entities(
    conn: sqlite3.Connection, groups: Sequence[str], ids: Sequence[str], *, embeddings: bool = True
) -> list[Entity]:
    wanted = id_list(ids, "ids")
    where = all_of(in_values("group_id", groups), in_values("id", wanted))
    found = _select_entities(conn, where, embeddings=embeddings)
    return _in_request_order(found, wanted, lambda e: e.id)


def find_entities(conn: sqlite3.Connection, group_id: str, names: Sequence[str]) -> list[Entity]:
    wanted = id_list(names, "normalized_names")
    return _select_entities(
        conn, Clause("group_id = ?", (group_id,)) & in_values("norm_name", wanted)
    )


def _select_entities(
    conn: sqlite3.Connection, where: Clause, *, embeddings: bool = True
) -> list[Entity]:
    columns = _columns(rows.ENTITY_COLUMNS, "name_embedding", embeddings)
    sql = f"SELECT {columns} FROM entities WHERE {where.sql} ORDER BY rid"
    return [rows.entity_from(r) for r in conn.execute(sql, where.params)]


def get_facts(
    conn: sqlite3.Connection, groups: Sequence[str], ids: Sequence[str], *, embeddings: bool = True
) -> list[Fact]:
    wanted = id_list(ids, "ids")
    where = all_of(in_values("f.group_id", groups), in_values("f.id", wanted))
    found = select_facts(conn, where, embeddings=embeddings)
    return _in_request_order(found, wanted, lambda f: f.id)


def facts_of_entities(
    conn: sqlite3.Connection, groups: Sequence[str], entity_ids: Sequence[str], flt: SearchFilter
) -> list[Fact]:
    wanted = id_list(entity_ids, "entity_ids")
    by_source = all_of(in_values("group_id", groups), in_values("source_id", wanted))
    by_target = all_of(in_values("group_id", groups), in_values("target_id", wanted))
    touching = Clause(
        f"f.rid IN (SELECT rid FROM facts WHERE {by_source.sql} "
        f"UNION SELECT rid FROM facts WHERE {by_target.sql})",
        by_source.params + by_target.params,
    )
    return select_facts(conn, touching & fact_clause(flt, "f"))


def list_facts(conn: sqlite3.Connection, group_id: str) -> list[Fact]:
    """Every fact of the group, its whole history, without embeddings."""
    return select_facts(conn, Clause("f.group_id = ?", (group_id,)), embeddings=False)


def facts_of_episodes(
    conn: sqlite3.Connection, groups: Sequence[str], episode_ids: Sequence[str]
) -> list[Fact]:
    wanted = id_list(episode_ids, "episode_ids")
    inner = all_of(in_values("group_id", groups), in_values("episode_id", wanted))
    linked = f"SELECT group_id, fact_id FROM fact_episodes WHERE {inner.sql}"
    return select_facts(conn, Clause(f"(f.group_id, f.id) IN ({linked})", inner.params))


def select_facts(conn: sqlite3.Connection, where: Clause, *, embeddings: bool = True) -> list[Fact]:
    """Facts (alias ``f``) matching ``where``, with their source episodes, oldest row first;
    ``embeddings=False`` leaves the vectors unread (``None``)."""
    columns = _columns(rows.FACT_COLUMNS, "embedding", embeddings, "f")
    sql = f"SELECT {columns} FROM facts f WHERE {where.sql} ORDER BY f.rid"
    found = conn.execute(sql, where.params).fetchall()
    if not found:
        return []
    groups = sorted({r[0] for r in found})
    link = all_of(
        in_values("group_id", groups), in_values("fact_id", sorted({r[1] for r in found}))
    )
    episodes: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
    for group_id, fact_id, episode_id in conn.execute(
        f"SELECT group_id, fact_id, episode_id FROM fact_episodes WHERE {link.sql} "
        "ORDER BY group_id, fact_id, position",
        link.params,
    ):
        episodes[(group_id, fact_id)].append(episode_id)
    return [rows.fact_from(r, tuple(episodes.get((r[0], r[1]), ()))) for r in found]


def mentions(
    conn: sqlite3.Connection,
    groups: Sequence[str],
    episode_ids: Sequence[str] | None,
    entity_ids: Sequence[str] | None,
) -> list[Mention]:
    where = in_values("m.group_id", groups)
    if episode_ids is not None:
        where = where & in_values("m.episode_id", id_list(episode_ids, "episode_ids"))
    if entity_ids is not None:
        where = where & in_values("m.entity_id", id_list(entity_ids, "entity_ids"))
    # in the order the episodes and entities were stored, not by their (random) ids
    sql = (
        "SELECT m.group_id, m.episode_id, m.entity_id FROM mentions m "
        "LEFT JOIN episodes ep ON ep.group_id = m.group_id AND ep.id = m.episode_id "
        "LEFT JOIN entities en ON en.group_id = m.group_id AND en.id = m.entity_id "
        f"WHERE {where.sql} ORDER BY ep.rid, en.rid"
    )
    return [
        Mention(group_id=g, episode_id=ep, entity_id=en)
        for g, ep, en in conn.execute(sql, where.params)
    ]


def get_communities(
    conn: sqlite3.Connection,
    groups: Sequence[str],
    ids: Sequence[str] | None,
    *,
    embeddings: bool = True,
) -> list[Community]:
    where = in_values("group_id", groups)
    wanted = None if ids is None else id_list(ids, "ids")
    if wanted is not None:
        where = where & in_values("id", wanted)
    columns = _columns(rows.COMMUNITY_COLUMNS, "name_embedding", embeddings)
    sql = f"SELECT {columns} FROM communities WHERE {where.sql} ORDER BY rid"
    found = conn.execute(sql, where.params).fetchall()
    members: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
    if found:
        link = all_of(
            in_values("group_id", sorted({r[0] for r in found})),
            in_values("community_id", sorted({r[1] for r in found})),
        )
        for group_id, community_id, entity_id in conn.execute(
            f"SELECT group_id, community_id, entity_id FROM community_members WHERE {link.sql} "
            "ORDER BY group_id, community_id, position",
            link.params,
        ):
            members[(group_id, community_id)].append(entity_id)
    result = [rows.community_from(r, tuple(members.get((r[0], r[1]), ()))) for r in found]
    return result if wanted is None else _in_request_order(result, wanted, lambda c: c.id)
