"""Where the learned reader's right facts are lost on the way into the memory: the funnel.

Each labelled item of a corpus split (``corpus/reader*``) is read by a ``chronomem.Memory``
on the default path, as ``bench/reader_corpus.py`` reads it, with a trace that records every
fact the learned reader finds in the item's own turn and the gate that stops it
(``extractors/learned/gates.py`` ``GATES``; "told already" in ``rules/prose.py``), or the fact
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

import reader_causes
from reader_corpus import ROOT, TOLD_AT, Item, Tally, load_items, read_item, summary, tables
from reader_match import Names, Seen, same_subject, same_value, why_missed, witness

from chronomem import Memory
from chronomem.extractors.learned.hits import MIN_CONFIDENCE, TOLD
from chronomem.extractors.learned.reader import Reader, ReadFact
from chronomem.extractors.learned.step import LearnedStep
from chronomem.extractors.rules import RuleExtractor
from chronomem.extractors.rules.trace import ReaderFate, Trace
from chronomem.providers.local import LocalEmbedder
from chronomem.testing import ManualClock

HELD_OUT = ("reader_r9",)  # decision data: totals only, never items (bench/reader_corpus.py)
BELOW_GATE = frozenset({"aspect", "confidence"})  # not a fact the step considers
_GROUP = reader_causes.GROUP


@dataclass(slots=True)
class Row:
    """One stage's facts: how many, how many right, the labels they are right for, and of
    those the labels the memory missed."""

    facts: int = 0
    right: int = 0
    labels: set[tuple[str, int]] = field(default_factory=set)
    missed: set[tuple[str, int]] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class Options:
    """How the funnel counts: ``split`` each stage by "relation" or "aspect" (a name the
    rules found that the heads typed, ``ReadFact.named``, apart), ``below``: the facts the
    aspect and confidence gates stop counted too (whether a gate set on one reader's
    probabilities stops another's right facts)."""

    split: str = ""
    below: bool = False

    def split_of(self, fact: ReadFact) -> str:
        if self.split == "relation":
            return f" [{fact.relation}]"
        if self.split == "aspect":
            return f" [{fact.aspect}{', named' if fact.named else ''}]"
        return ""


def _pair() -> list[int]:
    return [0, 0]


@dataclass(slots=True)
class Funnel:
    """Rows per stage ("made: found", "made: lost (why)", a gate, "not read: why") and, for
    the facts not read, what reading them would have done ("then")."""

    rows: defaultdict[str, Row] = field(default_factory=lambda: defaultdict(Row))
    then: defaultdict[str, Row] = field(default_factory=lambda: defaultdict(Row))
    labels: int = 0
    found: int = 0
    examples: list[dict[str, object]] = field(default_factory=list)
    # per old value a replacement's label names (``ends``): how the reader read it ->
    # [labels, closed by the memory]
    olds: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(_pair))
    totals: Tally = field(default_factory=Tally)  # ``bench/reader_corpus.py``'s, same run
    # per label: why it is lost, by aspect and by voice (``reader_causes.py``)
    causes: defaultdict[str, list[int]] = field(default_factory=reader_causes.by_cause)

    def merge(self, other: Funnel) -> None:
        self.totals.merge(other.totals)
        reader_causes.merge(self.causes, other.causes)
        for key, (n, closed) in other.olds.items():
            self.olds[key][0] += n
            self.olds[key][1] += closed
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
            and reader_causes.kind_of(str(label["subject"])) == fact.subject
            and _GROUP.get(str(label["aspect"])) == group
            and said is not None
            and same_value(said, value)
        ):
            out.append(n)
    return out


