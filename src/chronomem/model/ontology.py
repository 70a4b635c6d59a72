"""Custom entity and edge types (an ontology), in Graphiti's shape.

``entity_types={"Person": Person}`` and ``edge_types={"WORKS_AT": WorksAt}`` map a type name
to a pydantic model whose fields are the attributes to extract (the model's docstring and the
fields' descriptions tell an LLM what to look for); ``edge_type_map`` says which edge types
may link which entity types (``("Person", "Organization"): ["WORKS_AT"]``; the type
``"Entity"`` stands for any entity); ``excluded_entity_types`` names types never written
(``"Entity"``: every entity that has none of the declared types).

:class:`Ontology` holds the four and validates an attribute against its model, one field at a
time, so one bad value drops only that value. The engine stage that applies it to an
extraction is :mod:`chronomem.engine.types`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from pydantic import BaseModel, TypeAdapter, ValidationError

from chronomem.errors import UsageError
from chronomem.model.graph import JSONValue
from chronomem.model.validation import to_relation_name

__all__ = ["ANY_ENTITY", "Ontology", "TypeModel"]

ANY_ENTITY = "Entity"  # Graphiti's name for "an entity of no declared type" / "any entity"
TypeModel = type[BaseModel]

# fields a type may not declare: they are the entity's or fact's own columns
_RESERVED = frozenset(
    {
        "uuid", "id", "name", "group_id", "labels", "summary", "attributes", "created_at",
        "name_embedding", "source", "target", "relation", "fact", "episodes", "valid_at",
        "invalid_at", "expired_at", "embedding", "fact_embedding",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Ontology:
    """The custom types of an episode (see the module docstring). Build with :meth:`of`."""

    entity_types: Mapping[str, TypeModel] = field(default_factory=dict)
    edge_types: Mapping[str, TypeModel] = field(default_factory=dict)
    edge_type_map: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    excluded_entity_types: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        entity_types: Mapping[str, TypeModel] | None = None,
        edge_types: Mapping[str, TypeModel] | None = None,
        edge_type_map: Mapping[tuple[str, str], Sequence[str]] | None = None,
        excluded_entity_types: Sequence[str] | None = None,
    ) -> Ontology:
        """Check the caller's models (``UsageError`` saying what to fix) and hold them; the
        names they refer to each other by are checked by :meth:`checked` once a call's
        types are merged with the memory's."""
        entities = dict(entity_types or {})
        edges = {_edge_name(k): v for k, v in (edge_types or {}).items()}
        for kind, types in (("entity", entities), ("edge", edges)):
            for name, model in types.items():
                _check_model(kind, name, model)
        pairs = {
            (str(a), str(b)): tuple(_edge_name(r) for r in rs)
            for (a, b), rs in (edge_type_map or {}).items()
        }
        excluded = tuple(str(t) for t in (excluded_entity_types or ()))
        return cls(entities, edges, pairs, excluded)

    def checked(self) -> Ontology:
        """``self`` if every name the map and the exclusions use is declared."""
        entities, edges = self.entity_types, self.edge_types
        for (a, b), names in self.edge_type_map.items():
            unknown = [t for t in (a, b) if t != ANY_ENTITY and t not in entities]
            if unknown:
                raise UsageError(
                    f"edge_type_map names entity type {unknown[0]!r}, which is not in "
                    f"entity_types: declare it or use {ANY_ENTITY!r} for any entity"
                )
            missing = [n for n in names if n not in edges]
            if missing:
                raise UsageError(
                    f"edge_type_map[({a!r}, {b!r})] names {missing[0]!r}, which is not in "
                    "edge_types: declare its model there"
                )
        bad = [t for t in self.excluded_entity_types if t != ANY_ENTITY and t not in entities]
        if bad:
            raise UsageError(
                f"excluded_entity_types names {bad[0]!r}, which is not in entity_types "
                f"(use a declared type, or {ANY_ENTITY!r} for untyped entities)"
            )
        return self

    def overridden(self, other: Ontology | None) -> Ontology:
        """``other``'s non-empty parts in place of these (a per-episode override)."""
        if other is None:
            return self
        return Ontology(
            other.entity_types or self.entity_types,
            other.edge_types or self.edge_types,
            other.edge_type_map or self.edge_type_map,
            other.excluded_entity_types or self.excluded_entity_types,
        ).checked()

    @property
    def is_empty(self) -> bool:
        return not (self.entity_types or self.edge_types or self.excluded_entity_types)

    # -- entity types ----------------------------------------------------------------------
    def entity_type(self, labels: Sequence[str]) -> str | None:
        """The declared type among ``labels`` (case and spelling variants of its name count)."""
        for label in labels:
            found = self._type_names.get(_key(label))
            if found is not None:
                return found
        return None

    @cached_property
    def _type_names(self) -> dict[str, str]:
        names = {_key(n): n for n in self.entity_types}
        for alias, canonical in _LABEL_ALIASES.items():
            declared = names.get(_key(canonical))
            if declared is not None:
                names.setdefault(_key(alias), declared)
        return names

    def excludes(self, entity_type: str | None) -> bool:
        return (entity_type or ANY_ENTITY) in self.excluded_entity_types

    # -- edge types ------------------------------------------------------------------------
    def edge_allowed(self, relation: str, source_type: str | None, target_type: str | None) -> bool:
        """May ``relation`` (a declared edge type) link these entity types? With no
        ``edge_type_map`` every declared edge type links any pair, as in Graphiti."""
        if not self.edge_type_map:
            return True
        for a in (source_type or ANY_ENTITY, ANY_ENTITY):
            for b in (target_type or ANY_ENTITY, ANY_ENTITY):
                if relation in self.edge_type_map.get((a, b), ()):
                    return True
        return False

    # -- attributes ------------------------------------------------------------------------
    def check_attributes(
        self, model: TypeModel, values: Mapping[str, object], where: str
    ) -> tuple[dict[str, JSONValue], list[str]]:
        """Values valid for ``model``'s fields, JSON-ready; one warning per value dropped."""
        kept: dict[str, JSONValue] = {}
        warnings: list[str] = []
        for name, value in values.items():
            info = model.model_fields.get(name)
            if info is None:
                warnings.append(
                    f"{where}: dropped attribute {name!r}: not a field of {model.__name__}"
                )
                continue
            if value is None:
                continue
            adapter = _adapter(model, name)
            try:
                checked = adapter.validate_python(value)
            except ValidationError as exc:
                reason = exc.errors()[0].get("msg", "invalid")
                warnings.append(f"{where}: dropped attribute {name}={value!r}: {reason}")
                continue
            kept[name] = adapter.dump_python(checked, mode="json")
        return kept, warnings


