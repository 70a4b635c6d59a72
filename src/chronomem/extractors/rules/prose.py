"""Extraction from chat messages and free text: the declared pipeline (``pipeline.py``) run
on an episode, and its hits made into entities and facts."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.extractors.learned.gates import could_add, unread_why, worth_reading
from chronomem.extractors.learned.hits import learned_fates
from chronomem.extractors.learned.message import role_of
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.gender import learn_genders
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.sentences import split_sentences
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.fact_texts import fact_text, rewrite
from chronomem.extractors.rules.hit_dates import fact_dates, hit_dates, owned_times, passing_times
from chronomem.extractors.rules.items import one_item_text
from chronomem.extractors.rules.normalise.narrated import narrated_person, narrated_voice
from chronomem.extractors.rules.normalise.replies import as_answered
from chronomem.extractors.rules.pipeline import FULL, Pipeline, run_sentence, run_text
from chronomem.extractors.rules.plain_texts import aside_text
from chronomem.extractors.rules.readers.mentions import mention_hits, mentioned_spans
from chronomem.extractors.rules.readers.start_dates import STARTABLE, move_in_told, start_told
from chronomem.extractors.rules.rivals import without_rivals
from chronomem.extractors.rules.state import SentenceState, TextState
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS
from chronomem.extractors.rules.trace import FactKey, ReaderFate, Trace, timing
from chronomem.model import Episode, ExtractedFact, Extraction
from chronomem.model.relations import is_functional
from chronomem.text.dates import TimeExpression
from chronomem.text.speakers import is_assistant

if TYPE_CHECKING:
    from chronomem.extractors.learned.step import LearnedStep

MAX_SENTENCES_PER_EPISODE = 2000


def extract_prose(
    episode: Episode,
    known: Known,
    *,
    light: bool = False,
    pipeline: Pipeline = FULL,
    trace: Trace | None = None,
    learned: LearnedStep | None = None,
) -> Extraction:
    """Entities and facts of a message or text episode, given what earlier turns taught.

    ``light`` skips what only the caller reads (fact texts, summaries, MENTIONED facts):
    enough to serve as the context of a later turn, at a fraction of the cost.
    ``pipeline`` names the stages that read (all by default); ``trace`` records what each
    stage did. ``learned``: the learned reader then adds the facts the rules did not find.
    """
    told: list[tuple[Sentence, int, list[Hit]]] = []
    draft = _start(episode, known, light, pipeline)
    body = episode.content.partition(":")[2] if draft.speaker else episode.content
    state = TextState(body, known, draft.speaker, draft.assistant, draft.voice)
    normalised = run_text(pipeline, state, trace)
    sentences = split_sentences(normalised)[:MAX_SENTENCES_PER_EPISODE]
    for index, raw in enumerate(sentences):
        if draft.full():
            break
        written = raw
        raw, narrated = _narrated(raw, draft, known, pipeline, trace)
        voice = narrated or draft.voice or draft.speaker
        sentence = analyse(raw, episode.reference_time, voice, known)
        sentence.written = written if raw != written else ""
        sentence.assistant, sentence.user = draft.assistant and not draft.voice, known.addressee
        whole = "" if light else rewrite(sentence, 0, len(raw), draft, drop_times=False, whole=True)
        draft.sentences.append(whole)
        if trace is not None:
            trace.sentences.append(raw)
        hits = _read_sentence(sentence, index, draft, known, pipeline, trace)
        if draft.assistant and not hits:  # "How's the new job?": no one's summary
            draft.sentences[index] = ""
        told += [(sentence, index, hits)] if learned is not None and not light else []
    if learned is not None and told and pipeline.has("learned"):
        with timing(trace, "learned"):
            read = episode if draft.assistant else as_answered(episode, known.asked)
            _learned_hits(learned, (read, normalised), told, draft, known, trace)
    return draft.build()


def _learned_hits(
    step: LearnedStep,
    message: tuple[Episode, str],
    told: list[tuple[Sentence, int, list[Hit]]],
    draft: Draft,
    known: Known,
    trace: Trace | None,
) -> None:
    """The learned reader's facts that the rules did not find (``message``: the episode
    and its normalised text; one forward pass shared with the episode's embedding)."""
    role = role_of(message[0])
    usable = [could_add(s, hits, role) for s, _, hits in told]
    tells = [not u and worth_reading(s, role) for u, (s, _, _) in zip(usable, told, strict=True)]
    names = [[] if draft.assistant else mentioned_spans(s, hits) for s, _, hits in told]
    read = step.read(*message, [s for s, _, _ in told], usable, tells, names)
    starts = [start_told(s, hits) for s, _, hits in told]
    moves = [move_in_told(s, hits) for s, _, hits in told]
    for k, ((s, index, hits), facts) in enumerate(zip(told, read, strict=True)):
        before = [t[0] for t in told[:k]]
        later = next((when for when in starts[k + 1 :] if when is not None), None)
        moving = next((when for when in moves[k + 1 :] if when is not None), None)
        for fate in learned_fates(s, facts, hits, role, known, before, later):
            keys = []
            for hit in fate.hits:
                if draft.full():
                    return
                hit = _moved_in_later(s, _started_later(s, hit, later), moving)
                keys.append(_add_learned(s, index, hit, hits, draft, known, trace))
            if trace is not None:
                key = None if fate.stopped or not keys else keys[0]
                stopped = fate.stopped or ("" if key else "told already")
                trace.reader.append(ReaderFate(s.text, fate.fact, stopped, key))
    if trace is not None and trace.reads_every:
        _unread_fates(step, message, told, (usable, tells), known, trace)


