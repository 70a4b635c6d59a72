"""Extraction from chat messages and free text, sentence by sentence."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.extractors.learned.hits import learned_hits
from chronomem.extractors.rules.ahead import cancelled_ahead, corrected_ahead, redated
from chronomem.extractors.rules.answered import answered_questions
from chronomem.extractors.rules.appositions import plain_subjects
from chronomem.extractors.rules.chat_names import capitalised_names
from chronomem.extractors.rules.chat_spelling import plain_spelling
from chronomem.extractors.rules.clauses import match_sentence
from chronomem.extractors.rules.compound import shared_hits
from chronomem.extractors.rules.contracted import written_out
from chronomem.extractors.rules.corrections import corrections
from chronomem.extractors.rules.cue import Candidate, SemanticCue
from chronomem.extractors.rules.dates import (
    TimeExpression,
    find_time_expressions,
)
from chronomem.extractors.rules.denials import denied_values, restated
from chronomem.extractors.rules.entities import Known, find_spans
from chronomem.extractors.rules.found import Hit, Party, Sentence
from chronomem.extractors.rules.gender import learn_genders
from chronomem.extractors.rules.habits import habit_hits
from chronomem.extractors.rules.hit_dates import hit_dates, owned_times
from chronomem.extractors.rules.items import one_item_text
from chronomem.extractors.rules.kinship import as_relatives
from chronomem.extractors.rules.losses import ended_by_verb
from chronomem.extractors.rules.markup import strip_markup
from chronomem.extractors.rules.moves import is_aside
from chronomem.extractors.rules.names import normalize_name
from chronomem.extractors.rules.new_favourite import kindless_favourite_hits
from chronomem.extractors.rules.offers import offer_hits
from chronomem.extractors.rules.own_texts import own_texts
from chronomem.extractors.rules.pairs import pair_hits
from chronomem.extractors.rules.partners import partner_hits
from chronomem.extractors.rules.patterns import GENERIC_RELATIONS
from chronomem.extractors.rules.pet_names import pet_name_hits, pet_owners
from chronomem.extractors.rules.plans import (
    arranged_plans,
    called_off,
    moved_plans,
    name_told_plans,
)
from chronomem.extractors.rules.possessed_roles import possessed_role_hits
from chronomem.extractors.rules.replies import answered_reply
from chronomem.extractors.rules.restatements import contrasted, cued_restatements
from chronomem.extractors.rules.retractions import resaid, terse_corrections
from chronomem.extractors.rules.rivals import without_rivals
from chronomem.extractors.rules.role_successors import with_successors
from chronomem.extractors.rules.role_switch import role_switch_hits
from chronomem.extractors.rules.same_breath import been_with, ended_in_one_breath, spent_spells
from chronomem.extractors.rules.sentences import normalize_text, split_clauses, split_sentences
from chronomem.extractors.rules.subjects import is_assistant, label_role_names
from chronomem.extractors.rules.successions import succession_hits
from chronomem.extractors.rules.summaries import finish, strip_discourse, summarize, third_person
from chronomem.extractors.rules.texting import with_subjects
from chronomem.extractors.rules.tie_cue import TieCandidate, decide_ties, tie_candidates
from chronomem.extractors.rules.tie_ends import drop_visits, tie_end_hits
from chronomem.extractors.rules.together import together_hits
from chronomem.extractors.rules.upcoming import upcoming_events
from chronomem.extractors.rules.voice import in_user_voice
from chronomem.model import Episode, ExtractedEntity, ExtractedFact, Extraction
from chronomem.model.relations import is_functional

if TYPE_CHECKING:
    from chronomem.extractors.learned.step import LearnedStep

MAX_MENTIONS_PER_SENTENCE = 3
# An episode stops being read once it has given this many facts or entities: no chat turn
# holds more, and the engine's work per episode (candidates, embeddings) stays bounded.
MAX_FACTS_PER_EPISODE = 300
MAX_ENTITIES_PER_EPISODE = 300
MAX_SENTENCES_PER_EPISODE = 2000
MAX_CUE_PIECES = 64  # clauses the semantic cue embeds per episode, at most (a chat turn: 0-3)
MAX_TIE_PIECES = 8  # clauses about held things the ending reader embeds per episode
_SPEAKS_AS_SELF = re.compile(r"\b(?:I|i|I'm|I've|I'll|I'd|me|my|mine|myself|[Ww]e|us|[Oo]ur)\b")
_DETERMINER_START = re.compile(r"^(?:The|A|An|This|That|Our|My|His|Her|Their)\b")


@dataclass(slots=True)
class _EntityDraft:
    name: str
    label: str | None
    attributes: dict[str, str]
    sentences: list[int] = field(default_factory=list)


@dataclass(slots=True)
class _Draft:
    """What one episode yields, gathered sentence by sentence."""

    speaker: str | None
    addressee: str | None
    light: bool = False  # context only: no texts, summaries or mentions
    assistant: bool = False  # an assistant's turn: only facts about the user and their life
    voice: str | None = None  # an assistant's turn read in this user's voice (``voice.py``)
    entities: dict[str, _EntityDraft] = field(default_factory=dict)
    facts: dict[tuple[str, str, str], ExtractedFact] = field(default_factory=dict)
    sentences: list[str] = field(default_factory=list)  # rewritten, for summaries

    def entity(self, party: Party | None, name: str, label: str | None, index: int) -> str:
        key = normalize_name(name)
        draft = self.entities.get(key)
        if draft is None:
            attrs = dict(party.attributes) if party else {}
            draft = self.entities[key] = _EntityDraft(name, label, attrs)
        else:
            draft.label = draft.label or label
            for k, v in party.attributes if party else ():
                draft.attributes.setdefault(k, v)
        if index >= 0 and (not draft.sentences or draft.sentences[-1] != index):
            draft.sentences.append(index)
        return draft.name

    def add_fact(self, fact: ExtractedFact) -> None:
        key = (normalize_name(fact.source), normalize_name(fact.target), fact.relation)
        old = self.facts.get(key)
        if old is None:
            self.facts[key] = fact
            return
        valid = min((v for v in (old.valid_at, fact.valid_at) if v), default=None)
        invalid = min((v for v in (old.invalid_at, fact.invalid_at) if v), default=None)
        if valid and invalid and valid >= invalid:
            valid = None
        text = old.fact
        generic = fact.relation in GENERIC_RELATIONS  # one sentence is enough for a mention
        if not generic and normalize_name(fact.fact) not in normalize_name(old.fact):
            text = f"{old.fact}; {fact.fact}" if len(old.fact) + len(fact.fact) < 300 else text
        self.facts[key] = ExtractedFact(old.source, old.target, old.relation, text, valid, invalid)

    def targets(self, relation: str) -> list[str]:
        """The targets of the open facts of ``relation`` told so far in this episode."""
        return [
            f.target for f in self.facts.values() if f.relation == relation and not f.invalid_at
        ]

    def ended(self, relation: str) -> bool:
        """Did this episode tell the end of a fact of ``relation`` so far?"""
        return any(f.relation == relation and f.invalid_at for f in self.facts.values())

    def full(self) -> bool:
        return (
            len(self.facts) >= MAX_FACTS_PER_EPISODE
            or len(self.entities) >= MAX_ENTITIES_PER_EPISODE
        )

    def build(self) -> Extraction:
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


def extract_prose(
    episode: Episode,
    known: Known,
    *,
    light: bool = False,
    cue: SemanticCue | None = None,
    learned: LearnedStep | None = None,
) -> Extraction:
    """Entities and facts of a message or text episode, given what earlier turns taught.

    ``light`` skips what only the caller reads (fact texts, summaries, MENTIONED facts):
    enough to serve as the context of a later turn, at a fraction of the cost. ``cue``
    reads the clauses no pattern explained (``cue.py``); ``None``: the patterns alone.
    ``learned``: the learned reader then adds the facts the rules did not find.
    """
    told: list[tuple[Sentence, int, list[Hit]]] = []
    pending: list[Candidate] = []
    ties: list[TieCandidate] = []
    speaker = episode.speaker()
    body = episode.content.partition(":")[2] if speaker else episode.content
    draft = _Draft(speaker, known.addressee, light, is_assistant(speaker))
    if speaker:
        draft.entity(None, speaker, "Person", -1)
        known.speakers.add(normalize_name(speaker))
        known.learn(speaker, "Person")
    text = answered_questions(plain_spelling(normalize_text(strip_markup(body))))
    if draft.assistant and speaker and known.addressee:
        draft.voice = known.addressee
        text = in_user_voice(text, speaker)
    text = text if draft.assistant else answered_reply(text, known.asked)  # "yep, since may"
    text = text if draft.assistant else with_subjects(text)  # "moved to oslo" -> "I moved"
    text = capitalised_names(text, known.display.values())  # "at kestrel freight"
    text = text if draft.assistant else as_relatives(text)  # "Mom retired" -> "my mom ..."
    text = text if draft.assistant else plain_subjects(text)  # "Jo from work quit"
    text = written_out(text)  # "caio's back in Lyon" -> "caio is back in Lyon"
    sentences = split_sentences(text)[:MAX_SENTENCES_PER_EPISODE]
    for index, raw in enumerate(sentences):
        if draft.full():
            break
        sentence = _analyse(raw, episode.reference_time, draft.voice or speaker, known)
        sentence.assistant, sentence.user = draft.assistant and not draft.voice, known.addressee
        whole = (
            "" if light else _rewrite(sentence, 0, len(raw), draft, drop_times=False, whole=True)
        )
        draft.sentences.append(whole)
        hits = _extract_sentence(sentence, index, draft, known)
        told += [(sentence, index, hits)] if learned is not None and not light else []
        if cue is not None and not light and len(pending) < MAX_CUE_PIECES:
            pending += cue.candidates(sentence, index, hits, known)
            ties += tie_candidates(sentence, index, hits, known)
    if cue is not None and (pending or ties):
        _cue_hits(cue, pending[:MAX_CUE_PIECES], ties[:MAX_TIE_PIECES], draft, known)
    if learned is not None and told:
        _learned_hits(learned, told, draft, known)
    return draft.build()


def _learned_hits(
    step: LearnedStep, told: list[tuple[Sentence, int, list[Hit]]], draft: _Draft, known: Known
) -> None:
    """The learned reader's facts that the rules did not find (one encoder call)."""
    for (s, index, hits), read in zip(told, step.read([s for s, _, _ in told]), strict=True):
        for hit in learned_hits(s, known, read, hits):
            if draft.full():
                return
            _add_hit(s, index, hit, [*hits, hit], draft, known)


