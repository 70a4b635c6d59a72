"""Long content as passages: one episode per passage, each linked to the original.

A long text document (``source="text"`` over :data:`PASSAGE_CHARS`) and a message over the
episode limit are split at paragraph, line and sentence ends into passages of at most
:data:`PASSAGE_CHARS` characters, instead of one giant episode (whose vector would cover only
its start) or a refusal. Each passage is an ordinary episode:

* id ``<original id>#<k>`` (k = 1..n; the original id is the caller's ``episode_id`` or a
  fresh one), so re-sending the same document is a no-op passage by passage;
* ``source_description`` ends with ``passage k/n of <original id>``;
* ``reference_time`` the original's plus k-1 microseconds, so the passages keep their order;
* a message's passages after the first start with the speaker (``"Alice: ..."``), so each
  is still attributed.

:func:`passage_of` reads the link back. Content is refused only when even passages cannot
serve: JSON (a document split is not JSON) over the limit, or more than
:data:`MAX_PASSAGES` passages.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from chronomem.clock import IdFactory
from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput, build_episode
from chronomem.model import Episode

PASSAGE_CHARS = 1_500
MAX_PASSAGES = 2_000  # 3 MB of text at most in one call
_SEPARATOR = "#"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def needs_passages(item: EpisodeInput, *, max_chars: int) -> bool:
    """Is ``item`` split into passages: a text document longer than one passage, or a
    message over the episode limit?"""
    if not isinstance(item.content, str):
        return False
    if item.source == "text":
        return len(item.content) > PASSAGE_CHARS
    return item.source == "message" and len(item.content) > max_chars


def build_episodes(
    item: EpisodeInput, *, now: datetime, ids: IdFactory, max_chars: int
) -> list[Episode]:
    """Stage intake for content that may be long: the episode, or its passages, each checked
    (``UsageError`` with a fix). The one rule every surface uses: ``Memory.add_episode(s)``
    and the service's queue (REST and MCP) both call it."""
    if not needs_passages(item, max_chars=max_chars):
        return [build_episode(item, now=now, ids=ids, max_chars=max_chars)]
    parts = split_item(item, ids=ids, max_chars=max_chars)
    return [build_episode(part, now=now, ids=ids, max_chars=max_chars) for part in parts]


def split_item(item: EpisodeInput, *, ids: IdFactory, max_chars: int) -> list[EpisodeInput]:
    """The passages of ``item`` as episode inputs (see the module docstring); a list of one
    (``item`` itself) when there is nothing to split. ``UsageError`` when there would be
    more than :data:`MAX_PASSAGES`."""
    speaker, body = _speaker(item)
    parts = split_text(body, limit=max(200, min(PASSAGE_CHARS, max_chars) - len(speaker)))
    if len(parts) <= 1:
        return [item]
    if len(parts) > MAX_PASSAGES:
        raise UsageError(
            f"episode content has {len(item.content):,} characters, {len(parts):,} passages "
            f"of at most {PASSAGE_CHARS:,}: over the limit of {MAX_PASSAGES:,} passages in one "
            "episode; send the document in several parts"
        )
    base = item.episode_id or ids()
    n = len(parts)
    note = f"{item.source_description} " if item.source_description else ""
    return [
        replace(
            item,
            content=speaker + part,
            reference_time=item.reference_time + timedelta(microseconds=k - 1),
            source_description=f"{note}passage {k}/{n} of {base}",
            episode_id=f"{base}{_SEPARATOR}{k}",
        )
        for k, part in enumerate(parts, 1)
    ]


def passage_of(episode_id: str, source_description: str) -> tuple[str, int, int] | None:
    """``(original id, k, n)`` when an episode is passage k of n of an original, else None."""
    match = re.search(r"passage (\d+)/(\d+) of (\S+)$", source_description)
    if not match or episode_id != f"{match.group(3)}{_SEPARATOR}{match.group(1)}":
        return None
    return match.group(3), int(match.group(1)), int(match.group(2))


def _speaker(item: EpisodeInput) -> tuple[str, str]:
    """A message's ``"Speaker: "`` prefix and the rest (("", content) otherwise)."""
    if item.source != "message":
        return "", item.content
    head, sep, rest = item.content.partition(":")
    if sep and head.strip() and len(head) <= 60 and "\n" not in head:
        return f"{head.strip()}: ", rest.lstrip()
    return "", item.content


def split_text(text: str, *, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at paragraph ends, then line
    ends, then sentence ends, then spaces (a word longer than ``limit`` is cut)."""
    pieces: list[str] = []
    for unit in _units(text.strip(), limit):
        if pieces and len(pieces[-1]) + 1 + len(unit) <= limit:
            pieces[-1] = f"{pieces[-1]}\n{unit}"
        else:
            pieces.append(unit)
    return [p.strip() for p in pieces if p.strip()]


def _units(text: str, limit: int) -> list[str]:
    """Pieces no longer than ``limit``, split by the coarsest separator that fits."""
    if len(text) <= limit:
        return [text]
    for split in (lambda t: t.split("\n\n"), lambda t: t.split("\n"), _SENTENCE_END.split):
        parts = [p for p in split(text) if p.strip()]
        if len(parts) > 1:
            return [u for p in parts for u in _units(p, limit)]
    words = text.split(" ")
    if len(words) > 1:
        half = len(words) // 2
        return _units(" ".join(words[:half]), limit) + _units(" ".join(words[half:]), limit)
    return [text[i : i + limit] for i in range(0, len(text), limit)]
