"""``chronomem demo``: two bundled stories, ingested offline, then asked about now and then.

The demo replays each message at the moment it was said (the system clock follows the
messages), so the system timeline (learned / expired) reads like the conversation's.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path

from chronomem.cli.render import FACT_HEADERS, dumps, fact_json, fact_rows, table, when
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.testing import ManualClock


@dataclass(frozen=True)
class Question:
    text: str
    label: str
    valid_at: datetime | None = None
    known_at: datetime | None = None


@dataclass(frozen=True)
class Story:
    title: str
    file: str
    group_id: str
    entity: str
    questions: tuple[Question, ...]


def _t(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


STORIES = (
    Story(
        "Alice changes jobs",
        "alice_job.jsonl",
        "demo",
        "Alice",
        (
            Question("Where does Alice work?", "now"),
            Question(
                "Where does Alice work?", "true on 2024-01-05", valid_at=_t("2024-01-05T12:00Z")
            ),
            Question(
                "Where does Alice work?",
                "as believed on 2024-01-10",
                known_at=_t("2024-01-10T12:00Z"),
            ),
        ),
    ),
    Story(
        "A printer that jams",
        "printer.jsonl",
        "helpdesk",
        "HP LaserJet 4000",
        (
            Question("What is wrong with the printer?", "now"),
            Question(
                "What is wrong with the printer?",
                "true on 2024-03-05",
                valid_at=_t("2024-03-05T12:00Z"),
            ),
        ),
    ),
)


def load_story(story: Story) -> list[EpisodeInput]:
    text = resources.files("chronomem.cli").joinpath("stories", story.file).read_text("utf-8")
    return [EpisodeInput.from_mapping(json.loads(line)) for line in text.splitlines() if line]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="ingest two bundled stories offline and query them")
    p.add_argument("--db", help="database file (default: a new temporary file)")
    p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "demo.db")
        clock = ManualClock(datetime.fromisoformat("2024-01-01T00:00:00+00:00"))
        with Memory(db, clock=clock) as memory:
            report = [_run_story(memory, clock, story) for story in STORIES]
            header = (
                f"chronomem demo: database {db}\n"
                f"embedder {memory.embedder.name}, extractor {type(memory.extractor).__name__}"
            )
    if args.json:
        print(dumps([r["json"] for r in report]))
    else:
        print(header)
        for r in report:
            print(r["text"])
    return 0


def _run_story(memory: Memory, clock: ManualClock, story: Story) -> dict[str, object]:
    episodes = load_story(story)
    lines = [f"\n== {story.title} (group {story.group_id}) ==", "", "Messages:"]
    for item in episodes:
        clock.set(item.reference_time + timedelta(seconds=1))  # learned as it was said
        memory.add_episode(item.content, group_id=item.group_id, reference_time=item.reference_time)
        lines.append(f"  {when(item.reference_time)}  {item.content}")
    timeline = memory.get_timeline(story.entity, group_id=story.group_id)
    names = {i: e.name for i, e in timeline.entities.items()}
    lines += [
        "",
        f"Timeline of {timeline.entity.name} (world time: valid; system time: learned/expired):",
    ]
    lines.append(_indent(table(FACT_HEADERS, fact_rows(timeline.facts))))
    closed = [f for f in timeline.facts if f.invalid_at is not None]
    lines += ["", "Invalidated facts:"]
    lines += [
        f"  {f.fact}  (ended {when(f.invalid_at)}, learned {when(f.expired_at)})" for f in closed
    ] or ["  none"]
    answers = []
    lines += ["", "Questions:"]
    for q in story.questions:
        found = memory.search(
            q.text, group_id=story.group_id, limit=3, valid_at=q.valid_at, known_at=q.known_at
        )
        top = found.facts[0] if found.facts else None
        answer = (
            "(no fact)"
            if top is None
            else f"{top.fact}  [{when(top.valid_at)} .. {when(top.invalid_at, empty='now')}]"
        )
        lines.append(f"  {q.text} ({q.label})\n    -> {answer}")
        answers.append(
            {"question": q.text, "as": q.label, "facts": [fact_json(f, names) for f in found.facts]}
        )
    community_lines, communities = _communities(memory, story.group_id)
    lines += community_lines
    return {
        "text": "\n".join(lines),
        "json": {
            "story": story.title,
            "group_id": story.group_id,
            "timeline": [fact_json(f, names) for f in timeline.facts],
            "answers": answers,
            "communities": communities,
        },
    }


def _communities(memory: Memory, group_id: str) -> tuple[list[str], list[dict[str, object]]]:
    """Build the story's communities (label propagation) and describe them."""
    built = memory.build_communities(group_id)
    lines = ["", "Communities:"]
    lines += [f"  {v.name}\n    {v.summary}" for v in built] or ["  none"]
    found: list[dict[str, object]] = [
        {"name": v.name, "summary": v.summary, "members": [m.name for m in v.members]}
        for v in built
    ]
    return lines, found


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())
