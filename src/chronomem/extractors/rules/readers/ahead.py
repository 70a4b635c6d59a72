"""Upcoming facts named again: moved to another day, or called off.

Any fact told with a date ahead ("we're moving to Cardiff on 1 December", "got tickets to
see Wet Leg on the 9th", "flying to Oslo on May 3rd") is remembered in ``Known.ahead`` with
the words that can name it later: its target's name, and the stems of its verb and of its
event noun ("moving" -> "mov"). A later sentence that reschedules ("the move got pushed to
the 8th", "the Oslo trip is postponed to June") or cancels ("the wet leg gig got
cancelled", "the move is off") names it by any of those words, or by an event noun whose
verbs it knows ("wedding" for "getting married", "flight" for "flying", "show" for
"tickets"): the same fact on the new date, or its ending. Only the speaker's upcoming facts
are looked at, so "the move" with nothing ahead gives nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Ahead, Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.plain_texts import plain_sentence
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
# a plan moved: the verbs (general English)
MOVE_VERBS = (
    r"(?:mov|push|postpon|reschedul|rebook|rearrang|bump|delay|shift)(?:ed|ing)"
    r"|(?:postpone|reschedule|rebook|rearrange)s?"
)
# a plan to be moved: "I must move Skye!", "we have to reschedule the party"
_TO_MOVE = (
    r"(?:must|have to|has to|had to|need to|needs to|needed to|gotta|got to) "
    r"(?:move|postpone|reschedule|rebook|push back|delay|shift)(?! (?:to|in|into|out|house|home)\b)"
)
MOVED = re.compile(rf"\b(?:{MOVE_VERBS}|{_TO_MOVE}|brought forward|put off|changed)\b", re.I)


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
        said = _stems(body)
        told = [r for r in known.ahead if r.held and _named_in(r.target, said)]
        known.ahead = [r for r in known.ahead if r not in told]
        known.ahead.extend(r._replace(held=False) for r in told)


def _stems(text: str) -> set[str]:
    """The stems of the words of ``text``."""
    return {stem(w) for w in re.findall(r"[a-z]+", text.lower())}


def _named_in(target: str, said: set[str]) -> bool:
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


def redated(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "the move got pushed back a week, now 8 December": the upcoming fact the sentence
    names, again, on the new date ahead it gives after the verb of moving. A bare plan the
    table read ("wedding pushed back") gives way to the upcoming fact it names. Returns the
    sentence's hits."""
    if s.speaker is None or s.assistant or s.question:
        return hits
    bare = [h for h in hits if h.relation == "HAS_PLAN" and " " not in h.target.name.strip()]
    if len(bare) != len(hits):
        return hits
    m = MOVED.search(s.text)
    new = [t for t in s.times if m is not None and t.when > s.reference and t.start >= m.end()]
    if m is not None and not new and not hits:  # "the tournament is postponed": day to come
        said = s.without_times(0, m.start()) + " " + s.without_times(m.end(), len(s.text))
        known.moved = told_ahead(known, s.speaker, said) or told_ahead(known, None, said)
        if known.moved is None and _moves_it(s.text, m, len(s.text.rstrip(" .!?"))):
            # "Again moved!": a verb of moving that names no plan moves the only one
            only = _only_plan(known, s.speaker, s.reference)  # one plan, or one day's
            known.moved = only[-1] if only else None
    if m is None or not new:
        return hits
    if bare and _named_alike(s, known, bare[0]):
        return hits  # "moved our flight to Oslo": the engine knows the plan by that word
    said = s.without_times(0, m.start()) + " " + s.without_times(m.end(), len(s.text))
    record = told_ahead(known, s.speaker, said) or told_ahead(known, None, said)
    records = [record] if record is not None else []
    moves_it = not records and _moves_it(s.text, m, new[0].start)
    if moves_it:
        records = _only_plan(known, s.speaker, s.reference)
    told = normalize_name(bare[0].target.name) if bare else ""
    if not records or (records[0].relation, normalize_name(records[0].target)) == (
        "HAS_PLAN",
        told,
    ):
        return hits  # the table named the plan told: its own fact stands
    # the fact's words are this sentence's when it named the plan ("moved my Oslo flight")
    # the new date stands for the verb: "pushed" is past, the plan it moves is ahead
    when = (new[0].start, new[0].end)
    words = _stems(s.text)
    out = []
    for r in records:
        mine = normalize_name(r.source) == normalize_name(s.speaker)
        me = Party(r.source, "Person", speaker=mine)
        target = Party(r.target, r.label or None, False)
        plain = plain_sentence(r.relation, r.source, r.target)  # "Ana works at Kestrel"
        own = not moves_it and _named_in(r.target, words)  # the sentence names it itself
        text = None if own else (plain or f"{plan_words(r, s.speaker)} was moved")
        out.append(Hit(r.relation, me, target, False, (0, len(s.text)), when, text))
    return out


