"""What earlier turns and sentences taught the reader: names and their labels, devices,
the facts told and not ended, the people met last, the listener, plans ahead.

One :class:`Known` lives through an episode's reading (and its context turns); every
reader reads it, and the pipeline teaches it what each sentence said.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.model.relations import GENERIC_RELATIONS

_WORD = re.compile(r"[a-z]{3,}")
_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_FILLERS = frozenset({"the", "a", "an", "my", "our", "of"})
_OPEN = ("MENTIONED", "RELATED_TO")  # a name mentioned, no value held


class Ahead(NamedTuple):
    """A fact told with a date ahead, and the stems of the words that can name it again
    (``ahead.py``)."""

    source: str
    relation: str
    target: str
    label: str
    stems: frozenset[str]
    held: bool = False  # known from the memory's held values, not told in the earlier turns
    start: datetime | None = None  # the fact's valid_at: its day, or when it was told
    said: str = ""  # the fact's own text, to name the plan again when a later "it" moves it


# the words for one parent, which name the same person: "my mother Temsula ... my mum"
_KIN_KEYS = {
    **dict.fromkeys(("mother", "mum", "ma", "mam", "mammy", "mummy", "mama", "mommy"), "mom"),
    **dict.fromkeys(("father", "da", "papa", "daddy"), "dad"),
}


def role_key(owner: str, role: str) -> tuple[str, str]:
    """The key ``owner``'s ``role`` is known by in ``Known.roles``: one word for each
    parent, whichever the chat used ("my mother Temsula ... Ma retired")."""
    return normalize_name(owner), _KIN_KEYS.get(role.lower(), role)


@dataclass(slots=True)
class Known:
    """What earlier turns and sentences taught: names, devices, open facts, the listener."""

    labels: dict[str, str] = field(default_factory=dict)  # normalized name -> label ("" none)
    names: set[str] = field(default_factory=set)  # normalized proper names met (capitalised)
    persons: set[str] = field(default_factory=set)  # normalized person names
    devices: dict[str, str] = field(default_factory=dict)  # "printer" -> "HP LaserJet 4000"
    # (normalized source, relation) -> {normalized target: target} asserted and not ended,
    # oldest first
    targets: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    addressee: str | None = None  # the other speaker, for "you"
    display: dict[str, str] = field(default_factory=dict)  # normalized name -> name as met
    speakers: set[str] = field(default_factory=set)  # normalized names of the speakers
    # (normalized owner, role) -> the person in that role ("my sister Emma")
    roles: dict[tuple[str, str], str] = field(default_factory=dict)
    # normalized name -> name of people other than the speakers, and of pets, the last met
    # last: who "he" or "she" may stand for
    people: dict[str, str] = field(default_factory=dict)
    species: dict[str, str] = field(default_factory=dict)  # normalized pet name -> "cat"
    genders: dict[str, str] = field(default_factory=dict)  # normalized name -> "m" / "f"
    partner_to_name: str | None = None  # who just said they have someone new, not yet named
    # a new animal told by its kind alone, not yet named ("GOT A HAMSTER."): whose it is,
    # the key of its bare-kind fact ("" none), the kind, the sentence's index
    pet_to_name: tuple[str, str, str, int] | None = None
    # an engagement told in two steps: the person who proposed ("Hollis proposed last
    # night"), and the speaker who said they are engaged without naming to whom
    proposer: str | None = None
    engaged_to_name: str | None = None
    earlier: frozenset[str] = frozenset()  # normalized names met in the previous turns
    # (normalized source, relation, normalized target) -> the fact's text, as told
    texts: dict[tuple[str, str, str], str] = field(default_factory=dict)
    starts: dict[tuple[str, str, str], datetime] = field(default_factory=dict)  # its valid_at
    ahead: list[Ahead] = field(default_factory=list)  # upcoming facts told, the last last
    asked: str | None = None  # the assistant's turn just before, when it ends on a question
    last_day: datetime | None = None  # the last past day a sentence told ("since then")
    # (normalized source, relation, normalized target) of values known only from what the
    # memory holds (``engine/held.py``), not told in the earlier turns nor in this episode
    remembered: set[tuple[str, str, str]] = field(default_factory=set)
    # (normalized source, relation) -> the value told ended last ("handed in my notice at
    # Pell": a "my last day is ..." after it dates that ending)
    ended: dict[tuple[str, str], str] = field(default_factory=dict)
    # the plan a sentence of this turn told moved without its new day ("the tournament is
    # postponed"): a day ahead a later sentence gives is its new one ("so now it's the 8th")
    moved: Ahead | None = None
    # the last day ahead this turn named with its month ("9 August"): a day of the month
    # told alone after it is in that month ("I fly on the 7th")
    month_ahead: datetime | None = None
    # normalized name -> name of the things (no person, no pet) met, the last met last: what
    # "it" or "them" after a verb of ending may stand for ("I closed it last month")
    things: dict[str, str] = field(default_factory=dict)
    # the names of ``things`` met in this episode's sentences, not only in earlier turns
    things_here: set[str] = field(default_factory=set)
    # (normalized source, relation, normalized target) of the open facts told in this
    # episode's sentences, whatever day each starts ("from the first of June we live in X")
    told_here: set[tuple[str, str, str]] = field(default_factory=set)
    reading_episode: bool = False  # set once the earlier turns are read

    def learn(self, name: str, label: str | None, kind: str | None = None) -> None:
        key = normalize_name(name)
        if not key:
            return
        self.labels[key] = label or self.labels.get(key, "")
        self.display.setdefault(key, name)
        if name[:1].isupper():
            self.names.add(key)
        if label == "Person":
            self.persons.add(key)
        if (label == "Person" or self.labels[key] == "Pet") and key not in self.speakers:
            self.people.pop(key, None)
            self.people[key] = self.display[key]
        elif key not in self.persons and key not in self.speakers:
            self.things.pop(key, None)
            self.things[key] = self.display[key]
            if self.reading_episode:
                self.things_here.add(key)
        if kind and key != kind:
            self.devices.pop(kind, None)
            self.devices[kind] = name  # re-inserted: the last one met comes last

    def told_values(self) -> set[str]:
        """The normalized values of the open facts told, no catch-all relation's."""
        return {
            key
            for (_, relation), values in self.targets.items()
            if relation not in GENERIC_RELATIONS
            for key in values
        }

    def met_subject(self, name: str) -> None:
        """``name`` opened a sentence as its subject ("Kerry got the job!"): the latest
        candidate for a "he" or "she" after it, though not yet labelled a person (an
        organisation opens sentences the same way)."""
        key = normalize_name(name)
        if key in self.speakers or self.labels.get(key) not in (None, "", "Person"):
            return
        self.display.setdefault(key, name)
        self.people.pop(key, None)
        self.people[key] = self.display[key]

    def learn_role(self, owner: str, role: str, name: str) -> None:
        self.roles[role_key(owner, role)] = name
        self.learn(name, "Person")

    def in_role(self, owner: str, role: str) -> str | None:
        """The person told in ``owner``'s ``role`` ("my mother Temsula" for "my mum")."""
        return self.roles.get(role_key(owner, role))

    def only_remembered(self, source: str, relation: str, target: str) -> bool:
        """Is this value known only from the memory's held values, not told in the earlier
        turns nor in this episode?"""
        return (normalize_name(source), relation, normalize_name(target)) in self.remembered

    def antecedent(
        self,
        gender: str | None = None,
        *,
        other_than: str = "",
        pets: bool = False,
        later: Collection[str] = (),
    ) -> str | None:
        """The person "he" or "she" (``gender`` "m" / "f") most likely stands for: of the
        last three people met, the last one known to be of that gender, else the last one
        not known to be of the other (``other_than``: a normalized name it cannot be, the
        person the possessive names: "her girlfriend Juno" is not Juno's). ``pets``: a pet
        the conversation called a "he" or "she" stands among them ("Miso sounds lovely! How
        old is he?" ... "he's 4"); a pet whose gender no one told never does. ``later``: the
        people the sentence names only after the pronoun ("he retired, so now I see Dr.
        Nnamdi": not Dr. Nnamdi)."""
        recent = [
            (k, n)
            for k, n in reversed(self.people.items())
            if k != other_than
            and k not in later
            and (not self.is_pet(k) or (pets and gender and self.genders.get(k) == gender))
        ]
        if gender is None:
            return recent[0][1] if recent else None
        same = [name for key, name in recent[:3] if self.genders.get(key) == gender]
        if same:
            return same[0]
        return next((name for key, name in recent if self.genders.get(key, gender) == gender), None)

    def named_in(self, text: str) -> list[tuple[int, str]]:
        """Where ``text`` says the name of someone met (``people``): (offset, key), in order."""
        return sorted(
            (m.start(), key)
            for key, name in self.people.items()
            for m in re.finditer(rf"\b{re.escape(name)}\b", text)
        )

    def named_after(self, text: str, at: int) -> set[str]:
        """The people ``text`` names only after offset ``at`` (keys)."""
        named = self.named_in(text)
        return {k for o, k in named if o >= at} - {k for o, k in named if o < at}

    def met_again(self, text: str) -> None:
        """The people and pets ``text`` names become the last met, in the order named (an
        assistant's "Miso sounds lovely!" names no one a fact is about)."""
        for _, key in self.named_in(text):
            self.people[key] = self.people.pop(key)

    def last_thing(self, later: Collection[str] = (), *, here: bool = False) -> str | None:
        """The thing met last ("I closed it"), but for those the sentence names only after
        the pronoun (``later``: keys) and those since known as a person or a pet; ``here``:
        met in this episode."""
        for key, name in reversed(self.things.items()):
            if here and key not in self.things_here:
                continue
            if key not in later and key not in self.persons and not self.is_pet(key):
                return name
        return None

    def is_pet(self, key: str) -> bool:
        return key in self.species or self.labels.get(key) == "Pet"

    def held_named(self, who: str, value: str, relation: str = "") -> list[tuple[str, str]]:
        """The (relation, key) of each value ``who`` holds, in ``relation`` ("": in any
        relation but an open mention), that ``value`` names by a word of it ("Sao Mai" of
        "Sao Mai Trading")."""
        words = set(_WORD.findall(normalize_name(value)))
        return [
            (rel, key)
            for rel, key in self._held(normalize_name(who), relation)
            if words & set(_WORD.findall(key))
        ]

    def holds_now(self, who: str, name: str, at: datetime) -> bool:
        """Does ``who`` hold, from ``at`` or before, a value in a relation other than an
        open mention whose words include every word of ``name`` ("Sao Mai" of "Sao Mai
        Trading"; not "Mazda CX-5" of "Mazda 3")?"""
        words = set(_TOKEN.findall(normalize_name(name))) - _FILLERS
        source = normalize_name(who)
        return bool(words) and any(
            words <= set(_TOKEN.findall(key)) and (self.starts.get((source, rel, key)) or at) <= at
            for rel, key in self._held(source)
        )

    def _held(self, source: str, relation: str = "") -> Iterator[tuple[str, str]]:
        """(relation, key) of each value ``source`` (normalized) holds, in ``relation`` ("":
        in any relation but an open mention)."""
        for (owner, rel), values in self.targets.items():
            if owner == source and (rel == relation or (not relation and rel not in _OPEN)):
                yield from ((rel, key) for key in values)

    def canonical(self, name: str) -> str:
        """A device kind met as a name of its own ("printer") -> the device it stands for."""
        return self.devices.get(normalize_name(name), name)

    def learn_fact(
        self,
        source: str,
        relation: str,
        target: str,
        *,
        ended: bool,
        text: str = "",
        start: datetime | None = None,
    ) -> None:
        source, target = self.canonical(source), self.canonical(target)
        self.display.setdefault(normalize_name(source), source)
        values = self.targets.setdefault((normalize_name(source), relation), {})
        key = normalize_name(target)
        values.pop(key, None)
        self.remembered.discard((normalize_name(source), relation, key))
        if ended:
            self.ended[(normalize_name(source), relation)] = target
        else:
            values[key] = target  # re-inserted: the last one told comes last
            if self.reading_episode:
                self.told_here.add((normalize_name(source), relation, key))
            if text:
                self.texts[(normalize_name(source), relation, key)] = text
            if start is not None:
                self.starts[(normalize_name(source), relation, key)] = start
