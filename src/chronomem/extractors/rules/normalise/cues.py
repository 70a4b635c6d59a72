"""A correction cue said as a sentence of its own, joined to the sentence it opens.

"sorry, wrong one! it's tramadol I'm allergic to": the cue ("sorry, wrong one") is a
sentence with nothing else in it, so the readers of corrections, which read a sentence at a
time, would see the correction without its cue. :func:`joined_cues` ends such a sentence
with a comma instead, so its cue opens the next one ("sorry, wrong one, it's tramadol ...").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.correction_cues import NO, NOISE, STRONG, WEAK

# a sentence of cue words only, at the text's start or after a sentence's end, before more
_CUE_ONLY = re.compile(
    rf"(?P<cue>(?:^|(?<=[.!?]\s))\W*(?:(?:{STRONG}|{WEAK}|{NO}|{NOISE})\b[\s,:;-]*)+?)"
    r"\s*[.!]+(?=\s+\w)",
    re.I,
)


_CUE = re.compile(rf"\b(?:{STRONG}|{WEAK})\b", re.I)  # not a bare "no" or "ok": answers


# a day set right the way chat does, starred: "*19th omg" after "flying on the 9th", "*tuesday"
_STARRED_DAY = re.compile(
    r"^(?P<lead>\W*?)\*\s*(?:the\s+)?(?P<day>\d{1,2}(?:st|nd|rd|th)|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?!\s*\*)[\s,.!]*",
    re.I,
)


# a contrast said as a sentence of its own, a value and no more: "MISO. not mochi."
_NOT_ALONE = re.compile(
    r"(?<=\w)[.!]+\s+(?=not\s+(?:the\s+|an?\s+)?(?P<value>[\w'-]+(?:\s+[\w'-]+){0,2})"
    r"(?:[.!]+(?:\s|$)|$))",
    re.I,
)


def joined_cues(text: str, told: Callable[[], Collection[str]] = tuple) -> str:
    """``text`` with each sentence of cue words only (one of them a cue of correction, not
    just a "no" or an "ok") joined to the next by a comma, a starred day that opens it said
    as the correction it is ("*19th" -> "I meant the 19th,"), and a bare "not X" joined to
    the value before it when X is one of the values (normalised names) the turns told,
    asked of ``told`` only when a bare "not X" is there ("MISO. not mochi." -> "MISO, not
    mochi."; "Not yet." stays a sentence)."""
    text = _CUE_ONLY.sub(_joined, _STARRED_DAY.sub(_starred, text, count=1))
    if _NOT_ALONE.search(text) is None:
        return text
    held = told()
    return _NOT_ALONE.sub(
        lambda m: ", " if normalize_name(m.group("value")) in held else m.group(), text
    )


def _starred(m: re.Match[str]) -> str:
    day = m.group("day")
    the = "the " if day[:1].isdigit() else ""
    return f"{m.group('lead')}I meant {the}{day}, "


def _joined(m: re.Match[str]) -> str:
    cue = m.group("cue")
    return cue.rstrip(" ,:;-") + "," if _CUE.search(cue) else m.group()
