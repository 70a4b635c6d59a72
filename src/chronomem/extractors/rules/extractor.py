"""The offline extractor: rules, patterns and a small date resolver; no model, no network."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import lru_cache

from chronomem.extractors.learned.step import learned_step_for
from chronomem.extractors.resolution import resolve_request
from chronomem.extractors.rules.analysis.gender import learn_genders
from chronomem.extractors.rules.analysis.known import Known, role_key
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.jsondata import extract_json
from chronomem.extractors.rules.pipeline import FULL, Pipeline
from chronomem.extractors.rules.prose import extract_prose
from chronomem.extractors.rules.readers.ahead import (
    remember_ahead,
    remember_held_ahead,
    told_in_turns,
)
from chronomem.extractors.rules.readers.end_words import ATTITUDE_RELATIONS
from chronomem.extractors.rules.trace import Trace
from chronomem.model import (
    Episode,
    EpisodeSource,
    ExtractedFact,
    Extraction,
    Resolution,
    ResolutionRequest,
)
from chronomem.model.ontology import Ontology
from chronomem.ports import Embedder
from chronomem.text.speakers import is_assistant

CONTEXT_CACHE_SIZE = 4096
_NOTHING = Extraction()
# tastes the memory holds are not taught: told and retold all the time, and ended in words
# of their own ("not into jazz anymore") that the readers take from the sentence itself
_TASTES = ATTITUDE_RELATIONS - {"HAS_HABIT", "FOLLOWS_DIET", "HAS_CONDITION"}
# The text of a role fact ("Jake is Sam's boyfriend"): the person, the role.
_ROLE_TEXT = re.compile(r"^(.+) is .+'s ([a-z]+(?: [a-z]+)?)$")


class RuleExtractor:
    """The :class:`~chronomem.ports.Extractor` that needs no LLM.

    ``extract`` finds the speaker, named entities, relations from a pattern table, dates
    resolved against the episode's reference time, and endings ("I left Google last week")
    as the ended fact with ``invalid_at``; ``resolve`` settles names and duplicate or
    contradicting facts by deterministic rules. See ``docs/rule-extractor.md`` for what it
    understands and where it stops.

    ``learned`` (on by default) also runs the learned reader (``extractors/learned``,
    ``docs/reader.md``) after the rules, with the default local embedder only: it adds the
    facts they did not find, reading each message in one forward pass of the encoder that
    also gives the episode's vector (``bench/RESULTS.md``, round 8). ``learned=False``: the
    rules alone.

    ``disable``: names of reading stages to switch off (``pipeline.PIPE_NAMES``; an unknown
    name raises :class:`~chronomem.errors.UsageError`), for an ablation. ``trace``: every
    extraction, its earlier turns' included, records what each stage did there.
    """

    def __init__(
        self,
        embedder: Embedder | None = None,
        *,
        disable: Iterable[str] = (),
        trace: Trace | None = None,
        learned: bool = True,
    ) -> None:
        self.pipeline = Pipeline.without(disable)
        self.trace = trace
        on = learned and self.pipeline.has("learned")
        self._learned = learned_step_for(embedder) if on else None

    def extract(
        self, episode: Episode, previous: Sequence[Episode], *, ontology: Ontology | None = None
    ) -> Extraction:
        """``ontology`` is not read here: the engine maps these labels and relations onto
        the declared types afterwards (``chronomem.engine.types``)."""
        return self.extract_held(episode, previous, Extraction(), ontology=ontology)

    def extract_held(
        self,
        episode: Episode,
        previous: Sequence[Episode],
        held: Extraction,
        *,
        ontology: Ontology | None = None,
    ) -> Extraction:
        """:meth:`extract`, knowing the values the episode's subjects hold (``held``: the
        stored open facts, ``engine/held.py``), so an ending told far from its value can
        end it (the :class:`~chronomem.ports.HeldReader` capability)."""
        if episode.source is EpisodeSource.JSON:
            found = extract_json(episode)
            if found is not None:
                return found
        known = context_of(episode, previous, self.pipeline, self.trace, held=held)
        return extract_prose(
            episode,
            known,
            pipeline=self.pipeline,
            trace=self.trace,
            learned=self._learned,
        )

    def resolve(self, request: ResolutionRequest) -> Resolution:
        return resolve_request(request)


@lru_cache(maxsize=CONTEXT_CACHE_SIZE)
def _alone(episode: Episode, pipeline: Pipeline = FULL, user: str | None = None) -> Extraction:
    """An earlier turn's extraction without its own context (cached: turns recur); an
    assistant's turn in the voice of ``user``, the one it speaks to ("your beagle Pudding":
    the user's pet, a "she" the user says next can stand for)."""
    return _alone_traced(episode, pipeline, None, user)


def _alone_traced(
    episode: Episode, pipeline: Pipeline, trace: Trace | None, user: str | None = None
) -> Extraction:
    if episode.source is EpisodeSource.JSON:
        found = extract_json(episode)
        if found is not None:
            return found
    known = Known(addressee=user, reading_episode=True)
    return extract_prose(episode, known, light=True, pipeline=pipeline, trace=trace)