# What a verb of moving moves when it names no plan: "it" or "that" ("they pushed it to
# Monday", "it got moved to the 9th"), or nothing, in a clause that opens on the verb ("I
# rebooked for fri"): between the verb and the new day only these words stand.
# ("them" is not one plan: "They changed them to the 18th" moves the parents' flights)
_IT_AFTER = word_set(
    "it that back forward over to for till until on the a it's its is now "
    "again once more yet even officially"  # how it was moved: "moved again, now the 11th"
)
# how far a plan is moved, between the verb and the new day
_SHIFT: Final = re.compile(
    r"\b(?:by\s+)?(?:a|an|one|two|three|four|a few|a couple of|\d+)\s+"
    r"(?:days?|weeks?|fortnight|months?|hours?)\b",
    re.I,
)
_IT_BEFORE = re.compile(
    r"\b(?:it|that)\s+(?:(?:has|had|'s|was|is|got|just|been|now|all|also)\s+){0,3}$", re.I
)
_BARE_VERB = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:and|but|so|then)\s+)"
    r"(?:(?:I|we|they|just|so|then|have|had|'ve|finally|also|again)\s+){0,3}$",
    re.I,
)


def _moves_it(text: str, verb: re.Match[str], day: int) -> bool:
    """Does the verb of moving move a plan the sentence does not name? Only "it", "back",
    "to", "for" and the like stand between the verb and the new day, and the plan is "it"
    ("pushed it back to", "it got pushed to") or left out of a clause that opens on the
    verb ("I rebooked for fri")."""
    shift = _SHIFT.sub(" ", text[verb.end() : day])  # "pushed it back a week, to the 25th"
    between = [w for w in (w.strip(",;:-") for w in shift.lower().split()) if w]
    if any(w not in _IT_AFTER for w in between):
        return False
    if "it" in between or "that" in between:
        return True
    before = text[: verb.start()]
    return bool(_IT_BEFORE.search(before) or _BARE_VERB.search(before))


def _only_plan(known: Known, speaker: str, now: datetime) -> list[Ahead]:
    """The speaker's one plan still ahead at ``now``: "it" names it only when it is the
    only one, or the facts of one plan told together, on one day ("I start at Kestrel on
    the 1st as a supervisor": the job and the title); with two plans, "it" could be
    either, and nothing moves."""
    key = normalize_name(speaker)
    plans = [
        r
        for r in known.ahead
        if normalize_name(r.source) == key and (r.start is None or r.start > now)
    ]
    one_day = len({r.start for r in plans}) == 1 and all(r.start is not None for r in plans)
    return plans if len(plans) == 1 or (plans and one_day) else []


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


def _named_alike(s: Sentence, known: Known, bare: Hit) -> bool:
    """Does the table's plan share a word with an upcoming fact, or the sentence name one's
    target? Then the engine links the two itself (``withdraw_moved_plans``)."""
    word = stem(normalize_name(bare.target.name))
    text = f" {normalize_name(s.text)} "
    return any(
        word in r.stems or f" {normalize_name(r.target)} " in text
        for r in known.ahead
        if normalize_name(r.source) == normalize_name(s.speaker or "")
    )


# a journey's words: what they call off is every part of it told ahead (the flight and the
# place: "Flight on 30 October" ... "we go to Oaxaca", then "the trip is cancelled")
_JOURNEY = word_set("trip trips vacation holiday holidays journey travel travels")


