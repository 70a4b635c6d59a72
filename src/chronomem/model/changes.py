"""A change set: everything one store transaction writes."""

from __future__ import annotations

from dataclasses import dataclass

from chronomem.model.edits import Edit
from chronomem.model.graph import Community, Entity, Episode, Fact, Mention


@dataclass(frozen=True, slots=True)
class ChangeSet:
    """Writes applied atomically by :meth:`chronomem.ports.Store.apply`.

    Entities and facts are upserted by id (a stored row with the same id is replaced, its
    embedding included). Episodes are inserted; inserting an episode id that exists already
    raises :class:`chronomem.stores.DuplicateEpisodeError` and writes nothing, which is what
    makes a retried episode safe. ``expected_version`` (if set) must equal the group's
    write counter, else :class:`chronomem.errors.ConflictError` and nothing is written.
    Deletions run before upserts. ``communities``, when given, is the group's whole new
    community set, replacing the stored one in the same transaction (an import's exact copy);
    ``None`` leaves the communities as they are. ``delete_mentions`` removes episode ->
    entity links (a split moves them); ``edits`` are the records of hand corrections
    (``model/edits.py``), written in the same transaction as what they did.
    """

    group_id: str
    episodes: tuple[Episode, ...] = ()
    entities: tuple[Entity, ...] = ()
    facts: tuple[Fact, ...] = ()
    mentions: tuple[Mention, ...] = ()
    delete_episode_ids: tuple[str, ...] = ()
    delete_entity_ids: tuple[str, ...] = ()
    delete_fact_ids: tuple[str, ...] = ()
    delete_mentions: tuple[Mention, ...] = ()
    edits: tuple[Edit, ...] = ()
    expected_version: int | None = None
    communities: tuple[Community, ...] | None = None

    def __post_init__(self) -> None:
        rows: list[Episode | Entity | Fact | Mention | Community | Edit] = [
            *self.episodes, *self.entities, *self.facts, *self.mentions,
            *(self.communities or ()), *self.delete_mentions, *self.edits,
        ]  # fmt: skip
        strangers = {r.group_id for r in rows} - {self.group_id}
        if strangers:
            raise ValueError(f"change set for {self.group_id!r} holds rows of {sorted(strangers)}")

    @property
    def is_empty(self) -> bool:
        return not any(
            (
                self.episodes,
                self.entities,
                self.facts,
                self.mentions,
                self.delete_episode_ids,
                self.delete_entity_ids,
                self.delete_fact_ids,
                self.communities is not None,
                self.delete_mentions,
                self.edits,
            )
        )


@dataclass(frozen=True, slots=True)
class CommunitySet:
    """A group's complete set of communities, replacing the previous set atomically."""

    group_id: str
    communities: tuple[Community, ...]
