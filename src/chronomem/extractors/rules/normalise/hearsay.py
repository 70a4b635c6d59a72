"""News passed on: "mum says my brother Rhys started at the fire station", "my sister tells
me dad's retired from the post office". Who passed it on is not the news: the words that say
so are left out, and the news is read as the speaker tells it, with its own subject.

Only where the news opens on a subject of its own, a relative ("my brother", "dad") or a
name: "Maisie says her favourite colour is green" keeps its wrapper ("her" is Maisie), and
so does "I said ..." (``readers/reported.py`` reads what the speaker said before).
"""

from __future__ import annotations

import re
from typing import Final

_KIN_WORDS: Final = (
    r"mum|mom|mama|dad|papa|gran|granny|grandma|grandpa|grandad|nan|nana|brother|sister|"
    r"wife|husband|son|daughter|uncle|aunt|auntie|cousin"
)
_HEARSAY: Final = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]\s\s)|(?<=\n))"
    r"(?:(?:so|and|oh|also|apparently),?\s+)?"
    rf"(?:(?:my|our)\s+[a-z]+(?:\s+[A-Z][a-z]+)?|(?i:{_KIN_WORDS})|[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
    r"\s+(?:(?:just|also)\s+)?(?:says|said|tells me|told me|reckons|mentioned|texted(?: me)?|"
    r"rang to say|called to say|messaged(?: me)?)(?:\s+that)?,?\s+"
    rf"(?=(?:my|our)\s+(?:{_KIN_WORDS}|[a-z]+\s+[A-Z])|(?i:{_KIN_WORDS})(?:'s)?\s|"
    r"(?!I\b)[A-Z][a-z]+\s+(?!says|said)[a-z])"
)


# news the teller tells of themself: "my agent, Samia Fawzi, told me she is leaving Nile
# Quill" -> "my agent, Samia Fawzi, is leaving Nile Quill"
_OWN_NEWS: Final = re.compile(
    r"(?P<who>(?:^|(?<=[.!?]\s))(?:(?:so|and|oh|also|apparently),?\s+)?"
    r"(?:(?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+)?[a-z]+(?:,?\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?,?)?"
    r"|(?!I\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))"
    r"\s+(?:(?:just|also)\s+)?(?:says|said|tells me|told me|texted(?: me)?|messaged(?: me)?)"
    r"(?:\s+that)?,?\s+(?:she|he)(?=(?:\s|'s\b|'ll\b))"
)


def without_hearsay(text: str) -> str:
    """``text`` without the words that say who passed a piece of news on."""
    return _OWN_NEWS.sub(r"\g<who>", _HEARSAY.sub("", text))
