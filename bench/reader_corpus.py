"""The offline reader against its labelled corpus: recall by relation, aspect and voice.

Each item of ``corpus/reader`` / ``corpus/reader_r6`` (format: ``corpus/reader/SPEC.md``)
is read by a ``chronomem.Memory`` on the default path (the rule extractor with the default
local embedder, no LLM): its context turns, then its text, are ingested as episodes
("Speaker: text"; a narrator's text as one ``text`` episode) into a group of its own, one
minute apart, and the group's facts are matched against the item's labels
(``reader_match.py`` says how). An assistant's turn is replied to someone: when no context
turn of the user it speaks to comes first, a greeting of theirs ("Maya: Hi.") does, as in
any chat (without it the memory cannot know whose "your" the assistant says; before round
10 the bench left it out, and an assistant's restatements were all but never found). One
memory serves a batch of items (a group each), so the embedder is loaded once per process.

    python bench/reader_corpus.py [--split corpus/reader_r6 ...] [--json out.json]
                                  [--totals-only] [--failures N] [--jobs 2] [--no-learned]
                                  [--disable STAGE ...] [--silence TABLE ...]

Prints Markdown tables: recall per relation, per aspect and per voice; precision (the share
of the facts an item's own turn produced, ``MENTIONED`` aside, that are a found label's
witness); and the share of fact-less items (decoys) that produce no fact. ``--totals-only``
(for a held-out split) prints and writes only these totals, never an item; otherwise
``--failures N`` prints the misses of N items. ``--no-learned`` switches the learned reader's
step (``docs/reader.md``, on by default) off; ``--disable STAGE`` a reading stage (an ablation);
``--silence TABLE`` the rows of one table of the relation pattern table (``bench/row_ablation.py``
says which tables there are and how a table is silenced).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reader_match import SILENT, Names, Seen, score_item, seen
from row_ablation import silence, tables_named
from temporal import stages_off

from chronomem import Memory
from chronomem.extractors.rules import RuleExtractor
from chronomem.providers.local import LocalEmbedder
from chronomem.testing import ManualClock
from chronomem.text.dates import find_time_expressions

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SPLITS = ("corpus/reader", "corpus/reader_r6")
TOLD_AT = datetime(2026, 6, 15, 12, 0, tzinfo=UTC)  # a Monday: every item is told then
BATCH = 200  # items per memory (a fresh memory keeps the store small)

Item = dict[str, object]


def load_items(split: Path) -> list[Item]:
    """Every item of every ``.jsonl`` file under ``split`` (sorted by path, then line)."""
    files = sorted(split.rglob("*.jsonl"))
    if not files:
        raise SystemExit(f"no .jsonl files under {split}: pass a corpus folder with --split")
    items: list[Item] = []
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                items.append(json.loads(line))
    return items


def _turns(item: Item) -> list[tuple[str | None, str]]:
    context = item.get("context") or []
    assert isinstance(context, list)
    turns = [(turn.get("speaker"), str(turn["text"])) for turn in context]
    user = item.get("addressee")
    replying = item.get("speaker_role") == "assistant" and isinstance(user, str)
    if replying and not any(who == user for who, _ in turns):
        turns.insert(0, (str(user), "Hi."))  # the user the assistant replies to spoke first
    speaker = item.get("speaker")
    return [*turns, (speaker if isinstance(speaker, str) else None, str(item["text"]))]


def read_item(
    memory: Memory,
    clock: ManualClock,
    item: Item,
    before_own: Callable[[], None] | None = None,
) -> tuple[list[Seen], Names]:
    """Ingest one item into a group of its own; its facts as ``Seen`` rows
    (``before_own``: called right before the item's own turn is ingested)."""
    group = "c_" + "".join(ch if ch.isalnum() else "_" for ch in str(item["id"]))
    turns = _turns(item)
    own = ""
    for k, (who, text) in enumerate(turns):
        when = TOLD_AT - timedelta(minutes=len(turns) - 1 - k)
        clock.set(when)
        if before_own is not None and k == len(turns) - 1:
            before_own()
        result = memory.add_episode(
            f"{who}: {text}" if who else text,
            group_id=group,
            reference_time=when,
            source="message" if who else "text",
        )
        own = result.episode.id
    names = {e.id: e.name for e in memory.store.list_entities(group)}
    facts = [
        seen(
            names.get(f.source_id, ""),
            f.relation,
            names.get(f.target_id, ""),
            valid_at=f.valid_at,
            invalid_at=f.invalid_at,
            expired_at=f.expired_at,
            told_at=TOLD_AT,
            told_here=own in f.episodes,
        )
        for f in memory.store.list_facts(group)
        if f.relation not in SILENT
    ]
    return facts, _names(item, facts)


def _names(item: Item, facts: list[Seen]) -> Names:
    speaker, addressee = item.get("speaker"), item.get("addressee")
    narrator = None
    if speaker is None:  # a diary: the first person is whoever most facts are about
        counts: dict[str, int] = defaultdict(int)
        for fact in facts:
            counts[fact.subject] += 1
        narrator = max(sorted(counts), key=lambda s: counts[s]) if counts else None
    return Names(
        speaker if isinstance(speaker, str) else None,
        addressee if isinstance(addressee, str) else None,
        narrator,
    )


def _zero_pair() -> list[int]:
    return [0, 0]


@dataclass(slots=True)
class Tally:
    """Counts over many items: labels found per key, facts produced and right, decoys."""

    labels: dict[str, list[int]] = field(default_factory=lambda: defaultdict(_zero_pair))
    produced: int = 0
    right: int = 0
    decoys: int = 0
    quiet_decoys: int = 0
    items: int = 0
    misses: list[dict[str, object]] = field(default_factory=list)

    def add(self, item: Item, facts: list[Seen], names: Names) -> None:
        labels = item["facts"]
        assert isinstance(labels, list)
        score = score_item(labels, facts, names, [told_day(item, label) for label in labels])
        self.items += 1
        for label, ok, ended, dated in zip(
            labels, score.found, score.ends, score.dated, strict=True
        ):
            for key in _keys(item, label):
                self.labels[key][0] += ok
                self.labels[key][1] += 1
            if ended is not None:
                self.labels["ends closed"][0] += ended
                self.labels["ends closed"][1] += 1
            if dated is not None:
                self.labels["dated as told"][0] += dated
                self.labels["dated as told"][1] += 1
        self.produced += score.produced
        self.right += score.right
        if not labels:
            self.decoys += 1
            self.quiet_decoys += score.produced == 0
        if score.misses:
            self.misses.append({"id": item["id"], "text": item["text"], "misses": score.misses})

    def merge(self, other: Tally) -> None:
        for key, (ok, n) in other.labels.items():
            self.labels[key][0] += ok
            self.labels[key][1] += n
        self.produced += other.produced
        self.right += other.right
        self.decoys += other.decoys
        self.quiet_decoys += other.quiet_decoys
        self.items += other.items
        self.misses += other.misses


def told_day(item: Item, label: dict[str, object]) -> date | None:
    """The day the label's ``when`` names ("last Friday", "on 3 March"), read in the item's
    text as the memory's date finder reads it, when that is not the day it was told."""
    when, text = label.get("when"), str(item["text"])
    at = text.find(when) if isinstance(when, str) and when else -1
    if at < 0:
        return None
    for found in find_time_expressions(text, TOLD_AT):
        if found.start < at + len(str(when)) and at < found.end:
            day = found.when.date()
            return None if day == TOLD_AT.date() else day
    return None


def _keys(item: Item, label: dict[str, object]) -> Iterator[str]:
    yield "all"
    yield f"relation:{label['relation']}"
    yield f"aspect:{label['aspect']}"
    yield f"voice:{item['voice']}"


def read_batch(
    items: list[Item],
    learned: bool = True,
    disable: tuple[str, ...] = (),
    silenced: tuple[str, ...] = (),
) -> Tally:
    """Read ``items`` with one memory per ``BATCH`` of them (``learned``: with the learned
    reader's step; ``disable``: reading stages switched off, ``silenced``: tables of the
    pattern table whose rows read nothing; both ablations)."""
    for table in silenced:  # in this process: a worker of ``read_all`` silences its own
        silence(table)
    tally = Tally()
    embedder = LocalEmbedder()
    for start in range(0, len(items), BATCH):
        clock = ManualClock(TOLD_AT)
        extractor = RuleExtractor(embedder, learned=learned, disable=disable)
        with Memory(
            embedder=embedder, extractor=extractor, clock=clock, community_updates=False
        ) as memory:
            for item in items[start : start + BATCH]:
                facts, names = read_item(memory, clock, item)
                tally.add(item, facts, names)
    return tally


def read_all(
    items: list[Item],
    jobs: int,
    learned: bool = True,
    disable: tuple[str, ...] = (),
    silenced: tuple[str, ...] = (),
) -> Tally:
    if jobs <= 1:
        return read_batch(items, learned, disable, silenced)
    chunks = [items[k::jobs] for k in range(jobs)]
    total = Tally()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        batches = pool.map(
            read_batch, chunks, [learned] * jobs, [disable] * jobs, [silenced] * jobs
        )
        for part in batches:
            total.merge(part)
    return total


def summary(tally: Tally) -> dict[str, object]:
    def rate(ok: int, n: int) -> float:
        return round(ok / n, 3) if n else 0.0

    recall = {
        key: {"found": ok, "labels": n, "recall": rate(ok, n)}
        for key, (ok, n) in tally.labels.items()
    }
    return {
        "items": tally.items,
        "recall": dict(sorted(recall.items())),
        "precision": {
            "produced": tally.produced,
            "right": tally.right,
            "share": rate(tally.right, tally.produced),
        },
        "decoys": {
            "items": tally.decoys,
            "quiet": tally.quiet_decoys,
            "share": rate(tally.quiet_decoys, tally.decoys),
        },
    }


def tables(name: str, result: dict[str, object]) -> Iterable[str]:
    recall = result["recall"]
    assert isinstance(recall, dict)
    yield f"### {name}: {result['items']} items"
    yield ""
    yield f"all labels: {_cell(recall['all'])}; precision {_ratio(result['precision'])}"
    yield f"decoys (items with no label) giving nothing: {_ratio(result['decoys'])}"
    if "ends closed" in recall:
        yield f"old values a replacement names, closed: {_cell(recall['ends closed'])}"
    if "dated as told" in recall:
        dated = _cell(recall["dated as told"])
        yield f"facts found whose label names another day, dated on it: {dated}"
    for kind in ("relation", "aspect", "voice"):
        yield ""
        yield f"| {kind} | found / labels | recall |"
        yield "|---|---|---|"
        for key, row in recall.items():
            if key.startswith(kind + ":"):
                name = key.split(":", 1)[1]
                yield f"| {name} | {row['found']} / {row['labels']} | {row['recall']:.3f} |"


def _cell(row: dict[str, int | float]) -> str:
    return f"{row['found']} / {row['labels']} = {row['recall']:.3f}"


def _ratio(row: object) -> str:
    assert isinstance(row, dict)
    ok = row.get("right", row.get("quiet"))
    n = row.get("produced", row.get("items"))
    return f"{ok} / {n} = {row['share']:.3f}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--split", action="append", help="a corpus folder (repeatable); default: both"
    )
    parser.add_argument("--json", type=Path, help="write the totals (and misses) here")
    parser.add_argument("--totals-only", action="store_true", help="held-out: totals, never items")
    parser.add_argument("--failures", type=int, default=0, help="print the misses of N items")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="processes (2 at most)")
    parser.add_argument(
        "--no-learned",
        action="store_true",
        help="switch the learned reader's step off (on by default)",
    )
    parser.add_argument(
        "--limit", type=int, default=0, help="read only the first N items of a split"
    )
    parser.add_argument(
        "--disable",
        action="append",
        default=[],
        metavar="STAGE",
        help="switch a reading stage off (repeatable; `chronomem explain --help` lists them)",
    )
    parser.add_argument(
        "--silence",
        action="append",
        default=[],
        metavar="TABLE",
        help="silence the rows of a table of the pattern table (repeatable; "
        "`bench/row_ablation.py` names them)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    disable = stages_off(parser, args.disable)
    silenced = tables_named(parser, "--silence", args.silence)
    out: dict[str, object] = {}
    for split in args.split or DEFAULT_SPLITS:
        folder = Path(split) if Path(split).is_absolute() else ROOT / split
        items = load_items(folder)[: args.limit or None]
        started = time.process_time(), time.time()
        tally = read_all(items, args.jobs, not args.no_learned, disable, silenced)
        result = summary(tally)
        result["seconds"] = {
            "cpu_main": round(time.process_time() - started[0], 1),
            "wall": round(time.time() - started[1], 1),
        }
        if not args.totals_only:
            result["misses"] = tally.misses
            for miss in tally.misses[: args.failures]:
                print(json.dumps(miss, ensure_ascii=False))
        print("\n".join(tables(split, result)), end="\n\n")
        out[split] = result
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
