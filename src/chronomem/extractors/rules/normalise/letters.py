"""A letter the speaker received, pasted into their message, read in the speaker's voice.

People paste what they were sent ("Got this from HR:", "the clinic just emailed this"): a
letter opens on "Dear <whom>," and speaks to its reader as "you" ("Your appointment has
been moved to Thursday 11 December", "we are pleased to confirm your promotion"). In the
speaker's message that reader is the speaker, not the one the message is addressed to, so
the letter is rewritten once in the speaker's voice (``voice.in_user_voice``: "your" ->
"my", the sender's "we" -> "they") and then read like anything the speaker says.

A letter the speaker wrote ("Dear Secretary, I wish to resign my membership") speaks of its
writer more than of its reader and stays as written; so does one written to another person
in the chat ("Dear Katarzyna," from a recruiter to her), and one to the assistant. The
letter ends where its quotation closes, at a line of dashes, or with the message.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Final

from chronomem.extractors.rules.normalise.voice import in_user_voice

_SALUTATION: Final = re.compile(r"(?<!\w)Dear\s+(?P<to>[A-Z][^\n,]{0,60}?),")
_QUOTES: Final = "'\""
_DASHES: Final = re.compile(r"\n\s*-{3,}")
_YOU: Final = re.compile(r"\b(?:you|your|yours|yourself|you're|you've|you'll|you'd)\b", re.I)
_ME: Final = re.compile(r"\b(?:I|me|my|mine|myself|I'm|I've|I'll|I'd)\b")
# what a letter says to anyone: thanks and the sign-off ("Thank you for your patience",
# "Yours sincerely,")
_FORMULAS: Final = re.compile(
    r"\bthank(?:s| you)\b[^.!?\n]*|\byours(?:\s+(?:sincerely|faithfully|truly|ever))?\s*,", re.I
)
# the sender's "I": no one the memory keeps facts of
SENDER: Final = "the sender"


def received_letters(text: str, speaker: str, speakers: Collection[str]) -> str:
    """``text`` with each letter ``speaker`` received in the speaker's voice (``speakers``:
    the normalised names of the people in the chat)."""
    out: list[str] = []
    at = 0
    others: set[str] | None = None
    for m in _SALUTATION.finditer(text):
        others = _first_names(speakers, speaker) if others is None else others
        if m.start() < at or _to_someone_else(m.group("to"), others):
            continue
        end = _letter_end(text, m.start())
        letter = text[m.end() : end]
        said = _FORMULAS.sub(" ", letter)
        if len(_YOU.findall(said)) <= len(_ME.findall(said)):
            continue  # the speaker's own letter, or one that says little of its reader
        # the salutation is the speaker's own name: no news of its own, and its sentence
        # would hide the letter's first one from the reader
        out += [text[at : m.start()], in_user_voice(letter, SENDER).lstrip()]
        at = end
    return "".join(out) + text[at:] if out else text


def _first_names(speakers: Collection[str], speaker: str) -> set[str]:
    """The first names, in lower case, of the people in the chat other than ``speaker``."""
    me = speaker.lower().split()[:1]
    return {n.split()[0] for n in speakers if n and n.split()[:1] != me}


def _to_someone_else(to: str, others: Collection[str]) -> bool:
    words = {w.lower().strip(".") for w in to.split()}
    return "assistant" in words or bool(words & set(others))


def _letter_end(text: str, start: int) -> int:
    """Where the letter that opens at ``start`` ends."""
    opening = text[:start].rstrip()[-1:]
    if opening and opening in _QUOTES:
        closing = re.compile(rf"(?<=\S){re.escape(opening)}(?=\s|$|[.,!?;:)])")
        found = closing.search(text, start)
        if found is not None:
            return found.start()
    dashes = _DASHES.search(text, start)
    return dashes.start() if dashes is not None else len(text)