def _leg(record: Ahead) -> bool:
    """Is an upcoming fact a part of a journey: a way to get there ("flight"), or a place
    its text says one goes to ("Ximena goes to Oaxaca")?"""
    if _LEGS & set(normalize_name(record.target).split()):
        return True
    to = re.compile(rf"{_GO_TO}\s+{re.escape(record.target)}\b", re.I)
    return to.search(record.said) is not None


_LEGS = word_set("flight flights trip train ferry holiday vacation cruise")
_GO_TO = (
    r"\b(?:go|goes|going|fly|flies|flying|travel(?:s|ling|ing)?|head(?:s|ing)?|trip|drive"
    r"|driving|holiday|vacation)\s+(?:to|in)"
)


def called_off_ahead(s: Sentence, known: Known, phrase: str, span: tuple[int, int]) -> list[Hit]:
    """The upcoming fact a cancellation names ("the wet leg gig got cancelled"), ended; a
    journey called off, each of the speaker's upcoming facts it names."""
    if s.speaker is None:
        return []
    record = told_ahead(known, s.speaker, phrase)
    if record is None:
        return []
    records = [record]
    if _JOURNEY & set(re.findall(r"[a-z]+", phrase.lower())):
        key = normalize_name(s.speaker)
        records = [r for r in known.ahead if normalize_name(r.source) == key and _leg(r)] or records
    me = Party(s.speaker, "Person", speaker=True)
    return [
        Hit(r.relation, me, Party(r.target, r.label or None, False), True, (0, len(s.text)), span)
        for r in records
    ]


# the speaker is back from a place: "back from Lisbon", "got home from Oslo", "returned from"
_BACK = re.compile(r"\b(?:back|home|returned|got in) from\b", re.I)
_WAS = re.compile(r"\s+(?:was|were)\b", re.I)


def happened_plans(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "just got back from Lisbon", "went to Lisbon last week, loved it", "Lisbon was
    amazing": a trip told as done ends the speaker's plan that named its place (a plan held,
    told any time before), on the day the sentence gives, never before the plan's day."""
    if s.speaker is None or s.assistant or s.question:
        return []
    left = _left_stays(s, known, hits)
    if not known.ahead:
        return left
    visits = [h for h in hits if h.relation == "VISITED" and not h.ending]
    places = [(h.target.name, h.verb, _when(s, h.clause)) for h in visits]
    # a place the plan named, told of in the past ("Oslo was amazing"): been there
    places += [
        (p.name, (p.start, p.end), _when(s, s.clause_at(p.start)))
        for p in s.spans
        if p.named and _WAS.match(s.text, p.end)
    ]
    back = _BACK.search(s.text)
    if back is not None:
        when = _when(s, (0, len(s.text)))
        places += [
            (p.name, back.span(), when) for p in s.spans if p.start >= back.end() and p.named
        ]
    me = Party(s.speaker, "Person", speaker=True)
    out = []
    for place, verb, when in places:
        stems = {stem(w) for w in re.findall(r"[a-z]+", place.lower())}
        out += [
            Hit(
                r.relation,
                me,
                Party(r.target, r.label or None, False),
                True,
                (0, len(s.text)),
                verb,
            )
            for r in known.ahead
            if r.relation in PLAN_RELATIONS
            and normalize_name(r.source) == normalize_name(s.speaker)
            and stems & r.stems
            and when <= s.reference
            and (r.start is None or when.date() >= r.start.date())  # not an earlier trip
        ]
    return out + left


def _left_stays(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "back from Rome" after "I'm in Rome this week for work": the stay in the place one
    is back from is over (one who lives there is back *in* it)."""
    back = _BACK.search(s.text)
    if back is None or any(h.relation == "LIVES_IN" for h in hits):
        return []
    me = normalize_name(s.speaker or "")
    held = known.targets.get((me, "LIVES_IN"), {})
    named = {normalize_name(p.name) for p in s.spans if p.start >= back.end() and p.named}
    speaker = Party(s.speaker or "", "Person", speaker=True)
    return [
        Hit("LIVES_IN", speaker, Party(value, known.labels.get(key) or None), True,
            (0, len(s.text)), back.span())
        for key, value in held.items()
        if key in named
    ]  # fmt: skip


def _when(s: Sentence, clause: tuple[int, int]) -> datetime:
    """When a clause tells its event: its first date, else when it is said."""
    times = s.times_for(clause)
    return min(t.when for t in times) if times else s.reference
