"""``Memory``'s methods for correcting memory by hand, thin over ``engine/corrections``.

Each plans a change set (pure, from what the store holds), applies it in one transaction
with the record of the edit, and returns that record (:class:`~chronomem.model.Edit`).
``actor`` says who made the correction (REST passes the API key's name, MCP ``"mcp"``);
``reason`` why. See ``docs/corrections.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from chronomem.clock import IdFactory
from chronomem.engine.corrections import (
    Author,
    FactChange,
    plan_fact_edit,
    plan_merge,
    plan_rename,
    plan_retraction,
    plan_split,
    plan_undo,
)
from chronomem.engine.corrections.facts import DateField
from chronomem.errors import UsageError
from chronomem.model import ChangeSet, Edit, check_group_id
from chronomem.model.validation import check_text
from chronomem.ports import Clock, Embedder, Store

DEFAULT_ACTOR = "python"
MAX_EDITS_LISTED = 1000


class Corrections:
    """Mixed into :class:`~chronomem.Memory`: edit, retract, merge, rename, split, undo."""

    store: Store
    clock: Clock
    embedder: Embedder
    _ids: IdFactory

    def _bind(self) -> None:
        raise NotImplementedError  # Memory's

    def _author(self, actor: str, reason: str) -> Author:
        return Author(
            actor=check_text(actor, "actor"),
            now=self.clock.now(),
            ids=self._ids,
            reason=check_text(reason, "reason"),
        )

    def _applied(self, changes: ChangeSet) -> Edit:
        self.store.apply(changes)
        return changes.edits[0]

    def edit_fact(
        self,
        fact_id: str,
        *,
        group_id: str,
        fact: str | None = None,
        relation: str | None = None,
        value: str | None = None,
        valid_at: datetime | None = None,
        invalid_at: datetime | None = None,
        clear: Sequence[DateField] = (),
        actor: str = DEFAULT_ACTOR,
        reason: str = "",
    ) -> Edit:
        """Correct a fact's text, relation, value (the target entity's name) or dates: a new
        fact with the change supersedes it (the old one is withdrawn now, so ``known_at``
        before the edit still shows the old belief). ``clear`` empties dates."""
        change = FactChange(fact, relation, value, valid_at, invalid_at, tuple(clear))
        self._bind()
        by, embed = self._author(actor, reason), self.embedder.embed_batch
        gid = check_group_id(group_id)
        return self._applied(plan_fact_edit(self.store, gid, fact_id, change, by, embed))

    def retract_fact(
        self, fact_id: str, *, group_id: str, actor: str = DEFAULT_ACTOR, reason: str = ""
    ) -> Edit:
        """Withdraw a fact as never held: gone from now on, kept for ``known_at`` before."""
        by = self._author(actor, reason)
        return self._applied(plan_retraction(self.store, check_group_id(group_id), fact_id, by))

    def merge_entities(
        self,
        keep_id: str,
        merged_id: str,
        *,
        group_id: str,
        actor: str = DEFAULT_ACTOR,
        reason: str = "",
    ) -> Edit:
        """``merged_id`` and ``keep_id`` are one: names become aliases of ``keep_id``, facts
        and mentions move there, ``merged_id`` goes; the merge is recorded with its reason."""
        by = self._author(actor, reason)
        plan = plan_merge(self.store, check_group_id(group_id), keep_id, merged_id, by)
        return self._applied(plan)

    def rename_entity(
        self,
        entity_id: str,
        name: str,
        *,
        group_id: str,
        keep_alias: bool = True,
        actor: str = DEFAULT_ACTOR,
        reason: str = "",
    ) -> Edit:
        """Call the entity ``name``; the old name stays an alias unless ``keep_alias=False``."""
        self._bind()
        by, embed = self._author(actor, reason), self.embedder.embed_batch
        gid = check_group_id(group_id)
        plan = plan_rename(self.store, gid, entity_id, name, by, embed, keep_alias=keep_alias)
        return self._applied(plan)

    def split_entity(
        self,
        entity_id: str,
        name: str,
        *,
        group_id: str,
        episode_ids: Sequence[str] = (),
        fact_ids: Sequence[str] = (),
        actor: str = DEFAULT_ACTOR,
        reason: str = "",
    ) -> Edit:
        """Move the mentions in ``episode_ids`` and the facts in ``fact_ids`` from the entity
        to a new entity called ``name`` (mentions merged by mistake). The new entity's id is
        the record's second subject."""
        self._bind()
        by, embed = self._author(actor, reason), self.embedder.embed_batch
        gid = check_group_id(group_id)
        plan = plan_split(
            self.store, gid, entity_id, name, by, embed,
            episode_ids=_ids(episode_ids, "episode_ids"), fact_ids=_ids(fact_ids, "fact_ids"),
        )  # fmt: skip
        return self._applied(plan)

    def undo_edit(
        self, edit_id: str, *, group_id: str, actor: str = DEFAULT_ACTOR, reason: str = ""
    ) -> Edit:
        """Reverse an edit by a new one (recorded, and undoable in turn)."""
        self._bind()
        by, embed = self._author(actor, reason), self.embedder.embed_batch
        return self._applied(plan_undo(self.store, check_group_id(group_id), edit_id, by, embed))

    def list_edits(
        self, *, group_id: str, subject_id: str | None = None, limit: int = 100
    ) -> list[Edit]:
        """The group's edits, newest first; with ``subject_id`` the trail of one fact, entity
        or edit."""
        if not 1 <= limit <= MAX_EDITS_LISTED:
            raise UsageError(f"limit must be between 1 and {MAX_EDITS_LISTED}, not {limit}")
        return self.store.list_edits(check_group_id(group_id), subject_id=subject_id, limit=limit)


def _ids(ids: Sequence[str], what: str) -> list[str]:
    if isinstance(ids, str):
        raise UsageError(f"{what} must be a list of ids, not one string: pass [{ids!r}]")
    return list(ids)
