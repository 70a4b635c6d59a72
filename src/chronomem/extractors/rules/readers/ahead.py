"""Upcoming facts remembered, and named again.

Any fact told with a date ahead ("we're moving to Cardiff on 1 December", "got tickets to
see Wet Leg on the 9th", "flying to Oslo on May 3rd") is remembered in ``Known.ahead`` with
the words that can name it later: its target's name, and the stems of its verb and of its
event noun ("moving" -> "mov"). A later sentence names it by any of those words, or by an
event noun whose verbs it knows ("wedding" for "getting married", "flight" for "flying",
"show" for "tickets"): :func:`told_ahead`. What such a sentence does with it is read
elsewhere: moved to another day (``plans_moved.py``), or called off or done
(``plans_ended.py``). Only the speaker's upcoming facts are looked at, so "the move" with
nothing ahead gives nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from chronomem.extractors.rules.analysis.known import Ahead, Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.lexicon import TIME_WORDS
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS
from chronomem.model import Episode, ExtractedFact
from chronomem.model.relations import PLAN_RELATIONS
from chronomem.text.words import word_set

_TIME_WORDS = TIME_WORDS | word_set("st nd rd th am pm")

_SUFFIXES = ("ation", "ing", "ion", "ed", "es", "s", "e")
# An event said by its noun, and the stems of the verbs that tell it (general English, not
# one sentence's words): "the move" for "moving", "the wedding" for "getting married".
_EVENT_VERBS = {
    "move": "mov relocat", "relocation": "mov relocat", "wedding": "marri marry",
    "ceremony": "marri marry", "flight": "fly flight flew", "trip": "fly flight travel go "
    "head visit trip", "vacation": "fly flight travel go head visit trip", "holiday": "fly "
    "flight travel go head visit trip", "visit": "visit go head fly", "show": "ticket see "
    "concert show gig", "gig": "ticket see concert show gig", "concert": "ticket see concert "
    "show gig", "game": "ticket see match game", "match": "ticket see match game",
    "party": "throw host party", "birthday": "birthday party", "start": "start join",
    "surgery": "operat surgery", "operation": "operat surgery",
}  # fmt: skip
_FILLER = word_set(
    "the my our a an his her their your this that it its got get was is has been had have "
    "be being just now so finally officially totally and but because of to for on in at "
    "with by from back again new old whole entire"
)

# the forms of the short verbs of a journey no suffix rule reaches
_IRREGULAR = {"goes": "go", "going": "go", "gone": "go", "went": "go", "flies": "fly",
              "flying": "fly"}  # fmt: skip


def stem(word: str) -> str:
    """A crude stem: "moving", "moved", "move" -> "mov"; "relocation" -> "relocat"; "goes",
    "went" -> "go"."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w


def remember_ahead(known: Known, fact: ExtractedFact, told: Episode) -> None:
    """Keep a fact an earlier turn told with a date ahead, with the stems of that turn's
    words (its verb and event noun are among them: a context turn's fact has no text)."""
    if fact.valid_at is None or fact.valid_at <= told.reference_time or fact.invalid_at:
        return
    body = told.content.partition(":")[2] if told.speaker() else told.content
    _remember(known, fact, body, held=False)


def remember_held_ahead(known: Known, fact: ExtractedFact, now: datetime) -> None:
    """Keep a value the memory holds that is still ahead at ``now``, or a plan not yet
    ended (told far before: "the dentist moved to Friday" weeks after the booking), with
    the stems of its text."""
    if fact.invalid_at is not None:
        return
    if fact.relation in PLAN_RELATIONS or (fact.valid_at is not None and fact.valid_at > now):
        _remember(known, fact, fact.fact, held=True)


