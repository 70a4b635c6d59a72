"""A tie told inside a possessive: "my son Mikko's birthday", "my sister Ines's wedding".

The role rows read "my son Mikko" as a tie, but a name followed by "'s" is the owner of
what comes next, so the row that would read it gives way ("Alice's car" is no Alice). When
a role of the speaker stands right before the name ("my daughter Fia's party", on an
assistant's turn read in the user's voice: "your daughter Fia's party"), the name is that
person: the tie is added after every other reader of the sentence, so what the sentence
tells of the party or the wedding is read as before.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.life_words import (
    ROLES_DATING,
    ROLES_FAMILY,
    ROLES_FRIEND,
    ROLES_MARRIED,
)

_RELATION = {
    **{r: "FAMILY_OF" for r in ROLES_FAMILY},
    **{r: "FRIEND_OF" for r in ROLES_FRIEND},
    **{r: "DATING" for r in ROLES_DATING},
    **{r: "MARRIED_TO" for r in ROLES_MARRIED},
}
_ROLES = "|".join(sorted(_RELATION, key=lambda w: (-len(w), w)))
_POSSESSED = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur) (?:(?:best|older|younger|little|big|baby|new) )?(?P<role>{_ROLES}) "
    r"(?P<name>(?-i:[A-Z][a-z]+(?:-[A-Z][a-z]+)?))'s?(?=\s|$)"
)


def possessed_role_hits(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """The ties "my <role> <Name>'s ..." tells that no hit of the sentence holds yet."""
    if s.speaker is None or s.assistant or "'" not in s.text:
        return []
    told = {normalize_name(h.target.name) for h in hits} | {
        normalize_name(h.source.name) for h in hits if h.relation in _RELATION.values()
    }
    me = Party(s.speaker, "Person", speaker=True)
    out = []
    for m in _POSSESSED.finditer(s.text):
        name = m.group("name")
        if normalize_name(name) in told:
            continue
        role = m.group("role").lower()
        relation = _RELATION[role]
        text = f"{name} is {s.speaker}'s {role}"
        person = Party(name, "Person")
        clause = (m.start(), m.end())
        out.append(Hit(relation, me, person, False, clause, m.span("role"), text, undated=True))
    return out