def _analyse(text: str, reference: datetime, speaker: str | None, known: Known) -> Sentence:
    times = find_time_expressions(text, reference)
    spans = find_spans(text, [(t.start, t.end) for t in times], known)
    label_role_names(text, spans)  # "my neighbour Wale": a person
    return Sentence(text, reference, speaker, spans, times, split_clauses(text))


def _extract_sentence(s: Sentence, index: int, draft: _Draft, known: Known) -> list[Hit]:
    if s.speaker and not draft.assistant and _SPEAKS_AS_SELF.search(s.text):
        draft.entity(None, s.speaker, "Person", index)
    for span in s.spans:
        if span.named:
            party = Party(span.name, span.label, True, False, tuple(span.attributes.items()))
            if not draft.assistant:  # an assistant's names are entities only in a fact
                draft.entity(party, span.name, span.label, index)
            known.learn(span.name, span.label, span.attributes.get("type"))
    learn_genders(s.text, known)
    roles = dict(known.roles)  # who held which role before this sentence
    hits = match_sentence(s, known) or corrections(s, known) or restated(s, known)
    hits = resaid(s, known, hits) or terse_corrections(s, known)
    hits += denied_values(s, known, hits)
    hits += contrasted(s, known, hits) + cued_restatements(s, known, hits)
    hits += habit_hits(s, hits, ended_before=draft.ended("HAS_HABIT"))
    hits += offer_hits(s, hits)
    hits += succession_hits(hits, known)
    hits += role_switch_hits(s, hits, known)
    hits += kindless_favourite_hits(s, known, hits)
    hits = own_texts(s.text, hits)
    hits += pet_name_hits(s, hits, draft.targets("HAS_PET"))
    hits = pet_owners(hits, known)
    hits += pair_hits(s, known, hits)
    hits += shared_hits(s, known, hits)
    hits += partner_hits(s, known, hits)
    hits = with_successors(s, known, hits, roles)
    hits += together_hits(s, known, hits)
    hits += ended_in_one_breath(s, hits)  # "joined X in 2018 and left in June 2023"
    hits = spent_spells(s, known, hits)  # "back in Cork after three years in Berlin"
    hits = been_with(s, known, hits)  # "been with Sam since 2019"
    hits = name_told_plans(s, known, hits) + called_off(s, known, hits)
    hits += moved_plans(s, known, hits)
    hits = redated(s, known, hits)  # "the move got pushed to the 8th"
    hits += corrected_ahead(s, known, hits)  # "sorry, August 8th! not June"
    hits += cancelled_ahead(s, known, hits)  # "the move to Aarhus fell through"
    hits += arranged_plans(s, hits)
    hits = drop_visits(s, hits)
    # "getting married on the 4th", "got tickets for X"
    hits = upcoming_events(s, known, hits, from_assistant=draft.assistant)
    hits += tie_end_hits(s, known, hits)
    hits += possessed_role_hits(s, hits)  # "my son Mikko's birthday": after the plan's reading
    if draft.assistant:
        hits = [h for h in hits if _about_the_user(h, s, known, draft.speaker)]
    hits += _reports(s, hits, draft, known)
    said = draft.sentences[index]
    if said and s.speaker and any(h.implicit_subject for h in hits) and s.speaker not in said:
        draft.sentences[index] = f"{s.speaker} {said[:1].lower()}{said[1:]}"
    for hit in hits:
        _add_hit(s, index, hit, hits, draft, known)
    for hit in [] if draft.light or draft.assistant else _fallback(s, hits):
        source = draft.entity(hit.source, hit.source.name, hit.source.label, index)
        target = draft.entity(hit.target, hit.target.name, hit.target.label, index)
        valid_at, invalid_at = hit_dates(s, hit, s.times)
        text = _rewrite(s, hit.clause[0], hit.clause[1], draft, drop_times=True)
        if s.speaker and s.speaker not in text:
            text = f"{s.speaker} said: {text}"
        draft.add_fact(ExtractedFact(source, target, hit.relation, text, valid_at, invalid_at))
    return hits