def _remember(known: Known, fact: ExtractedFact, body: str, *, held: bool) -> None:
    if fact.relation in GENERIC_RELATIONS and not fact.target[:1].isupper():
        return
    words = re.findall(r"[a-z]+", f"{body} {fact.target}".lower())
    stems = frozenset(stem(w) for w in words if w not in _FILLER and w not in _TIME_WORDS)
    key = (fact.relation, normalize_name(fact.target))
    same = next((a for a in known.ahead if _key(a) == key), None)
    # a context turn's fact has no text of its own: the held one's names the plan
    said = fact.fact or (same.said if same is not None else "")
    start = fact.valid_at
    if not held and same is not None and same.held:
        # an earlier turn re-read alone cannot see the later turns that moved its plan: the
        # memory's day stands ("on 14 March", then "postponed to 4 April": held on the 4th)
        start, stems = same.start, stems | same.stems
    record = Ahead(fact.source, fact.relation, fact.target, "", stems, held, start, said)
    known.ahead = [a for a in known.ahead if _key(a) != key]
    known.ahead.append(record)


def told_in_turns(known: Known, turns: Sequence[Episode]) -> None:
    """Held plans the earlier turns told (a turn's own re-reading is by the rules alone, so
    what only the learned reader read there comes from the memory): told, not held, and
    ordered as the turns told them. A plan is told by a turn that names most of it."""
    for turn in turns:
        body = turn.content.partition(":")[2] if turn.speaker() else turn.content
        said = stems_of(body)
        told = [r for r in known.ahead if r.held and named_in(r.target, said)]
        known.ahead = [r for r in known.ahead if r not in told]
        known.ahead.extend(r._replace(held=False) for r in told)


def stems_of(text: str) -> set[str]:
    """The stems of the words of ``text``."""
    return {stem(w) for w in re.findall(r"[a-z]+", text.lower())}


def named_in(target: str, said: set[str]) -> bool:
    words = [w for w in re.findall(r"[a-z]+", target.lower()) if w not in _FILLER]
    named = sum(stem(w) in said for w in words if w not in _TIME_WORDS)
    return named > 0 and 2 * named >= len(words)


def _key(record: Ahead) -> tuple[str, str]:
    return record.relation, normalize_name(record.target)


def told_ahead(known: Known, subject: str | None, phrase: str) -> Ahead | None:
    """The last upcoming fact of ``subject`` that ``phrase`` names (a name or a stem);
    ``subject`` ``None``: of anyone, when only one person's is named ("my brother Rafael is
    getting married on 6 June", then "wedding's moved to 12 September")."""
    words = [w for w in re.findall(r"[a-z]+", phrase.lower()) if w not in _FILLER]
    stems = {stem(w) for w in words}
    for w in words:
        stems.update(_EVENT_VERBS.get(w, "").split())
    key = None if subject is None else normalize_name(subject)
    named = [r for r in known.ahead if stems & r.stems]
    if key is None:
        return named[-1] if len({normalize_name(r.source) for r in named}) == 1 else None
    return next((r for r in reversed(named) if normalize_name(r.source) == key), None)


_PLAN_ENDS = word_set("is was are were on at this next tomorrow")


def plan_words(record: Ahead, speaker: str) -> str:
    """The plan "it" stands for, in the words its own fact named it ("Interview with Acme
    Games" from "Interview with Acme Games on 5 February"; "Hollie's interview at Fairmont
    Studios" from "Hollie got an interview at Fairmont Studios"): the sentence that moves
    it says only "it", so its text would name nothing."""
    at = record.said.lower().find(record.target.lower())
    if at > 0:  # named inside a clause: the plan's own words, then what follows them
        rest = _until_its_day(record.said[at + len(record.target) :].split())
        return " ".join([f"{record.source}'s {record.target}", *rest])
    words = _until_its_day(record.said.split())
    return " ".join(words) if words else f"{speaker}'s {record.target}"


def _until_its_day(said: list[str]) -> list[str]:
    """The words before the plan's day, or the end of its clause."""
    words: list[str] = []
    for k, word in enumerate(said):
        bare = word.lower().strip(",.!?")
        named = bare == "at" and k + 1 < len(said) and said[k + 1][:1].isupper()
        if (bare in _PLAN_ENDS and not named) or bare in _TIME_WORDS:
            break
        if any(c.isdigit() for c in bare):
            break
        words.append(word.strip(",.!?"))
        if word.endswith(","):  # its clause ends ("parents arrive, can you help me plan")
            break
    return [w for w in words if w]