def _moved_in_later(s: Sentence, hit: Hit, moving: datetime | None) -> Hit:
    """The speaker's new home the learned reader read with no date in its sentence (as a
    home, or as a plan of a named place: "got the keys to my own flat in Bournemouth!!"),
    dated by the move a later sentence of the message tells ("moving in tmrw"): the home
    from that day."""
    if moving is None or hit.ending or hit.spell or not hit.source.speaker or s.times:
        return hit
    if hit.relation == "LIVES_IN" or (hit.relation == "HAS_PLAN" and hit.target.named):
        return replace(hit, relation="LIVES_IN", spell=(moving, None))
    return hit


def _started_later(s: Sentence, hit: Hit, later: datetime | None) -> Hit:
    """The speaker's news the learned reader read with no date in its sentence, dated by
    the start a later sentence of the message tells ("accepted onto the MSc at Hollins! I
    start on 25 January")."""
    startable = hit.relation in STARTABLE or hit.relation == "HAS_PLAN"
    if later is None or not startable or hit.ending or hit.spell or not hit.source.speaker:
        return hit
    return hit if s.times else replace(hit, spell=(later, None))


def _add_learned(
    s: Sentence,
    index: int,
    hit: Hit,
    hits: list[Hit],
    draft: Draft,
    known: Known,
    trace: Trace | None,
) -> FactKey | None:
    """A learned hit into the draft, unless another stage told its value already
    (``None``); its fact's key."""
    hit = _as_the_rules_end_it(draft, hit, hits)
    if _told_already(draft, hit):
        return None
    _drop_open_mention(draft, hit)
    hit = replace(hit, text=aside_text(hit, hits))
    key = _add_hit(s, index, hit, [*hits, hit], draft, known)
    if trace is not None:
        trace.found("learned", index, [hit])
        trace.made(key, "learned")
    return key


def _unread_fates(
    step: LearnedStep,
    message: tuple[Episode, str],
    told: list[tuple[Sentence, int, list[Hit]]],
    asked: tuple[list[bool], list[bool]],
    known: Known,
    trace: Trace,
) -> None:
    """For a funnel (``Trace.reads_every``): the facts the reader finds in the sentences
    the step does not read (``asked``: the step's usable and first-window sentences), with why
    it does not read them and what reading them would have done."""
    role, sentences = role_of(message[0]), [s for s, _, _ in told]
    chosen = step.chosen(*message, sentences, *asked)
    every = step.read(*message, sentences, [True] * len(told), [])
    for k, ((s, _, hits), facts, was) in enumerate(zip(told, every, chosen, strict=True)):
        why = "" if was else unread_why(s, hits, role)
        before = sentences[:k]
        for fate in learned_fates(s, facts, hits, role, known, before) if why else ():
            stopped = f"not read: {why}"
            trace.reader.append(ReaderFate(s.text, fate.fact, stopped, then=fate.stopped))


def _as_the_rules_end_it(draft: Draft, hit: Hit, hits: list[Hit]) -> Hit:
    """A value the rules read as ending ("Phil gave Thor to his brother's farm": the mention
    of Thor ends; "no more hypertension meds": the hypertension ends) ends in the reader's
    fact too: the rules' ending words decide whether it holds (the reader's aspect is what
    it reads worst), the reader whose fact and which relation it is. Ended in this episode
    (on the day that ending tells: "For nine years I played with X. I left them in May."),
    or in the same clause under a name sharing a word. A plan so ended ends on its day."""
    target = normalize_name(hit.target.name)
    ends = [
        f.invalid_at for k, f in draft.facts.items() if k[1] == target and _ended(f, draft.said_at)
    ]
    said = draft.said_at
    told_end = next((end for end in ends if end and said and end < said), None)  # a day gone
    if hit.ending:
        return replace(hit, spell=(None, told_end)) if told_end and hit.spell is None else hit
    words = set(target.split())
    ended = bool(ends) or any(
        h.ending
        and h.clause[0] < hit.clause[1]
        and hit.clause[0] < h.clause[1]
        and words & set(normalize_name(h.target.name).split())
        for h in hits
    )
    planned = hit.spell is not None and hit.spell[1] is None  # "leaving Turin on the 1st"
    spell = (None, hit.spell[0]) if planned and hit.spell else hit.spell
    if spell is None and told_end is not None:
        spell = (None, told_end)  # "For nine years I played with X. I left them in May."
    return replace(hit, ending=True, spell=spell) if ended else hit