def seed_held(known: Known, held: Extraction, now: datetime) -> None:
    """Teach ``known`` the values held from before the earlier turns: the facts as told
    and not ended, the values' kinds (labels, a pet's species, a device's type) and the
    people in a role. Not as names met: the people last met, "he" and "she", and the
    names the earlier turns said stay theirs."""
    for entity in held.entities:
        key = normalize_name(entity.name)
        known.labels.setdefault(key, entity.labels[0] if entity.labels else "")
        known.display.setdefault(key, entity.name)
        if "Person" in entity.labels:
            known.persons.add(key)
        species, kind = entity.attributes.get("species"), entity.attributes.get("type")
        if isinstance(species, str):
            known.species[key] = species
        if isinstance(kind, str) and key != kind:
            known.devices[kind] = entity.name
    for fact in held.facts:
        if fact.relation in _TASTES:
            continue
        _learn_told(known, fact, ended=False)
        source, target = known.canonical(fact.source), known.canonical(fact.target)
        known.remembered.add((normalize_name(source), fact.relation, normalize_name(target)))
        remember_held_ahead(known, fact, now)
        role = _role_in(fact)
        if role:
            known.roles[role_key(fact.source, role)] = fact.target


def _learn_told(known: Known, fact: ExtractedFact, *, ended: bool) -> None:
    text, start = fact.fact, fact.valid_at
    known.learn_fact(fact.source, fact.relation, fact.target, ended=ended, text=text, start=start)


def _role_in(fact: ExtractedFact) -> str | None:
    """The role a fact's text gives its target ("Jake is Sam's boyfriend": boyfriend)."""
    role = _ROLE_TEXT.match(fact.fact)
    if role and normalize_name(role.group(1)) == normalize_name(fact.target):
        return role.group(2)
    return None


def _user_of(turn: Episode, speakers: Sequence[str], episode: Episode) -> str | None:
    """Whom an assistant's earlier ``turn`` speaks to: the last user who spoke before it
    (``speakers``, the turns' speakers so far, itself last), else the episode's speaker."""
    users = [s for s in speakers[:-1] if not is_assistant(s)]
    return users[-1] if users else episode.speaker()


def _question_before(episode: Episode, previous: Sequence[Episode]) -> str | None:
    """The assistant's turn right before ``episode`` when it ends on a question."""
    before = [
        e for e in previous if e.id != episode.id and e.reference_time <= episode.reference_time
    ]
    if not before:
        return None
    last = max(before, key=lambda e: (e.reference_time, e.created_at, e.id))
    body = last.content.partition(":")[2].strip()
    return body if is_assistant(last.speaker()) and body.endswith("?") else None


def context_of(
    episode: Episode,
    previous: Sequence[Episode],
    pipeline: Pipeline = FULL,
    trace: Trace | None = None,
    *,
    held: Extraction = _NOTHING,
) -> Known:
    """What the previous turns tell about names, devices, open facts and the listener
    (read by ``pipeline``; with a ``trace``, uncached and traced), after what ``held``
    says the subjects hold (learned first: a value the turns tell again comes last)."""
    known = Known()
    if pipeline.has("held"):
        seed_held(known, held, episode.reference_time)
    speakers: list[str] = []
    turns = [
        e
        for e in sorted(previous, key=lambda e: (e.reference_time, e.created_at, e.id))
        if e.id != episode.id
    ]
    for earlier in turns:
        who = earlier.speaker()
        if who:
            speakers.append(who)
            known.speakers.add(normalize_name(who))
            known.learn(who, "Person")
        user = _user_of(earlier, speakers, episode) if is_assistant(who) else None
        found = (
            _alone(earlier, pipeline, user)
            if trace is None
            else _alone_traced(earlier, pipeline, trace, user)
        )
        for entity in found.entities:
            kind = entity.attributes.get("type")
            label = entity.labels[0] if entity.labels else None
            known.learn(entity.name, label, kind if isinstance(kind, str) else None)
            species = entity.attributes.get("species")
            if isinstance(species, str):
                known.species[normalize_name(entity.name)] = species
        learn_genders(earlier.content, known)
        known.met_again(earlier.content)
        for fact in found.facts:
            ended = fact.invalid_at is not None
            _learn_told(known, fact, ended=ended)
            remember_ahead(known, fact, earlier)
            role = _role_in(fact)
            if role and not ended:
                known.learn_role(fact.source, role, fact.target)
    told_in_turns(known, turns)
    known.earlier = frozenset(known.names)
    known.reading_episode = True
    me = episode.speaker()
    if me:
        known.speakers.add(normalize_name(me))
    known.asked = _question_before(episode, previous)
    others = [s for s in speakers if me is None or normalize_name(s) != normalize_name(me)]
    known.addressee = others[-1] if others else None
    return known
