"""The state of moving a store to another embedding model, shared by every store.

A store is bound to one embedder (name and dimension). ``chronomem reembed`` moves it to
another one group at a time: :meth:`Store.start_reembed` records the target (a
:class:`Migration`), :meth:`Store.write_embeddings` replaces one group's vectors and marks
the group done, and the store is bound to the target once no group is left. While a move is
under way the store refuses :meth:`Store.bind_embedder` for every model, old and new alike,
so no search ever compares vectors of two models; re-running the command resumes it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from chronomem.errors import UsageError

__all__ = ["Migration", "begin", "embedder_mismatch", "migration_pending"]


@dataclass(frozen=True, slots=True)
class Migration:
    """A move to embedder ``name`` (``dimension``) under way; ``done``: groups moved."""

    name: str
    dimension: int
    done: frozenset[str] = field(default_factory=frozenset)

    def to_json(self) -> str:
        return json.dumps(
            {"name": self.name, "dimension": self.dimension, "done": sorted(self.done)},
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> Migration:
        data = json.loads(text)
        return cls(str(data["name"]), int(data["dimension"]), frozenset(data.get("done", ())))

    def with_done(self, group_id: str) -> Migration:
        return Migration(self.name, self.dimension, self.done | {group_id})

    def left(self, groups: Iterable[str]) -> list[str]:
        """The groups of ``groups`` not moved yet, sorted."""
        return sorted(set(groups) - self.done)

    def check_target(self, name: str, dimension: int, where: str) -> None:
        if (name, dimension) != (self.name, self.dimension):
            raise UsageError(
                f"{where} is being re-embedded with {self.name!r} ({self.dimension} dims), "
                f"not {name!r} ({dimension} dims): finish that move first (run "
                "`chronomem reembed` again with the same embedder)"
            )


def begin(
    bound: tuple[str, int] | None,
    migration: Migration | None,
    target: tuple[str, int],
    where: str,
) -> Migration | None:
    """The move a store should record for ``start_reembed(*target)``; None: nothing to move
    (the store is empty of vectors or bound to ``target`` already), so just bind it."""
    if migration is not None:
        migration.check_target(*target, where)
        return migration
    if bound is None or bound == target:
        return None
    return Migration(*target)


def embedder_mismatch(
    where: str, bound: tuple[str, int], wanted: tuple[str, int], *, db_hint: str
) -> UsageError:
    """The error for opening a store with another embedder than the one its vectors are of."""
    return UsageError(
        f"{where} holds vectors of embedding model {bound[0]!r} ({bound[1]} dims), not "
        f"{wanted[0]!r} ({wanted[1]} dims): vectors of different models cannot be compared. "
        "Use the same embedder, a new database for the new model, or move this one to the "
        f"default local embedder with `chronomem reembed --db {db_hint}` (it re-embeds every "
        "stored text)"
    )


def migration_pending(where: str, migration: Migration, left: int, *, db_hint: str) -> UsageError:
    """The error for using a store whose move to another embedder is not finished."""
    return UsageError(
        f"{where} is being re-embedded with {migration.name!r} and {left} group(s) are not "
        f"done yet, so its vectors are of two models: finish with `chronomem reembed --db "
        f"{db_hint}` before using it"
    )
