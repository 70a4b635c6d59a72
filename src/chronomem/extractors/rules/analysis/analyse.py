"""A sentence analysed: its days (set right in the same breath, "then" resolved), its names
and spans, its clauses: what every reader of the sentence pipeline reads."""

from __future__ import annotations

from datetime import datetime

from chronomem.extractors.rules.analysis.day_corrections import meant_days
from chronomem.extractors.rules.analysis.entities import find_spans
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.month_told import in_month_told
from chronomem.extractors.rules.analysis.sentences import split_clauses
from chronomem.extractors.rules.analysis.subjects import label_role_names
from chronomem.extractors.rules.analysis.until_then import with_then
from chronomem.text.dates import find_time_expressions


def analyse(text: str, reference: datetime, speaker: str | None, known: Known) -> Sentence:
    """``text`` said at ``reference`` by ``speaker`` (``None``: narrated), analysed."""
    found = meant_days(text, find_time_expressions(text, reference))
    times = with_then(in_month_told(found, reference, known), text, reference, known)
    spans = find_spans(text, [(t.start, t.end) for t in times], known)
    label_role_names(text, spans)  # "my neighbour Wale": a person
    return Sentence(text, reference, speaker, spans, times, split_clauses(text))
