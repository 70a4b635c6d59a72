"""Generic mentions that end with what they were told beside, decided after entity
resolution (as ``endings.py``):

* :func:`superseded_mentions` and :func:`close_superseded` -- a new value of a
  one-value-at-a-time relation closes the subject's mentions of another entity of its kind
  told before it or beside it ("rent in San Francisco is insane", then "we moved to
  Oakland").
* :func:`close_siblings` -- one sentence told as several mentions closes as one.
* :func:`close_told_beside` -- a mention told in the same episode as a typed fact of its
  subject, whose text names that fact's value, closes with it (one statement).
* :func:`close_remarks_on_past` -- a mention told after the typed fact of its pair ended
  (a remark on the old home) ends with it too.
* :func:`close_retold_topics` -- a mention told before is superseded by a new value of a
  one-value relation of its subject, told on the same topic about another entity ("the
  factor's a Mr Fenwick", then "the estate took on a new factor").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from datetime import datetime

from chronomem.engine.ending_checks import (
    MIN_NAME_CHARS,
    closed_now,
    is_open,
    pair_of,
    said_as_word,
)
from chronomem.engine.temporal import close_at
from chronomem.gridmath import grid_cosine
from chronomem.model import Fact
from chronomem.model.names import normalize_name
from chronomem.model.relations import (
    DAY_RELATIONS,
    GENERIC_RELATIONS,
    HELD_WITHIN,
    functional_rule,
)

#: Two facts' texts at least this close in meaning (the cosine of their vectors) are told
#: on one topic (:func:`close_retold_topics`).
SAME_TOPIC = 0.6


def superseded_mentions(
    new_facts: Sequence[Fact], stored: Mapping[str, Fact], working: Mapping[str, Fact]
) -> list[tuple[Fact, Fact]]:
    """(new value, mention) pairs to weigh: a new value of a one-value-at-a-time relation (a
    new home, a new employer) and the subject's open generic mentions of *other* entities
    told before it ("rent in San Francisco is insane" before "we moved to Oakland",
    "software engineer at Microsoft" before "I'm at Meta now") or beside it, by the same
    message ("Kigali now, Nairobi was home for years"). Whether the mentioned entity is of the
    same kind is for :func:`close_superseded` to decide."""
    out = []
    beside = [f for f in new_facts if f.relation in GENERIC_RELATIONS and is_open(f)]
    for new in new_facts:
        if not _new_value(new):
            continue
        assert new.valid_at is not None
        earlier = [
            old
            for old in _open_mentions(new.source_id, stored, working)
            if old.valid_at is None or old.valid_at < new.valid_at
        ]
        out += [
            (new, old)
            for old in (*earlier, *beside)
            if old.source_id == new.source_id and old.target_id != new.target_id
        ]
    return out


def close_superseded(
    pairs: Sequence[tuple[Fact, Fact]],
    working: MutableMapping[str, Fact],
    labels: Mapping[str, Sequence[str]],
    now: datetime,
    said_again: frozenset[str] = frozenset(),
    new_facts: list[Fact] | None = None,
) -> None:
    """Close each mention whose entity has the new value's labels (a place for a new home,
    an organisation for a new employer) at the new value's start -- or, told before it, has
    no label at all and is named again, untyped, by the message that tells the new value
    (``said_again``): "moved to Cork, galway rent was insane", "the new job at Ramp is so
    much better than wells fargo" name the old value beside the new one, whatever kind of
    name it is. A mention told by that message itself (one of ``new_facts``, updated in
    place) closes when it is of the new value's kind, or names that old value again."""
    told = {f.id: n for n, f in enumerate(new_facts or ())}
    contrasted_ids = {
        old.target_id
        for _, old in pairs
        if not labels.get(old.target_id) and old.target_id in said_again and old.id not in told
    }
    for new, old in pairs:
        mine, theirs = set(labels.get(new.target_id, ())), set(labels.get(old.target_id, ()))
        same_kind = bool(mine) and mine == theirs
        # the old value held as a mention and named again: this message's own mention of
        # it is the contrast ("moved to Stevenage, harlow was too pricey") and closes too
        contrasted = old.target_id in contrasted_ids
        if not (same_kind or contrasted) or new.valid_at is None:
            continue
        if old.id in told and new_facts is not None:
            n = told[old.id]
            new_facts[n] = close_at(new_facts[n], new.valid_at, now)
        else:
            working[old.id] = close_at(working.get(old.id, old), new.valid_at, now)


def close_siblings(
    working: MutableMapping[str, Fact], stored: Mapping[str, Fact], now: datetime
) -> None:
    """One sentence told as several generic mentions ("software engineer at Microsoft,
    Redmond campus": Microsoft and Redmond) is one statement: when this round closed one of
    them, the others (same subject, same text, same episode) close with it."""
    closed = [
        f
        for f in closed_now(working, stored)
        if f.relation in GENERIC_RELATIONS and f.invalid_at is not None
    ]
    for done in closed:
        for other in _open_mentions(done.source_id, stored, working):
            if other.fact == done.fact and other.episodes[:1] == done.episodes[:1]:
                working[other.id] = close_at(other, done.invalid_at, now)


