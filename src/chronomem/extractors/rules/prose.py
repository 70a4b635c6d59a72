"""Extraction from chat messages and free text: the declared pipeline (``pipeline.py``) run
on an episode, and its hits made into entities and facts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronomem.extractors.rules.adding import add_hit
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.gender import learn_genders
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.sentences import split_sentences
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.fact_texts import rewrite
from chronomem.extractors.rules.hit_dates import hit_dates, owned_times
from chronomem.extractors.rules.learned_join import join_learned
from chronomem.extractors.rules.normalise.narrated import narrated_person, narrated_voice
from chronomem.extractors.rules.normalise.replies import as_answered
from chronomem.extractors.rules.pipeline import FULL, Pipeline, run_sentence, run_text
from chronomem.extractors.rules.readers.mentions import mention_hits
from chronomem.extractors.rules.rivals import without_rivals
from chronomem.extractors.rules.state import SentenceState, TextState
from chronomem.extractors.rules.stopped import add_stopped
from chronomem.extractors.rules.trace import Trace, timing
from chronomem.model import Episode, ExtractedFact, Extraction
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
            join_learned(learned, (read, normalised), told, draft, known, trace)
    draft.switch_days()  # the days the facts hold, before a stage reads them
    if not light and pipeline.has("stopped"):
        with timing(trace, "stopped"):
            add_stopped(draft, trace)
    return draft.build()


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
        key = add_hit(s, index, hit, hits, draft, known)
        if trace is not None:
            trace.made(key, trace.stage_of(hit))
    if pipeline.has("mentions") and not (draft.light or draft.assistant):
        with timing(trace, "mentions"):
            _add_mentions(s, index, hits, draft, known, trace)
    return hits


def _ended(hits: list[Hit]) -> list[str]:
    """The values the sentence's facts end or tell as over."""
    return [h.target.name for h in hits if h.ending or h.over or (h.spell and h.spell[1])]


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
        if normalize_name(source) == normalize_name(target):
            continue
        # the sentence's days but those of another hit's part ("lived in Porto from 2015 to
        # 2022, since then I've been in Lyon": Lyon since 2022)
        valid_at, invalid_at = hit_dates(s, hit, owned_times(s, hit, [*hits, *mentions]))
        text = rewrite(s, hit.clause[0], hit.clause[1], draft, drop_times=True)
        # "home in Porto after two years in Lyon": a mention beside an ending does not
        # carry the ended value on
        text = without_rivals(text, hit.target.name, _ended(hits))
        if draft.speaker and draft.speaker not in text:  # a narrated person said nothing
            text = f"{draft.speaker} said: {text}"
        fact = ExtractedFact(source, target, hit.relation, text, valid_at, invalid_at)
        key = draft.add_fact(fact)
        draft.told_in.setdefault(key, index)
        if hit.over:
            draft.over_mentions.add(key)
        if trace is not None:
            trace.made(key, "mentions")
