"""Chat histories from other apps, as episodes (``docs/portable.md`` describes each format).

- ``chatgpt``: ChatGPT's ``conversations.json`` (a list of conversations, each a ``mapping``
  of nodes whose ``message`` has ``author.role``, ``content.parts`` and ``create_time``);
  the branch the user last saw (``current_node`` back to the root) is read.
- ``claude``: Claude's ``conversations.json`` (a list of conversations, each with
  ``chat_messages`` of ``sender`` human/assistant, ``text`` and ``created_at``).
- ``jsonl``: one ``{"role", "content", "time"}`` object a line.

Each user or assistant message becomes one ``message`` episode "Speaker: text" at its own
time. Episode ids are derived from the message's identity in the file, so importing the same
history again (or a longer export of it) adds only what is new.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from chronomem.errors import UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput
from chronomem.jsontext import json_object, json_value
from chronomem.model.time import parse_instant
from chronomem.model.validation import THREAD_ID_PATTERN

CHAT_FORMATS = ("chatgpt", "claude", "jsonl")
DEFAULT_ASSISTANT = {"chatgpt": "ChatGPT", "claude": "Claude", "jsonl": "Assistant"}
_SKIPPED_ROLES = frozenset({"system", "tool", "function"})


@dataclass(frozen=True, slots=True)
class ChatTurn:
    """One message of a chat history, as read from an export."""

    key: str  # unique and stable within the format (conversation id + message id)
    role: str  # "user", "assistant", or a speaker's own name (plain JSONL)
    text: str
    time: datetime
    conversation: str = ""  # the conversation's title, kept as the source description
    thread: str = ""  # the conversation's id in the export ("": none), its episodes' thread


def read_chat(text: str, fmt: str) -> list[ChatTurn]:
    """The messages of a chat export in ``fmt``, oldest first."""
    readers: dict[str, Callable[[str], Iterator[ChatTurn]]] = {
        "chatgpt": _chatgpt,
        "claude": _claude,
        "jsonl": _jsonl,
    }
    if fmt not in readers:
        raise UsageError(f"unknown chat format {fmt!r}: use one of {', '.join(CHAT_FORMATS)}")
    try:
        found = [m for m in readers[fmt](text) if m.text.strip()]
    except UsageError:
        raise
    except (AttributeError, KeyError, TypeError, ValueError) as exc:  # a field of another shape
        raise UsageError(
            f"this is not a {fmt} export: a field is not what the format holds "
            f"({type(exc).__name__}: {exc}); pass the export file as the app wrote it, or "
            "choose the right --format"
        ) from None
    return sorted(found, key=lambda m: m.time)  # stable: a conversation keeps its order


def chat_episodes(
    messages: Sequence[ChatTurn],
    *,
    fmt: str,
    group_id: str,
    user_name: str = "User",
    assistant_name: str | None = None,
    max_chars: int = DEFAULT_MAX_EPISODE_CHARS,
) -> list[EpisodeInput]:
    """One episode per message (a message longer than ``max_chars`` becomes several parts),
    each in its conversation's thread (:func:`thread_id`)."""
    names = {"user": user_name, "assistant": assistant_name or DEFAULT_ASSISTANT[fmt]}
    episodes = []
    for m in messages:
        speaker = names.get(m.role, m.role)
        room = max_chars - len(speaker) - 2
        parts = [m.text[i : i + room] for i in range(0, len(m.text), room)]
        for n, part in enumerate(parts):
            key = m.key if n == 0 else f"{m.key}#part{n + 1}"
            episodes.append(
                EpisodeInput(
                    content=f"{speaker}: {part}",
                    group_id=group_id,
                    reference_time=m.time,
                    source="message",
                    source_description=f"{fmt}: {m.conversation}" if m.conversation else fmt,
                    episode_id=stable_id(fmt, key),
                    thread_id=thread_id(fmt, m.thread) if m.thread else None,
                )
            )
    return episodes


def thread_id(fmt: str, conversation: str) -> str:
    """The thread of a conversation: ``<format>:<its id>``, or a digest of an id that is
    not a valid thread id (model.validation.THREAD_ID_PATTERN)."""
    readable = f"{fmt}:{conversation}"
    if THREAD_ID_PATTERN.fullmatch(readable):
        return readable
    return f"{fmt}:" + hashlib.sha256(conversation.encode()).hexdigest()[:32]


def stable_id(fmt: str, key: str) -> str:
    return f"{fmt}-" + hashlib.sha256(f"{fmt}\0{key}".encode()).hexdigest()[:32]


