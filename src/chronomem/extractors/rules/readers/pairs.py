"""Two people as one subject of a tie between them: "Derek and Kayla broke up", "my parents
Ann and Joe got divorced", "Mia and Sam got engaged", "Ray & Donna are dating".

The pattern table reads one subject and one object; here both ends stand before the verb.
An ending verb ends the tie the conversation told between the two (dating or married),
else the one the verb names; a verb of union starts one.
"""

from __future__ import annotations

import re
from itertools import pairwise

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import AND_ME, ME_AND
from chronomem.model.slots import STEPS

_AND = re.compile(r"\s*(?:and|&)\s+")
_ADVERBS = r"(?:(?:have|had|has|just|finally|officially|recently|already|are|were|got|getting)\s+)*"
# verb -> (relation, ending)
_VERBS = (
    (re.compile(rf"\s+{_ADVERBS}(?:divorced|separated)\b", re.I), "MARRIED_TO", True),
    (
        re.compile(
            rf"\s+{_ADVERBS}(?:broke up|break up|split(?: up)?|called it (?:quits|off)|"
            r"(?:called|broke) off (?:the|their) (?:engagement|wedding|relationship)|"
            # (and a learner's bare "we are finish")
            r"ended (?:it|things)|(?<=are |ere |'re )(?:done|over|finished|finish)"
            r"(?=\s*(?:$|[.,!;]|now\b|for good\b)))\b",
            re.I,
        ),
        "DATING",
        True,
    ),
    (
        re.compile(
            rf"\s+{_ADVERBS}(?:married|wed|eloped|tied the knot|got hitched|said (?:I do|our vows))"
            r"\b",
            re.I,
        ),
        "MARRIED_TO",
        False,
    ),
    (re.compile(rf"\s+{_ADVERBS}engaged\b", re.I), "ENGAGED_TO", False),
    (
        re.compile(
            rf"\s+{_ADVERBS}(?:dating|together now|got together|started (?:dating|going"
            r" out|seeing each other))\b",
            re.I,
        ),
        "DATING",
        False,
    ),
)
_TIES = ("MARRIED_TO", "ENGAGED_TO", "DATING")


def pair_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The tie a sentence starts or ends between two people named together as its subject."""
    people = [sp for sp in s.spans if _is_person(sp, known)]
    pairs = [
        (Party(a.name, "Person"), Party(b.name, "Person"), a.start, b.end, None)
        for a, b in pairwise(people)
        if _AND.fullmatch(s.text, a.end, b.start)
    ]
    out: list[Hit] = []
    for source, target, start, end, said in pairs + _with_the_speaker(s, known, people):
        told = _predicates(s.text, end)
        for i, (m, relation, ending, clause) in enumerate(told):
            if ending:
                relation = _told_tie(known, source.name, target.name) or relation
            if any(h.verb[0] <= m.end() and m.start() <= h.verb[1] for h in hits):
                break  # the table already read this verb
            if i == 0 and m.start() == end:  # the first one's clause opens at the pair
                text = f"{said}{m.group()}" if said else None
                clause = (start, m.end() if len(told) == 1 else clause[1])
            else:  # "... and broke up last August", "..., we separated": the pair again
                text = f"{source.name} and {target.name}{m.group()}"
                clause = (start, m.end() if len(told) == 1 else clause[1]) if i == 0 else clause
            out.append(Hit(relation, source, target, ending, clause, m.span(), text))
    return out


Predicate = tuple[re.Match[str], str, bool, tuple[int, int]]  # verb, relation, ending, clause
# the next predicate of the same pair: "got together in 2021 and broke up last August",
# "started dating in 2015, then split up in 2020"
_NEXT = re.compile(r"[^.;!?]*?(?P<join>(?:,\s*|\s+)(?:(?:and|but)(?:\s+then)?|then))(?=\s)", re.I)


# the pair said again as "we" or "they" before the verb: "my wife Lusine and me, we separated
# last month", "Derek and Kayla, they broke up"
_SAID_AGAIN = re.compile(r",?\s*(?:we|they)(?:'re|'ve)?(?=\s)", re.I)


def _predicates(text: str, end: int) -> list[Predicate]:
    """The tie verbs of a pair told at ``end``, each with the clause that holds its dates:
    one, or several joined by "and" ("married in 2010 and divorced in 2019": each its own
    date, up to the next one's "and")."""
    out: list[Predicate] = []
    again = _SAID_AGAIN.match(text, end)
    at = again.end() if again else end
    while (found := _verb_at(text, at)) is not None:
        m, relation, ending = found
        nxt = _NEXT.match(text, m.end())
        out.append((m, relation, ending, (at, nxt.start("join") if nxt else len(text))))
        if nxt is None:
            break
        at = nxt.end()
    return out


def _verb_at(text: str, at: int) -> tuple[re.Match[str], str, bool] | None:
    for regex, relation, ending in _VERBS:
        m = regex.match(text, at)
        if m is not None:
            return m, relation, ending
    return None


_WE = re.compile(r"\b[Ww]e(?P<aux>'re|'ve)?(?=\s)")
_AUX = {"'re": " are", "'ve": " have"}
Pair = tuple[Party, Party, int, int, str | None]  # source, target, start, end, text opening


def _with_the_speaker(s: Sentence, known: Known, people: list[Span]) -> list[Pair]:
    """The speaker and someone as one subject: "Aiko and I got engaged", "me and Jo split
    up", and "we" for the partner the conversation told ("we're engaged", "we broke up")."""
    if s.speaker is None or s.assistant or s.question:
        return []
    me = Party(s.speaker, "Person", speaker=True)
    out: list[Pair] = []
    for span in people:
        after = AND_ME.match(s.text, span.end)
        before = ME_AND.search(s.text, max(0, span.start - 12), span.start)
        if after is not None:
            out.append((me, Party(span.name, "Person"), span.start, after.end(), None))
        elif before is not None:
            out.append((me, Party(span.name, "Person"), before.start(), span.end, None))
    partner = _partner(known, s.speaker)
    for m in _WE.finditer(s.text) if partner is not None else ():
        said = f"{s.speaker} and {partner}{_AUX.get(m.group('aux') or '', '')}"
        out.append((me, Party(partner or "", "Person"), m.start(), m.end(), said))
    return out


def _partner(known: Known, speaker: str) -> str | None:
    """The one partner the speaker was last told to have (none, or several: None)."""
    me = normalize_name(speaker)
    # a fiancé(e) too: "we got married"
    found = [v for r in STEPS["partner"] for v in known.targets.get((me, r), {}).values()]
    return found[-1] if len(set(found)) == 1 else None


def _is_person(span: Span, known: Known) -> bool:
    """A person, or a name of no other kind (the verbs here take only people)."""
    key = normalize_name(span.name)
    return span.label in (None, "Person") and known.labels.get(key, "") in ("", "Person")


def _told_tie(known: Known, a: str, b: str) -> str | None:
    """The tie told earlier between ``a`` and ``b`` (either direction), if any."""
    ka, kb = normalize_name(a), normalize_name(b)
    for relation in _TIES:
        if kb in known.targets.get((ka, relation), {}) or ka in known.targets.get(
            (kb, relation), {}
        ):
            return relation
    return None
