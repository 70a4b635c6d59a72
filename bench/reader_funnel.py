"""Where the learned reader's right facts are lost on the way into the memory: the funnel.

Each labelled item of a corpus split (``corpus/reader*``) is read by a ``chronomem.Memory``
on the default path, as ``bench/reader_corpus.py`` reads it, with a trace that records every
fact the learned reader finds in the item's own turn and the gate that stops it
(``extractors/learned/hits.py`` ``GATES``; "told already" in ``rules/prose.py``), or the fact
it made; the trace also reads the sentences the step skips ("not read: why") and says what
reading them would have done. A fact is *right* when a label of the item has its relation,
its kind of subject (speaker / addressee / a third person), its value (a shared content
word, ``reader_match.same_value``) and its aspect group (holds: state, start, correction;
end; plan). A made fact whose label the memory still misses is lost after the step (the
label's miss says how: ``reader_match.why_missed``).

    python bench/reader_funnel.py --weights FOLD.npz --split corpus/reader_r10
        [--split ...] [--limit N] [--jobs 2] [--json out.json] [--examples GATE --show N]

Run it on writers the ``--weights`` reader never saw (``scripts/train_reader.py --corpus
... --out FOLD.npz`` without their folder): on its own training items the reader is right
far more often than on new writers. Never on a held-out split: ``--examples`` prints items.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reader_corpus import ROOT, TOLD_AT, Item, load_items, read_item
from reader_match import Names, Seen, same_value, why_missed, witness

from chronomem import Memory
from chronomem.extractors.learned.hits import MIN_CONFIDENCE, TOLD
from chronomem.extractors.learned.reader import Reader
from chronomem.extractors.learned.step import LearnedStep
from chronomem.extractors.rules import RuleExtractor
from chronomem.extractors.rules.trace import ReaderFate, Trace
from chronomem.providers.local import LocalEmbedder
from chronomem.testing import ManualClock

HELD_OUT = ("reader_r9",)  # decision data: totals only, never items (bench/reader_corpus.py)
BELOW_GATE = frozenset({"aspect", "confidence"})  # not a fact the step considers
_GROUP = {"state": "holds", "start": "holds", "correction": "holds", "end": "end", "plan": "plan"}


@dataclass(slots=True)
class Row:
    """One stage's facts: how many, how many right, the labels they are right for, and of
    those the labels the memory missed."""

    facts: int = 0
    right: int = 0
    labels: set[tuple[str, int]] = field(default_factory=set)
    missed: set[tuple[str, int]] = field(default_factory=set)


@dataclass(slots=True)
class Funnel:
    """Rows per stage ("made: found", "made: lost (why)", a gate, "not read: why") and, for
    the facts not read, what reading them would have done ("then")."""

    rows: defaultdict[str, Row] = field(default_factory=lambda: defaultdict(Row))
    then: defaultdict[str, Row] = field(default_factory=lambda: defaultdict(Row))
    labels: int = 0
    found: int = 0
    examples: list[dict[str, object]] = field(default_factory=list)

    def merge(self, other: Funnel) -> None:
        for mine, theirs in ((self.rows, other.rows), (self.then, other.then)):
            for key, row in theirs.items():
                into = mine[key]
                into.facts += row.facts
                into.right += row.right
                into.labels |= row.labels
                into.missed |= row.missed
        self.labels += other.labels
        self.found += other.found
        self.examples += other.examples


def kind_of(subject: str) -> str:
    return subject if subject in ("speaker", "addressee") else "third"


def right_labels(fate: ReaderFate, labels: list[dict[str, object]]) -> list[int]:
    """The labels (their indexes) the reader's fact is right for."""
    fact = fate.fact
    value = fate.text[fact.value[0] : fact.value[1]]
    group = _GROUP.get(fact.aspect)
    out = []
    for n, label in enumerate(labels):
        said = label["value"] if isinstance(label["value"], str) else None
        if (
            label["relation"] == fact.relation
            and kind_of(str(label["subject"])) == fact.subject
            and _GROUP.get(str(label["aspect"])) == group
            and said is not None
            and same_value(said, value)
        ):
            out.append(n)
    return out


def stage_of(fate: ReaderFate, right: list[int], missed: dict[int, str]) -> str:
    """Where the fact stopped: a gate, "not read: why", or a made fact found / lost."""
    if fate.stopped:
        return fate.stopped
    lost = [missed[n] for n in right if n in missed]
    if right and len(lost) == len(right):
        return f"made: lost ({lost[0].split(' (')[0]})"
    return "made: found" if right else "made: wrong"


def tally_item(
    funnel: Funnel,
    item: Item,
    fates: list[ReaderFate],
    seen_facts: tuple[list[Seen], Names],
    by_relation: bool = False,
) -> None:
    """Count the item's reader facts (``fates``) by stage (``by_relation``: each stage's
    facts split by relation), given the memory's facts (``seen_facts``)."""
    facts, names = seen_facts
    labels = item["facts"]
    assert isinstance(labels, list)
    found = {n for n, lab in enumerate(labels) if _positive(lab) and witness(lab, facts, names)}
    missed = {
        n: why_missed(lab, facts, names)
        for n, lab in enumerate(labels)
        if _positive(lab) and n not in found
    }
    funnel.labels += sum(1 for lab in labels if _positive(lab))
    funnel.found += len(found)
    for fate in fates:
        unread = fate.stopped.startswith("not read")
        if fate.stopped in BELOW_GATE or (unread and fate.then in BELOW_GATE):
            continue
        right = right_labels(fate, labels)
        split = f" [{fate.fact.relation}]" if by_relation else ""
        rows = [(funnel.rows, stage_of(fate, right, missed) + split)]
        rows += [(funnel.then, f"{fate.stopped} -> {fate.then or 'made'}{split}")] if unread else []
        for table, stage in rows:
            row = table[stage]
            row.facts += 1
            row.right += bool(right)
            row.labels |= {(str(item["id"]), n) for n in right}
            row.missed |= {(str(item["id"]), n) for n in right if n in missed}
        if right:
            funnel.examples.append(_example(item, fate, rows[0][1], [labels[n] for n in right]))