def close_told_beside(
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names_of: Callable[[Sequence[str]], Mapping[str, str]],
    new_facts: list[Fact],
) -> None:
    """A sentence told as a typed fact and a mention ("in summer I work at the tar pit at
    the Turkansaari museum": the workplace, and the museum mentioned) is one statement:
    when this round closed the typed fact (a new value took its place, or an ending), or
    told it already over (a message heard after the one that ended it), the subject's open
    mentions told in its episode whose text names its value close with it (a value closed
    the day it began was a reading put right, which the mention outlives, unless the
    mention is dated by its day). ``names_of``: entity ids -> names; ``new_facts``: this
    round's, updated in place."""
    closed = [
        f
        for f in (*closed_now(working, stored), *new_facts)
        if f.relation not in GENERIC_RELATIONS and f.invalid_at is not None
    ]
    if not closed:
        return
    names = names_of(sorted({f.target_id for f in closed}))
    held: list[tuple[int | None, Fact]] = [(None, working.get(f.id, f)) for f in stored.values()]
    told: list[tuple[int | None, Fact]] = list(enumerate(new_facts))
    mentions = [(n, f) for n, f in held + told if f.relation in GENERIC_RELATIONS]
    for done in closed:
        name = normalize_name(names.get(done.target_id, ""))
        if len(name) < MIN_NAME_CHARS:
            continue
        said = said_as_word(name)
        for n, mention in mentions:
            other = new_facts[n] if n is not None else working.get(mention.id, mention)
            if (
                is_open(other)
                and other.source_id == done.source_id
                and other.episodes[:1] == done.episodes[:1]
                and said.search(normalize_name(other.fact))
                and (_stint(done) or _dated_by(other, done))
            ):
                if n is None:
                    working[other.id] = close_at(other, done.invalid_at, now)
                else:
                    new_facts[n] = close_at(other, done.invalid_at, now)


def _stint(fact: Fact) -> bool:
    """Did ``fact`` hold for a while before its end (not a reading put right the day it
    began, which the mention outlives)?"""
    assert fact.invalid_at is not None
    return fact.valid_at is None or fact.valid_at.date() < fact.invalid_at.date()


def _dated_by(mention: Fact, done: Fact) -> bool:
    """Is ``mention`` dated by ``done``'s day (a plan or trip told with it: "my knee surgery
    is on the 14th, at Lyndhurst Hospital")? A day withdrawn takes the mention's date with
    it."""
    return done.relation in DAY_RELATIONS and mention.valid_at == done.valid_at


def close_remarks_on_past(
    new_facts: list[Fact], stored: Mapping[str, Fact], working: Mapping[str, Fact], now: datetime
) -> None:
    """A loose mention of a value its subject no longer holds is a remark on the past: "
    Amersfoort is so quiet compared to utrecht", told after the home in Utrecht ended. The
    new generic mention of a pair whose one-value facts (``model/relations.py``) all ended
    by its start, and which holds no open typed fact, ends where the latest of them did --
    as a mention told while the value held ends with it (:func:`close_mentions`)."""
    facts = [working.get(f.id, f) for f in stored.values()] + list(new_facts)
    for n, new in enumerate(new_facts):
        if new.relation not in GENERIC_RELATIONS or not is_open(new) or new.valid_at is None:
            continue
        typed = [
            f for f in facts if pair_of(f) == pair_of(new) and f.relation not in GENERIC_RELATIONS
        ]
        ends = [f.invalid_at for f in typed if functional_rule(f.relation) is not None]
        if (
            ends
            and all(end is not None and end <= new.valid_at for end in ends)
            and not any(is_open(f) for f in typed)
        ):
            new_facts[n] = close_at(new, max(e for e in ends if e is not None), now)


def close_retold_topics(
    new_facts: Sequence[Fact],
    stored: Mapping[str, Fact],
    working: MutableMapping[str, Fact],
    now: datetime,
) -> None:
    """A mention says what held when it was told: a new value of a one-value-at-a-time
    relation of its subject, on the same topic (the two facts' vectors at a cosine of at
    least :data:`SAME_TOPIC`) and about another entity, says what holds now, whatever kind of
    entity the mention named ("the estate factor's a Mr Fenwick", then "the estate took on
    a new factor, she's my boss now"; "I've lived at Rosebank Cottage in Kirkby Thore these
    forty-one years", then "I live in Penrith now"). The mention ends where the new value
    begins. A value that holds within another (a title within a job, ``HELD_WITHIN``)
    closes nothing this way: a new title is told in the words of the workplace it keeps."""
    for new in new_facts:
        if (
            not _new_value(new)
            or new.relation in HELD_WITHIN
            or new.expired_at is not None
            or new.embedding is None
        ):
            continue
        assert new.valid_at is not None
        for old in _open_mentions(new.source_id, stored, working):
            if (
                old.target_id not in new.endpoints
                and old.valid_at is not None
                and old.valid_at < new.valid_at
                and old.embedding is not None
                and grid_cosine(old.embedding, new.embedding) >= SAME_TOPIC
            ):
                working[old.id] = close_at(old, new.valid_at, now)


def _new_value(fact: Fact) -> bool:
    """Is ``fact`` a value of a relation with one value per subject, told as holding from a
    day (dated, not ended)?"""
    rule = functional_rule(fact.relation)
    return (
        rule is not None
        and rule.unique == "subject"
        and fact.valid_at is not None
        and fact.invalid_at is None
    )


def _open_mentions(
    source_id: str, stored: Mapping[str, Fact], working: Mapping[str, Fact]
) -> list[Fact]:
    """The stored generic mentions of ``source_id`` still open, as this round left them."""
    current = (working.get(f.id, f) for f in stored.values())
    return [
        f
        for f in current
        if f.relation in GENERIC_RELATIONS and is_open(f) and f.source_id == source_id
    ]
