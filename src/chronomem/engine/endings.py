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
* :func:`close_mentions` also follows an explicit ending (typed, or a generic mention the
  extractor read as an ending: "Bubbles died") by the ended thing's *name* (or, for a name
  of initials, the words they stand for: "let my RHS membership lapse" ends "a member of
  the Royal Horticultural Society"): "sold
  the canon" ends "I shoot everything on a Canon 5D Mark III", "cancelled my Prime
  membership" ends "I have Amazon Prime" -- the subject's open facts that started before the
  end and whose text names the ended thing as whole words, whichever entity the extractor
  tied them to. Tastes and personal ties (:data:`KEEP_ON_ENDING`) are left alone: selling
  the Volvo does not end liking Volvos -- unless what ended is itself a taste or habit.

The mentions that close with the statement or the new value they were told with are in
``mention_endings.py``; the endings read from when things are told (a plan told again on
another day, an ending heard before its state, one message's values in order) in
``timeline_endings.py``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping, Sequence
from datetime import datetime

from chronomem.engine.ending_checks import (
    MIN_NAME_CHARS,
    closed_now,
    is_ending,
    is_open,
    pair_of,
    said_as_word,
)
from chronomem.engine.temporal import close_at
from chronomem.model import Fact
from chronomem.model.names import normalize_name
from chronomem.model.relations import (
    DAY_RELATIONS,
    GENERIC_RELATIONS,
    PLAN_RELATIONS,
)
from chronomem.model.slots import family_of

#: Relations an ending by name never closes: tastes and ties to people.
KEEP_ON_ENDING = frozenset(
    {"LIKES", "LOVES", "ENJOYS", "HATES", "DISLIKES", "FRIEND_OF", "FAMILY_OF", "KNOWS"}
)
#: Endings of these close tastes too: "I can't watch horror anymore" ends "I love horror".
TASTES = frozenset({"LIKES", "LOVES", "ENJOYS", "HAS_HABIT", "PLAYS"})
# An ended value that only qualifies facts of these relations leaves them open: a title given
# up or corrected ("a data engineer, not a data scientist") keeps the employer told with it
# ("I'm a data scientist at Airbnb"); a medication stopped keeps the condition told with it
# ("diagnosed with diabetes, doc put me on metformin").
QUALIFIES = {
    "HAS_JOB_TITLE": frozenset({"WORKS_AT"}),
    "TAKES_MEDICATION": frozenset({"HAS_CONDITION"}),
}


def _ends_after(f: Fact, end: datetime) -> bool:
    """Was ``f`` told with its own end, later than ``end`` (a span ahead, not withdrawn)?"""
    return (
        f.invalid_at is not None
        and f.invalid_at > end
        and (f.valid_at is None or f.invalid_at > f.valid_at)
    )


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
        and (is_open(f) or (f.relation in DAY_RELATIONS and _ends_after(f, end)))
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
    changed = closed_now(working, stored)
    for f in (*changed, *new_facts):
        if f.invalid_at is None or (f.relation in GENERIC_RELATIONS and not is_ending(f)):
            continue
        pair = pair_of(f)
        ends[pair] = max(ends.get(pair, f.invalid_at), f.invalid_at)
        if f.relation not in GENERIC_RELATIONS:
            told_with.update((pair, e) for e in stored.get(f.id, f).episodes[:1])
    if not ends:
        return
    for f in stored.values():
        end = ends.get(pair_of(f))
        current = working.get(f.id, f)
        if end is None or current.relation not in GENERIC_RELATIONS:
            continue
        # a mention told beside a trip, with the trip's days ("Marrakech with the girls,
        # flying out 14 March for a week"), is called off with it
        twin = _ends_after(current, end) and any(
            (pair_of(f), e) in told_with for e in f.episodes[:1]
        )
        if not twin and (not is_open(current) or _starts_after(current, end, now)):
            continue
        working[f.id] = close_at(current, end, now)
    for n, f in enumerate(new_facts):
        end = ends.get(pair_of(f))
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


def _close_named(
    new_facts: Sequence[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names: Mapping[str, str],
) -> None:
    for ending in new_facts:
        if not is_ending(ending):
            continue
        display = names.get(ending.target_id, "")
        name = normalize_name(display)
        if len(name) < MIN_NAME_CHARS:
            continue
        said = said_as_word(name)
        spelled = _spelled_out(display)
        end = ending.invalid_at
        assert end is not None  # an ending has an end (is_ending)
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
                or not (is_open(current) or is_open(f) or _ahead(current, now))
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
