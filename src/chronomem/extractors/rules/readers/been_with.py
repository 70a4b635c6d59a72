"""A tie dated from its start: "I've been with (my partner) Sam since 2019" (``been_with``);
a couple's length: "we've been together since 2021", "Kerem and I have been dating for 3
years", "we are together 6 years" (``couple_since``).

(Round 13 deleted the start and its dated end told in one breath, "I joined Vestas in 2018
and left in June 2023", and the spell held until now, "back in Cork after three years in
Berlin": their stages fired in no scenario of the held-out sets.)
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.model.slots import STEPS
from chronomem.text.date_words import COUNTS, number
from chronomem.text.daymath import DayContext, shift

# "I've been with Sam since 2019", "been with my partner Sam for 3 years": a tie's start
_BEEN_WITH = re.compile(
    r"\bbeen\s+(?:together\s+)?with\s+(?:my\s+(?P<role>partner|boyfriend|girlfriend|bf|gf"
    r"|husband|wife|fianc[eé]e?)\s+)?(?P<name>(?-i:[A-Z][a-z]+))\b",
    re.I,
)
_TIES = {"husband": "MARRIED_TO", "wife": "MARRIED_TO"}


def been_with(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "I've been with (my partner) Sam since 2019": the tie dated from its start (a tie
    named in passing is otherwise dated when told). Returns the hits."""
    m = _BEEN_WITH.search(s.text)
    if s.speaker is None or s.assistant or m is None:
        return hits
    since = [t for t in s.times if t.role == "since" and t.start >= m.end()]
    if not since:
        return hits  # "been with Sam all day": no start
    name = m.group("name")
    told = [h for h in hits if normalize_name(h.target.name) == normalize_name(name)]
    if told:
        return [replace(h, undated=False) if h in told else h for h in hits]
    span = next((sp for sp in s.spans if sp.start == m.start("name")), None)
    person = (span is not None and span.label == "Person") or normalize_name(name) in known.persons
    if not m.group("role") and not person:
        return hits  # "been with Vodafone since 2015": a provider as often as a partner
    relation = _TIES.get((m.group("role") or "").lower(), "DATING")
    me = Party(s.speaker, "Person", speaker=True)
    text = f"{s.speaker} has been with {name}"
    tie = Hit(relation, me, Party(name, "Person"), False, (m.start(), since[0].end), m.span(), text)
    return [*hits, tie]


# "we've been together since 2021", "Kerem and I have been dating for 3 years", "we are
# together 6 years" (a learner's present): the couple's tie dates from then
_TOGETHER = re.compile(
    r"\b(?:we|(?-i:(?P<name>[A-Z][a-z]+)) and (?:I|me)|(?:I|me) and (?-i:(?P<other>[A-Z][a-z]+)))"
    r"(?:'ve|'re|\s+(?:have|are|were|had))?\s+(?:been\s+)?"
    r"(?P<tie>together|dating|courting|going out|a couple|married|engaged)\b",
    re.I,
)
_TIE_OF = {"married": "MARRIED_TO", "engaged": "ENGAGED_TO"}
_TEXTS = {
    "DATING": "{me} is in a relationship with {partner}",
    "MARRIED_TO": "{me} is married to {partner}",
    "ENGAGED_TO": "{me} is engaged to {partner}",
}
_BARE_LENGTH = re.compile(rf"\s+(?P<count>{COUNTS})\s+(?P<unit>years?|months?)\b", re.I)


def couple_since(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "We've been together since 2021": the speaker's partner (named, told in the
    sentence, or the one held) in the tie the words name (together, dating: ``DATING``),
    dated from that start. Returns the hits."""
    m = _TOGETHER.search(s.text)
    if s.speaker is None or s.assistant or m is None:
        return hits
    start = _couple_start(s, m)
    partner = _partner(s, known, hits, m.group("name") or m.group("other"))
    if start is None or partner is None:
        return hits
    relation = _TIE_OF.get(m.group("tie").lower(), "DATING")
    told = [h for h in hits if _same(h, relation, partner)]
    if told:  # "my boyfriend Kerem and me, we are together 6 years": the tie told, dated
        return [replace(h, spell=(start, None)) if h in told else h for h in hits]
    me = Party(s.speaker, "Person", speaker=True)
    text = _TEXTS[relation].format(me=s.speaker, partner=partner)
    span = (m.start(), len(s.text))
    tie = Hit(
        relation, me, Party(partner, "Person"), False, span, m.span(), text, spell=(start, None)
    )
    return [*hits, tie]


def _couple_start(s: Sentence, m: re.Match[str]) -> datetime | None:
    """The start the sentence tells after the couple's words: a "since" or a length run."""
    since = [t.when for t in s.times if t.role == "since" and t.start >= m.end()]
    if since:
        return since[0] if since[0] <= s.reference else None
    bare = _BARE_LENGTH.match(s.text, m.end())
    if bare is None:
        return None
    ctx = DayContext(ref=s.reference, day=s.reference.date(), future=False)
    return shift(ctx, -number(bare.group("count")), bare.group("unit"))


def _partner(s: Sentence, known: Known, hits: list[Hit], name: str | None) -> str | None:
    """The partner: the one named, else the one a partner fact of the sentence names, else
    the one partner the speaker holds."""
    if name is not None:
        return name
    told = {h.target.name for h in hits if h.relation in STEPS["partner"]}
    if len(told) == 1:
        return next(iter(told))
    me = normalize_name(s.speaker or "")
    held = {v for r in STEPS["partner"] for v in known.targets.get((me, r), {}).values()}
    return next(iter(held)) if len(held) == 1 else None


def _same(hit: Hit, relation: str, partner: str) -> bool:
    return hit.relation == relation and normalize_name(hit.target.name) == normalize_name(partner)
