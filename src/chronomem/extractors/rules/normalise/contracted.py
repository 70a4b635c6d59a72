"""A name's "'s" that stands for "is" or "has": "caio's back in São Paulo", "my brother's
at Deloitte now", "Ana's been living in Oslo".

After a name or a noun, "'s" is a possessive ("Tom's dog") or a contraction of "is"/"has"
("Tom's in Lyon"). What follows tells them apart: a possessive is followed by a noun phrase,
a contraction by a preposition, an adverb, a determiner or a participle. Written out here,
once, every later stage reads the clause's subject and verb as it reads "Tom is in Lyon".
Pronouns ("he's", "it's", "that's") are left alone: the rest of the extractor reads them.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.subjects import PERSON_ROLES
from chronomem.text.words import word_set

# words after "'s" that begin a predicate, never a possessed noun phrase
_IS_NEXT = word_set(
    "a an the my his her our their your in at on with from into over off out home away up"
    " down not no never now still just finally already also always officially currently"
    " apparently basically literally really actually definitely probably moving going gonna"
    " living working staying starting studying training teaching retired married engaged"
    " pregnant leaving single divorced dating dead"
)
_HAS_NEXT = word_set("been got gotten gone done left moved started taken become given told sent")
_OBJECT_PRONOUNS = word_set("me him her us them you")
# "Tom's back in Leeds" (is), not "Tom's back is sore" (his back)
_BACK_NEXT = word_set("in at to home with from now for together on again")
_NOT_NAMES = word_set(
    "he she it that what there here where who how let which this everything everyone"
    " something nothing someone somebody everybody nobody today tomorrow yesterday one"
)
_CONTRACTED = re.compile(r"(?<![\w'])([A-Za-z][\w-]*)'s\s+([a-z]+)(?:\s+([a-z]+))?")


def written_out(text: str) -> str:
    """``text`` with each contracted "'s" after a name or noun written "is" or "has"."""
    return _CONTRACTED.sub(_expand, text)


def _expand(m: re.Match[str]) -> str:
    word, following, after = m.group(1), m.group(2), m.group(3) or ""
    if word.lower() in _NOT_NAMES or not _subject_place(m.string, m.start()):
        return m.group()
    if following in _HAS_NEXT or (following.endswith("ed") and after in _OBJECT_PRONOUNS):
        verb = "has"  # "Ana's moved", "doc's signed me off": a perfect
    elif following in _IS_NEXT or (following == "back" and after in _BACK_NEXT):
        verb = "is"
    else:
        return m.group()
    return f"{word} {verb} {m.group()[len(word) + 2 :].lstrip()}"


def _subject_place(text: str, start: int) -> bool:
    """Does a subject begin here: the clause's start, or after "my" / a role word ("my
    brother Tom's ...")? Not a shop after a preposition or inside a name ("at Trader
    Joe's in Leeds", "lunch at McDonald's on Main St")."""
    if _ABBREVIATION.search(text, max(0, start - 8), start):
        return False  # "at St. Dominic's in Jackson": a saint's name, not a new sentence
    before = _LAST_WORD.search(text, max(0, start - 40), start)
    if before is None:
        return True
    word = before.group(1)
    if (
        word is not None
        and word.lower() in _DETERMINERS
        and _AFTER_PLACE_WORD.search(text, max(0, before.start() - 12), before.start())
    ):
        return False  # "living at my mum's in Ramsgate": the mum's place, no verb
    if (
        word is not None
        and word.lower() in PERSON_ROLES
        and _AT_SOMEONES.search(text, max(0, before.start() - 20), before.start())
    ):
        return False  # "I'm at my brother Sean's in Dorchester": Sean's place
    return word is None or word.lower() in _OPENERS or word.lower() in PERSON_ROLES


_DETERMINERS = word_set("my our his her your their")
_PLACE_WORD = r"\b(?:at|to|from|near|by|round|over|into)"
_AFTER_PLACE_WORD = re.compile(rf"{_PLACE_WORD}\s*$", re.I)
_AT_SOMEONES = re.compile(rf"{_PLACE_WORD}\s+(?:{'|'.join(sorted(_DETERMINERS))})\s+$", re.I)
# a title's full stop, which opens no sentence: "St. Dominic's", "Mt. Hood's"
_ABBREVIATION = re.compile(r"\b(?:St|Ste|Mt|Ft|Dr|Mr|Mrs|Ms)\.\s*$")
_LAST_WORD = re.compile(r"(?:([A-Za-z]+)|[^\w\s])?\s*$")
_OPENERS = word_set(
    "my our his her your their and but so then now also update omg lol well ok okay oh yeah"
    " btw guess news"
)
