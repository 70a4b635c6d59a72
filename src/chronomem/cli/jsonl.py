"""Reading a JSONL file of episodes for ``chronomem add``: check every line before the
first write, and give each episode a stable id so a re-run never stores one twice.

Stable ids: a line without ``episode_id`` gets ``ep_`` + the first 32 hex digits of
SHA-256 over (group id, reference time in UTC, content). Re-running an import that was
killed half way therefore finds the episodes already stored and skips them; two lines
with the same group, instant and content are one episode.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from chronomem.errors import ChronomemError, UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput, build_episode
from chronomem.jsontext import json_object
from chronomem.textfiles import read_bytes

MAX_LISTED = 50


@dataclass(slots=True)
class Parsed:
    """The valid episodes of a file and the problems of the others, by line number."""

    items: list[EpisodeInput] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)

    def report(self) -> str:
        shown = [f"  line {n}: {why}" for n, why in self.problems[:MAX_LISTED]]
        more = len(self.problems) - MAX_LISTED
        if more > 0:
            shown.append(f"  ... and {more} more")
        return "\n".join(shown)


def stable_id(item: EpisodeInput) -> str:
    """The id of an episode given none: the same (group, instant, content), the same id."""
    when = item.reference_time.astimezone(UTC).isoformat()
    digest = hashlib.sha256(
        "\x1f".join((item.group_id, when, item.content)).encode("utf-8", "surrogatepass")
    ).hexdigest()
    return f"ep_{digest[:32]}"


def with_stable_id(item: EpisodeInput) -> EpisodeInput:
    return item if item.episode_id is not None else replace(item, episode_id=stable_id(item))


def read_jsonl(path: str) -> Parsed:
    """Every line of ``path`` checked as ``Memory.add_episodes`` would check it."""
    raw = read_bytes(path, what="JSONL file")
    parsed = Parsed()
    now = datetime.now(UTC)
    for number, line in enumerate(raw.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = with_stable_id(_item(line))
            build_episode(item, now=now, ids=lambda: "check", max_chars=DEFAULT_MAX_EPISODE_CHARS)
        except ChronomemError as exc:
            parsed.problems.append((number, str(exc)))
            continue
        parsed.items.append(item)
    return parsed


def _item(line: bytes) -> EpisodeInput:
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"not valid UTF-8 (byte 0x{line[exc.start]:02x} at byte {exc.start}): save the "
            "file as UTF-8"
        ) from None
    data = json_object(text, expect="a JSON object with content, group_id and reference_time")
    return EpisodeInput.from_mapping(data)
