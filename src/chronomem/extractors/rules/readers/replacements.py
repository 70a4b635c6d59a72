"""Two values of one one-value relation told of one subject in one sentence: a replacement.

A person drives one car, wears one watch, lives in one place (``model/relations.py``). When
a sentence gives a subject two current values of such a relation ("garmin screen cracked so
I replaced it with an Apple Watch", "civic's gone, got a mazda 3"), both cannot hold: one is
the old value, ending, and one the new. Which is old is read from the structure, not from
the words around it:

- the value the subject already holds (by name: "garmin" is the held "Garmin Forerunner");
- else the value referred to as already there (``my``/``the``/``our``/``old``) beside one
  brought in (``a``/``an``/``new``).

A value whose own clause tells a state that is over ("now I am a taxi driver, but before I
was engineer") is ended by its tense wherever it is told (``text/past_states.py``; round 24 deleted
this reader's own reading of it, which the tense covers on every check of the sets).

When neither tells, or the two are joined as one list ("Google and Meta"), both stay as
they were.

A value ended and a name told after it with "now" and no verb of its own ("no more
Ventolin, now Symbicort morning and evening", "sold the Fiat, now a Kia") is the ended
value's successor: it holds in the same relation from the same day.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from itertools import pairwise

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.model.relations import GENERIC_RELATIONS, functional_rule

_GIVEN = re.compile(r"\b(?:my|the|our|his|her|their|old|previous)\s+(?:\w+\s+){0,2}$", re.I)
_BROUGHT = re.compile(r"\b(?:a|an|new|another)\s+(?:\w+\s+){0,2}$", re.I)


def replaced_values(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """``hits`` with the old value of each replacement in ``s`` turned into an ending."""
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, hit in enumerate(hits):
        rule = functional_rule(hit.relation)
        if not hit.ending and rule is not None and rule.unique == "subject":
            groups[(normalize_name(hit.source.name), hit.relation)].append(i)
    out = list(hits)
    for (who, relation), members in groups.items():
        targets = {normalize_name(hits[i].target.name) for i in members}
        if len(targets) < 2 or _coordinated(s, [hits[i].target for i in members]):
            continue
        held = known.targets.get((who, relation), {})
        old = _held(hits, members, held) or _given(s, hits, members)
        for i, name in old.items():
            out[i] = replace(hits[i], ending=True, target=replace(hits[i].target, name=name))
    return out


def successors(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """``hits`` and, after each ending of a value (no mention's), the name told after
    "now" with no verb of its own: its new value."""
    out = list(hits)
    named = {(h.relation, normalize_name(h.target.name)) for h in hits}
    for hit in hits:
        if not hit.ending or hit.relation in GENERIC_RELATIONS:
            continue
        m = _NOW_NAMED.match(s.text, hit.verb[1]) or _NOW_NAMED.match(s.text, hit.clause[1])
        found = next((sp for sp in s.spans if m and sp.named and sp.start == m.end()), None)
        if found is None or (hit.relation, normalize_name(found.name)) in named:
            continue
        target = Party(found.name, found.label or hit.target.label, True)
        spell = (hit.spell[1], None) if hit.spell and hit.spell[1] else None  # from its end
        verb = (found.start, found.end)
        out.append(replace(hit, target=target, ending=False, verb=verb, spell=spell))
        named.add((hit.relation, normalize_name(found.name)))
    return out


# between an ending and its successor: "no more Ventolin, now Symbicort", "..., now a Kia"
_NOW_NAMED = re.compile(
    r"[^,;.!?]{0,40}?[,;]\s*(?:and\s+|but\s+|so\s+)?now\s+(?:(?:a|an|the|my|on)\s+)?(?=\w)",
    re.I,
)


def _coordinated(s: Sentence, targets: list[Party]) -> bool:
    """ "Google and Meta", "a Polo & a Golf": values joined as one list both hold."""
    spans = sorted((_start(s, t), _start(s, t) + len(t.name)) for t in targets)
    return any(
        _JOINED.fullmatch(s.text[a_end:b_start]) is not None
        for (_, a_end), (b_start, _) in pairwise(spans)
    )


_JOINED = re.compile(r"\s*(?:,|&|\+|,?\s*and|,?\s*as well as|,?\s*plus)\s*(?:an?\s+|the\s+)?", re.I)


def _held(hits: list[Hit], members: list[int], held: dict[str, str]) -> dict[int, str]:
    """The members naming a value already held, with its held name; only when some
    member names another value."""
    old = {}
    for i in members:
        name = _match(normalize_name(hits[i].target.name), held)
        if name is not None:
            old[i] = name
    return old if 0 < len(old) < len(members) else {}


def _match(name: str, held: dict[str, str]) -> str | None:
    words = set(name.split())
    for key, display in held.items():
        if key == name or (words and words <= set(key.split())):
            return display
    return None


def _given(s: Sentence, hits: list[Hit], members: list[int]) -> dict[int, str]:
    """One member referred to as already there, the others brought in."""
    given = [i for i in members if _GIVEN.search(s.text[: _start(s, hits[i].target)])]
    brought = [i for i in members if _BROUGHT.search(s.text[: _start(s, hits[i].target)])]
    if len(given) == 1 and brought and given[0] not in brought:
        return {given[0]: hits[given[0]].target.name}
    return {}


def _start(s: Sentence, target: Party) -> int:
    at = s.text.lower().find(target.name.lower())
    return at if at >= 0 else 0
