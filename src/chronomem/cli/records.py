"""``chronomem add | search | timeline``: work with a memory file from the shell."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import UTC, datetime

from chronomem.cli.jsonl import read_jsonl, with_stable_id
from chronomem.cli.render import (
    FACT_HEADERS,
    dumps,
    entity_json,
    fact_json,
    fact_rows,
    table,
    when,
)
from chronomem.cli.status import StatusLine
from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.model import Episode, Fact
from chronomem.model.time import parse_instant
from chronomem.stores import SQLiteStore


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add = sub.add_parser("add", help="add episodes from a JSONL file, or text from stdin")
    _common(add)
    add.add_argument(
        "file",
        nargs="?",
        default="-",
        help="JSONL file, one episode per line with content, group_id, reference_time "
        "(and optional source, source_description, episode_id); '-' or nothing: read stdin",
    )
    add.add_argument("--group", help="group id for text read from stdin")
    add.add_argument("--source", default="text", help="source of stdin text (message|text|json)")
    add.add_argument("--reference-time", help="ISO time of stdin text (default: now)")
    add.add_argument(
        "--skip-invalid",
        action="store_true",
        help="ingest the valid lines and list the invalid ones (default: refuse the whole "
        "file when any line is invalid, listing every bad line)",
    )
    learned_flag(add)
    add.set_defaults(func=run_add)

    search = sub.add_parser("search", help="search facts and entities")
    _common(search)
    search.add_argument("query")
    search.add_argument("--group", required=True)
    search.add_argument("--limit", type=int, default=10)
    search.add_argument("--valid-at", help="ISO time: what was true then")
    search.add_argument("--known-at", help="ISO time: what the memory believed then")
    _sources_flag(search)
    search.set_defaults(func=run_search)

    timeline = sub.add_parser("timeline", help="every fact about an entity, past and present")
    _common(timeline)
    timeline.add_argument("entity")
    timeline.add_argument("--group", required=True)
    timeline.add_argument(
        "--known-at", help="ISO time: the facts learned by then, as the memory believed them"
    )
    _sources_flag(timeline)
    timeline.set_defaults(func=run_timeline)


def learned_flag(p: argparse.ArgumentParser) -> None:
    """``--learned now|said``: when the memory learns what the episodes say."""
    p.add_argument(
        "--learned",
        choices=("now", "said"),
        default="now",
        help="when the memory learns what each episode says: 'now' (default: when it is "
        "added) or 'said' (at its reference time, in order, so --known-at between two "
        "replayed messages shows what was known then)",
    )


def _sources_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--sources", action="store_true", help="show each fact's source episodes (provenance)"
    )


def _sources(memory: Memory, group_id: str, facts: Sequence[Fact]) -> dict[str, list[Episode]]:
    """Fact id -> its source episodes, oldest first (one read for all)."""
    ids = sorted({i for f in facts for i in f.episodes})
    by_id = {e.id: e for e in memory.get_episodes(ids, group_id=group_id)}
    return {f.id: [by_id[i] for i in f.episodes if i in by_id] for f in facts}


def _print_sources(facts: Sequence[Fact], sources: dict[str, list[Episode]]) -> None:
    print("\nSources:")
    for f in facts:
        print(f"  {f.fact}")
        for e in sources.get(f.id, []):
            print(f"    [{when(e.reference_time)}] {' '.join(e.content.split())[:160]}")


def _source_json(e: Episode) -> dict[str, object]:
    return {"id": e.id, "reference_time": e.reference_time.isoformat(), "content": e.content}


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--db",
        required=True,
        help="memory database file (add creates it; search and timeline only read it)",
    )
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")


def _instant(text: str | None, what: str) -> datetime | None:
    return None if text is None else parse_instant(text, what)


def run_add(args: argparse.Namespace) -> int:
    items = _file_items(args) if args.file != "-" else _stdin_items(args)
    tty = sys.stderr.isatty()
    with Memory(args.db) as memory:
        fresh = _not_stored(memory, items)
        if len(fresh) < len(items):
            print(f"{len(items) - len(fresh)} episode(s) stored already: skipped", file=sys.stderr)
        status = StatusLine(len(fresh)) if not args.json and not tty else None
        results = memory.add_episodes(
            fresh, progress=not args.json and tty, on_ingested=status, learned=args.learned
        )
    if status is not None:
        status.finish()
    summary = [
        {
            "episode": r.episode.id,
            "entities": len(r.entities),
            "facts": len(r.facts),
            "invalidated": len(r.invalidated),
        }
        for r in results
    ]
    if args.json:
        print(dumps(summary))
    else:
        print(
            table(
                ("episode", "entities", "facts", "invalidated"),
                [[s["episode"], s["entities"], s["facts"], s["invalidated"]] for s in summary],
            )
        )
    return 0


def _file_items(args: argparse.Namespace) -> list[EpisodeInput]:
    """Every line checked before anything is written; each episode with a stable id."""
    parsed = read_jsonl(args.file)
    if parsed.problems and not args.skip_invalid:
        raise UsageError(
            f"{args.file}: {len(parsed.problems)} invalid line(s), nothing was written; fix "
            f"them or pass --skip-invalid to ingest the {len(parsed.items)} valid one(s):\n"
            + parsed.report()
        )
    if parsed.problems:
        print(
            f"skipped {len(parsed.problems)} invalid line(s):\n{parsed.report()}",
            file=sys.stderr,
        )
    return parsed.items


def _stdin_items(args: argparse.Namespace) -> list[EpisodeInput]:
    if not args.group:
        raise UsageError("reading text from stdin needs --group")
    try:
        text = sys.stdin.read()
    except UnicodeDecodeError:
        raise UsageError("stdin is not valid UTF-8: convert the text to UTF-8") from None
    ref = _instant(args.reference_time, "--reference-time") or datetime.now(UTC)
    item = EpisodeInput(content=text, group_id=args.group, reference_time=ref, source=args.source)
    return [with_stable_id(item)]


def _not_stored(memory: Memory, items: list[EpisodeInput]) -> list[EpisodeInput]:
    """The items whose (stable or given) id is not stored yet: a re-run resumes."""
    stored: set[tuple[str, str]] = set()
    for group in {i.group_id for i in items}:
        ids = [i.episode_id for i in items if i.group_id == group and i.episode_id]
        stored |= {(group, e.id) for e in memory.store.get_episodes([group], ids)}
    return [i for i in items if (i.group_id, i.episode_id) not in stored]


def reading(db: str) -> Memory:
    """A memory for a read command: a SQLite file is opened read-only and must exist (a
    mistyped --db is an error, not a new empty file)."""
    if "://" in db and not db.lower().startswith("sqlite://"):
        return Memory(db)
    url = db if "://" in db else "sqlite:///" + db
    return Memory(store=SQLiteStore.from_url(url, read_only=True))


def run_search(args: argparse.Namespace) -> int:
    valid_at = _instant(args.valid_at, "--valid-at")  # checked before the file is opened
    known_at = _instant(args.known_at, "--known-at")
    with reading(args.db) as memory:
        found = memory.search(
            args.query, group_id=args.group, limit=args.limit, valid_at=valid_at, known_at=known_at
        )
        names = {e.id: e.name for e in found.entities}
        ends = {i for f in found.facts for i in f.endpoints} - names.keys()
        names.update({e.id: e.name for e in memory.store.get_entities([args.group], sorted(ends))})
        sources = _sources(memory, args.group, found.facts) if args.sources else {}
    if args.json:
        print(
            dumps(
                {
                    "facts": [_with_sources(fact_json(f, names), f, sources) for f in found.facts],
                    "entities": [entity_json(e) for e in found.entities],
                }
            )
        )
        return 0
    print("Facts:")
    print(table(FACT_HEADERS, fact_rows(found.facts)) if found.facts else "  none")
    if args.sources and found.facts:
        _print_sources(found.facts, sources)
    print("\nEntities:")
    rows = [[e.name, ", ".join(e.labels), e.summary] for e in found.entities]
    print(table(("name", "labels", "summary"), rows) if rows else "  none")
    return 0


def run_timeline(args: argparse.Namespace) -> int:
    known_at = _instant(args.known_at, "--known-at")
    with reading(args.db) as memory:
        timeline = memory.get_timeline(args.entity, group_id=args.group, known_at=known_at)
        sources = _sources(memory, args.group, timeline.facts) if args.sources else {}
    names = {i: e.name for i, e in timeline.entities.items()}
    if args.json:
        print(
            dumps(
                {
                    "entity": entity_json(timeline.entity),
                    "facts": [
                        _with_sources(fact_json(f, names), f, sources) for f in timeline.facts
                    ],
                }
            )
        )
        return 0
    print(f"Timeline of {timeline.entity.name}:")
    print(table(FACT_HEADERS, fact_rows(timeline.facts)) if timeline.facts else "  no facts")
    if args.sources and timeline.facts:
        _print_sources(timeline.facts, sources)
    return 0


def _with_sources(
    out: dict[str, object], fact: Fact, sources: dict[str, list[Episode]]
) -> dict[str, object]:
    if fact.id in sources:
        out["sources"] = [_source_json(e) for e in sources[fact.id]]
    return out
