"""A favourite named without its kind: "my new go-to is Kaffi", "Vaughan Williams has become
my favourite", "silksong is my #1 now".

The kind is what lets a new favourite close the old one ("favourite show" vs "favourite
food", ``model.slots.kind_of``). Said without it, the new favourite takes the place of the
one favourite its owner holds (told in the last turns), when there is exactly one: that one
ends. With two or more held, which one is meant is unknown: the new one is kept as a
"favorite thing" (a kind no other favourite has), nothing is closed. This holds for every
favourite told without its kind, whichever stage read it (the pattern table's "X is my
favourite" too).
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.tables.favourites import FAVORITE, NOT_VALUE, START
from chronomem.model.slots import kind_of

_KINDLESS = re.compile(
    r"\b(?:my|our) (?:new |current |latest )" + FAVORITE + r" "
    r"(?:is|'s) (?:now |definitely |officially )?(?:an? |the )?(?P<obj>[\w'-]+)",
    re.I,
)
# What may follow a favourite with no kind: the clause's end or a word saying when or how
# sure ("silksong is my #1 now no contest"); any other word may be its kind (the table's rows
# read "X is my favourite band").
_NO_KIND = (
    r"(?=\W*$|\s*[.!?,;:)]|\s+(?:now|rn|atm|lately|these days|again|by far|no contest|"
    r"hands down|for sure|tbh|honestly|lol|ever|forever|too|already)\b)"
)
# "... has become my favourite", "... is my #1 now": after the value
_IS_MY = re.compile(
    r"\s+(?:is|'s|has become|became|has now become|has been|is now)\s+"
    r"(?:(?:now|officially|definitely|easily|hands down|probably|totally|really)\s+)*"
    r"(?:my|our)\s+(?:(?:new|current|all-time|absolute|undisputed|latest)\s+)*"
    r"(?:" + FAVORITE + r"|#1|number one)" + _NO_KIND,
    re.I,
)
# a value of a word or two opening its clause, in lower case or a capitalised word the
# entity finder had no evidence for ("silksong is my #1 now", "ok Renaissance is my #1")
_OPENING_VALUE = re.compile(
    START + r"(?P<obj>" + NOT_VALUE + r"(?-i:[a-z][a-z-]+|[A-Z][\w'-]+)"
    r"(?: (?!(?:is|has|was|became)\b)(?-i:[A-Za-z][\w'-]+))?)(?=\s)",
    re.I,
)
_KINDLESS_KINDS = frozenset({"thing", "one"})


def kindless_favourites(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """``hits`` with the favourite ``s`` names without its kind, and the end of the one
    favourite its owner held before (exactly one told)."""
    if not s.speaker or s.assistant or s.question:
        return hits
    if not any(h.relation == "HAS_FAVORITE" for h in hits):
        hits = hits + _read(s)
    out: list[Hit] = []
    for hit in hits:
        if hit.relation == "HAS_FAVORITE" and not hit.ending and _kindless(hit):
            out += _in_place_of_held(hit, known)
        else:
            out.append(hit)
    return out


def _read(s: Sentence) -> list[Hit]:
    """The speaker's favourite ``s`` names with no kind: "my new go-to is X", "X has become
    my favourite", "X is my #1 now"."""
    assert s.speaker is not None
    me = Party(s.speaker, "Person", speaker=True)
    m = _KINDLESS.search(s.text)
    if m is not None:
        span = next((sp for sp in s.spans if sp.start == m.start("obj")), None)
        return [_hit(s, me, span.name if span else m.group("obj").lower(), span, m.span())]
    for span in s.spans:
        tail = _IS_MY.match(s.text, span.end) if span.named else None
        if tail is not None:
            return [_hit(s, me, span.name, span, (span.start, tail.end()))]
    for clause in s.clauses:
        opening = _OPENING_VALUE.match(s.text, clause[0], clause[1])
        tail = _IS_MY.match(s.text, opening.end("obj"), clause[1]) if opening else None
        if opening is not None and tail is not None:
            verb = (opening.start("obj"), tail.end())
            return [_hit(s, me, opening.group("obj"), None, verb)]
    return []


def _hit(s: Sentence, me: Party, name: str, span: Span | None, verb: tuple[int, int]) -> Hit:
    value = Party(name, (span.label if span else None) or "Topic", span is not None)
    text = f"{me.name}'s favorite thing is {name}"
    return Hit("HAS_FAVORITE", me, value, False, s.clause_at(verb[0]), verb, text)


def _kindless(hit: Hit) -> bool:
    return hit.text is not None and kind_of("HAS_FAVORITE", hit.text) in _KINDLESS_KINDS


def _in_place_of_held(hit: Hit, known: Known) -> list[Hit]:
    """The kindless favourite ``hit`` and the end of the one favourite its owner holds;
    ``hit`` alone when none or several are held."""
    held = known.targets.get((normalize_name(hit.source.name), "HAS_FAVORITE"), {})
    others = [v for k, v in held.items() if k != normalize_name(hit.target.name)]
    if len(held) != 1 or len(others) != 1:
        return [hit]
    ended = Hit("HAS_FAVORITE", hit.source, Party(others[0], "Topic"), True, hit.clause, hit.verb)
    return [hit, ended]
