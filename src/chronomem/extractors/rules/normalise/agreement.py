"""A third person's clause read as the first person: "I is over at X now" -> "I am over at X
now", "I lives in X" -> "I live in X".

The semantic cue (``cue/semantic.py``) writes a clause's subject as "I" so that it compares with its
first-person prototypes; when the subject was "she", "Ana" or "my brother", the verb still
agrees with the third person, and the model hears "I is" / "I has" as a different sentence.
The first verb (after adverbs such as "just", "finally") is put in the first person here.
"""

from __future__ import annotations

import re

from chronomem.text.words import word_set

_IRREGULAR = {"is": "am", "has": "have", "does": "do", "goes": "go", "'s": "am"}
_ADVERBS = word_set(
    "just finally now also still already recently officially actually apparently basically"
    " literally really definitely probably currently even only always never"
)
# "'s" before a participle is "has": "she's been", "he's got"
_HAS_NEXT = word_set("been got gotten gone done left moved started taken become")
_WORD = re.compile(r"'s|[A-Za-z]+")


def as_first_person(text: str) -> str:
    """``text`` (a clause that opens with "I" then its verb) with the verb in the first
    person."""
    if not text.startswith("I "):
        return text
    pos = 1
    while True:
        m = _WORD.search(text, pos)
        if m is None or text[pos : m.start()].strip():
            return text
        word = m.group()
        low = word.lower()
        if low in _ADVERBS or low.endswith("ly"):
            pos = m.end()
            continue
        new = _first_person(low, _next_word(text, m.end()))
        return text if new is None else f"{text[: m.start()].rstrip()} {new}{text[m.end() :]}"


def _next_word(text: str, pos: int) -> str:
    m = _WORD.search(text, pos)
    return m.group().lower() if m else ""


def _first_person(word: str, following: str) -> str | None:
    """The first-person form of a third-person verb, ``None`` when ``word`` is no such verb."""
    if word == "'s" and following in _HAS_NEXT:
        return "have"
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) < 4 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return None
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("shes", "ches", "xes", "zes", "sses", "oes")):
        return word[:-2]
    return word[:-1]
