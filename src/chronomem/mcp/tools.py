"""The MCP tools, one method each. Every tool answers with what really happened.

Group access: over stdio the server serves the groups given by ``allowed_groups`` (the CLI
passes the ``--group`` alone unless ``--groups`` widens it); over HTTP each request's API
key decides (its group patterns), checked by every tool. An empty ``group_id`` is an error,
never "the default group", and the destructive tools act only on a group they are given.
Arguments go through the REST request models (:mod:`chronomem.mcp.checks`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, datetime
from fnmatch import fnmatchcase
from typing import Literal

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import JsonValue

from chronomem.intake import EpisodeInput
from chronomem.mcp.answers import (
    Result,
    episode_json,
    fact_json,
    guard,
    outcome,
    passages_outcome,
    queued_json,
)
from chronomem.mcp.checks import record_id, validated
from chronomem.model.validation import GROUP_ID_PATTERN, check_thread_id
from chronomem.search.context import DEFAULT_MAX_TOKENS
from chronomem.service.auth import ApiKey, check_patterns
from chronomem.service.queue import Status
from chronomem.service.runtime import ServiceRuntime
from chronomem.service.schemas import ContextIn, EpisodeIn, SearchIn, StatedFactIn

TOOL_NAMES = (
    "add_memory",
    "add_fact",
    "search_facts",
    "search_entities",
    "get_context",
    "get_episodes",
    "get_timeline",
    "get_episode_graph",
    "delete_episode",
    "delete_fact",
    "delete_thread",
    "clear_group",
)


class MemoryTools:
    """Tool bodies over one :class:`ServiceRuntime`."""

    def __init__(
        self, runtime: ServiceRuntime, *, default_group: str | None, allowed: Sequence[str]
    ) -> None:
        self.rt = runtime
        self.default_group = default_group
        self.allowed = check_patterns(allowed)

    def add_memory(
        self,
        content: str,
        group_id: str | None = None,
        reference_time: str | None = None,
        source: Literal["message", "text", "json"] = "message",
        source_description: str = "",
        episode_id: str | None = None,
        wait_seconds: float = 5.0,
        thread_id: str | None = None,
        ctx: Context | None = None,
    ) -> Result:
        """Save a message ("Alice: I moved to Berlin"), a note or a JSON document.

        reference_time: when it was said, ISO-8601 with timezone (default: now). The episode
        is committed to a durable queue first; the answer says "ingested" (with entity and
        fact counts) when that finished within wait_seconds (max 60), else "queued" with its
        episode_id. Re-sending the same episode_id adds nothing. Long text (and a message
        over the episode limit) is stored as passages, listed in "passages". thread_id: the
        conversation it belongs to (optional; delete_thread removes a whole one).
        """

        def run() -> Result:
            gid = self._group(ctx, group_id)
            body = validated(
                EpisodeIn,
                content=content,
                reference_time=reference_time,
                source=source,
                source_description=source_description,
                episode_id=episode_id,
                thread_id=thread_id,
            )
            item = EpisodeInput(
                content=body.content,
                group_id=gid,
                reference_time=body.reference_time or datetime.now(UTC),
                source=body.source,
                source_description=body.source_description,
                episode_id=body.episode_id,
                thread_id=body.thread_id,
            )
            rows = list(self.rt.accept(gid, [item]).episodes)
            deadline = time.monotonic() + max(0.0, min(wait_seconds, 60.0))
            while any(r.status in (Status.QUEUED, Status.PROCESSING) for r in rows):
                if time.monotonic() >= deadline:
                    break
                time.sleep(0.05)
                rows = [self.rt.queue.get(gid, r.id) or r for r in rows]
            return outcome(rows[0]) if len(rows) == 1 else passages_outcome(rows)

        return guard(run, self.rt)

    def add_fact(
        self,
        source: str,
        relation: str,
        target: str,
        group_id: str | None = None,
        valid_at: str | None = None,
        invalid_at: str | None = None,
        fact: str | None = None,
        ctx: Context | None = None,
    ) -> Result:
        """State one fact directly (structured data): source entity, RELATION, target
        entity, e.g. "Alice", "WORKS_AT", "Acme". valid_at / invalid_at: when it began /
        ended, ISO-8601 with timezone (default: began now). Entities are matched to known
        ones; a contradicted fact (an old employer) is closed. Written at once."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            body = validated(
                StatedFactIn,
                source=source,
                relation=relation,
                target=target,
                valid_at=valid_at,
                invalid_at=invalid_at,
                fact=fact,
            )
            result = self.rt.add_fact(
                gid,
                body.source,
                body.relation,
                body.target,
                valid_at=body.valid_at,
                invalid_at=body.invalid_at,
                fact=body.fact,
            )
            names = {e.id: e.name for e in result.entities}
            facts: list[JsonValue] = [fact_json(f, names) for f in result.facts]
            closed: list[JsonValue] = [f.id for f in result.invalidated]
            return {
                "group_id": gid,
                "episode_id": result.episode.id,
                "facts": facts,
                "invalidated": closed,
            }

        return guard(run, self.rt)

    def search_facts(
        self,
        query: str,
        group_id: str | None = None,
        limit: int = 10,
        valid_at: str | None = None,
        known_at: str | None = None,
        ctx: Context | None = None,
    ) -> Result:
        """Facts relevant to the query, each with its validity dates: current facts, or
        those true at valid_at (ISO time), or as the memory believed them at known_at."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            body = validated(SearchIn, query=query, valid_at=valid_at, known_at=known_at)
            found, names = self.rt.search(
                body.query,
                group_id=gid,
                limit=max(1, min(limit, 50)),
                targets=["facts"],
                valid_at=body.valid_at,
                known_at=body.known_at,
            )
            return {"group_id": gid, "facts": [fact_json(f, names) for f in found.facts]}

        return guard(run, self.rt)

    def search_entities(
        self, query: str, group_id: str | None = None, limit: int = 10, ctx: Context | None = None
    ) -> Result:
        """People, organisations, places and things relevant to the query, with summaries."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            query_ = validated(SearchIn, query=query).query
            found, _ = self.rt.search(
                query_, group_id=gid, limit=max(1, min(limit, 50)), targets=["entities"]
            )
            entities: list[JsonValue] = [
                {"id": e.id, "name": e.name, "labels": list(e.labels), "summary": e.summary}
                for e in found.entities
            ]
            return {"group_id": gid, "entities": entities}

        return guard(run, self.rt)

    def get_context(
        self,
        query: str,
        group_id: str | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        valid_at: str | None = None,
        known_at: str | None = None,
        ctx: Context | None = None,
    ) -> Result:
        """A compact, dated FACTS / ENTITIES block about the query, ready for a prompt;
        with known_at (ISO time), as the memory believed things then."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            body = validated(ContextIn, query=query, valid_at=valid_at, known_at=known_at)
            text = self.rt.context(
                body.query,
                group_id=gid,
                max_tokens=max(50, min(max_tokens, 20_000)),
                valid_at=body.valid_at,
                known_at=body.known_at,
            )
            return {"group_id": gid, "context": text}

        return guard(run, self.rt)

    def get_episodes(
        self, group_id: str | None = None, last_n: int = 10, ctx: Context | None = None
    ) -> Result:
        """The group's latest ingested episodes, and those not ingested yet (queued,
        processing or failed, with their errors)."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            n = max(1, min(last_n, 100))
            stored = self.rt.memory.recent_episodes(group_id=gid, limit=n)
            waiting = [r for r in self.rt.queue.list(gid, limit=500) if r.status != Status.DONE]
            return {
                "group_id": gid,
                "episodes": [episode_json(e) for e in stored],
                "not_ingested": [queued_json(r) for r in waiting[:n]],
            }

        return guard(run, self.rt)

    def get_timeline(
        self,
        entity: str,
        group_id: str | None = None,
        known_at: str | None = None,
        ctx: Context | None = None,
    ) -> Result:
        """Every fact about one entity (by name), past and present, oldest first; with
        known_at (ISO time), the facts learned by then, as the memory believed them then."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            asked = validated(SearchIn, query=entity, known_at=known_at)
            found = self.rt.timeline(gid, asked.query, known_at=asked.known_at)
            names = {i: e.name for i, e in found.entities.items()}
            names[found.entity.id] = found.entity.name
            facts: list[JsonValue] = [fact_json(f, names) for f in found.facts]
            named = {"entity": found.entity.name, "entity_id": found.entity.id}
            return {"group_id": gid, **named, "facts": facts}

        return guard(run, self.rt)

    def get_episode_graph(
        self, episode_id: str, group_id: str | None = None, ctx: Context | None = None
    ) -> Result:
        """Provenance: the facts one episode states or supports (current or closed) and
        the entities it mentions."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            found = self.rt.memory.get_episode_graph(episode_id, group_id=gid)
            names = {e.id: e.name for e in found.entities}
            entities: list[JsonValue] = [
                {"id": e.id, "name": e.name, "labels": list(e.labels), "summary": e.summary}
                for e in found.entities
            ]
            facts: list[JsonValue] = [fact_json(f, names) for f in found.facts]
            return {
                "group_id": gid,
                "episode": episode_json(found.episode),
                "entities": entities,
                "facts": facts,
            }

        return guard(run, self.rt)

    def delete_episode(
        self, episode_id: str, group_id: str | None = None, ctx: Context | None = None
    ) -> Result:
        """Delete an episode (queued or ingested) and the facts and entities only it
        supported."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            record_id(episode_id, "episode_id")
            if not self.rt.delete_episode(gid, episode_id):
                raise ToolError(f"no episode {episode_id!r} in group {gid!r}: nothing deleted")
            return {"status": "deleted", "episode_id": episode_id, "group_id": gid}

        return guard(run, self.rt)

    def delete_fact(
        self, fact_id: str, group_id: str | None = None, ctx: Context | None = None
    ) -> Result:
        """Delete one fact (its entities and episodes stay)."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            record_id(fact_id, "fact_id")
            if not self.rt.delete_fact(gid, fact_id):
                raise ToolError(f"no fact {fact_id!r} in group {gid!r}: nothing deleted")
            return {"status": "deleted", "fact_id": fact_id, "group_id": gid}

        return guard(run, self.rt)

    def delete_thread(
        self, thread_id: str, group_id: str | None = None, ctx: Context | None = None
    ) -> Result:
        """Delete every episode of one conversation (thread_id given to add_memory), each
        as delete_episode does; the group's other episodes and facts stay."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            check_thread_id(thread_id)
            removed = self.rt.delete_thread(gid, thread_id)
            if not removed:
                raise ToolError(f"no episode of thread {thread_id!r} in group {gid!r}")
            return {"status": "deleted", "thread_id": thread_id, "episodes": removed}

        return guard(run, self.rt)

    def clear_group(self, group_id: str, ctx: Context | None = None) -> Result:
        """Delete EVERYTHING in the group (name it explicitly): episodes, entities, facts
        and queued episodes."""

        def run() -> Result:
            if not group_id:
                raise ToolError("clear_group needs the group_id to clear, spelled out")
            gid = self._group(ctx, group_id)
            dropped = self.rt.delete_group(gid)
            return {"status": "cleared", "group_id": gid, "queued_dropped": dropped}

        return guard(run, self.rt)

    # -- access ----------------------------------------------------------------------------
    def _group(self, ctx: Context | None, group_id: str | None) -> str:
        """The group a call acts on: the one given, else the default (never for an empty
        string), within the caller's patterns."""
        if group_id is not None and not group_id.strip():
            raise ToolError(
                "group_id is empty: name the group, or leave group_id out for the "
                f"server's default group ({self.default_group!r})"
            )
        gid = group_id if group_id is not None else self.default_group
        if not gid:
            raise ToolError("pass group_id: this server has no default group")
        if not isinstance(gid, str) or not GROUP_ID_PATTERN.fullmatch(gid):
            raise ToolError(f"invalid group_id {gid!r}: use 1-128 of A-Z a-z 0-9 - _")
        patterns = self._patterns(ctx)
        if not any(fnmatchcase(gid, p) for p in patterns):
            raise ToolError(f"group {gid!r} is not allowed here: allowed groups are {patterns}")
        return gid

    def _patterns(self, ctx: Context | None) -> tuple[str, ...]:
        """The caller's groups: the HTTP request's API key, or the server's over stdio."""
        key = self._key(ctx)
        return self.allowed if key is None else key.groups

    def _key(self, ctx: Context | None) -> ApiKey | None:
        """The HTTP request's live API key; None over stdio (no request headers)."""
        try:
            headers = ctx.headers if ctx is not None else None
        except ValueError:  # called outside a request
            headers = None
        if not headers:
            return None
        auth = headers.get("authorization", "")
        token = auth[7:].strip() if auth.lower().startswith("bearer ") else None
        key = self.rt.keys.verify(token or headers.get("x-api-key", ""))
        if key is None:
            raise ToolError("missing or invalid API key")
        return key