def _add_hit(
    s: Sentence,
    index: int,
    hit: Hit,
    hits: list[Hit],
    draft: _Draft,
    known: Known,
    times: list[TimeExpression] | None = None,
) -> None:
    """One hit of sentence ``index`` into the draft: its entities, dates (``times``, else
    those the hit owns in the sentence), text and fact."""
    source = draft.entity(hit.source, hit.source.name, hit.source.label, index)
    if hit.attribute:
        draft.entities[normalize_name(source)].attributes[hit.attribute] = hit.target.name
        return
    target = draft.entity(hit.target, hit.target.name, hit.target.label, index)
    owned = times if times is not None else [] if hit.undated else owned_times(s, hit, hits)
    valid_at, invalid_at = hit.spell or hit_dates(s, hit, owned)
    invalid_at = hit.retracts or invalid_at  # a correction: the told value never held
    text = (finish(hit.text) if hit.text else "") if draft.light else _fact_text(s, hit, draft)
    text = one_item_text(text, hit, hits)
    if not hit.ending and is_functional(hit.relation):  # "moved to Cork, galway rent was..."
        text = without_rivals(text, target, _rivals(draft, known, source, hit.relation))
    draft.add_fact(ExtractedFact(source, target, hit.relation, text, valid_at, invalid_at))
    known.learn_fact(source, hit.relation, target, ended=hit.ending, text=text, start=valid_at)
    _learn_party(known, hit.target)
    _learn_party(known, hit.source)


