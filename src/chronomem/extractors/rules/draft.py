"""What one episode yields, gathered sentence by sentence: its entities and facts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime

from chronomem.extractors.rules.analysis.found import Party
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.summaries import summarize
from chronomem.extractors.rules.tables.gazetteer import PERSON_TITLES
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS
from chronomem.model import ExtractedEntity, ExtractedFact, Extraction
from chronomem.model.relations import is_functional
from chronomem.model.slots import same_slot

# An episode stops being read once it has given this many facts or entities: no chat turn
# holds more, and the engine's work per episode (candidates, embeddings) stays bounded.
MAX_FACTS_PER_EPISODE = 300
MAX_ENTITIES_PER_EPISODE = 300


@dataclass(slots=True)
class EntityDraft:
    name: str
    label: str | None
    attributes: dict[str, str]
    sentences: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Draft:
    """What one episode yields, gathered sentence by sentence."""

    speaker: str | None
    addressee: str | None
    light: bool = False  # context only: no texts, summaries or mentions
    assistant: bool = False  # an assistant's turn: only facts about the user and their life
    voice: str | None = None  # an assistant's turn read in this user's voice (``voice.py``)
    narrated: str | None = None  # the person a narration spoke of last (``narrated.py``)
    entities: dict[str, EntityDraft] = field(default_factory=dict)
    facts: dict[tuple[str, str, str], ExtractedFact] = field(default_factory=dict)
    sentences: list[str] = field(default_factory=list)  # rewritten, for summaries
    # the first sentence that told each fact (a hit's or a mention's)
    told_in: dict[tuple[str, str, str], int] = field(default_factory=dict)
    said_at: datetime | None = None  # when the episode was said (a start defaulted to it)
    # the mentions told as over by their tense alone ("for six years I was in Daejeon"), not
    # by a verb of ending: the same statement as a fact the learned step reads of that name
    over_mentions: set[tuple[str, str, str]] = field(default_factory=set)

    def entity(self, party: Party | None, name: str, label: str | None, index: int) -> str:
        name = self._as_speaker(name, label)
        key = normalize_name(name)
        draft = self.entities.get(key)
        if draft is None:
            attrs = dict(party.attributes) if party else {}
            draft = self.entities[key] = EntityDraft(name, label, attrs)
        else:
            draft.label = draft.label or label
            for k, v in party.attributes if party else ():
                draft.attributes.setdefault(k, v)
        if index >= 0 and (not draft.sentences or draft.sentences[-1] != index):
            draft.sentences.append(index)
        return draft.name

    def _as_speaker(self, name: str, label: str | None) -> str:
        """``name``, or the speaker's when it is the speaker's first name with a surname
        ("Gottfried Ebner" in a letter Gottfried pastes about himself, "I'm Ines Duarte"
        said by Ines): in a chat, the person the speaker names so is the speaker."""
        if not self.speaker or self.assistant or label not in (None, "Person"):
            return name
        words, mine = name.split(), self.speaker.split()
        if words and normalize_name(words[0]).rstrip(".") in PERSON_TITLES:
            words = words[1:]  # "Mr Gottfried Ebner"
        if len(mine) != 1 or not 2 <= len(words) <= 3 or not all(w[:1].isupper() for w in words):
            return name
        return self.speaker if normalize_name(words[0]) == normalize_name(mine[0]) else name

    def add_fact(self, fact: ExtractedFact) -> tuple[str, str, str]:
        """The fact into the draft, merged with one of the same ends; its key."""
        key = (normalize_name(fact.source), normalize_name(fact.target), fact.relation)
        old = self.facts.get(key)
        if old is None:
            self.facts[key] = fact
            return key
        valid = _start_of(old.valid_at, fact.valid_at, self.said_at)
        invalid = _start_of(old.invalid_at, fact.invalid_at, self.said_at)
        if valid and invalid and valid >= invalid:
            valid = None
        text = old.fact
        generic = fact.relation in GENERIC_RELATIONS  # one sentence is enough for a mention
        if not generic and normalize_name(fact.fact) not in normalize_name(old.fact):
            text = f"{old.fact}; {fact.fact}" if len(old.fact) + len(fact.fact) < 300 else text
        self.facts[key] = ExtractedFact(old.source, old.target, old.relation, text, valid, invalid)
        return key

    def supersede(
        self,
        key: tuple[str, str, str],
        index: int,
        at: datetime | None,
        beside: frozenset[str] = frozenset(),
    ) -> None:
        """The other open values of the source's ``key`` slot that an earlier sentence of
        this episode told, or sentence ``index`` itself before its "now" (``beside``, their
        normalized names), end where the value ``key`` of sentence ``index`` begins ("my
        Samsung got nicked. Now I'm on my old iPhone", "my family doctor, Dr Kalniņa, she
        moved to Riga, so now my doctor is Dr Bērziņš": a relation of one value at a time,
        its later value told as the one of now; of a relation held per kind, a value of the
        same kind only: a new doctor ends no dentist)."""
        source, target, relation = key
        end = at or self.said_at
        new = self.facts[key]
        for k, f in list(self.facts.items()):
            if k[0] != source or k[2] != relation or k[1] == target or f.invalid_at:
                continue
            if self.told_in.get(k, index) >= index and k[1] not in beside:
                continue
            if not same_slot(new.relation, new.fact, f.relation, f.fact):
                continue
            if end is not None and (f.valid_at is None or f.valid_at <= end):
                self.facts[k] = replace(f, invalid_at=end)

    def end_told_over(self, source: str, name: str, end: datetime) -> None:
        """The source's facts this episode told as over by their tense alone (no start, over
        when said) whose text names ``name`` end at ``end``, the day a later sentence ended
        ``name`` ("for nine years I played violin with Las Altenas. I left them two weeks
        ago": the violin with them ends then too)."""
        said = self.said_at
        if said is None or end >= said:
            return
        word = re.compile(rf"\b{re.escape(normalize_name(name))}\b")
        for k, f in list(self.facts.items()):
            if (
                k[0] == normalize_name(source)
                and f.valid_at is None
                and f.invalid_at == said
                and word.search(normalize_name(f.fact))
            ):
                self.facts[k] = replace(f, invalid_at=end)

    def redate(self, key: tuple[str, str, str], valid_at: datetime | None) -> None:
        """The fact ``key`` starts at ``valid_at``, a start set right."""
        fact = self.facts.get(key)
        if fact is not None and valid_at is not None:
            self.facts[key] = replace(fact, valid_at=valid_at)

    def ended_values(self, relation: str) -> list[str]:
        """The normalized values of ``relation`` this episode told ended so far."""
        return [k[1] for k, f in self.facts.items() if f.relation == relation and f.invalid_at]

    def full(self) -> bool:
        return (
            len(self.facts) >= MAX_FACTS_PER_EPISODE
            or len(self.entities) >= MAX_ENTITIES_PER_EPISODE
        )

    def switch_days(self) -> None:
        """An ending dated only by when it was said ends the day another value of its
        relation starts, told in the same sentence ("no more amlodipine, from Monday 14 I
        take losartan": amlodipine ends on the 14th); a one-value relation's new value dated
        only by when it was said starts the day the old one ends."""
        said = self.said_at
        if said is None:
            return
        for k, f in list(self.facts.items()):
            if f.valid_at is not None or f.invalid_at is None or f.invalid_at != said:
                continue
            starts = self._told_beside(k, said, ended=False)
            if len(starts) == 1 and k[2] not in GENERIC_RELATIONS:
                self.facts[k] = replace(f, invalid_at=starts.pop())
        for k, f in list(self.facts.items()):
            # and the other way: a new value of a one-value relation dated only by when it
            # was said starts the day the old one, told in the same sentence, ends ("I
            # leave Temuco on the 19th, the apartment is in Pelluco": Pelluco from the 19th)
            if f.invalid_at is not None or f.valid_at != said or not is_functional(k[2]):
                continue
            ends = self._told_beside(k, said, ended=True)
            if len(ends) == 1:
                self.facts[k] = replace(f, valid_at=ends.pop())

    def _told_beside(
        self, key: tuple[str, str, str], said: datetime, *, ended: bool
    ) -> set[datetime]:
        """The days on which the other values of ``key``'s source and relation, told in the
        same sentence, start (held ones) or, ``ended``, end: any day but the one said."""
        days = set()
        for j, g in self.facts.items():
            if j[0] != key[0] or j[2] != key[2] or j[1] == key[1]:
                continue
            if self.told_in.get(j) != self.told_in.get(key, -1):
                continue
            day = g.invalid_at if ended else (g.valid_at if g.invalid_at is None else None)
            if day is not None and day.date() != said.date():
                days.add(day)
        return days

    def build(self) -> Extraction:
        """The episode's extraction (its days already switched: :meth:`switch_days`)."""
        if self.speaker:
            me = self.entities[normalize_name(self.speaker)]
            me.sentences = me.sentences or list(range(len(self.sentences)))
        entities = tuple(
            ExtractedEntity(
                name=e.name,
                labels=(e.label,) if e.label else (),
                summary=summarize(self.sentences[i] for i in e.sentences),
                attributes=dict(e.attributes),
            )
            for e in self.entities.values()
        )
        return Extraction(entities=entities, facts=tuple(self.facts.values()))


def _start_of(a: datetime | None, b: datetime | None, said_at: datetime | None) -> datetime | None:
    """The start (or the end) of one fact told twice: the earlier of the dates told, where
    one that is only the time the message was said gives way to a told one ("got a job at
    Halden, I start on the 3rd of March"; "handed in my notice, my last day is 30
    November": the job ends on the 30th, not when the notice was told). "today" names only
    the day the message was said, so it gives way too ("quit today!! last day is the
    24th": the job ends on the 24th)."""
    dates = [v for v in (a, b) if v is not None]
    told = [v for v in dates if said_at is None or _day(v) != _day(said_at)]
    return min(told or dates, default=None)


def _day(when: datetime) -> date:
    return when.astimezone(UTC).date()
