"""Finding entity spans in a sentence: names, quoted titles, numbered places, devices.

A span is a stretch of the sentence that names an entity. :func:`find_spans` takes them in
this order, each avoiding what an earlier one took: quoted titles and numbered places
(here), runs of capitalised words (``capitalised.py``), names written in lower case
(``lower_names.py``), devices named by their kind (here), and short references to names
met before ("the Y" for the YMCA). A span and the label a name carries on its own are in
``spans.py``; what earlier turns taught is ``known.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chronomem.extractors.rules.analysis.capitalised import capitalised_names
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.lower_names import lower_case_names
from chronomem.extractors.rules.analysis.references import short_references
from chronomem.extractors.rules.analysis.spans import Span, is_free, label_for
from chronomem.extractors.rules.tables.gazetteer import DEVICE_HEADS

_QUOTED = re.compile(r'"([^"\n]{1,80})"')

_NUMBERED_PLACE = re.compile(
    r"\b(room|office|floor|suite|ward|gate|lab|building|apartment|apt|desk|bay)\s+(\d+[A-Za-z]?)\b",
    re.I,
)

_DEVICE_NP = re.compile(
    r"\b(?:the|my|our|this|that|his|her|their|your)\s+(?:(?:new|old|broken|office)\s+)?([a-z]+)\b",
    re.I,
)

_WORK_KINDS = {
    "book": "Book", "novel": "Book", "movie": "Movie", "film": "Movie", "song": "Song",
    "album": "Album", "show": "Show", "series": "Show", "game": "Game", "play": "Play",
    "poem": "Poem", "painting": "Artwork", "piece": "Artwork", "script": "Work",
}  # fmt: skip


def find_spans(sentence: str, occupied: Sequence[tuple[int, int]], known: Known) -> list[Span]:
    """Entity spans of ``sentence``, left to right, avoiding ``occupied`` ranges (dates)."""
    taken = list(occupied)
    spans = _quoted(sentence, taken) + _numbered_places(sentence, taken)
    spans += capitalised_names(sentence, taken, known)
    spans += lower_case_names(sentence, taken, known)
    spans += _device_phrases(sentence, taken, known)
    for start, end, name in short_references(sentence, known.display.values()):
        if is_free(start, end, taken):  # "the Y" for the YMCA met before
            spans.append(Span(start, end, name, label_for(name, known)))
            taken.append((start, end))
    spans.sort(key=lambda s: s.start)
    return spans


def _quoted(sentence: str, taken: list[tuple[int, int]]) -> list[Span]:
    out = []
    for m in _QUOTED.finditer(sentence):
        title = m.group(1).strip().rstrip(".,!?;:").strip()
        if len(title.split()) > 8:
            taken.append((m.start(), m.end()))  # a quotation, not a title: no names inside
            continue
        if not title or not (title[0].isupper() or title[0].isdigit()):
            continue
        before = sentence[max(0, m.start() - 40) : m.start()].lower().split()[-2:]
        kind = next((_WORK_KINDS[w] for w in reversed(before) if w in _WORK_KINDS), "Work")
        out.append(Span(m.start(), m.end(), title, kind))
        taken.append((m.start(), m.end()))
    return out


def _numbered_places(sentence: str, taken: list[tuple[int, int]]) -> list[Span]:
    out = []
    for m in _NUMBERED_PLACE.finditer(sentence):
        if is_free(m.start(), m.end(), taken):
            name = f"{m.group(1).lower().rstrip('.')} {m.group(2)}"
            out.append(Span(m.start(), m.end(), name, "Location"))
            taken.append((m.start(), m.end()))
    return out


def _device_phrases(sentence: str, taken: list[tuple[int, int]], known: Known) -> list[Span]:
    out = []
    for m in _DEVICE_NP.finditer(sentence):
        head = m.group(1).lower()
        if head not in DEVICE_HEADS or not is_free(m.start(), m.end(), taken):
            continue
        device = known.devices.get(head)
        if device:
            span = Span(m.start(), m.end(), device, "Device", True, {"type": head}, True)
        else:
            span = Span(m.start(1), m.end(1), head, "Device", False, {"type": head})
        out.append(span)
        taken.append((m.start(), m.end()))
    return out
