"""Markdown and code are no prose: what the extractor reads of a formatted message.

Long assistant answers carry fenced code blocks, inline code, headings, tables, links and
emphasis. Code and URLs hold no facts about anyone's life, and their capitalised words
(class names, constants) would become entities, so they are removed; headings and table
rows are dropped; list markers and emphasis are stripped, leaving each item as a line.
All patterns are linear (no nested quantifiers).
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[^\n]*$|\Z)", re.M | re.S)
_INLINE_CODE = re.compile(r"`[^`\n]{0,200}`")
_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>()\"']+", re.I)
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t][^\n]*$", re.M)
_TABLE_ROW = re.compile(r"^[ \t]*\|[^\n]*$", re.M)
_RULE = re.compile(r"^[ \t]*(?:[-*_][ \t]*){3,}$", re.M)
_BULLET = re.compile(r"^[ \t]*(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+", re.M)
_EMPHASIS = re.compile(r"(\*\*|__|\*)(?=\S)([^*\n]{1,200}?)(?<=\S)\1")
_LINK = re.compile(r"\[([^\]\n]{1,200})\]\([^)\n]{0,500}\)")
_HAS_MARKUP = re.compile(r"```|~~~|`|https?://|www\.|^[ \t]*#|^[ \t]*\||\*\*|\]\(", re.M)


def strip_markup(text: str) -> str:
    """``text`` without code, URLs, headings, tables and markdown syntax."""
    if not _HAS_MARKUP.search(text) and not _BULLET.search(text):
        return text
    text = _FENCE.sub("\n", text)
    text = _INLINE_CODE.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _URL.sub(" ", text)
    for pattern in (_HEADING, _TABLE_ROW, _RULE):
        text = pattern.sub("", text)
    text = _BULLET.sub("", text)
    return _EMPHASIS.sub(r"\2", text)
