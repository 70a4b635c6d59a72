"""LangGraph: a long-term store (``BaseStore``) over chronomem, and a node that remembers
each human turn of a graph's message state.

Mapping (``ChronomemStore(memory, group_id="app")``): every namespace is its own chronomem
group, ``<group_id>__<label>__<label>`` (``("memories", "u1")`` -> ``app__memories__u1``),
so namespaces never see each other's facts and the store never touches a group outside
its root. Labels are 1-60 of ``A-Z a-z 0-9 - _`` without ``__``; others raise LangGraph's
``InvalidNamespaceError``.

- ``put(ns, key, value)`` stores one text episode: the value's string fields (those named in
  ``index=[...]`` if given) are what chronomem reads and extracts facts from; the value is
  kept verbatim beside it, so ``get`` returns it unchanged. Putting a key again replaces
  the episode (and what only it supported); ``value=None`` or ``delete`` removes it.
- ``search(ns, query=...)`` answers from chronomem: the namespace's (and its sub-
  namespaces') relevant facts, as ``SearchItem``\\ s with ``key`` = fact id and ``value`` =
  ``{"kind": "fact", "fact", "valid_at", "invalid_at", "created_at", "expired_at"}``, best
  first. ``filter={"valid_at": ..., "known_at": ...}`` (ISO strings) asks what was true /
  believed then. Without ``query`` it lists the namespace's stored items, newest first.
- ``list_namespaces`` lists the root's groups as namespaces (prefix, suffix, depth).

Not supported (an error says so): other ``filter`` keys, TTLs (``supports_ttl`` is False),
and ``offset`` beyond 1,000 results. Items' ``created_at`` is the time of the latest put.

Needs ``pip install "chronomem[langgraph]"``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from chronomem.integrations import require

require("langgraph.store.base", "langgraph")

from langchain_core.messages import AnyMessage, HumanMessage  # noqa: E402
from langgraph.store.base import (  # noqa: E402
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    validate_op_namespace,
)

from chronomem.integrations.tools import check_query, parse_moment  # noqa: E402
from chronomem.memory import Memory  # noqa: E402
from chronomem.model import Episode, Fact, check_group_id  # noqa: E402

__all__ = ["ChronomemStore", "remember_turns"]

_SEP = "__"
_LABEL = re.compile(r"[A-Za-z0-9_-]{1,60}")
_MARK = "langgraph-store "
_MAX_RESULTS = 1_000


class ChronomemStore(BaseStore):
    """A LangGraph ``BaseStore`` whose namespaces are sub-groups of ``group_id`` (see the
    module docstring for the mapping and what is not supported)."""

    def __init__(self, memory: Memory, *, group_id: str) -> None:
        if _SEP in check_group_id(group_id):
            raise ValueError(f"group_id {group_id!r} must not contain {_SEP!r}")
        self.memory = memory
        self.group_id = group_id

    # -- the interface ------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _run(self, op: Op) -> Result:
        validate_op_namespace(op)  # ops given to batch directly skip BaseStore's checks
        if isinstance(op, GetOp):
            return self._get(op.namespace, op.key)
        if isinstance(op, PutOp):
            self._put(op)
            return None
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        raise TypeError(f"unknown store operation {type(op).__name__}")

    # -- namespaces <-> groups ----------------------------------------------------------
    def group_of(self, namespace: tuple[str, ...]) -> str:
        """The chronomem group holding ``namespace``."""
        for label in namespace:
            if not isinstance(label, str) or not _LABEL.fullmatch(label) or _SEP in label:
                raise InvalidNamespaceError(
                    f"namespace label {label!r} in {namespace}: chronomem stores each "
                    f"namespace as a group, so labels are 1-60 of A-Z a-z 0-9 - _ without {_SEP!r}"
                )
        group = _SEP.join((self.group_id, *namespace))
        if len(group) > 128:
            raise InvalidNamespaceError(f"namespace {namespace} is too deep or long (> 128 chars)")
        return group

    def namespace_of(self, group_id: str) -> tuple[str, ...] | None:
        head, *labels = group_id.split(_SEP)
        return tuple(labels) if head == self.group_id and labels else None

    def _groups_under(self, prefix: tuple[str, ...]) -> list[str]:
        root = self.group_of(prefix)
        return [g for g in self.memory.store.group_ids() if g == root or g.startswith(root + _SEP)]

    # -- operations ---------------------------------------------------------------------
    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        found = self.memory.get_episodes([_episode_id(key)], group_id=self.group_of(namespace))
        return _item(found[0], namespace) if found else None

    def _put(self, op: PutOp) -> None:
        group = self.group_of(op.namespace)
        if not op.namespace:
            raise InvalidNamespaceError("namespace cannot be empty")
        self.memory.delete_episode(_episode_id(op.key), group_id=group)
        if op.value is None:
            return
        value = dict(op.value)
        text = _text_of(value, op.index)
        self.memory.add_episode(
            text if text else json.dumps(value, default=str),
            group_id=group,
            reference_time=self.memory.clock.now(),
            source="text" if text else "json",
            source_description=_MARK + json.dumps({"key": op.key, "value": value}, default=str),
            episode_id=_episode_id(op.key),
        )

    def _search(self, op: SearchOp) -> list[SearchItem]:
        groups = self._groups_under(op.namespace_prefix)
        if not groups:
            return []
        if op.offset + op.limit > _MAX_RESULTS:
            raise ValueError(f"offset + limit is {op.offset + op.limit}: at most {_MAX_RESULTS}")
        if op.query is None:
            return self._list_items(groups, op)
        times = _times(op.filter)
        found = self.memory.search(
            check_query(op.query), group_ids=groups, limit=op.offset + op.limit, **times
        )
        ranked = found.facts[op.offset : op.offset + op.limit]
        total = max(len(found.facts), 1)
        return [
            _fact_item(f, self.namespace_of(f.group_id) or (), 1.0 - i / total)
            for i, f in enumerate(ranked, start=op.offset)
        ]

    def _list_items(self, groups: list[str], op: SearchOp) -> list[SearchItem]:
        if op.filter:
            raise ValueError("filter needs a query here: chronomem filters facts, not items")
        episodes = [
            e
            for g in groups
            for e in self.memory.recent_episodes(group_id=g, limit=op.offset + op.limit)
            if e.source_description.startswith(_MARK)
        ]
        episodes.sort(key=lambda e: e.created_at, reverse=True)
        chosen = episodes[op.offset : op.offset + op.limit]
        return [_search_item(_item(e, self.namespace_of(e.group_id) or ())) for e in chosen]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        spaces = [ns for g in self.memory.store.group_ids() if (ns := self.namespace_of(g))]
        for cond in op.match_conditions or ():
            spaces = [ns for ns in spaces if _matches(ns, tuple(cond.path), cond.match_type)]
        if op.max_depth is not None:
            spaces = [ns[: op.max_depth] for ns in spaces]
        unique = sorted(set(spaces))
        return unique[op.offset : op.offset + op.limit]


def _matches(namespace: tuple[str, ...], path: tuple[str, ...], match_type: str) -> bool:
    """``namespace`` starts (prefix) or ends (suffix) with ``path``; ``*`` matches a label."""
    if len(namespace) < len(path):
        return False
    labels = namespace[: len(path)] if match_type == "prefix" else namespace[-len(path) :]
    return all(p == "*" or p == label for label, p in zip(labels, path, strict=True))


def _episode_id(key: str) -> str:
    if not isinstance(key, str) or not key:
        raise ValueError("store key must be a non-empty string")
    return "lgs-" + hashlib.sha256(key.encode()).hexdigest()[:40]


def _text_of(value: Mapping[str, Any], index: object) -> str:
    """The value's text for chronomem: its string fields (those of ``index`` if given)."""
    fields = index if isinstance(index, list) else list(value)
    return "\n".join(v.strip() for k in fields if isinstance(v := value.get(k), str) and v.strip())