def _ended(fact: ExtractedFact, said_at: datetime | None) -> bool:
    """Did the rules read ``fact`` as over: an end with no start, or one not ahead (a state
    told from a start for how long it lasts, "for eight weeks from Monday", is no ending)?"""
    if fact.invalid_at is None:
        return False
    return fact.valid_at is None or said_at is None or fact.invalid_at <= said_at


def _drop_open_mention(draft: Draft, hit: Hit) -> None:
    """The speaker's open mention of the value is explained by the step's fact, and so is
    the speaker's mention of the third person whose fact it is: one statement, one fact
    ("soraya lives near me in Croydon": Soraya's home, no mention of Soraya beside it; a
    mention that ends something, "someone stole my Trek", stays: it ends other mentions of
    that name; one over by its tense alone, "for six years I was in Daejeon", does not stay).
    The speaker's mention of
    a third person's value stays: the reader's relation for it is the weaker guess."""
    source, target = normalize_name(hit.source.name), normalize_name(hit.target.name)
    keys = [(source, target, "MENTIONED")]
    if not hit.source.speaker and draft.speaker:
        keys.append((normalize_name(draft.speaker), source, "MENTIONED"))
    for key in keys:
        mention = draft.facts.get(key)
        if mention is not None and (mention.invalid_at is None or key in draft.over_mentions):
            del draft.facts[key]


def _told_already(draft: Draft, hit: Hit) -> bool:
    """Did another stage (a pattern, a reader) already tell in this episode what the hit's
    value is to its subject ("your work at Dell": WORKS_AT, not a laptop), or whose value
    of that relation it is ("my brother's move to Utrecht": the brother's home)? The
    reader adds what the rules did not read."""
    source, target = normalize_name(hit.source.name), normalize_name(hit.target.name)
    return any(
        k[1] == target and (k[0] == source or k[2] == hit.relation)
        for k in draft.facts
        if k[2] not in GENERIC_RELATIONS
    )


def _start(episode: Episode, known: Known, light: bool, pipeline: Pipeline) -> Draft:
    """The episode's draft: its speaker known as a person, an assistant's voice set."""
    speaker = episode.speaker()
    draft = Draft(speaker, known.addressee, light, is_assistant(speaker))
    draft.said_at = episode.reference_time
    if speaker:
        draft.entity(None, speaker, "Person", -1)
        known.speakers.add(normalize_name(speaker))
        known.learn(speaker, "Person")
    if draft.assistant and speaker and known.addressee and pipeline.has("user_voice"):
        draft.voice = known.addressee
    return draft


def _narrated(
    raw: str, draft: Draft, known: Known, pipeline: Pipeline, trace: Trace | None
) -> tuple[str, str | None]:
    """A narrated sentence about a named person, in that person's voice (``narrated.py``)."""
    if draft.assistant or not pipeline.has("narrated"):
        return raw, None
    if draft.speaker:  # "Kerry got the job! She starts at...": the user's own voice,
        person = narrated_person(raw, known, None)  # but "she" may be Kerry
        if person is not None:
            known.met_subject(person)
        return raw, None
    with timing(trace, "narrated"):
        told, person = narrated_voice(raw, known, draft.narrated)
    if person is not None:
        draft.narrated = person
        if trace is not None:
            trace.text("narrated", raw, told)
    return told, person


def _learn_names(s: Sentence, index: int, draft: Draft, known: Known) -> None:
    """The sentence's speaker and names into the draft and the context, before any stage."""
    if s.speaker and not draft.assistant and s.speaks_as_self:
        draft.entity(None, s.speaker, "Person", index)
    for span in s.spans:
        if span.named:
            party = Party(span.name, span.label, True, False, tuple(span.attributes.items()))
            if not draft.assistant:  # an assistant's names are entities only in a fact
                draft.entity(party, span.name, span.label, index)
            known.learn(span.name, span.label, span.attributes.get("type"))
    learn_genders(s.text, known)


