"""An edit: one correction a person made to the memory by hand, kept as a record.

Corrections (``engine/corrections/``) never rewrite history silently: each writes its changes
and one :class:`Edit` in the same transaction. The record says who did what, when and why,
which facts and entities it touched (``subjects``, for an entity's or a fact's trail), and
what undoing it needs (``payload``). Undo is itself an edit (``kind="undo"``, ``undoes``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from chronomem.errors import UsageError
from chronomem.model.graph import JSONValue
from chronomem.model.time import ensure_aware
from chronomem.model.validation import check_group_id, choice_of


class EditKind(StrEnum):
    """What a correction did."""

    EDIT_FACT = "edit_fact"  # a new fact supersedes the old one
    RETRACT_FACT = "retract_fact"  # the fact is withdrawn: never held
    MERGE_ENTITIES = "merge_entities"  # two entities are one
    RENAME_ENTITY = "rename_entity"
    SPLIT_ENTITY = "split_entity"  # mentions wrongly merged move to a new entity
    UNDO = "undo"  # reverses an earlier edit

    @classmethod
    def parse(cls, value: object) -> EditKind:
        chosen = choice_of(cls, value)
        if chosen is not None:
            return chosen
        choices = ", ".join(repr(k.value) for k in cls)
        raise UsageError(f"unknown edit kind {value!r}: use one of {choices}")


@dataclass(frozen=True, slots=True)
class Edit:
    """One recorded correction of group ``group_id``, made by ``actor`` at ``at``."""

    id: str
    group_id: str
    kind: EditKind
    at: datetime
    actor: str
    reason: str = ""
    subjects: tuple[str, ...] = ()  # ids of the facts and entities it touched
    payload: Mapping[str, JSONValue] = field(default_factory=dict)
    undoes: str | None = None  # the edit an undo reverses

    def __post_init__(self) -> None:
        check_group_id(self.group_id)
        object.__setattr__(self, "kind", EditKind.parse(self.kind))
        object.__setattr__(self, "at", ensure_aware(self.at, "at"))
        object.__setattr__(self, "subjects", tuple(dict.fromkeys(self.subjects)))
