"""A name met before, called by a shorter name: "the chess club" for the Downtown Chess
Club, "the Y" for the YMCA.

After "the", "my" or "our", a phrase that names nothing of its own may stand for a name
met earlier in the conversation: the phrase is the tail of that name ("the chess club" /
"Downtown Chess Club"), or a capital letter or two that its all-capitals name begins with
("the Y" / "YMCA"). Exactly one name met must fit; otherwise nothing is read (a new thing,
or an ambiguous one: "the club" when two clubs were named).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from chronomem.extractors.rules.analysis.names import normalize_name

_DEFINITE = re.compile(
    r"\b(?:the|my|our|that)\s+"
    r"(?:(?!A\b)(?P<caps>[A-Z]{1,3})\b(?!['.-]\w)|(?P<words>[a-z]+(?: [a-z]+){0,2}))"
)


def short_references(text: str, names: Iterable[str]) -> list[tuple[int, int, str]]:
    """(start, end, full name) of each short reference in ``text`` to one of ``names``."""
    met = [n for n in names if n[:1].isupper() and (n.isupper() or " " in n)]
    if not met:
        return []  # only all-capitals names and names of two words or more are referred to
    out = []
    for m in _DEFINITE.finditer(text):
        if m.group("caps"):
            caps = m.group("caps")
            fits = {n for n in met if n.isupper() and len(n) > len(caps) and n.startswith(caps)}
            span = m.span("caps")
        else:
            n_words, fits = _by_tail(m.group("words").split(), met)
            start = m.start("words")
            span = (start, start + len(" ".join(m.group("words").split()[:n_words])))
        if len(fits) == 1:
            out.append((span[0], span[1], fits.pop()))
    return out


def _by_tail(words: list[str], met: list[str]) -> tuple[int, set[str]]:
    """The names whose last words are the phrase's first ``n`` words, longest first
    ("the chess club anymore" -> "chess club"); one word alone never refers."""
    for n in range(len(words), 1, -1):
        tail = words[:n]
        fits = {t for t in met if (p := normalize_name(t).split())[-n:] == tail and len(p) > n}
        if fits:
            return n, fits
    return 0, set()
