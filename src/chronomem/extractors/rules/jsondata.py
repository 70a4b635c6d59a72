"""Extraction from JSON episodes: keys become facts about the object's name.

``{"customer": "Acme", "plan": "Pro", "seats": 12}`` gives the entity Acme (label Customer)
with attribute ``seats: 12``, the entity Pro (label Plan) and the fact Acme HAS_PLAN Pro.
Nested objects with a name of their own become entities linked by their key; lists of names
give one fact per item. Numbers, booleans, dates and long texts stay attributes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.summaries import summarize
from chronomem.model import Episode, ExtractedEntity, ExtractedFact, Extraction, JSONValue
from chronomem.model.validation import to_relation_name

NAME_KEYS = (
    "name", "title", "customer", "company", "organization", "organisation", "account",
    "user", "username", "person", "product", "id", "email",
)  # fmt: skip
_LABEL_KEYS = ("type", "kind", "category")
_ANONYMOUS_KEYS = frozenset({"name", "title", "id", "email", "username"})
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
MAX_ITEMS = 50
MAX_DEPTH = 2


@dataclass(slots=True)
class _Json:
    reference: datetime
    entities: dict[str, ExtractedEntity] = field(default_factory=dict)
    facts: list[ExtractedFact] = field(default_factory=list)

    def entity(
        self, name: str, label: str | None, summary: str, attrs: dict[str, JSONValue]
    ) -> str:
        key = normalize_name(name)
        old = self.entities.get(key)
        if old is not None:
            merged = {**attrs, **old.attributes}
            labels = old.labels or ((label,) if label else ())
            text = summarize([old.summary, summary]) if summary not in old.summary else old.summary
            self.entities[key] = ExtractedEntity(old.name, labels, text, merged)
            return old.name
        self.entities[key] = ExtractedEntity(name, (label,) if label else (), summary, attrs)
        return name


def extract_json(episode: Episode) -> Extraction | None:
    """The extraction of a JSON episode, or None when its content is not valid JSON."""
    try:
        payload = episode.json_payload()
    except ValueError:
        return None
    out = _Json(episode.reference_time)
    items = payload if isinstance(payload, list) else [payload]
    for item in items[:MAX_ITEMS]:
        if isinstance(item, dict):
            _object(item, None, out, depth=0)
    return Extraction(tuple(out.entities.values()), tuple(out.facts))


def _words(key: str) -> str:
    return " ".join(re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", key).replace("_", " ").split()).lower()


def _subject(obj: dict[str, JSONValue]) -> tuple[str, str] | None:
    for key in NAME_KEYS:
        value = obj.get(key)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
            return key, str(value).strip()
    for key, value in obj.items():
        if isinstance(value, str) and _is_name(value):
            return key, value.strip()
    return None


def _is_name(value: str) -> bool:
    text = value.strip()
    return bool(text) and len(text) <= 80 and len(text.split()) <= 8 and not _DATE.match(text)


def _object(obj: dict[str, JSONValue], role: str | None, out: _Json, *, depth: int) -> str | None:
    found = _subject(obj)
    if found is None:
        return None
    name_key, subject = found
    label_value = next((obj[k] for k in _LABEL_KEYS if isinstance(obj.get(k), str)), None)
    label = str(label_value).title() if label_value else None
    if label is None:
        label = (role or name_key).replace("_", " ").title().replace(" ", "")
        label = None if (role or name_key) in _ANONYMOUS_KEYS else label
    attrs: dict[str, JSONValue] = {}
    told: list[str] = []
    subject = out.entity(subject, label, "", {})
    for key, value in obj.items():
        if key == name_key or key in _LABEL_KEYS:
            continue
        targets = _values(value, key, out, depth)
        if targets is None:
            attrs[key] = value if not isinstance(value, (dict, list)) else str(value)[:200]
            told.append(f"{_words(key)}: {value}")
            continue
        for target in targets:
            _fact(subject, key, target, out)
            told.append(f"{_words(key)}: {target}")
    summary = summarize([f"{subject}: " + "; ".join(told)]) if told else ""
    out.entity(subject, label, summary, attrs)
    return subject


def _values(value: JSONValue, key: str, out: _Json, depth: int) -> list[str] | None:
    """Entity names a value holds, or None when it is an attribute."""
    items = value if isinstance(value, list) else [value]
    names: list[str] = []
    for item in items[:MAX_ITEMS]:
        if isinstance(item, str) and _is_name(item):
            label = _words(key).title().replace(" ", "")
            names.append(out.entity(item.strip(), label, f"{_words(key)} {item.strip()}", {}))
        elif isinstance(item, dict) and depth < MAX_DEPTH:
            name = _object(item, key, out, depth=depth + 1)
            if name is not None:
                names.append(name)
        else:
            return None
    return names or None


def _fact(subject: str, key: str, target: str, out: _Json) -> None:
    words = _words(key)
    relation = to_relation_name(words if words.startswith(("has ", "is ")) else f"has {words}")
    if normalize_name(subject) == normalize_name(target):
        return
    text = f"{subject} has {words} {target}"
    out.facts.append(ExtractedFact(subject, target, relation, text, out.reference, None))
