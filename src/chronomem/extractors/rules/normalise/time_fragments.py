"""A sentence that is only a time, said after the one it dates, joined to it.

Chat and terse notes often put the day of a change in a sentence of its own, after the
change: "feed barge at Öxarfjörður Salmon. since monday.", "Got the keys to the flat!
Yesterday.", "new job at the depot. from 1 March". Each sentence is read alone, so such a
day dated nothing. :func:`joined_time_fragments` joins a sentence made of time expressions
alone (``text.dates``; with at most a word like "starting" or "finally" beside them) to the
sentence before it, after a comma: "feed barge at Öxarfjörður Salmon, since monday." A
sentence that tells a time of its own keeps it ("the 14th of September, not the 4th. Monday
14 September, 10:15.": the time is told again, or corrected).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from chronomem.extractors.rules.analysis.sentences import MAX_SENTENCE_CHARS, a_full_stop
from chronomem.text.dates import find_time_expressions

# a sentence's end, then a short sentence (up to its own end, a line's end or the text's)
_NEXT_SHORT = re.compile(r"(?<=\w)[.!?]+[ \t]+(?P<piece>[^.!?\n]{2,40}?)(?P<end>[.!?]+|(?=\n)|$)")
# words a time may stand beside and still be all its sentence says
_BESIDE = frozenset({"starting", "effective", "beginning", "finally", "officially", "already"})
_WORD = re.compile(r"[^\W\d_]+")
_ANY_DAY = datetime(2000, 1, 1, tzinfo=UTC)  # only the expressions' places are used


def joined_time_fragments(text: str) -> str:
    """``text`` with each sentence that is only a time joined to the sentence before it."""
    if "." not in text and "!" not in text and "?" not in text:
        return text
    return _NEXT_SHORT.sub(_joined, text)


def _joined(m: re.Match[str]) -> str:
    piece = m.group("piece")
    if m.group().startswith(".") and not a_full_stop(m.string, m.start()):
        return m.group()  # "Dr. Last": no sentence ended
    before = _sentence_before(m.string, m.start())
    if not only_a_time(piece) or _timed(before) or _words(piece) & _words(before):
        return m.group()  # "... not the 4th. Monday 14 September.", "March. 2 March.": told again
    return f", {piece}{m.group('end')}"


def _sentence_before(text: str, end: int) -> str:
    """The sentence ending at ``end``, or its last ``MAX_SENTENCE_CHARS`` (a bounded look
    back: a text of many short sentences is read in linear time)."""
    start = max(0, end - MAX_SENTENCE_CHARS)
    cut = max(text.rfind(mark, start, end) for mark in ".!?\n")
    return text[max(cut + 1, start) : end]


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _timed(sentence: str) -> bool:
    return bool(find_time_expressions(sentence, _ANY_DAY))


def only_a_time(piece: str) -> bool:
    """Is ``piece`` a time and nothing else ("since monday", "from 1 March", "yesterday")?"""
    found = find_time_expressions(piece, _ANY_DAY)
    if not found:
        return False
    rest, at = [], 0
    for expression in found:
        rest.append(piece[at : expression.start])
        at = expression.end
    rest.append(piece[at:])
    return all(w.lower() in _BESIDE for w in _WORD.findall(" ".join(rest)))
