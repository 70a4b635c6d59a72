"""A fact's dates from its hit: the hit's own spell or the dates its times give
(``hit_dates``), with an undated ending of a value not held ended where the held one began,
and a correction ended at the start of the value it takes back."""

from __future__ import annotations

from datetime import datetime

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.hit_dates import hit_dates
from chronomem.model.relations import is_functional
from chronomem.text.dates import TimeExpression


def fact_dates(
    s: Sentence,
    hit: Hit,
    times: list[TimeExpression],
    known: Known,
    names: tuple[str, str],
) -> tuple[datetime | None, datetime | None]:
    """The fact's (valid_at, invalid_at): its own spell, else what its ``times`` give
    (:func:`hit_dates`); an undated ending of a value not held ends where the held one
    began (:func:`ended_before_the_held`); a correction ends at the start of the value it
    takes back (``names``: the fact's source and target as the draft names them)."""
    valid_at, invalid_at = hit.spell or hit_dates(s, hit, times)
    if hit.ending and invalid_at in (None, s.reference) and not hit.retracts:
        fact = (names[0], hit.relation, names[1])
        invalid_at = ended_before_the_held(known, fact, (valid_at, s.reference))
    return valid_at, hit.retracts or invalid_at


def ended_before_the_held(
    known: Known, fact: tuple[str, str, str], said: tuple[datetime | None, datetime]
) -> datetime:
    """The end of an undated ending (``said``: its start, if told, and when it was said):
    when it ends a value of a one-value relation the source does not hold, while it holds
    another since before ("moved to Busan two weeks ago" ... "before I was in Daejeon for
    six years"), the old value was over by the time the held one began (after its own
    start); else when it was said."""
    source, relation, target = fact
    start, at = said
    who, key = normalize_name(source), normalize_name(target)
    held = known.targets.get((who, relation), {})
    if not is_functional(relation) or key in held:
        return at
    starts = [known.starts.get((who, relation, k)) for k in held]
    after = [t for t in starts if t is not None and t < at and (start is None or t > start)]
    return max(after, default=at)
