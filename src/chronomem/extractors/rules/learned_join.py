"""The learned reader's facts joined to the rules' draft of a message: what the rules did not
find, dated by the message's later sentences, ended as the rules end it, and each fact's
fate recorded in the trace."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.extractors.learned.gates import could_add, unread_why, worth_reading
from chronomem.extractors.learned.hits import learned_fates
from chronomem.extractors.learned.message import role_of
from chronomem.extractors.rules.adding import add_hit
from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.draft import Draft
from chronomem.extractors.rules.plain_texts import aside_text
from chronomem.extractors.rules.readers.mentions import mentioned_spans
from chronomem.extractors.rules.readers.start_dates import STARTABLE, move_in_told, start_told
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS
from chronomem.extractors.rules.trace import FactKey, ReaderFate, Trace
from chronomem.model import Episode, ExtractedFact

if TYPE_CHECKING:
    from chronomem.extractors.learned.step import LearnedStep


def join_learned(
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
    hit = _as_the_rules_end_it(draft, hit, hits, index)
    if _told_already(draft, hit):
        return None
    _drop_open_mention(draft, hit)
    hit = replace(hit, text=aside_text(hit, hits))
    key = add_hit(s, index, hit, [*hits, hit], draft, known)
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


def _as_the_rules_end_it(draft: Draft, hit: Hit, hits: list[Hit], index: int) -> Hit:
    """A value the rules read as ending ("Phil gave Thor to his brother's farm": the mention
    of Thor ends; "no more hypertension meds": the hypertension ends) ends in the reader's
    fact too: the rules' ending words decide whether it holds (the reader's aspect is what
    it reads worst), the reader whose fact and which relation it is. Ended in this episode
    (on the day that ending tells: "For nine years I played with X. I left them in May."),
    or in the same clause under a name sharing a word. A plan so ended ends on its day."""
    target = normalize_name(hit.target.name)
    ends = [
        f.invalid_at
        for k, f in draft.facts.items()
        if k[1] == target and _ended(f, draft.said_at, draft.told_in.get(k, index) == index)
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


def _ended(fact: ExtractedFact, said_at: datetime | None, beside: bool) -> bool:
    """Did the rules read ``fact`` as over: an end with no start, or one not ahead (a state
    told from a start for how long it lasts, "for eight weeks from Monday", is no ending)? A
    mention over only ahead ends only what its own sentence tells (``beside``): "my brother
    works in Turin since 2019 [...] His wife stays in Turin until June" ends nothing of the
    brother's."""
    if fact.invalid_at is None:
        return False
    ahead = said_at is not None and fact.invalid_at > said_at
    if ahead and fact.relation == "MENTIONED" and not beside:
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
