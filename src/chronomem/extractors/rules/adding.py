"""One hit of a sentence into the draft: its entities, dates, text and fact."""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.fact_dates import fact_dates
from chronomem.extractors.rules.fact_texts import fact_text
from chronomem.extractors.rules.hit_dates import owned_times, passing_times
from chronomem.extractors.rules.items import one_item_text
from chronomem.extractors.rules.rivals import without_rivals
from chronomem.extractors.rules.trace import FactKey
from chronomem.model import ExtractedFact
from chronomem.model.relations import is_functional
from chronomem.text.dates import TimeExpression


def add_hit(
    s: Sentence,
    index: int,
    hit: Hit,
    hits: list[Hit],
    draft: Draft,
    known: Known,
    times: list[TimeExpression] | None = None,
) -> FactKey | None:
    """One hit of sentence ``index`` into the draft: its entities, dates (``times``, else
    those the hit owns in the sentence), text and fact; the fact's key (``None``: the hit
    told an attribute, or tied a person to themselves)."""
    source = draft.entity(hit.source, hit.source.name, hit.source.label, index)
    if hit.attribute:
        draft.entities[normalize_name(source)].attributes[hit.attribute] = hit.target.name
        return None
    target = draft.entity(hit.target, hit.target.name, hit.target.label, index)
    if normalize_name(source) == normalize_name(target):
        return None  # "I'm Gottfried, Gottfried Ebner": the speaker is no fact of their own
    owned = (
        times
        if times is not None
        else passing_times(s, hit)
        if hit.undated
        else owned_times(s, hit, hits)
    )
    valid_at, invalid_at = fact_dates(s, hit, owned, known, (source, target))
    text = fact_text(s, hit, draft, valid_at)
    text = one_item_text(text, hit, hits)
    if not hit.ending and is_functional(hit.relation):  # "moved to Cork, galway rent was..."
        text = without_rivals(text, target, _rivals(draft, known, source, hit.relation))
    key = draft.add_fact(ExtractedFact(source, target, hit.relation, text, valid_at, invalid_at))
    draft.told_in.setdefault(key, index)
    if hit.redates:
        draft.redate(key, valid_at)
    if hit.ending and invalid_at is not None:
        draft.end_told_over(source, target, invalid_at)
    now = _NOW.search(s.text, *hit.clause) if is_functional(hit.relation) else None
    if not hit.ending and now is not None:
        draft.supersede(key, index, valid_at, _told_before(hit, hits, now.start()))
    known.learn_fact(source, hit.relation, target, ended=hit.ending, text=text, start=valid_at)
    _learn_party(known, hit.target)
    _learn_party(known, hit.source)
    return key


# a value told as the one of now: "Now I'm on my old iPhone", "I'm in Leeds now"
_NOW = re.compile(r"\bnow\b(?! (?:also|too|and then)\b)", re.I)


def _told_before(hit: Hit, hits: list[Hit], now: int) -> frozenset[str]:
    """The values of ``hit``'s relation and source that its sentence tells before its
    "now" at ``now``, told before the value ("my doctor, Dr Kalniņa, she moved away, so now
    my doctor is ..."; not "I work at Fellside Runners, the shop in Ambleside, now": one
    value told twice)."""
    if now > hit.verb[0]:
        return frozenset()
    return frozenset(
        normalize_name(h.target.name)
        for h in hits
        if h.relation == hit.relation
        and not h.ending
        and h.verb[1] <= now
        and normalize_name(h.source.name) == normalize_name(hit.source.name)
    )


def _rivals(draft: Draft, known: Known, source: str, relation: str) -> list[str]:
    """The values of ``relation`` the source held before or was told of in this episode."""
    who = normalize_name(source)
    held = list(known.targets.get((who, relation), {}).values())
    told = [
        f.target
        for f in draft.facts.values()
        if f.relation == relation and normalize_name(f.source) == who
    ]
    return held + told


def _learn_party(known: Known, party: Party) -> None:
    species = dict(party.attributes).get("species")
    if species:
        known.species[normalize_name(party.name)] = species
    if party.label in ("Person", "Pet") and not party.speaker:
        known.learn(party.name, party.label)