def old_read(fates: list[ReaderFate], old: str) -> str:
    """How the reader read a replaced old value ``old`` of a label: as the ``ends`` of a
    fact (and where that fact stopped, or why its sentence was not read), as a value (its
    aspect, where it stopped), or not at all."""
    for fate in fates:
        ends = fate.fact.ends
        if ends is not None and same_value(old, fate.text[ends[0] : ends[1]]):
            return f"named as ends; {fate.stopped or 'made'}"
    for fate in fates:
        value = fate.fact.value
        if same_value(old, fate.text[value[0] : value[1]]):
            return f"read as {fate.fact.aspect}; {fate.stopped or 'made'}"
    return "not read"


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
    how: Options | None = None,
) -> None:
    """Count the item's reader facts (``fates``) by stage (``how``: each stage's facts
    split by relation or aspect, the facts below the gate counted too), given the memory's
    facts (``seen_facts``)."""
    how = how or Options()
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
    for label in labels:
        old = label.get("ends")
        if isinstance(old, str) and label["aspect"] in ("start", "correction", "state"):
            row = funnel.olds[old_read(fates, old)]
            row[0] += 1
            row[1] += any(
                f.closed
                and f.relation == label["relation"]
                and same_subject(str(label["subject"]), f.subject, names)
                and same_value(old, f.value)
                for f in facts
            )
    rights = [right_labels(fate, labels) for fate in fates]
    first: dict[int, str] = {}
    for fate, right in zip(fates, rights, strict=True):
        for n in right:
            first.setdefault(n, stage_of(fate, right, missed))
    for n, label in enumerate(labels):
        if _positive(label):
            cause = reader_causes.cause_of(label, fates, first.get(n, ""))
            reader_causes.count(funnel.causes, str(item["voice"]), label, cause, n in found)
    for fate, right in zip(fates, rights, strict=True):
        unread = fate.stopped.startswith("not read")
        below = fate.stopped in BELOW_GATE or (unread and fate.then in BELOW_GATE)
        if below and not how.below:
            continue
        split = how.split_of(fate.fact)
        rows = [(funnel.rows, stage_of(fate, right, missed) + split)]
        rows += [(funnel.then, f"{fate.stopped} -> {fate.then or 'made'}{split}")] if unread else []
        for table, stage in rows:
            row = table[stage]
            row.facts += 1
            row.right += bool(right)
            row.labels |= {(str(item["id"]), n) for n in right}
            row.missed |= {(str(item["id"]), n) for n in right if n in missed}
        if right:
            lost = [missed[n] for n in right if n in missed]
            example = _example(item, fate, rows[0][1], [labels[n] for n in right])
            funnel.examples.append({**example, "memory": "; ".join(lost) or "found"})


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


def read_batch(args: tuple[list[Item], Path, Options]) -> Funnel:
    """The funnel of ``items`` read with the reader of ``weights`` (one memory per 200;
    ``how``: how stages are split and which facts are counted)."""
    items, weights, how = args
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
                tally_item(funnel, item, list(trace.reader), (facts, names), how)
                funnel.totals.add(item, facts, names)
                trace.reader.clear()
                trace.steps.clear()
    return funnel


def read_all(items: list[Item], weights: Path, jobs: int, how: Options | None = None) -> Funnel:
    how = how or Options()
    if jobs <= 1:
        return read_batch((items, weights, how))
    total = Funnel()
    parts = [(items[k::jobs], weights, how) for k in range(jobs)]
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
    yield ""
    yield "| old value a replacement names: how the reader read it | labels | closed |"
    yield "|---|---|---|"
    for how, (n, closed) in sorted(funnel.olds.items(), key=lambda kv: -kv[1][0]):
        yield f"| {how} | {n} | {closed} |"
    keys = sorted({key.split(" | ", 1)[0] for key in funnel.causes})
    yield from reader_causes.table(funnel.causes, keys)


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
        "olds": {how: {"labels": n, "closed": closed} for how, (n, closed) in funnel.olds.items()},
        "totals": summary(funnel.totals),
        "causes": {key: {"labels": n, "found": f} for key, (n, f) in funnel.causes.items()},
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
    ap.add_argument(
        "--by-aspect", action="store_true", help="split each stage by aspect, a named value apart"
    )
    ap.add_argument(
        "--below-gate",
        action="store_true",
        help="count the facts stopped at the aspect and confidence gates too",
    )
    ap.add_argument("--show", type=int, default=20, help="how many examples")
    args = ap.parse_args(argv)
    if args.examples and any(Path(s).name in HELD_OUT for s in args.split):
        ap.error("a held-out split gives totals only: drop --examples")
    items: list[Item] = []
    for split in args.split:
        folder = Path(split) if Path(split).is_absolute() else ROOT / split
        items += load_items(folder)[: args.limit or None]
    split = "relation" if args.by_relation else "aspect" if args.by_aspect else ""
    funnel = read_all(items, args.weights, args.jobs, Options(split, args.below_gate))
    print("\n".join(table(funnel)))
    print("\n" + "\n".join(tables(" + ".join(args.split), summary(funnel.totals))))
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
