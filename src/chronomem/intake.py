"""Stage 0: check what a caller hands in and turn it into an :class:`Episode`.

Everything here raises :class:`UsageError` with a fix, before anything is written. Text
with a NUL character or a lone surrogate is refused here, for every store alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from chronomem.clock import IdFactory
from chronomem.errors import UsageError
from chronomem.jsontext import json_value
from chronomem.model import Episode, EpisodeSource, check_group_id, ensure_aware
from chronomem.model.time import parse_instant
from chronomem.model.validation import check_text, check_thread_id

DEFAULT_MAX_EPISODE_CHARS = 100_000


@dataclass(frozen=True, slots=True)
class EpisodeInput:
    """One episode as a caller describes it (``add_episodes`` takes a list of these)."""

    content: str
    group_id: str
    reference_time: datetime
    source: str = "message"
    source_description: str = ""
    episode_id: str | None = None
    thread_id: str | None = None  # the conversation it belongs to (see Episode.thread_id)

    @classmethod
    def from_mapping(cls, data: Mapping[str, object]) -> EpisodeInput:
        """From a dict such as one JSONL line; ``reference_time`` may be an ISO string."""
        missing = [k for k in ("content", "group_id", "reference_time") if k not in data]
        if missing:
            raise UsageError(f"episode is missing {', '.join(missing)}: got keys {sorted(data)}")
        ref = data["reference_time"]
        if isinstance(ref, str):
            ref = parse_instant(ref, "reference_time")
        elif not isinstance(ref, datetime):
            raise UsageError(
                f"reference_time must be an ISO-8601 string such as '2024-01-15T14:00:00Z', "
                f"got {type(ref).__name__}"
            )
        if not isinstance(data["group_id"], str):
            raise UsageError(f"group_id must be a string, got {type(data['group_id']).__name__}")
        content = data["content"]
        if isinstance(content, dict | list):
            content = _inline_json(content)
        elif not isinstance(content, str):
            raise UsageError(
                "content must be text, or a JSON object or array for source 'json'; got "
                f"{type(content).__name__}"
            )
        for key in ("source", "source_description", "episode_id", "thread_id"):
            if data.get(key) is not None and not isinstance(data[key], str):
                raise UsageError(f"{key} must be a string, got {type(data[key]).__name__}")
        episode_id = data.get("episode_id")
        return cls(
            content=content,
            group_id=data["group_id"],
            reference_time=ref,
            source=str(data["source"]) if data.get("source") is not None else "message",
            source_description=str(data.get("source_description") or ""),
            episode_id=None if episode_id is None else str(episode_id),
            thread_id=None if data.get("thread_id") is None else str(data["thread_id"]),
        )


def _inline_json(content: dict[str, object] | list[object]) -> str:
    """A JSON document given inline, as text (strict JSON: no NaN, not nested too deep)."""
    try:
        return json.dumps(content, allow_nan=False)
    except RecursionError:
        raise UsageError("content: JSON nested too deeply: flatten it") from None
    except ValueError as exc:
        raise UsageError(f"content: {exc}: JSON has no NaN or infinity") from None


def build_episode(item: EpisodeInput, *, now: datetime, ids: IdFactory, max_chars: int) -> Episode:
    check_group_id(item.group_id)
    check_thread_id(item.thread_id)
    source = EpisodeSource.parse(item.source)
    reference_time = ensure_aware(item.reference_time, "reference_time")
    check_text(item.content, "episode content")  # NUL and lone surrogates: refused here
    check_text(item.source_description, "source_description")
    if item.episode_id is not None:
        check_text(item.episode_id, "episode_id")
    if not item.content.strip():
        raise UsageError("episode content is empty: pass the text of the message or document")
    if len(item.content) > max_chars:
        raise UsageError(
            f"episode content has {len(item.content):,} characters, over the limit of "
            f"{max_chars:,}: split it into several episodes, or raise the limit "
            "(Memory(max_episode_chars=...); for the service, Limits(max_content_chars=...))"
        )
    if source is EpisodeSource.JSON:
        try:
            json_value(item.content)
        except UsageError as exc:
            raise UsageError(
                f"episode source is 'json' but the content is not valid JSON ({exc}): "
                "fix the document or use source='text'"
            ) from None
    if item.episode_id is not None and not item.episode_id.strip():
        raise UsageError("episode_id, when given, must be a non-empty string")
    return Episode(
        id=item.episode_id or ids(),
        group_id=item.group_id,
        content=item.content,
        source=source,
        reference_time=reference_time,
        created_at=now,
        source_description=item.source_description,
        thread_id=item.thread_id,
    )