def _positive(label: dict[str, object]) -> bool:
    return label["aspect"] in TOLD | {"plan"}


def _example(
    item: Item, fate: ReaderFate, stage: str, labels: list[dict[str, object]]
) -> dict[str, object]:
    fact = fate.fact
    return {
        "stage": stage,
        "id": item["id"],
        "sentence": fate.text,
        "fact": f"{fact.subject} {fact.relation} {fate.text[fact.value[0] : fact.value[1]]!r} "
        f"({fact.aspect}, {fact.confidence:.2f})",
        "labels": [f"{lab['subject']} {lab['relation']} {lab['value']!r}" for lab in labels],
        "then": fate.then,
    }


def read_batch(args: tuple[list[Item], Path, bool]) -> Funnel:
    """The funnel of ``items`` read with the reader of ``weights`` (one memory per 200;
    ``by_relation``: stages split by relation)."""
    items, weights, by_relation = args
    funnel = Funnel()
    embedder = LocalEmbedder()
    reader = Reader.load(weights, None)
    for start in range(0, len(items), 200):
        clock = ManualClock(TOLD_AT)
        trace = Trace(reads_every=True)
        extractor = RuleExtractor(embedder, trace=trace)
        extractor._learned = LearnedStep(embedder, reader)  # the fold reader, not the shipped
        with Memory(
            embedder=embedder, extractor=extractor, clock=clock, community_updates=False
        ) as memory:
            for item in items[start : start + 200]:
                facts, names = read_item(memory, clock, item, before_own=trace.reader.clear)
                tally_item(funnel, item, list(trace.reader), (facts, names), by_relation)
                trace.reader.clear()
                trace.steps.clear()
    return funnel


def read_all(items: list[Item], weights: Path, jobs: int, by_relation: bool = False) -> Funnel:
    if jobs <= 1:
        return read_batch((items, weights, by_relation))
    total = Funnel()
    parts = [(items[k::jobs], weights, by_relation) for k in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(read_batch, parts):
            total.merge(part)
    return total


def table(funnel: Funnel) -> Iterable[str]:
    yield (
        f"labels told as holding, ending or planned: {funnel.labels}, the memory found "
        f"{funnel.found}; the reader's facts at its gate ({MIN_CONFIDENCE}), by where they stop:"
    )
    yield ""
    yield "| stage | facts | right | precision | labels right for | of them missed by the memory |"
    yield "|---|---|---|---|---|---|"
    for name, rows in (("", funnel.rows), ("if read: ", funnel.then)):
        for stage, row in sorted(rows.items(), key=lambda kv: -kv[1].facts):
            share = row.right / row.facts if row.facts else 0.0
            counts = f"{row.facts} | {row.right} | {share:.3f}"
            yield f"| {name}{stage} | {counts} | {len(row.labels)} | {len(row.missed)} |"


def as_json(funnel: Funnel) -> dict[str, object]:
    def rows(table: dict[str, Row]) -> dict[str, dict[str, int]]:
        return {
            k: {
                "facts": r.facts,
                "right": r.right,
                "labels": len(r.labels),
                "missed": len(r.missed),
            }
            for k, r in table.items()
        }

    return {
        "labels": funnel.labels,
        "found": funnel.found,
        "stages": rows(funnel.rows),
        "if_read": rows(funnel.then),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--weights", type=Path, required=True, help="a fold reader's .npz")
    ap.add_argument("--split", action="append", required=True, help="a corpus folder")
    ap.add_argument("--limit", type=int, default=0, help="the first N items of each split")
    ap.add_argument("--jobs", type=int, default=1, choices=(1, 2))
    ap.add_argument("--json", type=Path, help="write the stage totals here")
    ap.add_argument(
        "--examples", help="print right facts stopped at this stage (a prefix; 'all': every one)"
    )
    ap.add_argument("--by-relation", action="store_true", help="split each stage by relation")
    ap.add_argument("--show", type=int, default=20, help="how many examples")
    args = ap.parse_args(argv)
    if args.examples and any(Path(s).name in HELD_OUT for s in args.split):
        ap.error("a held-out split gives totals only: drop --examples")
    items: list[Item] = []
    for split in args.split:
        folder = Path(split) if Path(split).is_absolute() else ROOT / split
        items += load_items(folder)[: args.limit or None]
    funnel = read_all(items, args.weights, args.jobs, args.by_relation)
    print("\n".join(table(funnel)))
    if args.examples:
        every = args.examples == "all"
        shown = [e for e in funnel.examples if every or str(e["stage"]).startswith(args.examples)]
        print(f"\n{len(shown)} right facts stopped at {args.examples!r}:")
        for example in shown[: args.show]:
            print(json.dumps(example, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(as_json(funnel), indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
