"""Markdown and code are no prose: what the extractor reads of a formatted message.

Long assistant answers carry fenced code blocks, inline code, headings, tables, links and
emphasis. Code and URLs hold no facts about anyone's life, and their capitalised words
(class names, constants) would become entities, so they are removed; headings and table
rows are dropped; list markers and emphasis are stripped, leaving each item as a line.
A few lower-case words in brackets that interrupt a phrase are dropped.
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


# a bracketed aside that interrupts a phrase: "a teacher (chemistry) at Oakfield"
_ASIDE = re.compile(r"\s*\([a-z' -]{1,40}\)(?=\s+(?:at|in|for|with|from|on|of|near|by)\b)")


def plain_asides(text: str) -> str:
    """A few lower-case words in brackets before a preposition dropped: "a teacher
    (chemistry) at Oakfield" is read as "a teacher at Oakfield". Other asides ("dad (len)
    is", "Biscotti (the dog)") stay for the readers of appositions."""
    return _ASIDE.sub("", text)


def strip_markup(text: str) -> str:
    """``text`` without code, URLs, headings, tables and markdown syntax, asides plain."""
    if _HAS_MARKUP.search(text) or _BULLET.search(text):
        text = _without_markup(text)
    return plain_asides(text) if "(" in text else text


def _without_markup(text: str) -> str:
    text = _FENCE.sub("\n", text)
    text = _INLINE_CODE.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _URL.sub(" ", text)
    for pattern in (_HEADING, _TABLE_ROW, _RULE):
        text = pattern.sub("", text)
    text = _BULLET.sub("", text)
    return _EMPHASIS.sub(r"\2", text)