# -- ChatGPT ---------------------------------------------------------------------------------
def _chatgpt(text: str) -> Iterator[ChatTurn]:
    for n, conv in enumerate(_conversations(text, "chatgpt", "mapping")):
        mapping = conv.get("mapping")
        if not isinstance(mapping, dict):
            raise UsageError(f"ChatGPT conversation {n} has no 'mapping' of message nodes")
        cid = str(conv.get("conversation_id") or conv.get("id") or n)
        title = str(conv.get("title") or "")
        fallback = _epoch(conv.get("create_time"))
        for node_id in _chatgpt_branch(mapping, conv.get("current_node")):
            message = mapping[node_id].get("message") or {}
            role = str((message.get("author") or {}).get("role", ""))
            if role in _SKIPPED_ROLES or message.get("recipient", "all") != "all":
                continue
            body = _chatgpt_text(message.get("content") or {})
            when = _epoch(message.get("create_time")) or fallback
            if body and when is not None:
                key = f"{cid}/{message.get('id') or node_id}"
                yield ChatTurn(key, role, body, when, title, cid)


def _chatgpt_branch(mapping: Mapping[str, dict[str, object]], current: object) -> list[str]:
    """Node ids from the root to ``current`` (the branch shown last); every node if unknown."""
    if not isinstance(current, str) or current not in mapping:
        return list(mapping)
    branch: list[str] = []
    node: object = current
    while isinstance(node, str) and node in mapping and node not in branch:
        branch.append(node)
        node = mapping[node].get("parent")
    return branch[::-1]


def _chatgpt_text(content: Mapping[str, object]) -> str:
    if content.get("content_type") not in ("text", "multimodal_text"):
        return ""  # code, tool output, hidden reasoning: not what was said
    parts = content.get("parts") or []
    strings = [p for p in parts if isinstance(p, str)] if isinstance(parts, list) else []
    return "\n".join(strings).strip()


def _epoch(value: object) -> datetime | None:
    """A time given as Unix seconds; None when ``value`` is not a number."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    try:
        return datetime.fromtimestamp(float(value), tz=UTC)
    except (OverflowError, OSError, ValueError):  # NaN, or past the years 1-9999
        raise UsageError(
            f"the time {str(value)[:30]} (Unix seconds) is not a date between the years 1 "
            "and 9999: fix the time in the export"
        ) from None


# -- Claude ----------------------------------------------------------------------------------
def _claude(text: str) -> Iterator[ChatTurn]:
    roles = {"human": "user", "user": "user", "assistant": "assistant"}
    for n, conv in enumerate(_conversations(text, "claude", "chat_messages")):
        messages = conv.get("chat_messages")
        if not isinstance(messages, list):
            raise UsageError(f"Claude conversation {n} has no 'chat_messages' list")
        cid = str(conv.get("uuid") or n)
        title = str(conv.get("name") or "")
        for i, message in enumerate(messages):
            role = roles.get(str(message.get("sender", "")))
            body = _claude_text(message)
            stamp = message.get("created_at")
            if role is None or not body or not stamp:
                continue
            when = parse_instant(str(stamp), "created_at")
            yield ChatTurn(f"{cid}/{message.get('uuid') or i}", role, body, when, title, cid)


def _claude_text(message: Mapping[str, object]) -> str:
    text = message.get("text")
    if isinstance(text, str) and text.strip():
        return text.strip()
    blocks = message.get("content")
    if not isinstance(blocks, list):
        return ""
    return "\n".join(
        str(b["text"]) for b in blocks if isinstance(b, dict) and b.get("type") == "text"
    ).strip()


def _conversations(text: str, fmt: str, field: str) -> list[dict[str, object]]:
    data = json_value(text, where=f"the {fmt} export")
    if isinstance(data, dict) and isinstance(data.get("conversations"), list):
        data = data["conversations"]
    if not isinstance(data, list) or not all(isinstance(c, dict) for c in data):
        raise UsageError(
            f"a {fmt} export is a JSON list of conversations, each with {field!r}: "
            "pass its conversations.json, or choose the right --format"
        )
    return data


# -- plain JSONL -----------------------------------------------------------------------------
_LINE = 'a JSON object like {"role": "user", "content": "...", "time": "2024-05-01T09:30:00Z"}'


def _jsonl(text: str) -> Iterator[ChatTurn]:
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        item = json_object(line, where=f"line {number}", expect=_LINE)
        missing = [k for k in ("role", "content", "time") if k not in item]
        if missing:
            raise UsageError(
                f"line {number} needs {', '.join(missing)}: each line is "
                '{"role": "user", "content": "...", "time": "2024-05-01T09:30:00Z"}'
            )
        role, body = str(item["role"]), str(item["content"])
        if role in _SKIPPED_ROLES:
            continue
        when = _epoch(item["time"]) or parse_instant(str(item["time"]), f"line {number} time")
        identity = str(item.get("id") or f"{when.isoformat()}\0{role}\0{body}")
        seen[identity] = seen.get(identity, 0) + 1  # the same line twice is two messages
        key = f"{item.get('conversation', '')}/{identity}#{seen[identity]}"
        conversation = str(item.get("conversation") or "")
        yield ChatTurn(key, role, body, when, conversation, conversation)
