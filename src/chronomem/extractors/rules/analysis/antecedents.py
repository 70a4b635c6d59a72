"""Whom "he" or "she" stands for, read over a message in order.

The rules resolve a pronoun while they read, sentence by sentence, against the people met so
far (``Known.antecedent``). A stage that reads a message after all its sentences (the learned
step) cannot ask ``Known``: by then it holds the people of the whole message, the last named
last. This resolver reads the message itself: the people named before the pronoun in its own
sentence, then in the sentences before it, then those met in earlier turns; the nearest
whose gender fits ("my son he is ten years old and he is in the Scouts": the son).

A person is met by a name the conversation knows as a person's, or by a role ("my son",
"my gran": the speaker's son, a he; "my parents": no gender). No list of first names: a
name's gender is what the conversation marked (``gender.py``), a role's is its word's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.gender import noun_gender, pronoun_gender
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import role_mentions, roles_asked_of

PRONOUN = re.compile(r"\b(?:[Hh]e|[Ss]he)\b")
_NEAREST = 3  # a gender told wins among the three people met last


@dataclass(frozen=True, slots=True)
class Met:
    """A person met in the message: who, and the gender the conversation marked (or
    ``None``)."""

    party: Party
    gender: str | None


def people_in(s: Sentence, end: int, known: Known, aged: bool = False) -> list[Met]:
    """The people ``s`` names before offset ``end``, in order (pronouns aside; ``aged``: pets
    and names of no known kind too, who may hold an age or a condition)."""
    found: list[tuple[int, Met]] = []
    for span in s.spans:
        key = normalize_name(span.name)
        party = _met_party(span, key, known, aged)
        if span.end <= end and span.named and party is not None and key not in known.speakers:
            found.append((span.start, Met(party, known.genders.get(key))))
    for start, _, party, role in role_mentions(s, 0, end, known):
        if party is not None:
            found.append((start, Met(party, noun_gender(role))))
    return [met for _, met in sorted(found, key=lambda f: f[0])]


def antecedent(
    pronoun: str,
    s: Sentence,
    at: int,
    before: Sequence[Sentence],
    known: Known,
    aged: bool = False,
) -> Party | None:
    """The person ``pronoun`` (at offset ``at`` of ``s``) stands for: of the people met
    before it (``before``: the message's earlier sentences; then earlier turns), the nearest
    of its gender among the last three, else the nearest not known to be of the other
    (``aged``: the pronoun holds an age or a condition, so a pet or a name of no known kind
    met may be whom it stands for: "Sergeant Fluff. he's 6")."""
    met = _met_before(s, at, before, known, aged)
    recent = [m for m in reversed(met) if not m.party.speaker]
    gender = pronoun_gender(pronoun)
    same = next((m for m in recent[:_NEAREST] if m.gender == gender), None)
    if same is not None:
        return same.party
    return next((m.party for m in recent if m.gender in (None, gender)), None)


def _met_before(
    s: Sentence, at: int, before: Sequence[Sentence], known: Known, aged: bool
) -> list[Met]:
    """Everyone met before offset ``at`` of ``s``, the nearest last: earlier turns' people,
    then the message's sentences in order."""
    earlier = [
        Met(Party(name, "Person"), known.genders.get(key))
        for key, name in known.people.items()
        if key in known.earlier
    ]
    if known.asked and s.speaker:  # "How's your nan?" - "she's ok, moved into a care home"
        earlier += [
            Met(party, noun_gender(role))
            for party, role in roles_asked_of(known.asked, s.speaker, known)
        ]
    here = [met for b in before for met in people_in(b, len(b.text), known, aged)]
    return earlier + here + people_in(s, at, known, aged)


def _met_party(span: Span, key: str, known: Known, aged: bool) -> Party | None:
    """The party a name met is, as a candidate for a "he" or "she": a person; with ``aged``,
    a pet or a name of no known kind too (``None``: neither)."""
    if span.label == "Person" or key in known.persons or key in known.genders:
        return Party(span.name, "Person")
    if aged and (span.label == "Pet" or known.is_pet(key)):
        return Party(span.name, "Pet")
    return Party(span.name, None) if aged and span.label is None else None
