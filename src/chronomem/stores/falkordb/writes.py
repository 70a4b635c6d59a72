"""Change sets -> the parameters of the one-query write, and why a refused write failed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from chronomem.errors import ConflictError, DuplicateEpisodeError, UsageError
from chronomem.model import ChangeSet, Community
from chronomem.stores.edit_codec import edit_row
from chronomem.stores.falkordb import rows
from chronomem.stores.intervals_check import check_intervals

__all__ = ["SEQ_STEP", "change_params", "community_payload", "id_list", "refuse"]

SEQ_STEP = 1 << 20  # insertion order: (version + 1) * SEQ_STEP + position in the change set


def id_list(ids: Sequence[str], what: str) -> list[str]:
    """``ids`` without repeats; a bare string (a classic slip) is a UsageError."""
    if isinstance(ids, str):
        raise UsageError(f"{what} must be a list of ids, not one string: pass [{ids!r}]")
    return list(dict.fromkeys(ids))


def change_params(changes: ChangeSet, dimension: int | None) -> dict[str, object]:
    """The parameters of :data:`cypher.APPLY` for ``changes`` (vectors checked first)."""
    if len(changes.facts) + len(changes.entities) + len(changes.episodes) >= SEQ_STEP:
        raise UsageError(f"a change set holds at most {SEQ_STEP - 1} rows of a kind: split it")
    check_intervals(changes.facts)
    new_episodes: set[str] = set()
    for episode in changes.episodes:
        if episode.id in new_episodes:
            raise DuplicateEpisodeError(episode.id)
        new_episodes.add(episode.id)
    facts = [  # the last row of an id wins, as with an upsert; source episodes once each
        replace(f, episodes=tuple(dict.fromkeys(f.episodes)))
        for f in {f.id: f for f in changes.facts}.values()
    ]
    needed_entities = {x for f in facts for x in f.endpoints}
    needed_entities.update(m.entity_id for m in changes.mentions)
    needed_entities -= {e.id for e in changes.entities}
    return {
        "expected": changes.expected_version,
        "new_episode_ids": sorted(new_episodes),
        "del_episodes": id_list(changes.delete_episode_ids, "delete_episode_ids"),
        "del_entities": id_list(changes.delete_entity_ids, "delete_entity_ids"),
        "drop_facts": sorted({*changes.delete_fact_ids, *(f.id for f in facts)}),
        "del_facts": id_list(changes.delete_fact_ids, "delete_fact_ids"),
        "seq_step": SEQ_STEP,
        "needed_entities": sorted(needed_entities),
        "needed_episodes": sorted({m.episode_id for m in changes.mentions} - new_episodes),
        "entities": [rows.entity_params(e, dimension) for e in changes.entities],
        "episodes": [rows.episode_params(e, dimension) for e in changes.episodes],
        "facts": [rows.fact_params(f, dimension) for f in facts],
        "mentions": [rows.mention_params(m) for m in changes.mentions],
        "del_mentions": [rows.mention_params(m) for m in changes.delete_mentions],
        "edits": [edit_row(e) for e in changes.edits],
        "replace_communities": changes.communities is not None,
        "communities": community_payload(
            list({c.id: c for c in changes.communities or ()}.values()), dimension
        ),
    }


def community_payload(
    communities: Sequence[Community], dimension: int | None
) -> list[dict[str, rows.Props | rows.PropValue]]:
    """Rows for :data:`cypher.REPLACE_COMMUNITIES`, members listed once each."""
    return [
        rows.community_params(replace(c, member_ids=tuple(dict.fromkeys(c.member_ids))), dimension)
        for c in communities
    ]


def refuse(
    changes: ChangeSet,
    params: Mapping[str, object],
    version: object,
    duplicates: object,
    found_entities: object,
    found_episodes: object,
) -> None:
    """Raise the reason why the change-set query wrote nothing."""
    gid = changes.group_id
    if changes.expected_version is not None and changes.expected_version != version:
        raise ConflictError(
            f"group {gid!r} is at version {version}, not the expected {changes.expected_version}:"
            " another writer changed it meanwhile; reload what you read and retry the episode"
        )
    if isinstance(duplicates, list) and duplicates:
        raise DuplicateEpisodeError(str(sorted(duplicates)[0]))
    missing = sorted(
        ({*_strs(params["needed_entities"])} - {*_strs(found_entities)})
        | ({*_strs(params["needed_episodes"])} - {*_strs(found_episodes)})
    )
    raise UsageError(
        f"the change set for group {gid!r} links to ids that are neither stored in the group "
        f"nor written by it: {missing[:5]}; write those entities/episodes in the same change "
        "set (nothing was written)"
    )


def _strs(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []
