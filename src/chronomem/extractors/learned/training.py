"""Training the reader's heads and measuring them on items they never saw."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from chronomem.extractors.learned.confidence import (
    Calibration,
    confidence_row,
    fit_calibration,
    is_right,
)
from chronomem.extractors.learned.corpus import Item, Rows
from chronomem.extractors.learned.heads import Head, Recipe, fit
from chronomem.extractors.learned.hits import MIN_CONFIDENCE
from chronomem.extractors.learned.labels import ASPECTS, SPAN_RELATIONS, SUBJECTS, GoldFact
from chronomem.extractors.learned.reader import HEADS, Reader, ReadFact
from chronomem.extractors.learned.tagger_training import (
    TaggerRecipe,
    fit_tagger,
    tagger_sequences,
)
from chronomem.providers.local import TokenStates

CLASSES = {
    "relation": len(SPAN_RELATIONS),
    "aspect": len(ASPECTS),
    "subject": len(SUBJECTS),
}
# chosen on the leave-one-writer-out folds (scripts/train_reader.py), never on a dev set
TAGGING = TaggerRecipe()
# Round 10: aspect and subject regularised harder, the aspect's classes balanced (read
# better on the six writers' folds, round 9: accuracy 0.588 -> 0.617 and 0.882 -> 0.892).
# Their probabilities are flatter, so the fact's confidence is calibrated (confidence.py):
# at the step's gate the calibrated facts are right more often and more are kept than with
# the round-9 heads and their least probability (bench/RESULTS.md, round 10).
RECIPES = {
    "relation": Recipe(l2=0.01),
    "aspect": Recipe(l2=0.1, balance=0.5),
    "subject": Recipe(l2=0.1),
}


def train(
    rows: Rows,
    items: Sequence[Item],
    encodings: Sequence[TokenStates],
    keep: set[int],
    recipes: Mapping[str, Recipe] = RECIPES,
    tagging: TaggerRecipe = TAGGING,
) -> Reader:
    """Fit the tagger and every head on the items in ``keep`` (``rows``: their head rows)."""
    heads: dict[str, Head] = {}
    for name in HEADS:
        x, y = rows.select(name, keep)
        heads[name] = fit(x, y, CLASSES[name], recipes[name])
    chosen = sorted(keep)
    sequences = tagger_sequences(
        [items[i] for i in chosen], [encodings[i] for i in chosen], tagging.shapes
    )
    return Reader(fit_tagger(sequences, tagging), heads)


@dataclass(slots=True)
class HeldOutFacts:
    """Facts read by readers that never saw their items' writer, for the calibration:
    one ``confidence_row`` each, whether it is right, and its writer."""

    rows: list[np.ndarray]
    right: list[bool]
    writer: list[str]

    def add(
        self,
        reader: Reader,
        items: Sequence[Item],
        encodings: Sequence[TokenStates],
        test: set[int],
    ) -> None:
        """Read the items in ``test`` with ``reader`` (trained without their writers)."""
        for i in sorted(test):
            item = items[i]
            for f in reader.read(encodings[i], item.role, item.text):
                self.rows.append(confidence_row(f.relation, f.aspect, f.subject, f.probabilities))
                self.right.append(is_right(f.relation, f.subject, f.aspect, f.value, item.facts))
                self.writer.append(item.writer)

    def extend(self, other: HeldOutFacts) -> None:
        self.rows += other.rows
        self.right += other.right
        self.writer += other.writer

    def calibration(self, without: Collection[str] = ()) -> Calibration:
        """Fitted on every writer's facts but those of the writers ``without``."""
        keep = [k for k, w in enumerate(self.writer) if w not in without]
        return fit_calibration([self.rows[k] for k in keep], [self.right[k] for k in keep])


@dataclass(slots=True)
class Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def f1(self) -> float:
        return 2 * self.tp / max(1, 2 * self.tp + self.fp + self.fn)


