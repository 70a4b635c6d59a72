"""The training corpus as head rows: items read from ``*.jsonl``, encoded, labelled."""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.extractors.learned.features import fact_row, span_row
from chronomem.extractors.learned.labels import (
    ASPECTS,
    SPAN_RELATIONS,
    SUBJECTS,
    GoldFact,
    gold_facts,
)
from chronomem.providers.local import TokenStates

Encode = Callable[[Sequence[str]], list[TokenStates]]
NEGATIVE_SPANS = 3  # spans of other words per item, taught to the relation head as "none"
_WORDS = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Item:
    """One labelled utterance: who wrote it (the writer's folder), text, role, facts."""

    writer: str
    id: str
    text: str
    role: str
    facts: tuple[GoldFact, ...]
    speaker: str = ""  # the speaker's name; a narrator's: ""


def load_items(folder: Path) -> list[Item]:
    """Every item of ``folder/<writer>/*.jsonl``, in file and line order."""
    files = sorted(folder.glob("*/*.jsonl"))
    if not files:
        raise UsageError(
            f"no corpus files under {folder}: give the folder holding <writer>/*.jsonl"
        )
    items = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
                items.append(
                    Item(path.parent.name, str(raw["id"]), str(raw["text"]),
                         str(raw["speaker_role"]), tuple(gold_facts(raw)),
                         str(raw.get("speaker") or ""))
                )  # fmt: skip
            except (ValueError, KeyError) as exc:
                raise UsageError(
                    f"{path}:{number} is not a corpus item ({exc}): see SPEC.md"
                ) from exc
    return items


def as_message(item: Item) -> Item:
    """The item as a chat turn reaches the reader: ``"Speaker: text"`` (a narrator's text as
    it is), every labelled span moved with the text. The step reads a message's first window
    exactly as the engine embeds the episode (``extractors/learned/step.py``), speaker first."""
    if not item.speaker:
        return item
    shift = len(item.speaker) + 2

    def moved(span: tuple[int, int] | None) -> tuple[int, int] | None:
        return None if span is None else (span[0] + shift, span[1] + shift)

    facts = tuple(
        replace(f, value=moved(f.value), when=moved(f.when), ends=moved(f.ends)) for f in item.facts
    )
    return replace(item, text=f"{item.speaker}: {item.text}", facts=facts)


@dataclass(slots=True)
class Rows:
    """The rows and labels of every head, with the item each row came from."""

    x: dict[str, list[np.ndarray]] = field(default_factory=dict)
    y: dict[str, list[int]] = field(default_factory=dict)
    item: dict[str, list[int]] = field(default_factory=dict)

    def add(self, head: str, rows: np.ndarray, labels: Sequence[int], item: int) -> None:
        self.x.setdefault(head, []).append(np.atleast_2d(rows))
        self.y.setdefault(head, []).extend(labels)
        self.item.setdefault(head, []).extend([item] * len(labels))

    def select(self, head: str, keep: set[int]) -> tuple[np.ndarray, npt.NDArray[np.int64]]:
        x = np.vstack(self.x[head])
        mask = np.fromiter((i in keep for i in self.item[head]), dtype=bool)
        return x[mask], np.asarray(self.y[head], dtype=np.int64)[mask]


def build_rows(items: Sequence[Item], encodings: Sequence[TokenStates]) -> Rows:
    """The rows of the span and fact heads (the tagger's data: ``tagger_sequences``)."""
    rows = Rows()
    for index, (item, enc) in enumerate(zip(items, encodings, strict=True)):
        if len(enc.offsets) <= 2:
            continue
        for value, relation in dict.fromkeys((f.value, f.relation) for f in item.facts if f.value):
            label = SPAN_RELATIONS.index(relation)
            rows.add("relation", span_row(enc, value, item.role, item.text), [label], index)
        for span in negative_spans(item):
            rows.add("relation", span_row(enc, span, item.role, item.text), [0], index)
        for fact in item.facts:
            row = fact_row(enc, fact.value or (0, 0), fact.relation, item.role, item.text)
            rows.add("aspect", row, [ASPECTS.index(fact.aspect)], index)
            rows.add("subject", row, [SUBJECTS.index(fact.subject)], index)
    return rows


def negative_spans(item: Item) -> list[tuple[int, int]]:
    """Up to ``NEGATIVE_SPANS`` runs of one to three words that overlap no value of the
    item, drawn with a seed from its id (the same item always gives the same spans)."""
    words = [m.span() for m in _WORDS.finditer(item.text)]
    values = [f.value for f in item.facts if f.value]
    rng = np.random.default_rng(zlib.crc32(item.id.encode()))
    out: list[tuple[int, int]] = []
    for _ in range(4 * NEGATIVE_SPANS):
        if len(out) >= NEGATIVE_SPANS or not words:
            break
        first = int(rng.integers(len(words)))
        last = min(len(words), first + int(rng.integers(1, 4)))
        span = (words[first][0], words[last - 1][1])
        if all(span[1] <= a or b <= span[0] for a, b in values) and span not in out:
            out.append(span)
    return out
