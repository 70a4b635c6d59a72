"""Splitting text into sentences and clauses, by regular expressions only."""

from __future__ import annotations

import re

from chronomem.extractors.rules.normalise.typos import fix_typos
from chronomem.text.words import word_set

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})
_SPACES = re.compile(r"[ \t\r\f\v]+")
_BOUNDARY = re.compile(r"([.!?]+)[\"')\]]*(?:\s+|$)|\n+")
_WORD_BEFORE = re.compile(r"(?<![0-9])([A-Za-z][A-Za-z.]*)$")  # not "31st."
_LOOK_BEHIND = 12  # the longest abbreviation ("approx", "e.g") fits: no scan of the prefix
# A longer "sentence" (no full stop in 400+ characters: a run-on, a list, pasted data) is cut
# into pieces of at most this size at a space, so every later stage works on bounded pieces
# and the whole extraction stays linear in the input size.
MAX_SENTENCE_CHARS = 400
_ABBREVIATIONS = word_set(
    "dr mr mrs ms prof st jr sr vs etc e.g i.e no approx mt ft u.s a.m p.m inc ltd co corp"
)
ABBREVIATIONS = _ABBREVIATIONS  # a full stop after one ends no sentence (chat_spelling)
_CLAUSE_BREAK = re.compile(
    r"\s*;\s*"
    r"|\s+[-\u2013\u2014]+\s+"
    # a colon before a bare name or value ending the sentence is a label, not a break:
    # "new manager: Rebecca.", "fav colour: sage green"
    r"|:\s+(?![A-Z][\w'-]*\.?(?: [A-Z][\w'-]*){0,2}\W*$|[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}\W*$)"
    r"|,?\s+(?:but|although|though|whereas|because)\s+"
    r"|,\s+(?:and|so|then|while|which)\s+"
    r"|\s+and\s+(?=(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Ii]t)\b)"
    r"|,?\s+and\s+(?=(?:then\s+|also\s+|now\s+)?(?:[a-z]+ed|bought|sold|got|left|quit|went"
    r"|took|made|became|found|lost|broke|gave|began|ran|drove|grew|won)\b)"
    r"|,\s+(?=(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Ii]t|[Tt]he|[Mm]y|[Oo]ur|[Tt]his|[Tt]here)\b)"
    # a name given to what the clause before told of is no clause of its own ("adopted a
    # tabby, she's called Churro", "got a kitten, I named her Mochi")
    r"(?!(?:[Hh]e|[Ss]he|[Ii]t|[Tt]hey)(?:'s| is|'re| are) (?:called|named)\b"
    r"|(?:I|[Ww]e) (?:named|called) (?:him|her|it|them)\b)"
    # a perfect with its subject left out: "moved out of Coventry in 2019, been renting in
    # Nottingham ever since"
    r"|,\s+(?=[Bb]een\b)"
    # a time told by a clause of its own: "I live in Győr since the spring, before I was in
    # Budapest"
    r"|,\s+(?:before|after)\s+(?=(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey)\b)"
)


# Chat spellings of contractions and a lower-case "i": written out once, here, so every
# later stage reads "I'm", "don't" ("im at BMW now", "i dont live there anymore").
_CHAT_SPELLINGS = {
    "i": "I", "im": "I'm", "ive": "I've", "id": "I'd", "i'm": "I'm", "i've": "I've",
    "i'll": "I'll", "i'd": "I'd", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't", "havent": "haven't",
    "hasnt": "hasn't", "wont": "won't", "couldnt": "couldn't", "wouldnt": "wouldn't",
    "shouldnt": "shouldn't", "thats": "that's", "whats": "what's", "youre": "you're",
    "theyre": "they're", "shes": "she's", "hes": "he's",
}  # fmt: skip
_CHAT_WORD = re.compile(
    r"(?<![\w'])(?:"
    + "|".join(sorted(map(re.escape, _CHAT_SPELLINGS), key=len, reverse=True))
    + r")(?![\w'])",
    re.I,
)


def _spelled_out(m: re.Match[str]) -> str:
    word = m.group()
    if word in ("Id", "ID", "id") or (word.isupper() and len(word) > 1):
        return word  # "my ID", "IM" (instant message): not a contraction
    return _CHAT_SPELLINGS[word.lower()]


# "since 1. September": a day's ordinal written the German way, read as "1 September"
_ORDINAL_DOT = re.compile(
    r"(?<![\d.])(\d{1,2})\.(?=\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b)"
)


# "w.e.f. 16th September" (Indian and British office English): "with effect from"
_WEF = re.compile(r"(?<![\w.])w\.?\s?e\.?\s?f\.?(?=\s)", re.I)


def normalize_text(text: str) -> str:
    """Straight quotes and apostrophes, single spaces (newlines kept), chat spellings of
    contractions and abbreviations written out, slips in the words of life changes
    corrected (``typos.py``), "w.e.f." written out: offsets of later stages are into this
    text."""
    spaced = _ORDINAL_DOT.sub(r"\1", _SPACES.sub(" ", text.translate(_QUOTES)).strip())
    spaced = _WEF.sub("with effect from", spaced)
    return _CHAT_WORD.sub(_spelled_out, fix_typos(spaced))


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``; abbreviations ("Dr.", "e.g.") and initials do not end one."""
    out: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        if m.group(1) == "." and not a_full_stop(text, m.start()):
            continue
        out += _bounded(text[start : m.end()].strip())
        start = m.end()
    out += _bounded(text[start:].strip())
    return out


def a_full_stop(text: str, at: int) -> bool:
    """Does the "." at ``at`` end a sentence (not an abbreviation's, "Dr.", "e.g.", nor an
    initial's, "J.")?"""
    before = _WORD_BEFORE.search(text, max(0, at - _LOOK_BEHIND), at)
    word = before.group(1).lower() if before else ""
    return not (word in _ABBREVIATIONS or (len(word) == 1 and text[at - 1].isupper()))


def _bounded(piece: str) -> list[str]:
    """``piece`` (a sentence) as pieces of at most :data:`MAX_SENTENCE_CHARS`, cut at spaces."""
    out = []
    while len(piece) > MAX_SENTENCE_CHARS:
        cut = piece.rfind(" ", MAX_SENTENCE_CHARS // 2, MAX_SENTENCE_CHARS)
        cut = cut if cut > 0 else MAX_SENTENCE_CHARS
        out.append(piece[:cut].strip())
        piece = piece[cut:].strip()
    if piece:
        out.append(piece)
    return [p for p in out if p]


def split_clauses(sentence: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the clauses of ``sentence`` ("I left Google, but ...")."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _CLAUSE_BREAK.finditer(sentence):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(sentence):
        spans.append((start, len(sentence)))
    return spans or [(0, len(sentence))]