def _rivals(draft: _Draft, known: Known, source: str, relation: str) -> list[str]:
    """The values of ``relation`` the source held before or was told of in this episode."""
    who = normalize_name(source)
    held = list(known.targets.get((who, relation), {}).values())
    told = [
        f.target
        for f in draft.facts.values()
        if f.relation == relation and normalize_name(f.source) == who
    ]
    return held + told


def _cue_hits(
    cue: SemanticCue,
    pending: list[Candidate],
    ties: list[TieCandidate],
    draft: _Draft,
    known: Known,
) -> None:
    """The semantic cue's hits and the ending reader's (``tie_cue.py``), from one embedder
    call for the episode, into the draft; a mention of the same two entities is then
    explained by the fact and dropped."""
    vectors = cue.embedder.embed_batch([c.text for c in pending] + [t.text for t in ties])
    found: list[tuple[Candidate | TieCandidate, Hit]] = []
    found += cue.decide(pending, known, vectors[: len(pending)]) if pending else []
    found += decide_ties(ties, vectors[len(pending) :], cue.embedder, known)
    for cand, hit in found:
        if draft.full():
            break
        if draft.assistant and not _about_the_user(hit, cand.sentence, known, draft.speaker):
            continue
        mention = (normalize_name(hit.source.name), normalize_name(hit.target.name), "MENTIONED")
        if hit.relation != "MENTIONED":
            draft.facts.pop(mention, None)
        times = cand.times if isinstance(cand, Candidate) else cand.sentence.times_for(cand.piece)
        _add_hit(cand.sentence, cand.index, hit, [hit], draft, known, list(times))


