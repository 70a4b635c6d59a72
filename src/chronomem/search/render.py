"""Rendering the context: its lines, sections and token counts (``context.py`` chooses
what goes in; this module says how it reads)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from chronomem.model import Community, Entity, Episode, Fact
from chronomem.model.relations import DAY_RELATIONS
from chronomem.search.tokens import estimate_tokens

PREAMBLE = (
    "What the memory holds that is relevant to the request. Facts carry the period they "
    "held (start – end; present = still true).\n"
)
EMPTY = "(nothing relevant is known)"


def _date(value: datetime | None) -> str:
    return "date unknown" if value is None else value.date().isoformat()


def day_header(value: datetime) -> str:
    """The line that heads a day's episodes: its date only. A time of day (the first turn's,
    it was) cost a header per distinct minute, one per turn in a chat whose messages each
    carry their own time: about 12 tokens a turn that more evidence uses better."""
    return f"[{value.date().isoformat()}]"


def tags(tag: str) -> int:
    """Tokens of a section's opening and closing tag lines."""
    return line_tokens(f"<{tag}>") + line_tokens(f"</{tag}>")


def line_tokens(line: str) -> int:
    """Estimated tokens of one line of the context, its newline included."""
    return estimate_tokens(line) + 1


def text_tokens(text: str) -> int:
    """Estimated tokens of a whole context: the sum of its lines'."""
    return estimate_tokens(text) + text.count("\n")


def distinct_lines(facts: Sequence[Fact], at: datetime | None) -> tuple[list[Fact], list[str]]:
    """Facts best first with their lines, each line once: when two facts read the same
    (a WORKS_AT and a MENTIONED fact from one sentence), the better ranked one stays."""
    kept: list[Fact] = []
    lines: dict[str, None] = {}
    for fact in facts:
        line = fact_line(fact, at)
        if line not in lines:
            lines[line] = None
            kept.append(fact)
    return kept, list(lines)


def fact_line(fact: Fact, at: datetime | None = None) -> str:
    """``- <fact> (<start> – <end>)``: the paper's fact with its validity range; a fact that
    starts after ``at`` (a plan, a scheduled event) is marked ``upcoming`` with its date, a
    plan or trip whose day has come with its day."""
    end = "present" if fact.invalid_at is None else _date(fact.invalid_at)
    if at is not None and fact.valid_at is not None and fact.valid_at > at:
        end = "" if fact.invalid_at is None else f" – {end}"
        return f"- {fact.fact} (upcoming: {_date(fact.valid_at)}{end})"
    if fact.relation in DAY_RELATIONS and fact.invalid_at is None and fact.valid_at is not None:
        return f"- {fact.fact} (on {_date(fact.valid_at)})"
    return f"- {fact.fact} ({_date(fact.valid_at)} – {end})"


def entity_line(item: Entity | Community, limit: int) -> str:
    summary = " ".join(item.summary.split())
    if len(summary) > limit:
        summary = summary[: limit - 1].rsplit(" ", 1)[0] + "…"
    return f"- {item.name}: {summary}" if summary else f"- {item.name}"


def _section(tag: str, lines: Sequence[str]) -> str:
    return f"<{tag}>\n" + "\n".join(lines) + f"\n</{tag}>\n" if lines else ""


def _episode_lines(chosen: Sequence[tuple[Episode, str]]) -> list[str]:
    ordered = sorted(chosen, key=lambda pair: (pair[0].reference_time, pair[0].created_at))
    lines: list[str] = []
    day = None
    for episode, text in ordered:
        if day_header(episode.reference_time) != day:
            day = day_header(episode.reference_time)
            lines.append(day)
        lines.append(text)
    return lines


def render(
    facts: Sequence[str],
    entities: Sequence[str],
    communities: Sequence[str],
    episodes: Sequence[tuple[Episode, str]],
) -> str:
    parts: list[Callable[[], str]] = [
        lambda: _section("FACTS", facts),
        lambda: _section("ENTITIES", entities),
        lambda: _section("COMMUNITIES", communities),
        lambda: _section("EPISODES", _episode_lines(episodes)),
    ]
    body = "".join(part() for part in parts)
    return PREAMBLE + body if body else PREAMBLE + EMPTY + "\n"
