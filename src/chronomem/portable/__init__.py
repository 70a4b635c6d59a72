"""Carry memory between stores and in from chat apps (``docs/portable.md``).

- :func:`export_lines` / :func:`import_lines`: a group as versioned JSONL, any store to any
  store, through the :class:`~chronomem.ports.Store` port only.
- :func:`read_chat`: ChatGPT, Claude and plain JSONL chat histories as episodes.
"""

from chronomem.portable.chats import CHAT_FORMATS, ChatTurn, chat_episodes, read_chat
from chronomem.portable.exporter import export_lines, read_group
from chronomem.portable.format import FORMAT_NAME, FORMAT_VERSION, Header
from chronomem.portable.importer import ImportReport, import_lines, parse_export

__all__ = [
    "CHAT_FORMATS",
    "ChatTurn",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "Header",
    "ImportReport",
    "chat_episodes",
    "export_lines",
    "import_lines",
    "parse_export",
    "read_chat",
    "read_group",
]
