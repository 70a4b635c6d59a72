"""What a fact the reader read ends of the values held: the old value a replacement names
("Lagos, not Abuja") when it can be one, the value a user's denial takes back ("so not
allergic after all"); and a held role's holder acting on a value ("my GP sent me to Dr.
Kaur"), which names no new holder."""

from __future__ import annotations

import re

from chronomem.extractors.learned.reader import ReadFact
from chronomem.extractors.learned.told import negates_held
from chronomem.extractors.learned.whose import subjectless
from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span

_NAMED_KINDS = frozenset({"Location", "Organization", "Person"})
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def held_ended(s: Sentence, fact: ReadFact, role: str, known: Known) -> Party | None:
    """The speaker, for an ending on a user's line that names no one ("so not allergic
    after all") of a value the speaker holds in that relation: a denial ``whose.owner``
    reads as no one's claim, but what it takes back is the speaker's."""
    text = s.text[fact.value[0] : fact.value[1]]
    mine = fact.aspect == "end" and fact.subject == "speaker" and role == "user"
    if not (mine and s.speaker and subjectless(s, known)):
        return None
    return (
        Party(s.speaker, "Person", speaker=True)
        if negates_held(s, known, fact.relation, text)
        else None
    )


ROLE_RELATIONS = ("ROLE_HELD_BY", "MANAGED_BY")


def held_role_acts(s: Sentence, known: Known, subject: str, found: Span) -> bool:
    """Does the holder of a role ``subject`` already has (``Known.roles``, learned from
    earlier sentences: "my GP is Dr. Banks") act on the value before it ("my GP sent me to
    Dr. Kaur")? A role told with "is" or a change ("changed dentists, seeing Dr. Osei now")
    names its new holder."""
    who, text = normalize_name(subject), s.text[: found.start].lower()
    return any(
        owner == who and re.search(rf"\bmy\s+{re.escape(role.lower())}\s+{_ACTS}", text)
        for owner, role in known.roles
    )


# a word right after "my <role>" that is a verb of its own: no form of "to be" or "to have",
# no word of time ("my dentist is Dr. Osei", "my GP now is ...")
_ACTS = r"(?!(?:is|was|will|now|then|has|had|just|since|from)\b)[a-z]+\b"


def same_kind(old: Party, new: Party) -> bool:
    """Can ``old`` be the value ``new`` replaces? A value told in words (a title, a diet)
    replaces no named place, company or person ("I work in Porto now, Lisbon was before,
    I am architect": the tagger's nearest old value is no earlier title)."""
    if _NUMBER.fullmatch(new.name.strip()) and not _NUMBER.fullmatch(old.name.strip()):
        return False  # "aged 84, left her flat in Benavente": no age ends a flat
    return new.named or not old.named or old.label not in _NAMED_KINDS


def overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def replaces(fact: ReadFact) -> bool:
    """Does the fact name the old value it replaces, apart from its own ("Lagos, not
    Abuja"; a value tagged as both is no replacement)?"""
    ends, value = fact.ends, fact.value
    apart = ends is not None and not overlap(ends, value)
    return apart and fact.aspect in ("start", "correction", "state")
