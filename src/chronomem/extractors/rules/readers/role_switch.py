"""A role one has one of, handed to a new person: "switched dentists, I see Dr. Moreau now",
"changed GPs to Dr. Lee", "swapped therapists - Dana Whitfield now", when the earlier
holder was not told in the last turns (``role_successors.py`` reads the change of a holder
the conversation knows; this reads the new holder alone, so that a later change closes it).

The verb of change names the role in the plural (or "my X"), the new person is the first
person named after it in the sentence; the speaker's ROLE_HELD_BY that role (one per role,
``model/relations.py``) is that person, so the one told before is closed. "changed doctors
because Dr. Smith retired" names the old one after "because": nothing is read after a word
of reason.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.subjects import canonical_role
from chronomem.extractors.rules.tables.life_words import ROLES_PERSONAL

_ROLE = "|".join(sorted(ROLES_PERSONAL, key=len, reverse=True))
_SWITCH = re.compile(
    rf"\b(?:switched|changed|swapped|switching|changing|found a new|got a new) "
    rf"(?:my |our )?(?P<role>{_ROLE})s?\b",
    re.I,
)
_REASON = re.compile(r"\b(?:because|since|as|after|cause|cuz|coz|bc)\b", re.I)


def role_switch_hits(s: Sentence, hits: list[Hit], known: Known) -> list[Hit]:
    """ROLE_HELD_BY for the person named after a change of the speaker's doctor, coach...
    when no holder of the role was told before (one told before: ``role_successors.py``)."""
    if not s.speaker or s.assistant or s.question:
        return []
    m = _SWITCH.search(s.text)
    if m is None or any(h.relation == "ROLE_HELD_BY" for h in hits):
        return []
    if (normalize_name(s.speaker), canonical_role(m.group("role"))) in known.roles:
        return []
    reason = _REASON.search(s.text, m.end())
    limit = reason.start() if reason else len(s.text)
    person = next(
        (sp for sp in s.spans if m.end() <= sp.start < limit and sp.named and _person(sp.label)),
        None,
    )
    if person is None:
        return []
    role = canonical_role(m.group("role"))
    me = Party(s.speaker, "Person", speaker=True)
    target = Party(person.name, "Person")
    clause = s.clause_at(person.start)
    text = f"{person.name} is {s.speaker}'s {role}"
    return [Hit("ROLE_HELD_BY", me, target, False, clause, m.span(), text)]


def _person(label: str | None) -> bool:
    return label in (None, "Person")
