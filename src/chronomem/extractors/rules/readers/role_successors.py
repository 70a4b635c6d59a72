"""A new person in a role someone already holds: "switched GP practices, seeing Dr. Nakamura
now", "my GP retired, the practice assigned me to Dr. Chen instead", "Coach Ruiz took over
my son's team".

The memory knows who holds a role for the speaker or their kin ("my GP is Dr. Halloran",
``Known.roles``). A later sentence that names the same role, says it changed ("now",
"instead", "new", "switched", "took over") and names another person tells the successor:
the same role fact with the new person, which the one-value table (``ROLE_HELD_BY`` /
``MANAGED_BY``: one person per role) turns into the end of the old one. A person the
sentence says is leaving ("Dr Abiola retired") is no successor.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.readers.losses import ended_by_verb
from chronomem.extractors.rules.tables.life_words import ROLES_MANAGER
from chronomem.text.words import word_set

_CHANGE = re.compile(
    r"\b(?:now|instead|new|newly|switched|switching|changed|changing|assigned|reassigned|"
    r"replaced|replacing|took over|taking over|takes over|transferred|moved (?:me|us) to)\b",
    re.I,
)
_TITLES = word_set("dr dr. mr mrs ms miss prof coach")
_ROLE_RELATIONS = ("ROLE_HELD_BY", "MANAGED_BY")
_WORD = re.compile(r"[a-z]+")


def with_successors(
    s: Sentence, known: Known, hits: list[Hit], roles: dict[tuple[str, str], str]
) -> list[Hit]:
    """``hits`` and the role facts of the successors this sentence names; a restatement of
    the old holder in the same sentence ("my GP Dr Abiola retired, ...") is dropped.
    ``roles``: who held which role before this sentence."""
    if s.question or s.assistant or not roles:
        return hits
    change = _CHANGE.search(s.text)
    if change is None:
        return hits
    words = set(_WORD.findall(s.text.lower()))
    out: list[Hit] = []
    for (owner, role), holder in roles.items():
        if not ({role, role + "s", role + "es"} & words) or owner not in known.display:
            continue
        mine = [h for h in hits if h.relation in _ROLE_RELATIONS and _key(h.source) == owner]
        if any(_bare(h.target.name) != _bare(holder) for h in mine):
            continue  # a row told the role's holder itself
        successor = _successor(s, known, holder)
        if successor is None:
            continue
        hits = [h for h in hits if h not in mine]
        out.append(_hit(s, known, owner, role, successor, change))
        known.learn_role(known.display[owner], role, successor.name)
    return hits + out


def _key(party: Party) -> str:
    return normalize_name(party.name)


def _hit(s: Sentence, known: Known, owner: str, role: str, who: Span, change: re.Match[str]) -> Hit:
    relation = "MANAGED_BY" if role in ROLES_MANAGER else "ROLE_HELD_BY"
    name = known.display[owner]
    source = Party(name, "Person", "'s " not in name, owner in known.speakers)
    clause = s.clause_at(who.start)
    text = f"{who.name} is {name}'s {role}"
    return Hit(relation, source, Party(who.name, "Person"), False, clause, change.span(), text)


def _successor(s: Sentence, known: Known, holder: str) -> Span | None:
    """The last person of the sentence who is not the holder, not a speaker and not said to
    be leaving."""
    held = _bare(holder)
    people = [
        sp
        for sp in s.spans
        if sp.named
        and _person(sp, known)
        and _bare(sp.name) != held
        and normalize_name(sp.name) not in known.speakers
        and not ended_by_verb(s.text, sp.start, sp.end)
    ]
    return people[-1] if people else None


def _person(span: Span, known: Known) -> bool:
    first = span.name.split()[0].lower()
    if span.label == "Person" or normalize_name(span.name) in known.persons:
        return True
    return first in _TITLES or span.label is None  # "Marek took over": a name of no kind


def _bare(name: str) -> str:
    """A name without its title and role words: "GP Dr Abiola" and "Dr. Abiola" -> "abiola"."""
    words = [w for w in normalize_name(name).replace(".", " ").split() if w not in _TITLES]
    return words[-1] if words else ""
