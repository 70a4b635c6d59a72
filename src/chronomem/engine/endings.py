"""What an ending carries with it, decided after entity resolution.

Two rules, both on final entity ids (the decision step sees provisional ids for entities that
were still ambiguous, so it can miss what only resolution makes equal):

* :func:`ended_fact` -- an ending ("I left Acme back in January": no start, an end) of the one
  open fact with the same relation between the same two entities is that fact's end, not a
  fact of its own, even when "Acme" only became "Acme Corp" in this round.
* :func:`close_mentions` -- when a typed fact between two entities ends (closed by a new value
  or by an explicit ending), the loose mentions between the same two entities that were
  current while it held end with it. An extractor records what it cannot type as a generic
  fact (``model.relations.GENERIC_RELATIONS``): "first week at stripe done", "bye bye
  target", "stripe was fun but ...". They are remarks about that stint; left open, they would
  keep asserting the old employer, home or car after it changed. Typed facts (likes, friends,
  visits) are never touched here: only generic mentions follow an ending.
* :func:`close_told_beside` -- a mention told in the same episode as a typed fact of its
  subject, whose text names that fact's value, closes with it (one statement).
* :func:`close_remarks_on_past` -- a mention told after the typed fact of its pair ended
  (a remark on the old home) ends with it too.
* :func:`close_mentions` also follows an explicit ending (typed, or a generic mention the
  extractor read as an ending: "Bubbles died") by the ended thing's *name* (or, for a name
  of initials, the words they stand for: "let my RHS membership lapse" ends "a member of
  the Royal Horticultural Society"): "sold
  the canon" ends "I shoot everything on a Canon 5D Mark III", "cancelled my Prime
  membership" ends "I have Amazon Prime" -- the subject's open facts that started before the
  end and whose text names the ended thing as whole words, whichever entity the extractor
  tied them to. Tastes and personal ties (:data:`KEEP_ON_ENDING`) are left alone: selling
  the Volvo does not end liking Volvos -- unless what ended is itself a taste or habit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from datetime import datetime

from chronomem.engine.temporal import close_at
from chronomem.model import Fact
from chronomem.model.names import normalize_name
from chronomem.model.relations import (
    DAY_RELATIONS,
    GENERIC_RELATIONS,
    PLAN_RELATIONS,
    functional_rule,
)
from chronomem.model.slots import adds_one, family_of, same_slot

#: Relations an ending by name never closes: tastes and ties to people.
KEEP_ON_ENDING = frozenset(
    {"LIKES", "LOVES", "ENJOYS", "HATES", "DISLIKES", "FRIEND_OF", "FAMILY_OF", "KNOWS"}
)
#: Endings of these close tastes too: "I can't watch horror anymore" ends "I love horror".
TASTES = frozenset({"LIKES", "LOVES", "ENJOYS", "HAS_HABIT", "PLAYS"})
MIN_NAME_CHARS = 3
# An ended value that only qualifies facts of these relations leaves them open: a title given
# up or corrected ("a data engineer, not a data scientist") keeps the employer told with it
# ("I'm a data scientist at Airbnb"); a medication stopped keeps the condition told with it
# ("diagnosed with diabetes, doc put me on metformin").
QUALIFIES = {
    "HAS_JOB_TITLE": frozenset({"WORKS_AT"}),
    "TAKES_MEDICATION": frozenset({"HAS_CONDITION"}),
}


def _open(f: Fact) -> bool:
    return f.invalid_at is None and f.expired_at is None


def _ends_after(f: Fact, end: datetime) -> bool:
    """Was ``f`` told with its own end, later than ``end`` (a span ahead, not withdrawn)?"""
    return (
        f.invalid_at is not None
        and f.invalid_at > end
        and (f.valid_at is None or f.invalid_at > f.valid_at)
    )


def _pair(f: Fact) -> frozenset[str]:
    return frozenset((f.source_id, f.target_id))


def ended_fact(fact: Fact, known: Sequence[Fact]) -> Fact | None:
    """The one open fact ``fact`` (an ending without a start) ends, if exactly one; a plan
    or trip told with its own end still ahead is open until then ("flying out 14 March for
    a week", then "Marrakech is off")."""
    if fact.valid_at is not None or fact.invalid_at is None or fact.relation in GENERIC_RELATIONS:
        return None
    end = fact.invalid_at
    same = [
        f
        for f in known
        if f.relation == fact.relation
        and (f.source_id, f.target_id) == (fact.source_id, fact.target_id)
        and (_open(f) or (f.relation in DAY_RELATIONS and _ends_after(f, end)))
    ]
    return same[0] if len(same) == 1 else None


def close_mentions(
    new_facts: list[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names: Mapping[str, str] | None = None,
    endings: Sequence[Fact] = (),
) -> None:
    """Close the generic mentions of every pair whose typed fact this episode ended.

    ``working``: stored facts this episode changed (updated in place); ``new_facts``: the
    episode's new facts (updated in place); ``names``: entity id -> name for this episode's
    entities (endings by name need it); ``endings``: the endings the episode told, also
    those folded into the stored fact they end.
    """
    _close_named([*endings, *new_facts], working, stored, now, names or {})
    ends: dict[frozenset[str], datetime] = {}
    told_with: set[tuple[frozenset[str], str]] = set()  # (pair, episode) of typed facts ended
    changed = _closed_now(working, stored)
    for f in (*changed, *new_facts):
        if f.invalid_at is None or (f.relation in GENERIC_RELATIONS and not _is_ending(f)):
            continue
        pair = _pair(f)
        ends[pair] = max(ends.get(pair, f.invalid_at), f.invalid_at)
        if f.relation not in GENERIC_RELATIONS:
            told_with.update((pair, e) for e in stored.get(f.id, f).episodes[:1])
    if not ends:
        return
    for f in stored.values():
        end = ends.get(_pair(f))
        current = working.get(f.id, f)
        if end is None or current.relation not in GENERIC_RELATIONS:
            continue
        # a mention told beside a trip, with the trip's days ("Marrakech with the girls,
        # flying out 14 March for a week"), is called off with it
        twin = _ends_after(current, end) and any((_pair(f), e) in told_with for e in f.episodes[:1])
        if not twin and (not _open(current) or _starts_after(current, end, now)):
            continue
        working[f.id] = close_at(current, end, now)
    for n, f in enumerate(new_facts):
        end = ends.get(_pair(f))
        if end is not None and f.relation in GENERIC_RELATIONS and f.invalid_at is None:
            new_facts[n] = close_at(f, end, now)


def _starts_after(f: Fact, end: datetime, now: datetime, *, calls_off: bool = True) -> bool:
    """Does ``f`` start after ``end``, and had it started by ``now`` (or may the ending not
    call things off)? Then the ending is of an earlier stint ("left Acme in 2019", of a stint
    from 2021; "sold the canon", of "the Canon is back" in May). A fact still ahead at
    ``now`` is called off by an ending that may ("Festival's off for me this year", of a
    festival on the 5th): it is closed, and holds on no day."""
    if f.valid_at is None or f.valid_at <= end:
        return False
    return f.valid_at <= now or not calls_off


def _calls_off(ending: Fact) -> bool:
    """Can ``ending`` call off a thing still ahead: a plan's ending or a name's (not the loss
    of a thing held, "sold the canon")?"""
    return ending.relation in GENERIC_RELATIONS or ending.relation in PLAN_RELATIONS


def _is_ending(f: Fact) -> bool:
    """No start, an end: "I sold the civic", "Bubbles died" (typed or a generic mention)."""
    return f.valid_at is None and f.invalid_at is not None


def _invalid(f: Fact | None) -> datetime | None:
    return None if f is None else f.invalid_at


def _closed_now(working: Mapping[str, Fact], stored: Mapping[str, Fact]) -> list[Fact]:
    """The facts this round gave a new end (``working``: changed this round)."""
    return [f for i, f in working.items() if f.invalid_at != _invalid(stored.get(i))]


def _said_as_word(name: str) -> re.Pattern[str]:
    """``name`` (normalized) as whole words in a normalized text, plural too."""
    return re.compile(rf"\b{re.escape(name)}(?:s|es)?\b")


def _close_named(
    new_facts: Sequence[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names: Mapping[str, str],
) -> None:
    for ending in new_facts:
        if not _is_ending(ending):
            continue
        display = names.get(ending.target_id, "")
        name = normalize_name(display)
        if len(name) < MIN_NAME_CHARS:
            continue
        said = _said_as_word(name)
        spelled = _spelled_out(display)
        end = ending.invalid_at
        assert end is not None  # an ending has an end (_is_ending)
        for f in stored.values():
            current = working.get(f.id, f)
            named = said.search(normalize_name(current.fact)) is not None or (
                spelled is not None
                and current.relation == ending.relation
                and spelled.search(current.fact) is not None
            )
            if (
                ending.source_id not in (current.source_id, current.target_id)
                or (current.relation in KEEP_ON_ENDING and not _ends_taste(ending, current))
                or current.relation in QUALIFIES.get(ending.relation, ())
                # closed this round: the earlier end holds (a spell still ahead is open)
                or not (_open(current) or _open(f) or _ahead(current, now))
                or _starts_after(current, end, now, calls_off=_calls_off(ending))
                or not named
                or _listed_sibling(current, ending, name)
                or _told_with(current, ending)
            ):
                continue
            working[f.id] = close_at(current, end, now)


def _ahead(f: Fact, now: datetime) -> bool:
    """Does ``f`` still lie ahead at ``now`` (a plan with its days: "21 to 23 November")?"""
    return f.valid_at is not None and f.valid_at > now


def _told_with(fact: Fact, ending: Fact) -> bool:
    """Was ``fact`` told by the statement that tells ``ending``? "left Wayfair for a job at
    Etsy" names Wayfair in the Etsy fact's own text: read in order, that fact is new beside
    the ending and never a candidate; re-read after a late turn (``engine/reread.py``) it is
    already stored, and must stay open all the same -- the same timeline in any order."""
    return bool(set(fact.episodes) & set(ending.episodes))


_MINOR_WORDS = r"(?:\s+(?:of|the|and|for|&|de|du|der|di)\b)*\s+"


def _spelled_out(display: str) -> re.Pattern[str] | None:
    """For a name of initials ("RHS", "NHS", "UCL"): the capitalised words they stand for
    ("Royal Horticultural Society"), small words between them allowed; else None. An
    ending by initials closes a fact of its own relation that spells them out."""
    if not (display.isalpha() and display.isupper() and 2 <= len(display) <= 6):
        return None
    words = [rf"{re.escape(letter)}[a-z]+" for letter in display]
    return re.compile(r"\b" + _MINOR_WORDS.join(words) + r"\b")


def _ends_taste(ending: Fact, current: Fact) -> bool:
    """An ended taste or habit closes tastes; so does a bare loss of the very thing liked
    ("I'm done with Chelsea" ends "I'm a Chelsea fan"), but never a tie to a person --
    except that the end of a partner (``model/slots.py``: dating, engaged, married) ends
    the love of that very person ("me and caspian are a thing now", read as liking him,
    then "caspian and i called it quits")."""
    if ending.relation in TASTES:
        return True
    very = current.relation in TASTES and current.target_id == ending.target_id
    return very and (ending.relation == "MENTIONED" or family_of(ending.relation) == "partner")


_LIST = r"(?:\band\b|\bor\b|&)"


def _listed_sibling(fact: Fact, ending: Fact, name: str) -> bool:
    """ "We pay for Netflix, Hulu and Disney+": cancelling Hulu leaves its listed siblings
    (the same relation to another entity, told in one list: the ended ``name`` stands next
    to a list's conjunction). "joined the book club at Pages & Co" is no list of
    book clubs: quitting the book club ends it."""
    if fact.relation != ending.relation or fact.target_id == ending.target_id:
        return False
    said = r"\W+".join(re.escape(w) for w in name.split())
    item = re.compile(rf"{_LIST}\s*{said}\b|\b{said}(?:s|es)?\W*\s*{_LIST}", re.I)
    return item.search(fact.fact) is not None


def withdraw_moved_plans(
    new_facts: Sequence[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names: Mapping[str, str],
    said_at: datetime | None,
) -> None:
    """A plan told again on another day withdraws the one told before, when both name the
    same kind of thing ("my knee surgery is on the 20th", then "the surgery is moved to
    October 4"): the entities may differ, the head word of the new plan's name is in the old
    plan's text. So does any upcoming fact whose other end the new plan names ("flying to
    Cancun on March 3rd", then "the airline pushed our flight to Cancun to March 10"). The
    old plan never held: it is closed at its own start."""
    if said_at is None:
        return
    for new in new_facts:
        if new.relation not in PLAN_RELATIONS or new.valid_at is None or new.valid_at <= said_at:
            continue
        words = normalize_name(names.get(new.target_id, "")).split()
        if not words or len(words[-1]) < MIN_NAME_CHARS:
            continue
        said = re.compile(rf"\b{re.escape(words[-1])}s?\b")
        for f in stored.values():
            old = working.get(f.id, f)
            if (
                old.source_id == new.source_id
                and _open(old)
                and old.valid_at is not None
                and old.valid_at > said_at
                and old.valid_at.date() != new.valid_at.date()
                and (
                    (old.relation in PLAN_RELATIONS and said.search(normalize_name(old.fact)))
                    or _names_target(new, old, names)
                )
            ):
                working[f.id] = close_at(old, old.valid_at, now)


def _names_target(new: Fact, old: Fact, names: Mapping[str, str]) -> bool:
    """Does the new plan's text name the other end of ``old`` (a typed, upcoming fact)?"""
    name = normalize_name(names.get(old.target_id, ""))
    if old.relation in GENERIC_RELATIONS or len(name) < MIN_NAME_CHARS:
        return False
    return re.search(rf"\b{re.escape(name)}\b", normalize_name(new.fact)) is not None


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
    beside = [f for f in new_facts if f.relation in GENERIC_RELATIONS and _open(f)]
    for new in new_facts:
        rule = functional_rule(new.relation)
        if rule is None or rule.unique != "subject" or new.valid_at is None:
            continue
        if new.invalid_at is not None:
            continue
        earlier = [
            old
            for old in (working.get(f.id, f) for f in stored.values())
            if old.relation in GENERIC_RELATIONS
            and _open(old)
            and (old.valid_at is None or old.valid_at < new.valid_at)
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
    place) closes when it is of the new value's kind."""
    told = {f.id: n for n, f in enumerate(new_facts or ())}
    for new, old in pairs:
        mine, theirs = set(labels.get(new.target_id, ())), set(labels.get(old.target_id, ()))
        same_kind = bool(mine) and mine == theirs
        contrasted = not theirs and old.target_id in said_again and old.id not in told
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
        for f in _closed_now(working, stored)
        if f.relation in GENERIC_RELATIONS and f.invalid_at is not None
    ]
    for done in closed:
        for f in stored.values():
            other = working.get(f.id, f)
            if (
                other.relation in GENERIC_RELATIONS
                and _open(other)
                and other.source_id == done.source_id
                and other.fact == done.fact
                and other.episodes[:1] == done.episodes[:1]
            ):
                working[f.id] = close_at(other, done.invalid_at, now)


def close_told_beside(
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names_of: Callable[[Sequence[str]], Mapping[str, str]],
) -> None:
    """A sentence told as a typed fact and a mention ("in summer I work at the tar pit at
    the Turkansaari museum": the workplace, and the museum mentioned) is one statement:
    when this round closed the typed fact (a new value took its place, or an ending), the
    subject's open mentions told in its episode whose text names its value close with it
    (a value closed the day it began was a reading put right, which the mention outlives).
    ``names_of``: entity ids -> names."""
    closed = [
        f
        for f in _closed_now(working, stored)
        if f.relation not in GENERIC_RELATIONS
        and f.invalid_at is not None
        and (f.valid_at is None or f.valid_at.date() < f.invalid_at.date())  # a stint, not a slip
    ]
    if not closed:
        return
    names = names_of(sorted({f.target_id for f in closed}))
    for done in closed:
        name = normalize_name(names.get(done.target_id, ""))
        if len(name) < MIN_NAME_CHARS:
            continue
        said = _said_as_word(name)
        for f in stored.values():
            other = working.get(f.id, f)
            if (
                other.relation in GENERIC_RELATIONS
                and _open(other)
                and other.source_id == done.source_id
                and other.episodes[:1] == done.episodes[:1]
                and said.search(normalize_name(other.fact))
            ):
                working[f.id] = close_at(other, done.invalid_at, now)


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
        if new.relation not in GENERIC_RELATIONS or not _open(new) or new.valid_at is None:
            continue
        typed = [f for f in facts if _pair(f) == _pair(new) and f.relation not in GENERIC_RELATIONS]
        ends = [f.invalid_at for f in typed if functional_rule(f.relation) is not None]
        if (
            ends
            and all(end is not None and end <= new.valid_at for end in ends)
            and not any(_open(f) for f in typed)
        ):
            new_facts[n] = close_at(new, max(e for e in ends if e is not None), now)


def close_by_stored_endings(
    new_facts: list[Fact], stored: Mapping[str, Fact], now: datetime
) -> None:
    """Out of order: an ending heard first ("not vegan anymore", "Sam and I broke up"), the
    state it ends heard after ("I'm vegan", "I'm dating Sam", told earlier). The new fact
    started before the stored ending's end, on the same two entities, with the same
    relation or a generic one: it ends there."""
    endings = [f for f in stored.values() if _is_ending(f) and f.expired_at is not None]
    if not endings:
        return
    for n, new in enumerate(new_facts):
        if new.valid_at is None or new.invalid_at is not None:
            continue
        ends = [
            f.invalid_at
            for f in endings
            if _pair(f) == _pair(new)
            and (f.relation == new.relation or f.relation in GENERIC_RELATIONS)
            and f.invalid_at is not None
            and f.invalid_at > new.valid_at
        ]
        if ends:
            new_facts[n] = close_at(new, min(ends), now)


def close_told_in_order(new_facts: list[Fact], now: datetime) -> None:
    """One message telling one subject's values of one slot, each from its own day ("Senior
    Buyer since 2021 ... from 1 March, Head of Procurement"; "in Leeds since 2019, moving to
    York next spring"): each holds until the next one begins. Values from one day ("I work
    at Acme and Globex") and one told as one more (``model/slots.adds_one``) end nothing."""
    for n, old in enumerate(new_facts):
        if not _open(old) or old.valid_at is None or family_of(old.relation) is None:
            continue
        starts = [
            new.valid_at
            for new in new_facts
            if new.valid_at is not None
            and new.valid_at > old.valid_at
            and _open(new)
            and new.source_id == old.source_id
            and new.target_id != old.target_id
            and same_slot(new.relation, new.fact, old.relation, old.fact)
            and not adds_one(new.fact)
        ]
        if starts:
            new_facts[n] = close_at(old, min(starts), now)