# rule-extractor and LLM labels that mean a declared type of another common name
_LABEL_ALIASES = {
    "Organisation": "Organization",
    "Company": "Organization",
    "Organization": "Company",
    "Place": "Location",
    "Location": "Place",
    "City": "Location",
    "Pet": "Animal",
    "Animal": "Pet",
}


def _key(label: str) -> str:
    return "".join(ch for ch in label.lower() if ch.isalnum())


def _edge_name(name: object) -> str:
    relation = to_relation_name(str(name))
    if not any(ch.isalpha() for ch in str(name)):
        raise UsageError(f"edge type {name!r} has no usable name: use SCREAMING_SNAKE_CASE")
    return relation


def _check_model(kind: str, name: str, model: object) -> None:
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise UsageError(
            f"{kind} type {name!r} must be a pydantic model class (class {name}(BaseModel): ...), "
            f"not {model!r}"
        )
    clash = sorted(_RESERVED & set(model.model_fields))
    if clash:
        raise UsageError(
            f"{kind} type {name!r} declares field {clash[0]!r}, which chronomem keeps itself: "
            "rename the field"
        )


_ADAPTERS: dict[tuple[TypeModel, str], TypeAdapter[object]] = {}


def _adapter(model: TypeModel, name: str) -> TypeAdapter[object]:
    key = (model, name)
    if key not in _ADAPTERS:
        annotation = model.model_fields[name].annotation  # None only for an unannotated field
        _ADAPTERS[key] = TypeAdapter(object if annotation is None else annotation)
    return _ADAPTERS[key]