def _learn_party(known: Known, party: Party) -> None:
    if party.label == "Person" and not party.speaker:
        known.learn(party.name, "Person")
    species = dict(party.attributes).get("species")
    if species:
        known.species[normalize_name(party.name)] = species


def _about_the_user(hit: Hit, s: Sentence, known: Known, assistant: str | None) -> bool:
    """On an assistant's turn, a fact is kept when it is about the user or their people
    (a person, or a name the user's role names: "your husband Pierre loves cycling"), never
    about the assistant itself."""
    if s.user is None:
        return False
    user = normalize_name(s.user)
    source = normalize_name(hit.source.name)
    if hit.implicit_subject or (assistant is not None and source == normalize_name(assistant)):
        return False  # "Working at X must be a dream!": no one said who
    theirs = any(o == user and normalize_name(v) == source for (o, _), v in known.roles.items())
    return (
        source == user or source.startswith(user + " s ") or hit.source.label == "Person" or theirs
    )


def _reports(s: Sentence, hits: list[Hit], draft: _Draft, known: Known) -> list[Hit]:
    """A problem told by a speaker is also the speaker's report about the device; a fixed
    problem closes the reports about that device made in earlier turns."""
    out = []
    for hit in hits:
        if hit.relation != "HAS_PROBLEM" or hit.source.speaker:
            continue
        if hit.ending:
            out += _closed_reports(hit, known)
        elif s.speaker:
            said = "" if draft.light else _fact_text(s, hit, draft)
            said = said[:1].lower() + said[1:] if _DETERMINER_START.match(said) else said
            text = f"{s.speaker} reported that {said}"
            reporter = Party(s.speaker, "Person", speaker=True)
            out.append(Hit("REPORTED", reporter, hit.source, False, hit.clause, hit.verb, text))
    return out


def _closed_reports(fixed: Hit, known: Known) -> list[Hit]:
    device = normalize_name(fixed.source.name)
    out = []
    for (reporter, relation), targets in known.targets.items():
        if relation == "REPORTED" and device in targets:
            who = Party(known.display.get(reporter, reporter), "Person")
            out.append(Hit("REPORTED", who, fixed.source, True, fixed.clause, fixed.verb))
    return out