def _read_sentence(
    s: Sentence, index: int, draft: Draft, known: Known, pipeline: Pipeline, trace: Trace | None
) -> list[Hit]:
    """The sentence through the stages; its hits, then its mentions, into the draft."""
    _learn_names(s, index, draft, known)
    hits = run_sentence(pipeline, SentenceState(s, index, known, draft), trace)
    said = draft.sentences[index]
    if said and s.speaker and any(h.implicit_subject for h in hits) and s.speaker not in said:
        draft.sentences[index] = f"{s.speaker} {said[:1].lower()}{said[1:]}"
    for hit in hits:
        key = _add_hit(s, index, hit, hits, draft, known)
        if trace is not None:
            trace.made(key, trace.stage_of(hit))
    if pipeline.has("mentions") and not (draft.light or draft.assistant):
        with timing(trace, "mentions"):
            _add_mentions(s, index, hits, draft, known, trace)
    return hits


def _add_mentions(
    s: Sentence, index: int, hits: list[Hit], draft: Draft, known: Known, trace: Trace | None
) -> None:
    """The named entities no hit used, as MENTIONED (or RELATED_TO) facts."""
    mentions = mention_hits(s, hits, known)
    if trace is not None and mentions:
        trace.found("mentions", index, mentions)
    for hit in mentions:
        source = draft.entity(hit.source, hit.source.name, hit.source.label, index)
        target = draft.entity(hit.target, hit.target.name, hit.target.label, index)
        valid_at, invalid_at = hit_dates(s, hit, s.times)
        text = rewrite(s, hit.clause[0], hit.clause[1], draft, drop_times=True)
        if draft.speaker and draft.speaker not in text:  # a narrated person said nothing
            text = f"{draft.speaker} said: {text}"
        fact = ExtractedFact(source, target, hit.relation, text, valid_at, invalid_at)
        key = draft.add_fact(fact)
        if hit.over:
            draft.over_mentions.add(key)
        if trace is not None:
            trace.made(key, "mentions")


def _add_hit(
    s: Sentence,
    index: int,
    hit: Hit,
    hits: list[Hit],
    draft: Draft,
    known: Known,
    times: list[TimeExpression] | None = None,
) -> FactKey | None:
    """One hit of sentence ``index`` into the draft: its entities, dates (``times``, else
    those the hit owns in the sentence), text and fact; the fact's key (``None``: the hit
    told an attribute)."""
    source = draft.entity(hit.source, hit.source.name, hit.source.label, index)
    if hit.attribute:
        draft.entities[normalize_name(source)].attributes[hit.attribute] = hit.target.name
        return None
    target = draft.entity(hit.target, hit.target.name, hit.target.label, index)
    owned = (
        times
        if times is not None
        else passing_times(s, hit)
        if hit.undated
        else owned_times(s, hit, hits)
    )
    valid_at, invalid_at = fact_dates(s, hit, owned, known, (source, target))
    text = fact_text(s, hit, draft, valid_at)
    text = one_item_text(text, hit, hits)
    if not hit.ending and is_functional(hit.relation):  # "moved to Cork, galway rent was..."
        text = without_rivals(text, target, _rivals(draft, known, source, hit.relation))
    key = draft.add_fact(ExtractedFact(source, target, hit.relation, text, valid_at, invalid_at))
    draft.told_in.setdefault(key, index)
    if hit.redates:
        draft.redate(key, valid_at)
    if hit.ending and invalid_at is not None:
        draft.end_told_over(source, target, invalid_at)
    if not hit.ending and is_functional(hit.relation) and _NOW.search(s.text, *hit.clause):
        draft.supersede(key, index, valid_at)
    known.learn_fact(source, hit.relation, target, ended=hit.ending, text=text, start=valid_at)
    _learn_party(known, hit.target)
    _learn_party(known, hit.source)
    return key


# a value told as the one of now: "Now I'm on my old iPhone", "I'm in Leeds now"
_NOW = re.compile(r"\bnow\b(?! (?:also|too|and then)\b)", re.I)


def _rivals(draft: Draft, known: Known, source: str, relation: str) -> list[str]:
    """The values of ``relation`` the source held before or was told of in this episode."""
    who = normalize_name(source)
    held = list(known.targets.get((who, relation), {}).values())
    told = [
        f.target
        for f in draft.facts.values()
        if f.relation == relation and normalize_name(f.source) == who
    ]
    return held + told


def _learn_party(known: Known, party: Party) -> None:
    species = dict(party.attributes).get("species")
    if species:
        known.species[normalize_name(party.name)] = species
    if party.label in ("Person", "Pet") and not party.speaker:
        known.learn(party.name, party.label)
