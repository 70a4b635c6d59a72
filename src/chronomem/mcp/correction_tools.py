"""The MCP tools for correcting memory by hand (``Memory``'s correction methods), and the
edit trail. Over HTTP they need an admin key, as the REST routes do; over stdio the
server's own groups apply. Each is recorded with the actor ``mcp`` (``mcp:<key name>``
over HTTP) and answers with the edit record."""

from __future__ import annotations

from collections.abc import Callable

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError

from chronomem.engine.corrections.facts import DateField
from chronomem.mcp.answers import Result, guard
from chronomem.mcp.checks import record_id, validated
from chronomem.mcp.tools import MemoryTools
from chronomem.model import Edit
from chronomem.service.correction_schemas import FactEditIn, SplitIn, edit_out

CORRECTION_TOOL_NAMES = (
    "edit_fact",
    "retract_fact",
    "merge_entities",
    "rename_entity",
    "split_entity",
    "undo_edit",
    "list_edits",
)
_DATES: tuple[DateField, ...] = ("valid_at", "invalid_at")


class CorrectingTools(MemoryTools):
    """:class:`MemoryTools` and the correction tools."""

    def edit_fact(
        self,
        fact_id: str,
        group_id: str | None = None,
        fact: str | None = None,
        relation: str | None = None,
        value: str | None = None,
        valid_at: str | None = None,
        invalid_at: str | None = None,
        clear: list[str] | None = None,
        reason: str = "",
        ctx: Context | None = None,
    ) -> Result:
        """Correct a fact (id from search_facts or get_timeline): its text, RELATION, value
        (the target entity's name) or dates (ISO-8601 with timezone; clear: ["valid_at"] /
        ["invalid_at"] empties them). A new fact supersedes the old one; what the memory
        believed before stays queryable. Answers with the edit (undo_edit reverses it)."""
        body = validated(
            FactEditIn, fact=fact, relation=relation, value=value, valid_at=valid_at,
            invalid_at=invalid_at, reason=reason,
        )  # fmt: skip
        cleared = tuple(d for d in _DATES if d in (clear or []))
        if len(cleared) != len(clear or []):
            raise ToolError(f"clear names {clear}: only valid_at and invalid_at can be cleared")
        return self._correct(ctx, group_id, lambda gid, actor: self.rt.memory.edit_fact(
            record_id(fact_id, "fact_id"), group_id=gid, fact=body.fact, relation=body.relation,
            value=body.value, valid_at=body.valid_at, invalid_at=body.invalid_at, clear=cleared,
            actor=actor, reason=body.reason,
        ))  # fmt: skip

    def retract_fact(
        self, fact_id: str, group_id: str | None = None, reason: str = "",
        ctx: Context | None = None,
    ) -> Result:  # fmt: skip
        """Withdraw a wrong fact as never true (it stays visible to known_at before now)."""
        return self._correct(ctx, group_id, lambda gid, actor: self.rt.memory.retract_fact(
            record_id(fact_id, "fact_id"), group_id=gid, actor=actor, reason=reason
        ))  # fmt: skip

    def merge_entities(
        self, keep_id: str, merged_id: str, group_id: str | None = None, reason: str = "",
        ctx: Context | None = None,
    ) -> Result:  # fmt: skip
        """Two entities are one (ids from get_timeline or search_entities): merged_id's
        names become aliases of keep_id, its facts and mentions move there."""
        return self._correct(ctx, group_id, lambda gid, actor: self.rt.memory.merge_entities(
            record_id(keep_id, "keep_id"), record_id(merged_id, "merged_id"), group_id=gid,
            actor=actor, reason=reason,
        ))  # fmt: skip

    def rename_entity(
        self, entity_id: str, name: str, group_id: str | None = None, keep_alias: bool = True,
        reason: str = "", ctx: Context | None = None,
    ) -> Result:  # fmt: skip
        """Give an entity a new name; the old one stays an alias unless keep_alias=false."""
        return self._correct(ctx, group_id, lambda gid, actor: self.rt.memory.rename_entity(
            record_id(entity_id, "entity_id"), name, group_id=gid, keep_alias=keep_alias,
            actor=actor, reason=reason,
        ))  # fmt: skip

    def split_entity(
        self, entity_id: str, name: str, episode_ids: list[str] | None = None,
        fact_ids: list[str] | None = None, group_id: str | None = None, reason: str = "",
        ctx: Context | None = None,
    ) -> Result:  # fmt: skip
        """Mentions merged by mistake: the given episodes' mentions and facts move from the
        entity to a new entity called name (its id is the edit's third subject)."""
        body = validated(
            SplitIn, name=name, episode_ids=episode_ids, fact_ids=fact_ids, reason=reason
        )
        return self._correct(ctx, group_id, lambda gid, actor: self.rt.memory.split_entity(
            record_id(entity_id, "entity_id"), body.name, group_id=gid,
            episode_ids=body.episode_ids, fact_ids=body.fact_ids, actor=actor,
            reason=body.reason,
        ))  # fmt: skip

    def undo_edit(
        self, edit_id: str, group_id: str | None = None, reason: str = "",
        ctx: Context | None = None,
    ) -> Result:  # fmt: skip
        """Reverse an edit (id from list_edits) by a new, recorded edit."""
        return self._correct(ctx, group_id, lambda gid, actor: self.rt.memory.undo_edit(
            record_id(edit_id, "edit_id"), group_id=gid, actor=actor, reason=reason
        ))  # fmt: skip

    def list_edits(
        self, group_id: str | None = None, subject_id: str | None = None, limit: int = 20,
        ctx: Context | None = None,
    ) -> Result:  # fmt: skip
        """The group's corrections, newest first (subject_id: one fact's or entity's)."""

        def run() -> Result:
            gid = self._group(ctx, group_id)
            found = self.rt.memory.list_edits(group_id=gid, subject_id=subject_id, limit=limit)
            return {"group_id": gid, "edits": [_edit(e) for e in found]}

        return guard(run, self.rt)

    def _correct(
        self, ctx: Context | None, group_id: str | None, action: Callable[[str, str], Edit]
    ) -> Result:
        def run() -> Result:
            gid = self._group(ctx, group_id)
            actor = self._actor(ctx)
            with self.rt.workers.group(gid):
                return {"status": "recorded", "edit": _edit(action(gid, actor))}

        return guard(run, self.rt)

    def _actor(self, ctx: Context | None) -> str:
        """``mcp`` over stdio; over HTTP ``mcp:<key name>``, for an admin key only."""
        key = self._key(ctx)
        if key is None:
            return "mcp"
        if not key.admin:
            raise ToolError(
                "correcting memory needs an admin API key (chronomem keys create --admin)"
            )
        return f"mcp:{key.name}"


def _edit(edit: Edit) -> Result:
    return edit_out(edit).model_dump(mode="json")
