"""``AsyncMemory``'s hand corrections: the twins of ``corrections.py``'s methods, each run
in a worker thread (mixed into :class:`~chronomem.AsyncMemory`)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.corrections import DEFAULT_ACTOR
from chronomem.engine.corrections.facts import DateField
from chronomem.model import Edit

if TYPE_CHECKING:
    from chronomem.memory import Memory


class AsyncCorrections:
    """Edit, retract, merge, rename, split, undo and list edits, awaited."""

    sync: Memory

    async def edit_fact(
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
        return await asyncio.to_thread(
            functools.partial(
                self.sync.edit_fact, fact_id, group_id=group_id, fact=fact, relation=relation,
                value=value, valid_at=valid_at, invalid_at=invalid_at, clear=tuple(clear),
                actor=actor, reason=reason,
            )
        )  # fmt: skip

    async def retract_fact(
        self, fact_id: str, *, group_id: str, actor: str = DEFAULT_ACTOR, reason: str = ""
    ) -> Edit:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.retract_fact, fact_id, group_id=group_id, actor=actor, reason=reason
            )
        )

    async def merge_entities(
        self,
        keep_id: str,
        merged_id: str,
        *,
        group_id: str,
        actor: str = DEFAULT_ACTOR,
        reason: str = "",
    ) -> Edit:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.merge_entities, keep_id, merged_id, group_id=group_id, actor=actor,
                reason=reason,
            )
        )  # fmt: skip

    async def rename_entity(
        self,
        entity_id: str,
        name: str,
        *,
        group_id: str,
        keep_alias: bool = True,
        actor: str = DEFAULT_ACTOR,
        reason: str = "",
    ) -> Edit:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.rename_entity, entity_id, name, group_id=group_id,
                keep_alias=keep_alias, actor=actor, reason=reason,
            )
        )  # fmt: skip

    async def split_entity(
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
        return await asyncio.to_thread(
            functools.partial(
                self.sync.split_entity, entity_id, name, group_id=group_id,
                episode_ids=list(episode_ids), fact_ids=list(fact_ids), actor=actor,
                reason=reason,
            )
        )  # fmt: skip

    async def undo_edit(
        self, edit_id: str, *, group_id: str, actor: str = DEFAULT_ACTOR, reason: str = ""
    ) -> Edit:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.undo_edit, edit_id, group_id=group_id, actor=actor, reason=reason
            )
        )

    async def list_edits(
        self, *, group_id: str, subject_id: str | None = None, limit: int = 100
    ) -> list[Edit]:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.list_edits, group_id=group_id, subject_id=subject_id, limit=limit
            )
        )