def _times(filter_: Mapping[str, Any] | None) -> dict[str, Any]:
    extra = set(filter_ or {}) - {"valid_at", "known_at"}
    if extra:
        raise ValueError(
            f"unsupported filter keys {sorted(extra)}: chronomem's store searches facts and "
            "takes only valid_at and known_at (ISO dates)"
        )
    return {k: parse_moment(v, k) for k, v in (filter_ or {}).items()}


def _item(episode: Episode, namespace: tuple[str, ...]) -> Item:
    kept = json.loads(episode.source_description.removeprefix(_MARK))
    return Item(
        value=kept["value"],
        key=kept["key"],
        namespace=namespace,
        created_at=episode.created_at,
        updated_at=episode.created_at,
    )


def _search_item(item: Item) -> SearchItem:
    return SearchItem(item.namespace, item.key, item.value, item.created_at, item.updated_at)


def _fact_item(fact: Fact, namespace: tuple[str, ...], score: float) -> SearchItem:
    def iso(v: Any) -> str | None:
        return v.isoformat() if v is not None else None

    value = {
        "kind": "fact",
        "fact": fact.fact,
        "valid_at": iso(fact.valid_at),
        "invalid_at": iso(fact.invalid_at),
        "created_at": iso(fact.created_at),
        "expired_at": iso(fact.expired_at),
    }
    return SearchItem(namespace, fact.id, value, fact.created_at, fact.created_at, score)


def remember_turns(
    memory: Memory, *, group_id: str, user_name: str = "User", key: str = "messages"
) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """A graph node that adds each human message of ``state[key]`` as a message episode
    ("<user_name>: <text>") at the memory clock's now. Messages stored before (same
    message id) are skipped, so the node can run every turn; assistant and tool messages are
    not remembered (an answer that quotes an old fact must not restate it as new). Returns
    no state update."""
    check_group_id(group_id)

    def remember(state: Mapping[str, Any]) -> dict[str, Any]:
        messages: list[AnyMessage] = list(state.get(key) or [])
        for message in messages:
            text = message.text if isinstance(message, HumanMessage) else ""
            if not text.strip():
                continue
            if message.id is None:
                raise ValueError("a message without an id: add messages through add_messages")
            memory.add_episode(
                f"{user_name}: {text}",
                group_id=group_id,
                reference_time=memory.clock.now(),
                episode_id="lgm-" + hashlib.sha256(message.id.encode()).hexdigest()[:40],
            )
        return {}

    return remember
