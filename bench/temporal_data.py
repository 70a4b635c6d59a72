"""Scenarios of the temporal benchmark: loading and validating ``bench/data/temporal/*.jsonl``.

One scenario per line; the format is documented in ``bench/data/temporal/README.md``.
Standard library only, so the data can be read without chronomem installed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "temporal"

CHECK_KINDS = ("current", "held_at", "believed_at", "upcoming", "ask")
CATEGORIES = (
    "job",
    "residence",
    "relationship",
    "habit_diet",
    "health",
    "pet",
    "possession",
    "role",
    "preference",
    "membership",
    "correction",
    "third_person",
    "assistant",
    "plan",
    "past_ending",
    "accumulate",
    "out_of_order",
    "valid_at",
    "known_at",
)
_OFFSET = re.compile(r"^\+(\d+(?:\.\d+)?)([mhdw])$")
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


class DataError(ValueError):
    """A scenario file breaks the documented format; the message names the line."""


@dataclass(frozen=True, slots=True)
class Message:
    index: int
    speaker: str
    role: str  # "user" | "assistant"
    content: str
    time: datetime  # when it was said (world time, the episode's reference time)

    @property
    def episode_text(self) -> str:
        return f"{self.speaker}: {self.content}"


@dataclass(frozen=True, slots=True)
class Check:
    kind: str
    category: str
    subject: str | None = None
    query: str | None = None
    contains: tuple[str, ...] = ()  # any of these (one alternative suffices)
    excludes: tuple[str, ...] = ()  # none of these
    valid_at: datetime | None = None
    known_at: datetime | None = None
    top: int = 5
    on: datetime | None = None  # upcoming: the fact's valid_at falls on this day (UTC)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    category: str
    user: str
    messages: tuple[Message, ...]
    checks: tuple[Check, ...]
    now: datetime  # when the checks are asked
    ingest_order: tuple[int, ...]
    fast: bool = False
    source: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)

    @property
    def group_id(self) -> str:
        return "t-" + re.sub(r"[^A-Za-z0-9_-]", "-", self.id)

    def learned_times(self) -> dict[int, datetime]:
        """When each message is learned: when it is ingested on the replay clock.

        In time order a message is learned when it is said; out of order, never before the
        message learned before it (the system clock does not go back), one minute apart.
        """
        out: dict[int, datetime] = {}
        clock: datetime | None = None
        for i in self.ingest_order:
            said = self.messages[i].time
            clock = said if clock is None or said > clock else clock + timedelta(minutes=1)
            out[i] = clock
        return out


def parse_instant(value: str, where: str) -> datetime:
    text = value.strip().replace("Z", "+00:00")
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise DataError(f"{where}: {value!r} is not an ISO date or instant") from None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _time(value: object, previous: datetime | None, where: str) -> datetime:
    if not isinstance(value, str):
        raise DataError(f"{where}: time must be a string")
    offset = _OFFSET.match(value.strip())
    if offset:
        if previous is None:
            raise DataError(f"{where}: the first message needs an absolute time")
        return previous + timedelta(**{_UNITS[offset.group(2)]: float(offset.group(1))})
    return parse_instant(value, where)


def _strings(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(s, str) and s for s in items):
        raise DataError(f"{where}: expected a string or a list of strings")
    return tuple(items)


def _messages(raw: list[Any], user: str, where: str) -> tuple[Message, ...]:
    out: list[Message] = []
    previous: datetime | None = None
    for i, m in enumerate(raw):
        if not isinstance(m, dict) or not m.get("content") or not m.get("speaker"):
            raise DataError(f"{where} message {i}: needs speaker and content")
        role = m.get("role") or ("assistant" if m["speaker"].lower() == "assistant" else "user")
        if role not in ("user", "assistant"):
            raise DataError(f"{where} message {i}: role must be user or assistant")
        previous = _time(m.get("time"), previous, f"{where} message {i}")
        out.append(Message(i, m["speaker"], role, m["content"], previous))
    if not any(m.speaker == user for m in out):
        raise DataError(f"{where}: the user {user!r} never speaks")
    return tuple(out)


def _instant_ref(value: object, scenario: dict[str, Any], where: str) -> datetime | None:
    """An ISO instant, or ``"#N"``: one minute after message N was learned."""
    if value is None:
        return None
    if isinstance(value, str) and value.startswith("#"):
        return scenario["_learned"][int(value[1:])] + timedelta(minutes=1)
    if not isinstance(value, str):
        raise DataError(f"{where}: expected an ISO instant or '#N'")
    return parse_instant(value, where)


def _check(raw: dict[str, Any], scenario: dict[str, Any], where: str) -> Check:
    kind = raw.get("kind")
    if kind not in CHECK_KINDS:
        raise DataError(f"{where}: kind must be one of {', '.join(CHECK_KINDS)}")
    category = raw.get("category", scenario["category"])
    if category not in CATEGORIES:
        raise DataError(f"{where}: unknown category {category!r}")
    check = Check(
        kind=kind,
        category=category,
        subject=raw.get("subject"),
        query=raw.get("query"),
        contains=_strings(raw.get("contains"), where),
        excludes=_strings(raw.get("excludes"), where),
        valid_at=_instant_ref(raw.get("valid_at"), scenario, where),
        known_at=_instant_ref(raw.get("known_at"), scenario, where),
        top=int(raw.get("top", 5)),
        on=_instant_ref(raw.get("on"), scenario, where),
        note=raw.get("note", ""),
    )
    if kind == "ask" and not check.query:
        raise DataError(f"{where}: an ask check needs a query")
    if kind != "ask" and not check.subject:
        raise DataError(f"{where}: a {kind} check needs a subject")
    if not check.contains and not check.excludes:
        raise DataError(f"{where}: a check needs contains and/or excludes")
    if check.on is not None and kind != "upcoming":
        raise DataError(f"{where}: only upcoming checks take on")
    if kind == "held_at" and check.valid_at is None:
        raise DataError(f"{where}: held_at needs valid_at")
    if kind == "believed_at" and check.known_at is None:
        raise DataError(f"{where}: believed_at needs known_at")
    return check


def parse_scenario(raw: dict[str, Any], where: str) -> Scenario:
    for key in ("id", "category", "user", "messages", "checks"):
        if key not in raw:
            raise DataError(f"{where}: missing {key!r}")
    if raw["category"] not in CATEGORIES:
        raise DataError(f"{where}: unknown category {raw['category']!r}")
    where = f"{where} ({raw['id']})"
    messages = _messages(raw["messages"], raw["user"], where)
    order = tuple(raw.get("ingest_order", range(len(messages))))
    if sorted(order) != list(range(len(messages))):
        raise DataError(f"{where}: ingest_order must list every message index once")
    last = max(m.time for m in messages)
    now = parse_instant(raw["now"], where) if raw.get("now") else last + timedelta(hours=1)
    base = Scenario(raw["id"], raw["category"], raw["user"], messages, (), now, order)
    learned = base.learned_times()
    now = max(now, max(learned.values()) + timedelta(minutes=1))
    context = {"category": raw["category"], "_learned": learned}
    checks = tuple(_check(c, context, f"{where} check {n}") for n, c in enumerate(raw["checks"]))
    if not checks:
        raise DataError(f"{where}: no checks")
    return Scenario(
        id=raw["id"],
        category=raw["category"],
        user=raw["user"],
        messages=messages,
        checks=checks,
        now=now,
        ingest_order=order,
        fast=bool(raw.get("fast", False)),
        tags=_strings(raw.get("tags"), where),
    )


def load_scenarios(
    directory: Path = DATA, *, subset: str | None = None, category: str | None = None
) -> list[Scenario]:
    """Every scenario of ``directory/*.jsonl``; ``subset="fast"`` keeps the tagged ones;
    ``category`` keeps scenarios with at least one check of that category."""
    out: list[Scenario] = []
    seen: set[str] = set()
    for path in sorted(directory.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            where = f"{path.name}:{n}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DataError(f"{where}: not JSON ({exc})") from None
            scenario = parse_scenario(raw, where)
            if scenario.id in seen:
                raise DataError(f"{where}: duplicate scenario id {scenario.id!r}")
            seen.add(scenario.id)
            out.append(Scenario(**{**_fields(scenario), "source": path.name}))
    if subset == "fast":
        out = [s for s in out if s.fast]
    elif subset not in (None, "all"):
        raise DataError(f"unknown subset {subset!r}: use fast or all")
    if category is not None:
        if category not in CATEGORIES:
            raise DataError(f"unknown category {category!r}: use one of {', '.join(CATEGORIES)}")
        out = [s for s in out if any(c.category == category for c in s.checks)]
    return out


def _fields(scenario: Scenario) -> dict[str, Any]:
    return {name: getattr(scenario, name) for name in Scenario.__dataclass_fields__}