def _fallback(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """Named entities no pattern used: the speaker MENTIONED them (text: RELATED_TO).
    A sentence that told a fact is explained by it: no mentions besides, only the endings
    of names no pattern used ("dropped the Y and signed up at Brooklyn Boulders")."""
    if s.question:
        return []
    hits = [h for h in hits if not h.attribute and not is_aside(h)]
    told = bool(hits)
    used = {normalize_name(h.source.name) for h in hits} | {
        normalize_name(h.target.name) for h in hits
    }
    named = [sp for sp in s.spans if sp.named]
    if s.speaker:
        source = Party(s.speaker, "Person", speaker=True)
        relation = "MENTIONED"
    elif named:
        first = named[0]
        source, named = Party(first.name, first.label), named[1:]
        relation = "RELATED_TO"
    else:
        return []
    seen = {normalize_name(source.name)} | used
    out = []
    whole = (0, len(s.text))
    for span in named:
        key = normalize_name(span.name)
        if key in seen:
            continue
        seen.add(key)
        target = Party(span.name, span.label, True, False, tuple(span.attributes.items()))
        ended = ended_by_verb(s.text, span.start, span.end)  # "sold the civic"
        if not told:
            out.append(Hit(relation, source, target, ended, whole, whole))
        elif ended:  # its own clause: the ending's text must not carry the new value
            where = next((c for c in s.clauses if c[0] <= span.start < c[1]), whole)
            out.append(Hit(relation, source, target, ended, where, where))
    return out[:MAX_MENTIONS_PER_SENTENCE]


def _fact_text(s: Sentence, hit: Hit, draft: _Draft) -> str:
    if hit.text:
        return finish(hit.text)
    text = _rewrite(s, hit.clause[0], hit.clause[1], draft, drop_times=True)
    if hit.implicit_subject and s.speaker and text:
        text = f"{s.speaker} {text[0].lower()}{text[1:]}"
    return _named_subject(text, hit.source.name)


_OPENING_PRONOUN = re.compile(r"^(?:He|She|he|she)\b")


def _named_subject(text: str, subject: str) -> str:
    """ "She moved to Chicago" -> "Emma moved to Chicago"; "Bought a Tesla" (a verb sharing
    the subject of the clause before) -> "Sam bought a Tesla"."""
    if not text or subject in text:
        return text
    if _OPENING_PRONOUN.match(text):
        return _OPENING_PRONOUN.sub(subject, text, count=1)
    first = text.split(maxsplit=1)[0].lower()
    if first.endswith("ed") or first in _SHARED_VERBS:
        return f"{subject} {text[:1].lower()}{text[1:]}"
    return text


_SHARED_VERBS = frozenset(
    [
        "bought",
        "sold",
        "got",
        "left",
        "quit",
        "went",
        "took",
        "made",
        "became",
        "found",
        "lost",
        "broke",
        "gave",
        "began",
        "ran",
        "drove",
        "grew",
        "won",
    ]
)


def _rewrite(
    s: Sentence, start: int, end: int, draft: _Draft, *, drop_times: bool, whole: bool = False
) -> str:
    """``s.text[start:end]`` in third person, devices spelled out, dates optionally cut;
    ``whole`` keeps the sentence's closing punctuation (for summaries)."""
    edits: list[tuple[int, int, str]] = []
    if drop_times:
        edits += [(t.start, t.end, "") for t in s.times if start <= t.start and t.end <= end]
    for span in s.spans:
        if span.coreferent and start <= span.start and span.end <= end:
            head = span.attributes.get("type", "")
            surface = s.text[span.start : span.end]
            edits.append((span.start, span.end, surface.replace(head, f"{span.name} {head}")))
    text = s.text
    for a, b, new in sorted(edits, key=lambda e: -e[0]):
        text = text[:a] + new + text[b:]
    shift = sum(len(new) - (b - a) for a, b, new in edits)
    me, you = (draft.voice, draft.speaker) if draft.voice else (draft.speaker, draft.addressee)
    piece = third_person(strip_discourse(text[start : end + shift]), me, you)
    if whole:
        piece = " ".join(piece.split())
        return piece[:1].upper() + piece[1:]
    return finish(piece)