def evaluate(
    reader: Reader,
    rows: Rows,
    items: Sequence[Item],
    encodings: Sequence[TokenStates],
    test: set[int],
) -> dict[str, float]:
    """Held-out metrics on the items in ``test`` (see ``docs/reader.md``)."""
    out = {
        name: _head_accuracy(reader, rows, name, test) for name in ("relation", "aspect", "subject")
    }
    per_rel: dict[str, Tally] = {}
    spans, values, ends, decoys = Tally(), Tally(), Tally(), [0, 0]
    exact_sets = aspect_ok = matched = 0
    for i in sorted(test):
        item = items[i]
        read = reader.read(encodings[i], item.role, item.text)
        gold_rel = {f.relation for f in item.facts}
        got_rel = {f.relation for f in read}
        exact_sets += gold_rel == got_rel
        for rel in gold_rel | got_rel:
            t = per_rel.setdefault(rel, Tally())
            t.tp += rel in gold_rel and rel in got_rel
            t.fp += rel in got_rel and rel not in gold_rel
            t.fn += rel in gold_rel and rel not in got_rel
        if not item.facts:
            decoys[0] += 1
            decoys[1] += not read
        _count({(f.relation, f.value) for f in item.facts if f.value},
               {(f.relation, f.value) for f in read if f.value}, spans)  # fmt: skip
        _count({f.value for f in item.facts if f.value}, {f.value for f in read if f.value}, values)
        _count({f.ends for f in item.facts if f.ends}, {f.ends for f in read if f.ends}, ends)
        for fact in read:
            gold = _match(fact, item)
            if gold is not None:
                matched += 1
                aspect_ok += gold.aspect == fact.aspect
    n = max(1, len(test))
    out["relation_set_accuracy"] = exact_sets / n
    out["relation_macro_f1"] = (
        float(np.mean([t.f1() for t in per_rel.values()])) if per_rel else 0.0
    )
    out["span_exact_f1"] = spans.f1()
    out["value_exact_f1"] = values.f1()
    out["ends_exact_f1"] = ends.f1()
    out["decoy_silent"] = decoys[1] / max(1, decoys[0])
    out["aspect_end_to_end"] = aspect_ok / max(1, matched)
    return out


THRESHOLDS = (0.0, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9)
_USED_ASPECTS = {"state": "holds", "start": "holds", "correction": "holds", "end": "ends"}


def gate_table(
    reader: Reader, items: Sequence[Item], encodings: Sequence[TokenStates], test: set[int]
) -> list[tuple[float, float, float, int]]:
    """(threshold, precision, recall, facts kept) of the facts the extractor step would use
    (whose: speaker or addressee; told as holding or ending; value named), a fact counting
    as right when a labelled fact has its relation, subject, holds/ends and an overlapping
    value span."""
    scored: list[tuple[float, bool]] = []
    gold_total = 0
    for i in sorted(test):
        item = items[i]
        gold = [(f.relation, f.subject, _USED_ASPECTS.get(f.aspect), f.value) for f in item.facts]
        gold = [g for g in gold if g[1] != "third" and g[2] and g[3]]
        gold_total += len(gold)
        for fact in reader.read(encodings[i], item.role, item.text):
            if fact.subject == "third" or fact.aspect not in _USED_ASPECTS or not fact.value:
                continue
            key = (fact.relation, fact.subject, _USED_ASPECTS[fact.aspect])
            right = any(g[:3] == key and _overlap(g[3], fact.value) for g in gold)
            scored.append((fact.confidence, right))
    out = []
    for t in THRESHOLDS:
        kept = [right for conf, right in scored if conf >= t]
        precision = sum(kept) / max(1, len(kept))
        out.append((t, precision, sum(kept) / max(1, gold_total), len(kept)))
    return out


def _overlap(a: tuple[int, int] | None, b: tuple[int, int]) -> bool:
    return a is not None and a[0] < b[1] and b[0] < a[1]


def flip_rate(
    reader: Reader, items: Sequence[Item], encodings: Sequence[TokenStates], eps: float, seed: int
) -> float:
    """The share of items whose decisions change when every encoder output moves by up to
    ``eps`` (uniform noise): how often another CPU's rounding could change a reading. A
    decision is a fact's relation, subject, aspect, spans and whether the step would use
    it (confidence at least ``MIN_CONFIDENCE``), not the confidence's last decimal."""
    rng = np.random.default_rng(seed)
    changed = 0
    for item, enc in zip(items, encodings, strict=True):
        noisy = TokenStates(
            (enc.vector + rng.uniform(-eps, eps, enc.vector.shape)).astype(np.float32),
            (enc.states + rng.uniform(-eps, eps, enc.states.shape)).astype(np.float32),
            enc.offsets,
        )
        changed += _decisions(reader.read(enc, item.role, item.text)) != _decisions(
            reader.read(noisy, item.role, item.text)
        )
    return changed / max(1, len(items))


def _decisions(facts: Sequence[ReadFact]) -> list[tuple[object, ...]]:
    return [
        (f.relation, f.subject, f.aspect, f.value, f.ends, f.confidence >= MIN_CONFIDENCE)
        for f in facts
    ]


def _head_accuracy(reader: Reader, rows: Rows, head: str, test: set[int]) -> float:
    x, y = rows.select(head, test)
    return float((reader.heads[head].predict(x) == y).mean()) if len(y) else 0.0


def _count(gold: set[object], got: set[object], tally: Tally) -> None:
    tally.tp += len(gold & got)
    tally.fp += len(got - gold)
    tally.fn += len(gold - got)


def _match(fact: ReadFact, item: Item) -> GoldFact | None:
    for gold in item.facts:
        if gold.relation == fact.relation and gold.value == fact.value:
            return gold
    return None
